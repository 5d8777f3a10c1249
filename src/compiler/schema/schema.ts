/**
 * The type IR → JSON Schema 2020-12. The one place that writes schema keywords, always in SCHEMA.md's
 * fixed order; every fragment is inline (no const, oneOf, allOf), except a recursive type: its uses are
 * `{"$ref":"#/$defs/Name"}` and its definition is written once, under the root schema's `$defs`.
 */
import type { JsonConstant, Literal, Prop, TypeIR } from '../types/ir.ts'

export type Schema = { [keyword: string]: unknown }

/** SCHEMA.md's keyword order: models read top to bottom. */
export const KEYWORDS = [
  '$ref', 'type', 'format', 'description', 'enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern',
  'contentEncoding', 'items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'properties', 'required',
  'patternProperties', 'additionalProperties', 'anyOf', 'default', 'deprecated', '$defs',
] as const

type Keyword = (typeof KEYWORDS)[number]
export type Fields = Partial<Record<Keyword, unknown>>

export function ordered(fields: Fields): Schema {
  const out: Schema = {}
  for (const k of KEYWORDS) if (fields[k] !== undefined) out[k] = fields[k]
  return out
}

export interface Annotation {
  description?: string
  default?: JsonConstant
  deprecated?: boolean
}

function enumType(values: readonly Literal[]): string | undefined {
  if (values.every((v) => typeof v === 'string')) return 'string'
  if (values.every((v) => typeof v === 'boolean')) return 'boolean'
  if (values.every((v) => typeof v === 'number')) return values.every((v) => Number.isInteger(v)) ? 'integer' : 'number'
  return undefined
}

/** A literal union: one typed `enum`, or, when its literals differ in type (`'auto' | 0`), one typed `enum` branch per type in `anyOf`. */
function enumFields(values: readonly Literal[]): Fields {
  const type = enumType(values)
  if (type) return { type, enum: [...values] }
  const groups = new Map<string, Literal[]>()
  for (const v of values) {
    const key = typeof v === 'number' ? 'number' : typeof v
    groups.set(key, [...(groups.get(key) ?? []), v])
  }
  return { anyOf: [...groups.values()].map((g) => ordered({ type: enumType(g), enum: g })) }
}

/** How a fragment writes a nested type: `fragment` itself, or a measure of it (size.ts). */
export type Child = (type: TypeIR, annotation?: Annotation) => unknown

export function fields(type: TypeIR, child: Child = fragment): Fields {
  switch (type.kind) {
    case 'any': return {}
    case 'nonnull': return { type: ['boolean', 'number', 'string', 'array', 'object'] }
    case 'nonprimitive': return { type: ['array', 'object'] }
    case 'object-any': return { type: 'object' }
    case 'boolean': return { type: 'boolean' }
    case 'number': return { type: type.integer ? 'integer' : 'number', minimum: type.minimum, maximum: type.maximum }
    case 'string': return { type: 'string', format: type.format, minLength: type.minLength, maxLength: type.maxLength, pattern: type.pattern }
    case 'bigint': return { type: 'string', pattern: '^-?[0-9]+$' }
    case 'date': return { type: 'string', format: 'date-time' }
    case 'url': return { type: 'string', format: 'uri' }
    case 'bytes': return { type: 'string', contentEncoding: 'base64' }
    case 'enum': return enumFields(type.values)
    case 'array': return { type: 'array', items: child(type.items), minItems: type.minItems, maxItems: type.maxItems, uniqueItems: type.set ? true : undefined }
    case 'tuple': {
      // `items` as well as `prefixItems`: clients and providers that ignore or refuse `prefixItems` (VS Code,
      // OpenAI) still see the element types; with minItems = maxItems = n, validation is unchanged.
      const n = type.elements.length
      const min = type.minItems ?? n
      // `[A, ...B[]]`: `items` types the elements after `prefixItems` (in 2020-12 it applies to those only), no maxItems.
      if (type.rest) {
        const items = child(type.rest)
        return n === 0 ? { type: 'array', items } : { type: 'array', prefixItems: type.elements.map((e) => child(e)), items, minItems: min > 0 ? min : undefined }
      }
      // `[]`: the empty array only (no element types to list, and ajv refuses an empty anyOf or prefixItems).
      if (n === 0) return { type: 'array', maxItems: 0 }
      // Elements whose schemas read the same are listed once (the same node at once, others compared as text;
      // written through `child`, so size.ts measures what is written).
      const nodes = [...new Set(type.elements)]
      const distinct = nodes.length === 1 ? nodes : [...new Map(nodes.map((e) => [JSON.stringify(fragment(e)), e])).values()]
      const items = distinct.length === 1 ? child(distinct[0]!) : { anyOf: distinct.map((e) => child(e)) }
      return { type: 'array', items, prefixItems: type.elements.map((e) => child(e)), minItems: min > 0 ? min : undefined, maxItems: n }
    }
    case 'object': return objectFields(type.props, type.rest, child, type.keys)
    case 'union': return { anyOf: type.members.map((m) => child(m)) }
    case 'nullable': return nullable(fields(type.inner, child))
    case 'ref': return { $ref: `#/$defs/${type.name}` }
  }
}

function nullable(f: Fields): Fields {
  if (f.$ref) return { anyOf: [{ $ref: f.$ref }, { type: 'null' }] }
  if (f.anyOf) return { ...f, anyOf: [...(f.anyOf as unknown[]), { type: 'null' }] }
  const out: Fields = { ...f }
  if (f.type !== undefined) out.type = Array.isArray(f.type) ? [...f.type, 'null'] : [f.type, 'null']
  if (f.enum) out.enum = [...(f.enum as unknown[]), null]
  return out
}

/**
 * An object: its named properties, then the other keys: `additionalProperties` types them (an index
 * signature), or, when their keys must match a template literal's pattern (`keys`), `patternProperties`
 * does and `additionalProperties: false` refuses the rest.
 */
export function objectFields(props: readonly Prop[], rest: TypeIR | undefined, child: Child = fragment, keys?: string): Fields {
  const properties: Schema = {}
  for (const p of props) properties[p.name] = child(p.type, { description: p.description, default: p.default, deprecated: p.deprecated })
  const required = props.filter((p) => !p.optional).map((p) => p.name)
  const patterned = rest !== undefined && keys !== undefined
  return {
    type: 'object',
    properties: props.length > 0 || !rest ? properties : undefined,
    required: required.length > 0 ? required : undefined,
    patternProperties: patterned ? { [keys]: child(rest) } : undefined,
    additionalProperties: rest && !patterned ? child(rest) : false,
  }
}

/** The schema fragment of a type, with a description and default when given. */
export function fragment(type: TypeIR, annotation: Annotation = {}): Schema {
  return ordered({ ...fields(type), description: annotation.description, default: annotation.default, deprecated: annotation.deprecated || undefined })
}

/** A closed object built from named properties: a tool's input schema. */
export function objectSchema(props: readonly Prop[]): Schema {
  return ordered({ ...objectFields(props, undefined), $defs: defs(props.map((p) => p.type)) })
}

/**
 * The schema of a whole document (an output schema): the fragment, with `$defs` when it recurses. A
 * recursive type is written out at the root too (MCP wants `"type":"object"` there, not a `$ref`).
 */
export function rootSchema(type: TypeIR): Schema {
  return ordered({ ...fields(type.kind === 'ref' ? type.type() : type), $defs: defs([type]) })
}

/** The definitions of the recursive types `types` use, in order of first use; undefined when none. */
function defs(types: readonly TypeIR[]): Schema | undefined {
  const found = recursiveTypes(types)
  if (found.size === 0) return undefined
  return Object.fromEntries([...found].map(([name, t]) => [name, fragment(t)]))
}

/** The recursive types `types` use (what `$defs` holds), by name, in order of first use. */
export function recursiveTypes(types: readonly TypeIR[]): Map<string, TypeIR> {
  const found = new Map<string, TypeIR>()
  // A type an alias names is one node wherever it is used: each is walked once (4^14 uses are no 4^14 walks).
  const walked = new Set<TypeIR>()
  const visit = (t: TypeIR): void => {
    if (walked.has(t)) return
    walked.add(t)
    switch (t.kind) {
      case 'ref':
        if (found.has(t.name)) return
        found.set(t.name, t.type())
        return visit(t.type())
      case 'array': return visit(t.items)
      case 'tuple': t.elements.forEach(visit); if (t.rest) visit(t.rest); return
      case 'object': t.props.forEach((p) => visit(p.type)); if (t.rest) visit(t.rest); return
      case 'union': return t.members.forEach(visit)
      case 'nullable': return visit(t.inner)
    }
  }
  types.forEach(visit)
  return found
}
