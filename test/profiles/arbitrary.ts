/**
 * Arguments a model could send from a profile's listing: fast-check values built from the listed
 * inputSchema (its types, `nullable`, `anyOf` branches, `enum`/`const`, required and optional properties,
 * `$ref`s), with every null the listing allows. A constraint the profile moved into the description (a
 * length, a pattern, a format, a bound) is still the contract, so leaves take their constraints from the
 * portable schema at the same property path: what is generated is exactly what the listing plus its text
 * asks for.
 */
import fc from 'fast-check'

type S = Record<string, any>

const typesOf = (s: S): string[] => {
  const t = Array.isArray(s.type) ? [...s.type] : s.type === undefined ? [] : [s.type]
  if (s.nullable === true && !t.includes('null')) t.push('null')
  return t
}

function deref(s: S, root: S): S {
  if (typeof s.$ref !== 'string') return s
  const target = root.$defs?.[s.$ref.replace('#/$defs/', '')]
  if (!target) throw new Error(`unresolved ${s.$ref}`)
  return target
}

/** Whether a listed part takes null (a type list, `nullable`, a null branch or value). */
const takesNull = (s: S, root: S): boolean => {
  const d = deref(s, root)
  return typesOf(d).includes('null') || (Array.isArray(d.enum) && d.enum.includes(null)) || (Array.isArray(d.anyOf) && d.anyOf.some((b: S) => takesNull(b, root)))
}

/** The portable nodes at a path of property names (`[]` for items), through refs and union branches. */
function portableAt(root: S, path: readonly string[]): S[] {
  let nodes: S[] = [root]
  const flat = (list: S[]): S[] => list.flatMap((n) => {
    const d = deref(n, root)
    return Array.isArray(d.anyOf) ? flat(d.anyOf) : [d]
  })
  for (const key of path) {
    nodes = flat(nodes).flatMap((n) => (key === '[]' ? (n.items ? [n.items] : []) : n.properties?.[key] ? [n.properties[key]] : []))
  }
  return flat(nodes)
}

const EMAILS = ['ada@example.com', 'x.y@test.org']

function string(c: S): fc.Arbitrary<string> {
  const min = c.minLength ?? 0
  const max = c.maxLength ?? Math.max(min, 12)
  const fit = (a: fc.Arbitrary<string>) => a.filter((v) => [...v].length >= min && [...v].length <= max)
  if (c.contentEncoding === 'base64') return fc.base64String({ maxLength: 12 })
  switch (c.format) {
    case 'email': return fc.constantFrom(...EMAILS)
    case 'uri': return fc.constantFrom('https://example.com/a', 'http://test.org/x?y=1')
    case 'uuid': return fc.uuid()
    case 'date-time': return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString())
    case 'date': return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))
  }
  if (typeof c.pattern === 'string') return fit(fc.stringMatching(new RegExp(c.pattern)))
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' })
}

function number(c: S, integer: boolean): fc.Arbitrary<number> {
  const lo = Math.max(c.minimum ?? -1e6, c.exclusiveMinimum !== undefined ? c.exclusiveMinimum + 1 : -1e6)
  const hi = Math.min(c.maximum ?? 1e6, c.exclusiveMaximum !== undefined ? c.exclusiveMaximum - 1 : 1e6)
  return integer ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true })
}

/** A leaf of type `t` with the constraints of the listing and of the portable schema's node of that type. */
function leaf(t: string, listed: S, portable: S[]): fc.Arbitrary<unknown> {
  const c = { ...listed, ...portable.find((p) => typesOf(p).includes(t) || (t === 'number' && typesOf(p).includes('integer'))) }
  if (t === 'string') return string(c)
  if (t === 'integer') return number(c, true)
  if (t === 'number') return number(c, typesOf(c).includes('integer') && !typesOf(c).includes('number'))
  if (t === 'boolean') return fc.boolean()
  return fc.constant(null)
}

function gen(s: S, path: string[], listing: S, portableRoot: S, depth: number): fc.Arbitrary<unknown> {
  if (typeof s.$ref === 'string') return gen(deref(s, listing), path, listing, portableRoot, depth + 1)
  const nullable = s.nullable === true ? [fc.constant(null)] : []
  if (Array.isArray(s.anyOf)) return fc.oneof(...s.anyOf.map((b: S) => gen(b, path, listing, portableRoot, depth)), ...nullable)
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum, ...(nullable.length ? [null] : []))
  if ('const' in s) return fc.constant(s.const)
  const types = typesOf(s)
  if (types.length === 0) return s.properties ? gen({ ...s, type: 'object' }, path, listing, portableRoot, depth) : fc.jsonValue({ maxDepth: 1 })
  const portable = portableAt(portableRoot, path)
  return fc.oneof(...types.map((t): fc.Arbitrary<unknown> => {
    if (t === 'object') {
      if (s.properties && Object.keys(s.properties).length > 0) {
        const required: string[] = s.required ?? []
        // Deep inside a recursive type, optional properties stay out so values stay finite.
        // (a required one that takes null, as strict profiles write optional ones, is null there).
        const keys = Object.keys(s.properties).filter((k) => depth < 3 || required.includes(k))
        const model = Object.fromEntries(keys.map((k) => [k, depth >= 3 && takesNull(s.properties[k], listing) ? fc.constant(null) : gen(s.properties[k], [...path, k], listing, portableRoot, depth)]))
        return fc.record(model, { requiredKeys: required.filter((k) => keys.includes(k)) })
      }
      if (typeof s.additionalProperties === 'object') return fc.dictionary(fc.string({ maxLength: 6 }), gen(s.additionalProperties, [...path, '*'], listing, portableRoot, depth), { maxKeys: 3 })
      return fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })
    }
    if (t === 'array') {
      const tuple = portable.find((p) => Array.isArray(p.prefixItems))
      if (tuple) return fc.tuple(...tuple.prefixItems.map((e: S) => gen(e, [...path, '[]'], portableRoot, portableRoot, depth + 1)))
      const c = { ...s, ...portable.find((p) => typesOf(p).includes('array')) }
      const size = { minLength: c.minItems ?? 0, maxLength: depth >= 3 ? (c.minItems ?? 0) : Math.max(c.minItems ?? 0, Math.min(c.maxItems ?? 3, 3)) }
      if (size.maxLength === 0) return fc.constant([])
      const items = gen(s.items ?? {}, [...path, '[]'], listing, portableRoot, depth + 1)
      return c.uniqueItems ? fc.uniqueArray(items, { ...size, selector: (v) => JSON.stringify(v) }) : fc.array(items, size)
    }
    return leaf(t, s, portable)
  }))
}

/** Arguments from `listing` (a profile's inputSchema), leaves constrained as `portable` (the tool's own) says. */
export const argumentsFrom = (listing: S, portable: S): fc.Arbitrary<unknown> => gen(listing, [], listing, portable, 0)
