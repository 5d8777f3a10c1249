/**
 * Object bodies and unions, as the resolver reads them: an interface's or type literal's members (with
 * each property's JSDoc and `@default`, keys declared `?: never`, index signatures), and `A | B | …` with
 * null and undefined noted and literals merged into one enum.
 */
import type { JsonConstant, Literal, Prop, TypeIR } from './ir.ts'
import { fitsDefault } from './defaults.ts'
import { normalize, parseJsDoc } from '../source/jsdoc.ts'
import { locAt, locOf } from '../source/project.ts'
import { Refusal } from '../refusal.ts'
import { ABSENT_WITH_REST, ABSENT_WITH_REST_FIX, keyPattern, PROTO_MESSAGE } from './objects.ts'
import { unparenthesized, type Env, type Members, type Reader, type Resolved } from './reader.ts'
import { lookupValue } from '../source/scope.ts'

/** Whether a computed key names a unique symbol (`declare const brand: unique symbol`, `const brand = Symbol()`). */
function symbolKey(reader: Reader, key: any, env: Env): boolean {
  if (key.type !== 'Identifier') return false
  const v = lookupValue(reader.project, env.file, key.name)
  const t = v?.node.id?.typeAnnotation?.typeAnnotation
  if (t?.type === 'TSTypeOperator' && t.operator === 'unique') return true
  const init = v?.node.init
  return init?.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'Symbol'
}

/** Members of an object type literal or interface body; `[k: string]: never` closes it. */
export function readMembers(reader: Reader, members: any[], env: Env, into?: Members): Members {
  const props: Prop[] = into ? [...into.props] : []
  let rest = into?.rest
  let keys = into?.keys
  let closed = into?.closed
  let absent = [...(into?.absent ?? [])]
  let symbols = into?.symbols ?? 0
  for (const m of members) {
    if (m.type === 'TSPropertySignature' && m.computed && symbolKey(reader, m.key, env)) {
      symbols++
      continue
    }
    if (m.type === 'TSPropertySignature') {
      if (m.computed || (m.key.type !== 'Identifier' && m.key.type !== 'StringLiteral' && m.key.type !== 'NumericLiteral')) {
        reader.refuse('MCP020', 'Computed property names are not part of the contract. Write the property name out.', env, m)
      }
      if (!m.typeAnnotation) reader.refuse('MCP008', `Property '${m.key.name ?? m.key.value}' has no type. Write its type (name: string).`, env, m)
      const name = String(m.key.type === 'Identifier' ? m.key.name : m.key.value)
      if (name === '__proto__') reader.refuse('MCP020', PROTO_MESSAGE('A property'), env, m)
      // `error?: never` (as in workers-types' D1Response, or an XOR `{ id: string; email?: never } | …`) and
      // `error?: undefined`: the key never carries a JSON value. It replaces what `extends` declared.
      const annotation = unparenthesized(m.typeAnnotation.typeAnnotation)
      const r = annotation.type === 'TSNeverKeyword' && m.optional ? undefined : reader.resolve(annotation, env)
      if (m.optional && (r === undefined || r.kind === 'undefined')) {
        const at = props.findIndex((p) => p.name === name)
        if (at >= 0) props.splice(at, 1)
        if (!absent.includes(name)) absent.push(name)
        continue
      }
      absent = absent.filter((k) => k !== name)
      const prop: Prop = {
        name,
        type: reader.asValue(r!, env, m.typeAnnotation.typeAnnotation),
        optional: Boolean(m.optional) || r!.kind === 'optional',
        loc: locOf(env.file, m),
      }
      if (m.key.type === 'NumericLiteral') prop.numeric = true
      memberDoc(m, prop, env)
      const at = props.findIndex((p) => p.name === prop.name)
      if (at >= 0) props[at] = prop
      else props.push(prop)
    } else if (m.type === 'TSIndexSignature') {
      const key = m.parameters[0]?.typeAnnotation?.typeAnnotation
      // `[key: string]` or a template literal key type (`[key: \`data-${string}\`]`), whose pattern other keys must match.
      const pattern = key && key.type !== 'TSStringKeyword' ? keyPattern(reader.resolve(key, env) as TypeIR) : undefined
      if (!key || (key.type !== 'TSStringKeyword' && pattern === undefined)) {
        reader.refuse('MCP015', 'JSON object keys are strings: an index signature must be [key: string]: T, or a template literal key such as [key: `x-${string}`]: T.', env, m)
      }
      if (rest && pattern !== keys) {
        reader.refuse('MCP020', 'Two index signatures with different key types are not part of the contract. Keep one, or name the keys as properties.', env, m)
      }
      if (m.typeAnnotation.typeAnnotation.type === 'TSNeverKeyword' && pattern === undefined) closed = true
      else {
        rest = reader.value(m.typeAnnotation.typeAnnotation, env)
        keys = pattern
      }
    } else if (m.type === 'TSMethodSignature' || m.type === 'TSCallSignatureDeclaration' || m.type === 'TSConstructSignatureDeclaration') {
      reader.refuse('MCP011', 'A function cannot travel as JSON. Remove the method from the argument type, or pass the data it would work on.', env, m)
    } else {
      reader.refuse('MCP020', `This member (${m.type}) is not part of the contract. Use plain properties and a string index signature.`, env, m)
    }
  }
  const out: Members = closed ? { props, rest, closed } : { props, rest }
  if (rest && keys !== undefined) out.keys = keys
  if (symbols > 0) out.symbols = symbols
  if (absent.length > 0) {
    if (rest) reader.refuse('MCP020', `${ABSENT_WITH_REST(absent[0]!)}. ${ABSENT_WITH_REST_FIX}`, env, members.find((m) => m.type === 'TSPropertySignature' && String(m.key.name ?? m.key.value) === absent[0]) ?? members[0])
    out.absent = absent
  }
  return out
}

/** A property's own JSDoc: its description and `@default`. */
function memberDoc(member: any, prop: Prop, env: Env): void {
  const comment = [...(member.leadingComments ?? [])].reverse().find((c: any) => c.type === 'CommentBlock' && c.value.startsWith('*'))
  if (!comment) return
  const doc = parseJsDoc(comment.value, comment.start)
  const text = normalize(doc.text)
  if (text) prop.description = text
  if (doc.tags.some((t) => t.name === 'deprecated')) prop.deprecated = true
  const tag = doc.tags.find((t) => t.name === 'default')
  if (tag) {
    let value: unknown
    try {
      value = JSON.parse(tag.value.trim())
    } catch {
      value = Symbol.for('invalid')
    }
    if (value === null) return
    if (typeof value === 'symbol') {
      throw new Refusal('MCP028', `@default ${tag.value.trim()} is not JSON. Write a JSON value such as @default "normal", @default 5, @default true, @default [] or @default {"by": "name"}.`, locAt(env.file, tag.offset))
    }
    if (!fitsDefault(prop.type, value as JsonConstant)) {
      throw new Refusal('MCP022', `@default ${tag.value.trim()} of '${prop.name}' is refused by the property's own schema, so a model that sends it would get an error. Use a default the type accepts, or widen the type.`, locAt(env.file, tag.offset))
    }
    prop.default = value as JsonConstant
  }
}

/** `A | B | …`: null and undefined noted, literals merged into one enum, duplicates dropped. */
export function unionOf(reader: Reader, members: [any, Resolved][], env: Env): Resolved {
  let nullable = false
  let optional = false
  const specials: Resolved[] = []
  const flat: TypeIR[] = []
  const add = (r: Resolved, node: any): void => {
    switch (r.kind) {
      case 'null': nullable = true; return
      case 'undefined': case 'void': optional = true; return
      case 'optional': optional = true; add(r.inner, node); return
      case 'nullable': nullable = true; add(r.inner, node); return
      case 'union': for (const m of r.members) add(m, node); return
      case 'special': case 'tag': case 'brand': case 'function': specials.push(r); return
      default: flat.push(r)
    }
  }
  for (const [node, r] of members) add(r, node)
  if (specials.length > 0) {
    if (flat.length === 0 && specials.every((s) => s.kind === 'special' && s.name === 'content')) return specials[0]!
    return reader.refuse('MCP020', 'A union that mixes content parts, ToolContext or tags with values is not part of the contract.', env, members[0]![0])
  }
  // As in TypeScript, a literal is absorbed by its own plain primitive (`string | 'a'` is string).
  const plain = new Set<string>(flat.filter(isPlainPrimitive).map((m) => m.kind))
  const absorbed = (v: Literal) => plain.has(typeof v)
  // Literals (and boolean) merge into one enum at the first literal's place.
  const out: TypeIR[] = []
  let literals: Literal[] | undefined
  for (const m of flat) {
    if (m.kind === 'enum' && m.values.every(absorbed)) continue
    if (m.kind === 'enum' || m.kind === 'boolean') {
      const values = m.kind === 'boolean' ? [true, false] : m.values.filter((v) => !absorbed(v))
      if (!literals) {
        literals = []
        out.push({ kind: 'enum', values: literals })
      }
      for (const v of values) if (!literals.includes(v)) literals.push(v)
    } else if (!out.some((o) => JSON.stringify(o) === JSON.stringify(m))) out.push(m)
  }
  let type: TypeIR | undefined
  const collapse = (t: TypeIR): TypeIR =>
    t.kind === 'enum' && t.values.length === 2 && t.values.includes(true) && t.values.includes(false) ? { kind: 'boolean' } : t
  if (out.length === 1) type = collapse(out[0]!)
  else if (out.length > 1) type = { kind: 'union', members: out.map(collapse) }
  if (!type) {
    if (nullable) return { kind: 'null' }
    return { kind: 'undefined' }
  }
  if (nullable) type = { kind: 'nullable', inner: type }
  return optional ? { kind: 'optional', inner: type } : type
}


function isPlainPrimitive(t: TypeIR): boolean {
  if (t.kind === 'string') return !t.format && !t.pattern && t.minLength === undefined && t.maxLength === undefined
  return t.kind === 'number' && !t.integer && t.minimum === undefined && t.maximum === undefined
}
