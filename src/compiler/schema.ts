/**
 * The type IR → JSON Schema 2020-12. The one place that writes schema keywords, always in SCHEMA.md's
 * fixed order; every fragment is inline (no $ref, $defs, const, oneOf, allOf).
 */
import type { Literal, Prop, TypeIR } from './ir.ts'

export type Schema = { [keyword: string]: unknown }

/** SCHEMA.md's keyword order: models read top to bottom. */
export const KEYWORDS = [
  'type', 'format', 'description', 'enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern',
  'contentEncoding', 'items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'properties', 'required',
  'additionalProperties', 'anyOf', 'default',
] as const

type Keyword = (typeof KEYWORDS)[number]
type Fields = Partial<Record<Keyword, unknown>>

function ordered(fields: Fields): Schema {
  const out: Schema = {}
  for (const k of KEYWORDS) if (fields[k] !== undefined) out[k] = fields[k]
  return out
}

export interface Annotation {
  description?: string
  default?: Literal
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

function fields(type: TypeIR): Fields {
  switch (type.kind) {
    case 'any': return {}
    case 'object-any': return { type: 'object' }
    case 'boolean': return { type: 'boolean' }
    case 'number': return { type: type.integer ? 'integer' : 'number', minimum: type.minimum, maximum: type.maximum }
    case 'string': return { type: 'string', format: type.format, minLength: type.minLength, maxLength: type.maxLength, pattern: type.pattern }
    case 'bigint': return { type: 'string', pattern: '^-?[0-9]+$' }
    case 'date': return { type: 'string', format: 'date-time' }
    case 'url': return { type: 'string', format: 'uri' }
    case 'bytes': return { type: 'string', contentEncoding: 'base64' }
    case 'enum': return enumFields(type.values)
    case 'array': return { type: 'array', items: fragment(type.items), minItems: type.minItems, maxItems: type.maxItems, uniqueItems: type.set ? true : undefined }
    case 'tuple': {
      // `items` as well as `prefixItems`: clients and providers that ignore or refuse `prefixItems` (VS Code,
      // OpenAI) still see the element types; with minItems = maxItems = n, validation is unchanged.
      const n = type.elements.length
      const prefix = type.elements.map((e) => fragment(e))
      const distinct = [...new Map(prefix.map((f) => [JSON.stringify(f), f])).values()]
      return { type: 'array', items: distinct.length === 1 ? distinct[0] : { anyOf: distinct }, prefixItems: prefix, minItems: n, maxItems: n }
    }
    case 'object': return objectFields(type.props, type.rest)
    case 'union': return { anyOf: type.members.map((m) => fragment(m)) }
    case 'nullable': return nullable(fields(type.inner))
  }
}

function nullable(f: Fields): Fields {
  if (f.anyOf) return { ...f, anyOf: [...(f.anyOf as Schema[]), { type: 'null' }] }
  const out: Fields = { ...f }
  if (f.type !== undefined) out.type = Array.isArray(f.type) ? [...f.type, 'null'] : [f.type, 'null']
  if (f.enum) out.enum = [...(f.enum as unknown[]), null]
  return out
}

function objectFields(props: readonly Prop[], rest: TypeIR | undefined): Fields {
  const properties: Schema = {}
  for (const p of props) properties[p.name] = fragment(p.type, { description: p.description, default: p.default })
  const required = props.filter((p) => !p.optional).map((p) => p.name)
  return {
    type: 'object',
    properties: props.length > 0 || !rest ? properties : undefined,
    required: required.length > 0 ? required : undefined,
    additionalProperties: rest ? fragment(rest) : false,
  }
}

/** The schema fragment of a type, with a description and default when given. */
export function fragment(type: TypeIR, annotation: Annotation = {}): Schema {
  return ordered({ ...fields(type), description: annotation.description, default: annotation.default })
}

/** A closed object built from named properties: a tool's input schema. */
export function objectSchema(props: readonly Prop[]): Schema {
  return ordered(objectFields(props, undefined))
}
