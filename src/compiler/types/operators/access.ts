/**
 * Types read off other types and values, as TypeScript reads them: `typeof x` (a const's literal type,
 * `as const` objects and arrays, an enum's object), `keyof T`, indexed access (`T['k']`, `T[number]`,
 * `T[keyof T]`) and mapped types (`{ [K in 'a' | 'b']: V }`, `{ [K in keyof T]?: T[K] }`).
 */
import { deref, type JsonConstant, type Prop, type TypeIR } from '../ir.ts'
import { lookup, lookupValue } from '../../source/scope.ts'
import { constantJson, isMutableLiteral } from '../constant.ts'
import { constantsOf, enumMembers } from '../enums.ts'
import { unionOf } from '../members.ts'
import { keyPattern, objectOrEmpty } from '../objects.ts'
import { declarationNode, unparenthesized, type Env, type Reader, type Resolved } from '../reader.ts'
import { Refusal } from '../../refusal.ts'

const AS_CONST = 'Write the value `as const` (const Role = { … } as const), or declare the type with an interface or a literal union.'

/** Whether a const's initializer is `as const` (possibly inside `satisfies`, parentheses or other assertions). */
function isConstAssertion(node: any): boolean {
  for (;;) {
    if (node?.type === 'TSAsExpression' && node.typeAnnotation?.type === 'TSTypeReference' && node.typeAnnotation.typeName?.name === 'const') return true
    if (!['ParenthesizedExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion'].includes(node?.type)) return false
    node = node.expression
  }
}

/** An expression without parentheses and type assertions around it. */
const unwrap = (node: any): any => (['ParenthesizedExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression'].includes(node?.type) ? unwrap(node.expression) : node)

/** The type of a constant: its literal type (`as const`, a const of a primitive), or TypeScript's widened one. */
function constType(r: Reader, v: JsonConstant, literal: boolean, env: Env, node: any, init?: any): Resolved {
  if (v === null) return { kind: 'null' }
  if (typeof v !== 'object') {
    if (literal) return { kind: 'enum', values: [v] }
    return typeof v === 'string' ? { kind: 'string' } : typeof v === 'number' ? { kind: 'number', integer: false } : { kind: 'boolean' }
  }
  if (Array.isArray(v)) {
    if (literal) return { kind: 'tuple', elements: v.map((e) => r.asValue(constType(r, e, true, env, node), env, node)) }
    if (v.length === 0 || v.some((e) => e !== null && typeof e === 'object')) {
      return r.refuse('MCP020', `The type of this array (without as const) is not one TypeScript states simply. ${AS_CONST}`, env, node)
    }
    const items = unionOf(r, v.map((e) => [node, constType(r, e, false, env, node)]), env)
    return { kind: 'array', items: r.asValue(items, env, node) }
  }
  // A key written as a number (`{ 80: 'http' }`) is a number key: keyof typeof gives 80, as in tsc.
  let object = init
  while (object && object.type !== 'ObjectExpression' && object.expression) object = object.expression
  const numeric = new Set((object?.properties ?? []).flatMap((p: any) => (p.key?.type === 'NumericLiteral' && !p.computed ? [String(p.key.value)] : [])))
  const props: Prop[] = Object.entries(v).map(([name, e]) => ({ name, type: r.asValue(constType(r, e, literal, env, node), env, node), optional: false, ...(numeric.has(name) ? { numeric: true } : {}) }))
  return objectOrEmpty(props, undefined)
}

/** `typeof x`: a const (its declared type, its `as const` type, its literal or widened type) or an enum's object. */
export function typeQuery(r: Reader, node: any, env: Env): Resolved {
  const name = node.exprName
  if (name.type !== 'Identifier') return r.refuse('MCP020', `typeof reads a const or an enum by its name here (typeof Role). ${AS_CONST}`, env, node)
  const value = lookupValue(r.project, env.file, name.name)
  if (value) {
    const decl = value.node
    const annotation = decl.id?.typeAnnotation?.typeAnnotation
    if (annotation?.type === 'TSFunctionType') return { kind: 'function', name: name.name, returns: annotation.returnType?.typeAnnotation, file: value.file }
    const fn = unwrap(decl.init)
    if (fn?.type === 'ArrowFunctionExpression' || fn?.type === 'FunctionExpression') return { kind: 'function', name: name.name, returns: fn.returnType?.typeAnnotation, file: value.file }
    if (annotation) return r.resolve(annotation, { file: value.file, params: new Map() })
    if (value.kind !== 'const' && value.kind !== 'let' && value.kind !== 'var') return r.refuse('MCP020', `typeof ${name.name} names a ${value.kind}, which has no JSON type. ${AS_CONST}`, env, node)
    const constant = decl.init ? constantJson(decl.init, constantsOf(r, value.file)) : undefined
    if (constant === undefined) {
      return r.refuse('MCP020', `typeof ${name.name}: its value is not a constant the build can read (literals, arrays and objects of them). ${AS_CONST}`, env, node)
    }
    const asConst = isConstAssertion(decl.init)
    if (!asConst && decl.init.type === 'TSSatisfiesExpression') {
      return r.refuse('MCP020', `typeof ${name.name}: without as const, the type TypeScript gives a satisfies expression depends on the satisfied type. Write it \`{ … } as const satisfies …\`.`, env, node)
    }
    const literal = asConst || (value.kind === 'const' && !isMutableLiteral(decl.init) && (constant === null || typeof constant !== 'object'))
    return constType(r, constant, literal, env, node, decl.init)
  }
  const sym = lookup(r.project, env.file, name.name)
  if (sym?.kind === 'decl' && sym.declKind === 'value') {
    // As TypeScript reads an overloaded function: its last overload signature.
    const fns = sym.nodes.map(declarationNode)
    const fn = fns.filter((n: any) => n?.type === 'TSDeclareFunction').at(-1) ?? fns.find((n: any) => n?.type === 'FunctionDeclaration')
    if (fn) return { kind: 'function', name: name.name, returns: fn.returnType?.typeAnnotation, file: sym.file }
  }
  if (sym?.kind === 'decl' && sym.declKind === 'enum') {
    const props = enumMembers(r, sym, env).map((m): Prop => ({ name: m.name, type: { kind: 'enum', values: [m.value] }, optional: false }))
    return objectOrEmpty(props, undefined)
  }
  return r.refuse('MCP020', `typeof ${name.name}: it is not a const or an enum declared or imported in the project, so the build cannot read its type. ${AS_CONST}`, env, node)
}

/** `keyof T`: the property names of an object type (an index signature adds string | number). */
export function keyOf(r: Reader, node: any, env: Env): Resolved {
  let t: Resolved
  try {
    t = r.resolve(node.typeAnnotation, env)
  } catch (e) {
    // A class, or an interface with methods, is no JSON value, but its keys are names: tsc's keyof lists them.
    const keys = e instanceof Refusal && (e.code === 'MCP010' || e.code === 'MCP011') ? declaredKeys(r, node.typeAnnotation, env) : undefined
    if (!keys) throw e
    return { kind: 'enum', values: keys }
  }
  const target = t.kind === 'ref' ? deref(t) : t
  if (target.kind === 'nonnull') return r.refuse('MCP013', 'keyof of a type without properties is never, so no call could satisfy it. Use a type with properties, or a literal union of the keys.', env, node)
  if (target.kind !== 'object') {
    return r.refuse('MCP020', `keyof applies to object types here (interfaces, object types, typeof an as const object or an enum). Write the keys as a literal union ('a' | 'b') instead.`, env, node)
  }
  // A key declared as a number literal (`443: …`) is the number 443, as tsc's keyof gives it.
  const names = [...target.props.map(keyLiteral), ...(target.absent ?? [])]
  const members: [any, Resolved][] = []
  if (names.length > 0) members.push([node, { kind: 'enum', values: names }])
  // An index signature over a template literal key type (`x-${string}`) gives its keys; over string, string | number.
  if (target.rest && target.keys !== undefined) members.push([node, { kind: 'string', pattern: target.keys }])
  else if (target.rest) members.push([node, { kind: 'string' }], [node, { kind: 'number', integer: false }])
  if (members.length === 0) return r.refuse('MCP013', 'keyof of a type without properties is never, so no call could satisfy it. Use a type with properties, or a literal union of the keys.', env, node)
  return unionOf(r, members, env)
}

/**
 * The keys tsc's keyof gives a class or interface named by `ref` (no type arguments): its properties and
 * methods, a class's public instance members and parameter properties (not private, protected, #private,
 * static or the constructor), then those of what it extends; undefined when a part is not read here.
 */
function declaredKeys(r: Reader, ref: any, env: Env, seen = new Set<any>()): (string | number)[] | undefined {
  if (ref?.type !== 'TSTypeReference' || ref.typeName.type !== 'Identifier' || ref.typeArguments || ref.typeParameters) return undefined
  const sym = lookup(r.project, env.file, ref.typeName.name)
  if (sym?.kind !== 'decl' || (sym.declKind !== 'interface' && sym.declKind !== 'class')) return undefined
  const own: (string | number)[] = []
  const bases: any[] = []
  const key = (m: any): string | number | undefined => (m.computed ? undefined : m.key?.type === 'Identifier' ? m.key.name : m.key?.type === 'StringLiteral' || m.key?.type === 'NumericLiteral' ? m.key.value : undefined)
  const hidden = (m: any) => m.static || m.accessibility === 'private' || m.accessibility === 'protected' || m.key?.type === 'PrivateName'
  for (const n of sym.nodes) {
    const d = declarationNode(n)
    if (seen.has(d)) return undefined
    seen.add(d)
    for (const m of d.body?.body ?? []) {
      if (m.kind === 'constructor') {
        for (const p of m.params ?? []) if (p.type === 'TSParameterProperty' && !hidden(p) && p.parameter.type === 'Identifier') own.push(p.parameter.name)
        continue
      }
      if (m.type === 'TSIndexSignature' || m.type === 'TSCallSignatureDeclaration' || m.type === 'TSConstructSignatureDeclaration' || m.type === 'StaticBlock' || hidden(m)) continue
      const k = key(m)
      if (k === undefined) return undefined
      own.push(k)
    }
    for (const h of d.extends ?? []) bases.push({ type: 'TSTypeReference', typeName: h.expression, typeArguments: h.typeArguments ?? h.typeParameters })
    if (d.superClass) bases.push(d.superClass.type === 'Identifier' ? { type: 'TSTypeReference', typeName: d.superClass, typeArguments: d.superTypeParameters } : undefined)
  }
  const inherited = bases.map((b) => declaredKeys(r, b, { file: sym.file, params: new Map() }, seen))
  if (inherited.includes(undefined)) return undefined
  return [...new Set([...own, ...inherited.flat() as (string | number)[]])]
}

/** A property's key as keyof gives it: the number for a key declared as a number literal, else the name. */
const keyLiteral = (p: Prop): string | number => (p.numeric ? Number(p.name) : p.name)

type Key = { literal: string | number } | { kind: 'string' | 'number' }

/** The keys an index type stands for (`'a' | 'b'`, `number`, `keyof T`). */
function keysOf(r: Reader, t: Resolved, env: Env, node: any): Key[] {
  switch (t.kind) {
    case 'enum':
      if (t.values.every((v) => typeof v !== 'boolean')) return t.values.map((v) => ({ literal: v as string | number }))
      break
    case 'string': if (!t.pattern && !t.format) return [{ kind: 'string' }]; break
    case 'number': return [{ kind: 'number' }]
    case 'union': return t.members.flatMap((m) => keysOf(r, m, env, node))
  }
  return r.refuse('MCP020', 'An index type must be string or number literals, string, number or keyof T: T[\'k\'], T[number], T[keyof T].', env, node)
}

const what = (k: Key): string => ('literal' in k ? JSON.stringify(k.literal) : k.kind)

/** The types `target[key]` stands for (`undefined` for an optional property). */
function access(r: Reader, target: TypeIR, key: Key, env: Env, node: any): Resolved[] {
  const t = deref(target)
  const missing = (): never => r.refuse('MCP020', `This type has no property ${what(key)}, so the indexed access T[${what(key)}] is not a type. Use one of its keys (keyof T).`, env, node)
  switch (t.kind) {
    case 'union': return t.members.flatMap((m) => access(r, m, key, env, node))
    case 'object': {
      if ('literal' in key) {
        const p = t.props.find((q) => q.name === String(key.literal))
        if (p) return p.optional ? [p.type, { kind: 'undefined' }] : [p.type]
        if (t.absent?.includes(String(key.literal))) return [{ kind: 'undefined' }]
      }
      return t.rest ? [t.rest] : missing()
    }
    case 'array':
      if (('literal' in key && typeof key.literal === 'number') || ('kind' in key && key.kind === 'number')) return [t.items]
      return missing()
    case 'tuple': {
      const optionalFrom = t.minItems ?? t.elements.length
      if ('literal' in key && typeof key.literal === 'number') {
        const e = t.elements[key.literal]
        if (e) return key.literal >= optionalFrom ? [e, { kind: 'undefined' }] : [e]
        return t.rest ? [t.rest, { kind: 'undefined' }] : missing()
      }
      if ('kind' in key && key.kind === 'number') {
        const out: Resolved[] = [...t.elements, ...(t.rest ? [t.rest] : [])]
        return optionalFrom < t.elements.length ? [...out, { kind: 'undefined' }] : out
      }
      return missing()
    }
    default: return missing()
  }
}

/** `T[K]`: the types of T's properties (or items, or elements) named by K, as one union. */
export function indexedAccess(r: Reader, node: any, env: Env): Resolved {
  const object = r.resolve(node.objectType, env)
  const keys = keysOf(r, r.resolve(node.indexType, env), env, node.indexType)
  const target = r.asValue(object, env, node.objectType)
  return unionOf(r, keys.flatMap((k) => access(r, target, k, env, node)).map((t) => [node, t]), env)
}

/**
 * `{ [K in Keys]: V }` over a literal union or `string`, and the homomorphic `{ [K in keyof T]: V }`
 * (T's optional properties stay optional, its descriptions stay; `?` and `-?` as TypeScript reads them).
 */
export function mappedType(r: Reader, node: any, env: Env): Resolved {
  if (node.nameType) return r.refuse('MCP020', 'Key remapping (as …) in a mapped type is not part of the contract. Map over the keys themselves, or write the object type out.', env, node)
  const param = node.key?.name ?? node.typeParameter?.name?.name ?? node.typeParameter?.name
  const constraint = unparenthesized(node.constraint ?? node.typeParameter?.constraint)
  const keys: { name: string; literal: string | number; optional: boolean; description?: string }[] = []
  let indexKey = false
  let keyPatternOf: string | undefined
  if (constraint.type === 'TSTypeOperator' && constraint.operator === 'keyof') {
    const source = r.asValue(r.resolve(constraint.typeAnnotation, env), env, constraint)
    const t = deref(source)
    if (t.kind !== 'object') return r.refuse('MCP020', 'A mapped type over keyof T applies to object types here. Write the object type out.', env, node)
    for (const p of t.props) keys.push({ name: p.name, literal: keyLiteral(p), optional: p.optional, description: p.description })
    for (const a of t.absent ?? []) keys.push({ name: a, literal: a, optional: true })
    indexKey = Boolean(t.rest)
    keyPatternOf = t.keys
  } else {
    // `[K in \`x-${string}\`]`: an index signature whose keys match the template literal's pattern.
    const over = r.resolve(constraint, env)
    keyPatternOf = keyPattern(over as TypeIR)
    if (keyPatternOf !== undefined) indexKey = true
    else for (const k of keysOf(r, over, env, constraint)) {
      if ('literal' in k) keys.push({ name: String(k.literal), literal: k.literal, optional: false })
      else if (k.kind === 'string') indexKey = true
      else return r.refuse('MCP015', 'JSON object keys are strings: use string keys in a mapped type ([K in \'a\' | \'b\'] or [K in string]).', env, constraint)
    }
  }
  const bind = (value: Resolved): Env => ({ file: env.file, params: new Map([...env.params, [param, value]]) })
  const valueOf = (k: Resolved): Resolved => (node.typeAnnotation ? r.resolve(node.typeAnnotation, bind(k)) : { kind: 'any' })
  const modifier = node.optional
  const props: Prop[] = []
  const absent: string[] = []
  for (const k of keys) {
    if (k.name === '__proto__') return r.refuse('MCP020', 'A key named __proto__ cannot be carried safely through JavaScript objects (JSON Schema validators skip it). Rename it.', env, node)
    const value = valueOf({ kind: 'enum', values: [k.literal] })
    const optional = modifier === '-' ? false : modifier ? true : k.optional
    if ((value.kind === 'undefined' || value.kind === 'void') && optional) {
      absent.push(k.name)
      continue
    }
    const prop: Prop = { name: k.name, type: r.asValue(value, env, node), optional: optional || (modifier !== '-' && value.kind === 'optional') }
    if (k.description) prop.description = k.description
    if (typeof k.literal === 'number') prop.numeric = true
    props.push(prop)
  }
  const keyType: Resolved = keyPatternOf === undefined ? { kind: 'string' } : { kind: 'string', pattern: keyPatternOf }
  const rest = indexKey ? r.asValue(valueOf(keyType), env, node) : undefined
  return objectOrEmpty(props, rest, absent, keyPatternOf)
}
