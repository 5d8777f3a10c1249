/**
 * A bottom-up map over a JSON Schema's subschemas, by the keywords of JSON Schema 2020-12 that hold them
 * (https://json-schema.org/draft/2020-12/json-schema-core#section-10): a keyword not listed here is a
 * value, never descended into. Used by the listed-schema pass and the provider profiles, so both keep
 * working when the compiler starts writing `$defs`/`$ref` or other keywords.
 */
import type { Schema } from './schema.ts'

/** Keywords whose value is one subschema. */
export const SUBSCHEMA_ONE: ReadonlySet<string> = new Set(['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedItems', 'unevaluatedProperties'])
/** Keywords whose value is a list of subschemas. */
export const SUBSCHEMA_LIST: ReadonlySet<string> = new Set(['prefixItems', 'anyOf', 'allOf', 'oneOf'])
/** Keywords whose value maps names to subschemas. */
export const SUBSCHEMA_MAP: ReadonlySet<string> = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas'])

/** The names in a schema's `type` (one, a list, or none). */
export const types = (s: Schema): string[] => (typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as string[]) : [])

export const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * `f` applied to every subschema, children first, then to the schema itself; `path` is a JSON Pointer
 * to the schema. `f` returns the replacement (it may return its argument unchanged).
 */
export function mapSchema(schema: Schema, f: (s: Schema, path: string) => Schema, path = ''): Schema {
  const out: Schema = {}
  for (const [k, v] of Object.entries(schema)) {
    if (SUBSCHEMA_ONE.has(k) && isSchema(v)) out[k] = mapSchema(v, f, `${path}/${k}`)
    else if (SUBSCHEMA_LIST.has(k) && Array.isArray(v)) out[k] = v.map((s, i) => (isSchema(s) ? mapSchema(s, f, `${path}/${k}/${i}`) : s))
    else if (SUBSCHEMA_MAP.has(k) && isSchema(v)) {
      const m: Schema = {}
      for (const [name, s] of Object.entries(v)) m[name] = isSchema(s) ? mapSchema(s, f, `${path}/${k}/${pointer(name)}`) : s
      out[k] = m
    } else out[k] = v
  }
  return f(out, path)
}

/** A JSON Pointer reference token (RFC 6901). */
export const pointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1')
