/**
 * `A & B` in the IR, as TypeScript reads it: a value must satisfy both sides. Objects merge (a property is
 * required when either side requires it, and its type is the intersection of both sides' types, recursively),
 * a literal meets its primitive, ranges and lengths narrow, patterns combine, a union distributes
 * (`(A | B) & C` is `(A & C) | (B & C)`), and a primitive meets an object literal as the usual brand idiom
 * (`string & { __brand: 'Id' }` is a string). Where no value is left, it throws `NoValue`.
 */
import type { Literal, Prop, TypeIR } from './ir.ts'
import { ABSENT_WITH_REST, objectType, restTakes, type ObjectIR } from './objects.ts'
import { fitsDefault } from './defaults.ts'
import type { Code } from '../diagnostics.ts'

/** An intersection without a value (TypeScript reduces it to `never`), or one JSON Schema cannot say. */
export class NoValue extends Error {
  readonly code: Code
  constructor(reason: string, code: Code = 'MCP013') {
    super(reason)
    this.code = code
  }
}

const none = (reason: string, code?: Code): never => {
  throw new NoValue(reason, code)
}

/** A type's kind as a sentence part, for refusals (`a string and a number have no value in common`). */
export function kindText(t: TypeIR): string {
  switch (t.kind) {
    case 'enum': return t.values.map((v) => JSON.stringify(v)).join(' | ')
    case 'number': return t.integer ? 'an integer' : 'a number'
    case 'object': case 'object-any': return 'an object'
    case 'nonprimitive': return 'object'
    case 'nonnull': return '{}'
    case 'any': return 'any value'
    case 'nullable': return `${kindText(t.inner)} or null`
    case 'union': return t.members.map(kindText).join(' or ')
    case 'array': return t.set ? 'a set' : 'an array'
    case 'tuple': return 'an array'
    case 'date': return 'Date'
    case 'url': return 'URL'
    case 'bytes': return 'Uint8Array'
    default: return `a ${t.kind}`
  }
}

/** Kinds a TypeScript object literal brands rather than constrains (`string & { __brand: 'Id' }`). */
const BRANDABLE = new Set<TypeIR['kind']>(['boolean', 'number', 'string', 'bigint', 'date', 'url', 'bytes', 'enum', 'array', 'tuple'])

/** A recursive type's definition; one still being built cannot be intersected yet. */
function defined(r: Extract<TypeIR, { kind: 'ref' }>): TypeIR {
  return r.type() ?? none(`${r.name} is intersected inside its own definition`, 'MCP017')
}

type Ref = Extract<TypeIR, { kind: 'ref' }>

/**
 * The intersections with a recursive type under way, by their two sides. Meeting the same two sides again
 * inside (`Tree<string> & Tree<'a' | 'b'>` meets itself in `kids`) makes the intersection a recursive type of its own.
 */
const underWay = new Map<TypeIR, Map<TypeIR, { ref: Ref; used: boolean }>>()

function recursive(a: TypeIR, b: TypeIR): TypeIR {
  const again = underWay.get(a)?.get(b)
  if (again) {
    again.used = true
    return again.ref
  }
  let body: TypeIR | undefined
  const entry = { ref: { kind: 'ref', name: `${a.kind === 'ref' ? a.name : 'Object'}And${b.kind === 'ref' ? b.name : 'Object'}`, type: () => body! } as Ref, used: false }
  const inner = underWay.get(a) ?? new Map<TypeIR, { ref: Ref; used: boolean }>()
  underWay.set(a, inner.set(b, entry))
  try {
    body = intersect(a.kind === 'ref' ? defined(a) : a, b.kind === 'ref' ? defined(b) : b)
  } finally {
    inner.delete(b)
    if (inner.size === 0) underWay.delete(a)
  }
  return entry.used ? entry.ref : body
}

export function intersect(a: TypeIR, b: TypeIR): TypeIR {
  if (a === b) return a
  // Before a ref is looked into: `Cond[] & MinLength<1>` inside Cond's own definition intersects its items with any value.
  // `any` absorbs the other side (`1 & any` is any: type-fest's IsAny); `unknown` gives way to it.
  if (a.kind === 'any') return a.any ? a : b
  if (b.kind === 'any') return b.any ? b : a
  if (a.kind === 'ref' || b.kind === 'ref') return recursive(a, b)
  if (a.kind === 'nonnull') return withoutNull(b)
  if (b.kind === 'nonnull') return withoutNull(a)
  if (a.kind === 'nullable' && b.kind === 'nullable') return { kind: 'nullable', inner: intersect(a.inner, b.inner) }
  if (a.kind === 'nullable') return intersect(a.inner, b)
  if (b.kind === 'nullable') return intersect(a, b.inner)
  if (a.kind === 'union') return anyOf(a.members.map((m) => () => intersect(m, b)))
  if (b.kind === 'union') return anyOf(b.members.map((m) => () => intersect(a, m)))
  const objectish = (t: TypeIR) => t.kind === 'object' || t.kind === 'object-any'
  if (objectish(a) && objectish(b)) {
    if (a.kind === 'object-any' && b.kind === 'object-any') return a
    return mergeObjects(asObject(a), asObject(b))
  }
  if (objectish(b) && BRANDABLE.has(a.kind)) return a
  if (objectish(a) && BRANDABLE.has(b.kind)) return b
  if (a.kind === 'nonprimitive') return nonPrimitive(b, a)
  if (b.kind === 'nonprimitive') return nonPrimitive(a, b)
  if (a.kind === 'enum') return literals(a.values, b)
  if (b.kind === 'enum') return literals(b.values, a)
  if ((a.kind === 'tuple' && (a.rest || a.minItems !== undefined)) || (b.kind === 'tuple' && (b.rest || b.minItems !== undefined))) {
    return none('a tuple with optional or rest elements is not intersected with another type here; write the tuple out', 'MCP024')
  }
  if (a.kind === 'array' && b.kind === 'tuple') return intersect(b, a)
  if (a.kind === 'tuple' && b.kind === 'array') {
    const n = a.elements.length
    if ((b.minItems ?? 0) > n || (b.maxItems ?? n) < n) return none(`a tuple of ${n} element(s) and an array of ${b.minItems ?? 0} to ${b.maxItems ?? 'any'} items`)
    return { kind: 'tuple', elements: a.elements.map((e, i) => within(`element ${i}`, () => intersect(e, b.items))) }
  }
  if (a.kind !== b.kind) return none(`${kindText(a)} and ${kindText(b)} have no value in common`)
  switch (a.kind) {
    case 'number': {
      const o = b as typeof a
      return checkedRange({
        kind: 'number',
        integer: a.integer || o.integer,
        minimum: bound(Math.max, a.minimum, o.minimum),
        maximum: bound(Math.min, a.maximum, o.maximum),
        ...(a.intName ?? o.intName ? { intName: a.intName ?? o.intName } : {}),
      })
    }
    case 'string': {
      const o = b as typeof a
      if (a.format && o.format && a.format !== o.format) return none(`a string has one format, not both ${a.format} and ${o.format}`, 'MCP021')
      const out: TypeIR = { kind: 'string' }
      const format = a.format ?? o.format
      if (format) out.format = format
      const minLength = bound(Math.max, a.minLength, o.minLength)
      const maxLength = bound(Math.min, a.maxLength, o.maxLength)
      if (minLength !== undefined) out.minLength = minLength
      if (maxLength !== undefined) out.maxLength = maxLength
      const pattern = a.pattern !== undefined && o.pattern !== undefined ? bothPatterns(a.pattern, o.pattern) : a.pattern ?? o.pattern
      if (pattern !== undefined) out.pattern = pattern
      return checkedRange(out)
    }
    case 'array': {
      const o = b as typeof a
      return checkedRange({
        kind: 'array',
        items: within('items', () => intersect(a.items, o.items)),
        ...(bound(Math.max, a.minItems, o.minItems) !== undefined ? { minItems: bound(Math.max, a.minItems, o.minItems) } : {}),
        ...(bound(Math.min, a.maxItems, o.maxItems) !== undefined ? { maxItems: bound(Math.min, a.maxItems, o.maxItems) } : {}),
        ...(a.set || o.set ? { set: true } : {}),
      })
    }
    case 'tuple': {
      const o = b as typeof a
      if (a.elements.length !== o.elements.length) return none(`tuples of ${a.elements.length} and ${o.elements.length} elements`)
      return { kind: 'tuple', elements: a.elements.map((e, i) => within(`element ${i}`, () => intersect(e, o.elements[i]!))) }
    }
    default: return a // boolean, bigint, date, url, bytes, object-any, nonprimitive: the same on both sides
  }
}

const bound = (pick: (x: number, y: number) => number, x: number | undefined, y: number | undefined): number | undefined =>
  x === undefined ? y : y === undefined ? x : pick(x, y)

function checkedRange<T extends TypeIR>(t: T): T {
  const [lo, hi] = t.kind === 'number' ? [t.minimum, t.maximum] : t.kind === 'string' ? [t.minLength, t.maxLength] : t.kind === 'array' ? [t.minItems, t.maxItems] : []
  if (lo !== undefined && hi !== undefined && lo > hi) none(`the lower bound ${lo} is above the upper bound ${hi}`)
  return t
}

/** Patterns written by bothPatterns: `^` and lookaheads only, so a third one joins the list instead of nesting. */
const combined = new Set<string>()

/** Both patterns must match: each as a lookahead that may start anywhere (`[\s\S]*?`), so anchors keep their meaning. */
export function bothPatterns(first: string, second: string): string {
  if (first === second) return first
  const groups = (p: string) => new RegExp(`${p}|`, 'u').exec('')!.length - 1
  const lookahead = (p: string) => (combined.has(p) ? p.slice(1) : `(?=[\\s\\S]*?(?:${p}))`)
  const both = `^${lookahead(first)}${lookahead(second)}`
  let ok = true
  try {
    ok = !(groups(first) > 0 && /\\[1-9]|\\k</.test(second))
    new RegExp(both, 'u')
  } catch {
    ok = false
  }
  if (ok) combined.add(both)
  else none(`the patterns ${first} and ${second} cannot be combined into one (they do not compile together as a u-flag regular expression, or the second refers to a numbered group). Write one Pattern that says both`, 'MCP023')
  return both
}

function within<T>(where: string, f: () => T): T {
  try {
    return f()
  } catch (e) {
    if (e instanceof NoValue) throw new NoValue(`${where}: ${e.message}`, e.code)
    throw e
  }
}

function withoutNull(t: TypeIR): TypeIR {
  return t.kind === 'nullable' ? t.inner : t
}

function asObject(t: TypeIR): ObjectIR {
  return t.kind === 'object' ? t : { kind: 'object', props: [], rest: { kind: 'any' } }
}

/** `object & T`: T when T is an object or an array, else no value. */
function nonPrimitive(t: TypeIR, self: TypeIR): TypeIR {
  if (t.kind === 'nonprimitive' || t.kind === 'object' || t.kind === 'object-any' || t.kind === 'array' || t.kind === 'tuple') return t
  return none(`${kindText(t)} and ${kindText(self)} have no value in common`)
}

/** Literals meet a type: those it accepts (with its constraints: `('a' | 'abc') & MaxLength<2>` is 'a') are kept, in their order. */
function literals(values: readonly Literal[], t: TypeIR): TypeIR {
  const keep = values.filter((v) => (t.kind === 'enum' ? t.values.includes(v) : (t.kind === 'boolean' || t.kind === 'string' || t.kind === 'number') && fitsDefault(t, v)))
  if (keep.length === 0) return none(`${values.map((v) => JSON.stringify(v)).join(' | ')} and ${kindText(t)} have no value in common`)
  return { kind: 'enum', values: keep }
}

/** The non-empty branches of a distributed intersection, as one union (literals merged into one enum). */
function anyOf(branches: (() => TypeIR)[]): TypeIR {
  const out: TypeIR[] = []
  let first: NoValue | undefined
  const add = (t: TypeIR) => {
    if (t.kind === 'union') return t.members.forEach(add)
    const e = out.find((o) => o.kind === 'enum')
    if (t.kind === 'enum' && e?.kind === 'enum') {
      for (const v of t.values) if (!e.values.includes(v)) e.values.push(v)
    } else if (!out.some((o) => JSON.stringify(o) === JSON.stringify(t))) out.push(t.kind === 'enum' ? { kind: 'enum', values: [...t.values] } : t)
  }
  for (const branch of branches) {
    try {
      add(branch())
    } catch (e) {
      if (!(e instanceof NoValue)) throw e
      first ??= e
    }
  }
  if (out.length === 0) throw first!
  return out.length === 1 ? out[0]! : { kind: 'union', members: out }
}

/**
 * `{…} & {…}`: every property of both, in order (the first side's first); a property on both sides is
 * required when either requires it and has the intersection of both types; a property on one side meets
 * the other side's index signature; the result is open when either side is.
 */
function mergeObjects(a: ObjectIR, b: ObjectIR): ObjectIR {
  // A key one side declares never (`k?: never`) carries no value in the intersection: optional on the other side, it is absent too.
  const absent = [...(a.absent ?? []), ...(b.absent ?? [])]
  for (const p of [...a.props, ...b.props]) {
    if (absent.includes(p.name) && !p.optional) none(`property '${p.name}' is required on one side and declared never on the other`)
  }
  const names = [...a.props, ...b.props].map((p) => p.name).filter((n, i, all) => all.indexOf(n) === i && !absent.includes(n))
  const props = names.map((name): Prop => {
    const pa = a.props.find((p) => p.name === name)
    const pb = b.props.find((p) => p.name === name)
    const type = within(`property '${name}'`, () =>
      pa && pb ? intersect(pa.type, pb.type) : pa ? (restTakes(b, name) ? intersect(pa.type, b.rest!) : pa.type) : restTakes(a, name) ? intersect(pb!.type, a.rest!) : pb!.type)
    const prop: Prop = { ...(pa ?? pb)!, type, optional: (pa?.optional ?? true) && (pb?.optional ?? true) }
    const description = pa?.description ?? pb?.description
    if (description !== undefined) prop.description = description
    const value = pa?.default ?? pb?.default
    if (value !== undefined && fitsDefault(type, value)) prop.default = value
    else delete prop.default
    return prop
  })
  // Index signatures over different key types (`string` and `x-${string}`) type a key by whichever match it, which one schema keyword cannot say.
  if (a.rest && b.rest && a.keys !== b.keys) none('index signatures over different key types are not intersected here; write one index signature', 'MCP024')
  const rest = a.rest && b.rest ? within('other keys', () => intersect(a.rest!, b.rest!)) : a.rest ?? b.rest
  if (rest && absent.length > 0) none(ABSENT_WITH_REST(absent[0]!), 'MCP020')
  const out = objectType(props, rest, absent, a.rest ? a.keys : b.keys)
  return a.map || b.map ? { ...out, map: true } : out
}
