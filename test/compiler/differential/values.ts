/**
 * Values for the differential test, per type: valid ones generated with fast-check from the compiled type
 * IR (inside every constraint's domain), and near-miss invalid ones made by changing exactly one place of a
 * valid value. A near miss is `base` (the validator must give TypeScript's verdict: a wrong JSON kind, a
 * literal not listed, null where none is allowed, a missing required key, an unknown key, a key of another
 * member of a union with its type or a wrong one) or `constraint` (only a
 * constraint tsc cannot see is broken: a bound, a length, a pattern, a format, integer-ness, uniqueness, a
 * wire string's shape; TypeScript accepts it, the validator must not).
 *
 * Recursive types are generated depth-bounded (past DEPTH recursive steps only what closes: empty arrays,
 * no optional properties, the branches of a union that need no further recursion), and near misses are
 * made at every depth of the tree, inside the union branch a value matched when only one fits it.
 */
import fc from 'fast-check'
import { deref, type TypeIR } from '../../../src/compiler/types/ir.ts'

const SAFE = Number.MAX_SAFE_INTEGER

/** Valid samples of each format (what the validator's format checks accept). */
const FORMAT_SAMPLES: Record<string, string[]> = {
  email: ['a@example.com', 'john.doe+tag@mail.example.org'],
  uri: ['https://example.com/a?b=1', 'mailto:x@y.example', 'urn:isbn:0451450523'],
  uuid: ['123e4567-e89b-12d3-a456-426614174000', '00000000-0000-4000-8000-000000000000'],
  date: ['2026-01-31', '2024-02-29'],
  time: ['14:30:00Z', '23:59:59+02:00'],
  'date-time': ['2026-05-01T10:00:00Z', '2026-05-01T10:00:00.250+02:00'],
  duration: ['P1D', 'PT1H30M', 'P1Y2M3DT4H5M6S'],
  hostname: ['example.com', 'a-b.c.example'],
  ipv4: ['192.168.0.1', '8.8.8.8'],
  ipv6: ['::1', '2001:db8::ff00:42:8329'],
}

/** Strings tried for patterns fast-check cannot generate from (lookaheads). */
const PATTERN_CANDIDATES = ['/a/b.json', '//x.y.json', 'a-b', '-', 'ab-', 'a', 'z', 'az', 'abz', 'aaz', 'abc', 'ABC-1234', 'hello', 'x', '', 'a1z', 'zz', 'Z',
  // issue 28's server-shaped template literals
  'Sheet1!A1:B2', '!', 'app=web', '=', 'PROJ-12', 'a-1', '+15551234567', 'refs/heads/main', 'refs/tags/v1', 'arn:aws:s3:::b', '10px', '5m', '7d', 'x-id', 'customfield_10010', 'tag:env', 'tags[env]', 'user:1', 'team:2', 'gid://shopify/Product/1']

type StringIR = Extract<TypeIR, { kind: 'string' }>

function lengthOk(t: StringIR, s: string): boolean {
  const n = [...s].length
  return (t.minLength === undefined || n >= t.minLength) && (t.maxLength === undefined || n <= t.maxLength)
}

function stringArb(t: StringIR): fc.Arbitrary<string> {
  const re = t.pattern === undefined ? undefined : new RegExp(t.pattern, 'u')
  const fits = (s: string) => lengthOk(t, s) && (!re || re.test(s))
  if (t.format) {
    const samples = (FORMAT_SAMPLES[t.format] ?? []).filter(fits)
    if (samples.length === 0) throw new Error(`no sample of format ${t.format} fits ${JSON.stringify(t)}`)
    return fc.constantFrom(...samples)
  }
  if (re) {
    try {
      return fc.stringMatching(new RegExp(t.pattern!)).filter(fits)
    } catch {
      const samples = PATTERN_CANDIDATES.filter(fits)
      if (samples.length === 0) throw new Error(`no candidate matches ${t.pattern}`)
      return fc.constantFrom(...samples)
    }
  }
  return fc.string({ minLength: t.minLength ?? 0, maxLength: t.maxLength ?? 12 })
}

function integerArb(lo: number, hi: number): fc.Arbitrary<number> {
  if (lo >= -(2 ** 31) && hi < 2 ** 31) return fc.integer({ min: lo, max: hi })
  return fc.oneof(fc.integer({ min: Math.max(lo, -1000), max: Math.min(hi, 1000) }), fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number), fc.constantFrom(lo, hi))
}

const key = fc.string({ minLength: 1, maxLength: 6 }).filter((k) => k !== '__proto__' && k !== 'zzExtra')
/** JSON values without `__proto__` keys (a JS object literal would treat one as the prototype). */
const json = fc.jsonValue({ maxDepth: 2 }).filter((v) => !JSON.stringify(v).includes('"__proto__"'))
const base64 = (b: Uint8Array) => Buffer.from(b).toString('base64')

/** How many recursive steps a generated value takes at most. */
const DEPTH = 3

/** Whether `type` has a finite value that uses no recursive type (what a generator at its depth limit may pick). */
export function closes(type: TypeIR): boolean {
  switch (type.kind) {
    case 'ref': return false
    case 'object': return type.props.every((p) => p.optional || closes(p.type))
    case 'tuple': return type.elements.every(closes)
    case 'union': return type.members.some(closes)
    case 'array': return (type.minItems ?? 0) === 0 || closes(type.items)
    default: return true
  }
}

/** Valid values of `t` (JSON, as the wire has them), inside every constraint; `depth` recursive steps left. */
export function arbitrary(t: TypeIR, depth = DEPTH): fc.Arbitrary<unknown> {
  const deeper = depth > 0
  const sub = (u: TypeIR) => arbitrary(u, depth)
  switch (t.kind) {
    case 'any': return json
    case 'nonnull': return json.filter((v) => v !== null)
    case 'nonprimitive': return fc.oneof(fc.array(json, { maxLength: 3 }), fc.dictionary(key, json, { maxKeys: 3 }))
    case 'object-any': return fc.dictionary(key, json, { maxKeys: 3 })
    case 'boolean': return fc.boolean()
    case 'number': {
      const lo = t.minimum ?? (t.integer ? -SAFE : -1e9)
      const hi = t.maximum ?? (t.integer ? SAFE : 1e9)
      if (t.integer) return integerArb(Math.ceil(lo), Math.floor(hi))
      return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n))
    }
    case 'string': return stringArb(t)
    case 'bigint': return fc.bigInt().map(String)
    case 'date': return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString())
    case 'url': return fc.constantFrom('https://example.com/a?b=1', 'http://localhost:8080/', 'https://example.org/path#frag')
    case 'bytes': return fc.uint8Array({ maxLength: 8 }).map(base64)
    case 'enum': return fc.constantFrom(...t.values)
    case 'array': {
      const min = t.minItems ?? 0
      if (!deeper && min === 0) return fc.constant([])
      const max = deeper ? Math.max(min, Math.min(t.maxItems ?? 3, 3)) : min
      const items = sub(t.items)
      return t.set ? fc.uniqueArray(items, { minLength: min, maxLength: max, selector: (v) => JSON.stringify(v) }) : fc.array(items, { minLength: min, maxLength: max })
    }
    case 'tuple': {
      // Optional elements cut off from the end, rest elements after all of them.
      const n = t.elements.length
      const head = fc.tuple(fc.tuple(...t.elements.map(sub)), fc.integer({ min: t.minItems ?? n, max: deeper ? n : t.minItems ?? n })).map(([xs, k]) => xs.slice(0, k))
      if (!t.rest || !deeper) return head
      return fc.tuple(head, fc.array(sub(t.rest), { maxLength: 3 })).map(([xs, more]) => (xs.length === n ? [...xs, ...more] : xs))
    }
    case 'object': {
      const props = deeper ? t.props : t.props.filter((p) => !p.optional)
      const model: Record<string, fc.Arbitrary<unknown>> = {}
      for (const p of props) model[p.name] = sub(p.type)
      const named = fc.record(model, { requiredKeys: props.filter((p) => !p.optional).map((p) => p.name) })
      if (!t.rest || !deeper) return named
      const names = new Set(t.props.map((p) => p.name))
      // Keys of a template literal key type (`x-${string}`) match its pattern.
      const keys = t.keys === undefined ? key : stringArb({ kind: 'string', pattern: t.keys }).filter((k) => k !== '__proto__')
      return fc.tuple(named, fc.dictionary(keys.filter((k) => !names.has(k)), sub(t.rest), { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...a }))
    }
    case 'union': return fc.oneof(...(deeper ? t.members : t.members.filter(closes)).map(sub))
    case 'nullable': return deeper ? fc.oneof(sub(t.inner), fc.constant(null)) : fc.constant(null)
    case 'ref': return arbitrary(t.type(), depth - 1)
  }
}

type Kind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object'
const ALL: Kind[] = ['null', 'boolean', 'number', 'string', 'array', 'object']
const SAMPLE: Record<Kind, unknown> = { null: null, boolean: true, number: 7, string: 'zz', array: [], object: {} }

/** The JSON kinds a type accepts at all. */
function kinds(t: TypeIR): Set<Kind> {
  switch (t.kind) {
    case 'any': return new Set(ALL)
    case 'nonnull': return new Set(ALL.filter((k) => k !== 'null'))
    case 'nonprimitive': return new Set(['array', 'object'])
    case 'object-any': case 'object': return new Set(['object'])
    case 'boolean': return new Set(['boolean'])
    case 'number': return new Set(['number'])
    case 'string': case 'bigint': case 'date': case 'url': case 'bytes': return new Set(['string'])
    case 'enum': return new Set(t.values.map((v) => typeof v as Kind))
    case 'array': case 'tuple': return new Set(['array'])
    case 'union': return new Set(t.members.flatMap((m) => [...kinds(m)]))
    case 'nullable': return new Set([...kinds(t.inner), 'null'])
    case 'ref': return kinds(t.type())
  }
}

export interface NearMiss {
  kind: 'base' | 'constraint'
  what: string
  value: unknown
}

interface Place {
  path: (string | number)[]
  /** The type there, `T | null` unwrapped (then `nullable`) and recursive types looked through. */
  type: TypeIR
  nullable: boolean
  /** The unions around this place: where each is and the branch entered (the one branch the value fits). */
  unions: { path: (string | number)[]; members: TypeIR[]; branch: TypeIR }[]
}

const plain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Whether a JSON value has the shape of `t` as TypeScript sees it on the wire: the kinds, literals and keys, no constraints. */
export function fits(value: unknown, t: TypeIR): boolean {
  switch (t.kind) {
    case 'any': return true
    case 'nonnull': return value !== null
    case 'nonprimitive': return typeof value === 'object' && value !== null
    case 'object-any': return plain(value)
    case 'boolean': return typeof value === 'boolean'
    case 'number': return typeof value === 'number'
    case 'string': case 'bigint': case 'date': case 'url': case 'bytes': return typeof value === 'string'
    case 'enum': return t.values.includes(value as never)
    case 'array': return Array.isArray(value) && value.every((v) => fits(v, t.items))
    case 'tuple': {
      const n = t.elements.length
      if (!Array.isArray(value) || value.length < (t.minItems ?? n) || (!t.rest && value.length > n)) return false
      return value.every((v, i) => fits(v, i < n ? t.elements[i]! : t.rest!))
    }
    case 'object':
      if (!plain(value)) return false
      return t.props.every((p) => (p.name in value ? fits(value[p.name], p.type) : p.optional)) &&
        Object.entries(value).every(([k, v]) => t.props.some((p) => p.name === k) || (t.rest !== undefined && (t.keys === undefined || new RegExp(t.keys, 'u').test(k)) && fits(v, t.rest)))
    case 'union': return t.members.some((m) => fits(value, m))
    case 'nullable': return value === null || fits(value, t.inner)
    case 'ref': return fits(value, t.type())
  }
}

/** The places of a valid value with the type each must have; a union is entered by the one branch that fits the value (none when several fit). */
function places(value: unknown, type: TypeIR, path: (string | number)[] = [], unions: Place['unions'] = [], out: Place[] = []): Place[] {
  const t = deref(type)
  const inner = t.kind === 'nullable' ? deref(t.inner) : t
  if (value === null) return out
  out.push({ path, type: inner, nullable: t.kind === 'nullable', unions })
  if (inner.kind === 'union') {
    const fitting = inner.members.filter((m) => fits(value, m))
    if (fitting.length === 1) places(value, fitting[0]!, path, [...unions, { path, members: inner.members, branch: fitting[0]! }], out)
    return out
  }
  if (typeof value !== 'object') return out
  if (inner.kind === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = inner.props.find((q) => q.name === k)
      const type = p ? p.type : inner.rest
      if (type) places(v, type, [...path, k], unions, out)
    }
  } else if (inner.kind === 'array' && Array.isArray(value)) value.forEach((v, i) => places(v, inner.items, [...path, i], unions, out))
  else if (inner.kind === 'tuple' && Array.isArray(value)) value.forEach((v, i) => places(v, inner.elements[i] ?? inner.rest!, [...path, i], unions, out))
  return out
}

/** Whether, after a change, every union around the place still fits only the branch entered (so no other branch can accept the value). */
function stillOnlyBranch(root: unknown, unions: Place['unions']): boolean {
  return unions.every((u) => {
    const there = u.path.reduce<any>((v, k) => v[k], root)
    return u.members.every((m) => m === u.branch || !fits(there, m))
  })
}

function replaced(root: unknown, path: (string | number)[], f: (old: unknown) => unknown): unknown {
  if (path.length === 0) return f(root)
  const copy: any = Array.isArray(root) ? [...root] : { ...(root as object) }
  copy[path[0]!] = replaced(copy[path[0]!], path.slice(1), f)
  return copy
}

const at = (path: (string | number)[]) => (path.length === 0 ? 'the arguments' : path.join('.'))

/** A value just outside a constraint the base type cannot see, or undefined when the type has none. */
function broken(t: TypeIR, old: unknown): [string, unknown] | undefined {
  switch (t.kind) {
    case 'number':
      if (t.minimum !== undefined && t.minimum > -SAFE) return ['below minimum', t.integer ? t.minimum - 1 : t.minimum - 0.5]
      if (t.maximum !== undefined && t.maximum < SAFE) return ['above maximum', t.integer ? t.maximum + 1 : t.maximum + 0.5]
      if (t.integer) return ['not an integer', 1.5]
      return undefined
    case 'string': {
      if (t.maxLength !== undefined) return ['too long', 'x'.repeat(t.maxLength + 1)]
      if (t.minLength !== undefined && t.minLength > 0) return ['too short', 'x'.repeat(t.minLength - 1)]
      if (t.pattern !== undefined) {
        const re = new RegExp(t.pattern, 'u')
        const miss = ['!', '', 'zz9', 'A', '0'].find((s) => !re.test(s))
        return miss === undefined ? undefined : ['not matching the pattern', miss]
      }
      if (t.format) return ['not a valid ' + t.format, 'not a valid ' + t.format]
      return undefined
    }
    case 'date': return ['not a date-time', 'yesterday']
    case 'url': return ['not an absolute URL', 'not a url']
    case 'bytes': return ['not base64', 'not base64!']
    case 'bigint': return ['not a decimal integer', '1.5']
    case 'array': {
      const xs = old as unknown[]
      if (t.maxItems !== undefined && xs.length > 0) return ['too many items', [...xs, ...Array.from({ length: t.maxItems + 1 - xs.length }, () => xs[0])].slice(0, t.maxItems + 1)]
      if (t.minItems !== undefined && t.minItems > 0) return ['too few items', xs.slice(0, t.minItems - 1)]
      if (t.set && xs.length > 0) return ['a duplicate', [...xs, xs[0]]]
      return undefined
    }
    default: return undefined
  }
}

/**
 * A key another object member of a union declares, added to a value that fits one member and lacks it:
 * once with a valid value of that member's type for it, once with a JSON kind no member declaring the key
 * takes. TypeScript's verdict is the rule under test (src/compiler/types/open-unions.ts): a non-discriminated
 * union takes the first and refuses the second; a discriminated one (`Shape`) refuses both.
 */
function foreignKeys(value: unknown, t: Extract<TypeIR, { kind: 'union' }>): [string, string, unknown][] {
  if (!plain(value)) return []
  const objects = t.members.map(deref).filter((m): m is Extract<TypeIR, { kind: 'object' }> => m.kind === 'object')
  const own = objects.filter((m) => fits(value, m))
  if (own.length !== 1 || own[0]!.rest) return []
  const extra = objects.flatMap((m) => m.props).find((p) => !(p.name in value))
  if (!extra) return []
  const declared = new Set(objects.flatMap((m) => m.props.filter((p) => p.name === extra.name)).flatMap((p) => [...kinds(p.type)]))
  const wrong = ALL.find((k) => !declared.has(k))
  const right: [string, string, unknown] = [`'${extra.name}' of another member`, extra.name, fc.sample(arbitrary(extra.type, 1), { numRuns: 1, seed: 7 })[0]]
  return wrong ? [right, [`'${extra.name}' of another member as ${wrong}`, extra.name, SAMPLE[wrong]]] : [right]
}

/** Near misses of one valid value, one change each, at most `limit`. */
export function nearMisses(value: unknown, t: TypeIR, limit: number): NearMiss[] {
  const out: (NearMiss & { depth: number })[] = []
  for (const { path, type, nullable, unions } of places(value, t)) {
    const accepted = kinds(type)
    if (nullable) accepted.add('null')
    const wrong = ALL.find((k) => k !== 'null' && !accepted.has(k))
    if (wrong && path.length > 0) out.push({ depth: path.length, kind: 'base', what: `${wrong} at ${at(path)}`, value: replaced(value, path, () => SAMPLE[wrong]) })
    if (!accepted.has('null') && path.length > 0) out.push({ depth: path.length, kind: 'base', what: `null at ${at(path)}`, value: replaced(value, path, () => null) })
    const old = path.reduce<any>((v, k) => v[k], value)
    if (type.kind === 'enum') {
      const kind = typeof type.values[0]
      const other = kind === 'string' ? 'zz-not-listed' : kind === 'number' ? 987654 : !type.values[0]
      if (!type.values.includes(other as never)) out.push({ depth: path.length, kind: 'base', what: `an unlisted literal at ${at(path)}`, value: replaced(value, path, () => other) })
    }
    if (type.kind === 'object' && old && typeof old === 'object') {
      const missing = type.props.find((p) => !p.optional && p.name in old)
      if (missing) out.push({ depth: path.length, kind: 'base', what: `'${missing.name}' missing at ${at(path)}`, value: replaced(value, path, (o: any) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== missing.name))) })
      if (!type.rest || type.keys !== undefined) out.push({ depth: path.length, kind: 'base', what: `an unknown key at ${at(path)}`, value: replaced(value, path, (o: any) => ({ ...o, zzExtra: 1 })) })
    }
    // A tuple's length is TypeScript's to check: one element too many (without a rest element), one too few.
    if (type.kind === 'tuple' && Array.isArray(old) && path.length > 0) {
      const n = type.elements.length
      if (!type.rest && old.length === n && n > 0) out.push({ depth: path.length, kind: 'base', what: `an element too many at ${at(path)}`, value: replaced(value, path, (o: any) => [...o, o[0]]) })
      if (old.length === (type.minItems ?? n) && old.length > 0) out.push({ depth: path.length, kind: 'base', what: `an element too few at ${at(path)}`, value: replaced(value, path, (o: any) => o.slice(0, -1)) })
    }
    for (const [what, k, v] of type.kind === 'union' ? foreignKeys(old, type) : []) {
      out.push({ depth: path.length, kind: 'base', what: `${what} at ${at(path)}`, value: replaced(value, path, (o: any) => ({ ...o, [k]: v })) })
    }
    const b = broken(type, old)
    if (b) {
      const miss = replaced(value, path, () => b[1])
      if (stillOnlyBranch(miss, unions)) out.push({ depth: path.length, kind: 'constraint', what: `${b[0]} at ${at(path)}`, value: miss })
    }
  }
  // Spread over the value (every kth near miss), and the deepest ones (in a recursive type, the far end of the tree).
  const step = Math.max(1, Math.ceil(out.length / limit))
  const deepest = Math.max(...out.map((m) => m.depth))
  return out.filter((m, i) => i % step === 0 || (m.depth === deepest && deepest > 2)).map(({ depth: _, ...m }) => m)
}
