/**
 * Union filters and the conditional types that reduce to them, as TypeScript evaluates them:
 * `Exclude<T, U>`, `Extract<T, U>` (over literal unions, enums, primitives, null and object members by
 * their properties), and `C extends U ? X : Y` when the build can decide whether C extends U
 * (distributed over a union when C is a type parameter, as TypeScript does).
 */
import { deref, type TypeIR } from '../ir.ts'
import { unionOf } from '../members.ts'
import { Refusal } from '../../refusal.ts'
import { unparenthesized, type Env, type Reader, type Resolved } from '../reader.ts'

/** A union's members one by one: each literal of an enum, true and false of boolean, null and undefined. */
export function membersOf(t: Resolved): Resolved[] {
  switch (t.kind) {
    case 'enum': return t.values.map((v) => ({ kind: 'enum', values: [v] }))
    case 'boolean': return [{ kind: 'enum', values: [true] }, { kind: 'enum', values: [false] }]
    case 'union': return t.members.flatMap(membersOf)
    case 'nullable': return [...membersOf(t.inner), { kind: 'null' }]
    case 'optional': return [...membersOf(t.inner), { kind: 'undefined' }]
    default: return [t]
  }
}

const plainString = (t: TypeIR): boolean => t.kind === 'string' && !t.format && !t.pattern && t.minLength === undefined && t.maxLength === undefined
const plainNumber = (t: TypeIR): boolean => t.kind === 'number' && !t.integer && t.minimum === undefined && t.maximum === undefined

/**
 * The members of the type a node writes, read one union member at a time (`null | undefined` is both,
 * where the union as one type keeps only null).
 */
function operand(r: Reader, node: any, env: Env): Resolved[] {
  const n = unparenthesized(node)
  if (n.type === 'TSUnionType') return n.types.flatMap((t: any) => operand(r, t, env))
  try {
    return membersOf(r.resolve(n, env))
  } catch (e) {
    // An intersection with no value (`1 & string`) is never: no member, which nothing but never extends.
    if (n.type === 'TSIntersectionType' && e instanceof Refusal && e.code === 'MCP013') return []
    throw e
  }
}

/** Whether every value of `a` is a value of one of `bs` (members); undefined when the build cannot tell. */
function extendsType(a: Resolved, bs: Resolved[]): boolean | undefined {
  if (bs.some((m) => m.kind === 'any')) return true
  const as = membersOf(a)
  if (as.length !== 1) {
    const each = as.map((m) => extendsType(m, bs))
    return each.includes(undefined) ? undefined : each.every(Boolean)
  }
  let unknown = false
  for (const m of bs) {
    const v = member(a, m)
    if (v === true) return true
    if (v === undefined) unknown = true
  }
  return unknown ? undefined : false
}

/** Whether a single member `a` extends a single member `b`. */
function member(a: Resolved, b: Resolved): boolean | undefined {
  if (a.kind === 'null' || a.kind === 'undefined' || b.kind === 'null' || b.kind === 'undefined') return a.kind === b.kind
  if (b.kind === 'nonnull') return true
  if (a.kind === 'enum') {
    const v = a.values[0]!
    if (b.kind === 'enum') return b.values.includes(v)
    if (typeof v === 'string') return b.kind === 'string' ? (plainString(b) ? true : b.pattern && !b.format && b.minLength === undefined && b.maxLength === undefined ? new RegExp(b.pattern, 'u').test(v) : undefined) : kindOnly(b)
    if (typeof v === 'number') return b.kind === 'number' ? (plainNumber(b) ? true : undefined) : kindOnly(b)
    return b.kind === 'boolean' ? true : kindOnly(b)
  }
  if (a.kind === 'string' && b.kind === 'string') return plainString(b) ? true : plainString(a) ? false : undefined
  if (a.kind === 'number' && b.kind === 'number') return plainNumber(b) ? true : plainNumber(a) ? false : undefined
  if (a.kind === 'boolean' && b.kind === 'boolean') return true
  if ((a.kind === 'string' || a.kind === 'number' || a.kind === 'boolean') && b.kind === 'enum') return false
  if (a.kind === 'object' || a.kind === 'ref') return objectExtends(deref(a as TypeIR), b)
  if ((a.kind === 'tuple' || a.kind === 'array') && (b.kind === 'tuple' || b.kind === 'array')) return listExtends(a, b)
  if (scalar.has(a.kind) && scalar.has(b.kind)) return a.kind === b.kind ? (a.kind === 'bigint' || a.kind === 'date' || a.kind === 'url' || a.kind === 'bytes' ? true : undefined) : false
  return undefined
}

const scalar = new Set(['string', 'number', 'boolean', 'bigint', 'date', 'url', 'bytes', 'enum', 'array', 'tuple', 'object'])

/** A literal against a type of another JSON kind: false when that is known. */
const kindOnly = (b: Resolved): boolean | undefined => (scalar.has(b.kind) || b.kind === 'nonprimitive' || b.kind === 'object-any' ? false : b.kind === 'nonnull' ? true : undefined)

function objectExtends(a: TypeIR, b: Resolved): boolean | undefined {
  if (a.kind !== 'object') return undefined
  if (b.kind === 'nonnull' || b.kind === 'nonprimitive') return true
  if (b.kind !== 'object') return scalar.has(b.kind) ? false : undefined
  if (b.rest || a.rest) return undefined
  let unknown = false
  for (const q of b.props) {
    const p = a.props.find((x) => x.name === q.name)
    if (!p) {
      if (q.optional) continue
      return false
    }
    if (p.optional && !q.optional) return false
    const v = extendsType(p.type, membersOf(q.type))
    if (v === false) return false
    if (v === undefined) unknown = true
  }
  return unknown ? undefined : true
}

type List = Extract<TypeIR, { kind: 'tuple' | 'array' }>

/** A tuple or array against a tuple or array, element by element (`[string, string] extends string[]`); undefined when a length bound or a rest decides it. */
function listExtends(a: List, b: List): boolean | undefined {
  const every = (pairs: [TypeIR, TypeIR][]): boolean | undefined => {
    const each = pairs.map(([x, y]) => extendsType(x, membersOf(y)))
    return each.includes(false) ? false : each.includes(undefined) ? undefined : true
  }
  if (b.kind === 'array') {
    if (b.minItems !== undefined || b.maxItems !== undefined || b.set || (a.kind === 'array' && a.set)) return undefined
    if (a.kind === 'array') return every([[a.items, b.items]])
    return every([...a.elements, ...(a.rest ? [a.rest] : [])].map((e): [TypeIR, TypeIR] => [e, b.items]))
  }
  // An array (of any length) never extends a tuple of fixed length; tuples of the same fixed length compare element by element.
  if (b.rest || b.minItems !== undefined) return undefined
  if (a.kind === 'array') return a.minItems === undefined && a.maxItems === undefined ? false : undefined
  if (a.rest || a.minItems !== undefined) return undefined
  if (a.elements.length !== b.elements.length) return false
  return every(a.elements.map((e, i): [TypeIR, TypeIR] => [e, b.elements[i]!]))
}

const UNDECIDED = 'the build cannot tell which of its members extend the second type (it decides literals, enums, primitives, null and objects by their properties)'

/** `Exclude<T, U>` / `Extract<T, U>`: T's members that do not extend (do extend) U. */
export function filterUnion(r: Reader, name: 'Exclude' | 'Extract', args: any[], env: Env, node: any): Resolved {
  if (args.length !== 2) return r.refuse('MCP016', `${name} needs two type arguments: ${name}<T, U>.`, env, node)
  const t = r.resolve(args[0], env)
  const u = operand(r, args[1], env)
  const kept = membersOf(t).filter((m) => {
    const v = extendsType(m, u)
    if (v === undefined) r.refuse('MCP020', `${name}<…>: ${UNDECIDED}. Write the remaining union out.`, env, node)
    return v === (name === 'Extract')
  })
  if (kept.length === 0) return r.refuse('MCP013', `${name}<…> leaves no member, so the type is never and no call could satisfy it. Write the union of the members you mean instead.`, env, node)
  return unionOf(r, kept.map((m) => [node, m]), env)
}

/** `C extends U ? X : Y`, when it reduces: the branch (or, distributed over C's members, the union of branches) it takes. */
export function conditionalType(r: Reader, node: any, env: Env): Resolved {
  const refuse = (why: string): never =>
    r.refuse('MCP020', `Conditional types are evaluated only when they reduce to one of their branches with concrete types (no infer): ${why}. Write the resulting type out.`, env, node)
  if (containsInfer(node.extendsType)) refuse('this one uses infer')
  const check = unparenthesized(node.checkType)
  const naked = check.type === 'TSTypeReference' && check.typeName.type === 'Identifier' && !check.typeArguments && env.params.has(check.typeName.name)
  // `T extends (...args: never) => any` (type-fest's SetOptional, SetRequired): no JSON value is a function,
  // so the test is false for every type the build reads as data; the function type itself is never resolved.
  const toFunction = FUNCTION_TYPES.has(unparenthesized(node.extendsType).type)
  const u = toFunction ? [] : operand(r, node.extendsType, env)
  // A branch that is never adds nothing to the union (`T extends null ? never : T`).
  const branch = (c: Resolved, inner: Env): Resolved | undefined => {
    const v = toFunction ? (c.kind === 'function' || c.kind === 'any' ? undefined : false) : extendsType(c, u)
    if (v === undefined) refuse(UNDECIDED)
    const taken = v ? node.trueType : node.falseType
    return unparenthesized(taken).type === 'TSNeverKeyword' ? undefined : r.resolve(taken, inner)
  }
  const name = naked ? (check.typeName.name as string) : ''
  const results = naked
    ? membersOf(env.params.get(name)!).map((m) => branch(m, { file: env.file, params: new Map([...env.params, [name, m]]) }))
    : [branch(r.resolve(check, env), env)]
  const values = results.filter((x): x is Resolved => x !== undefined)
  if (values.length === 0) refuse('this one reduces to never, which describes no value')
  return unionOf(r, values.map((x) => [node, x]), env)
}

const FUNCTION_TYPES = new Set(['TSFunctionType', 'TSConstructorType'])

function containsInfer(node: any): boolean {
  if (!node || typeof node !== 'object') return false
  if (node.type === 'TSInferType') return true
  return Object.entries(node).some(([k, v]) => k !== 'loc' && (Array.isArray(v) ? v.some(containsInfer) : typeof v === 'object' && containsInfer(v)))
}
