/**
 * OpenAI function calling with `strict: true`. Rules, from OpenAI's documents:
 * - Function calling, strict mode (https://platform.openai.com/docs/guides/function-calling#strict-mode):
 *   `additionalProperties` must be false on each object, and every field in `properties` must be in
 *   `required`; an optional field is written required with `null` among its types.
 * - Structured Outputs, supported schemas (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas):
 *   types string, number, boolean, integer, object, array, enum, anyOf; definitions with $ref/$defs and
 *   recursion are supported; supported properties: strings `pattern`, `format` (date-time, time, date,
 *   duration, email, hostname, ipv4, ipv6, uuid); numbers `multipleOf`, `maximum`, `exclusiveMaximum`,
 *   `minimum`, `exclusiveMinimum`; arrays `minItems`, `maxItems`. The root must be an object, not anyOf.
 *   Limits: up to 5000 object properties and 10 levels of nesting; up to 1000 enum values in total.
 * - Function names: a-z, A-Z, 0-9, underscores and dashes, at most 64 characters
 *   (https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools).
 * Everything else (default, minLength, maxLength, uniqueItems, contentEncoding, prefixItems, other formats,
 * keywords added later such as `deprecated`) moves into the description. A map (`Record<string, T>`), a
 * free-form object (`JsonObject`) or an untyped part (`unknown`) cannot be written and is refused.
 */
import type { Schema } from '../../schema/schema.ts'
import { mapSchema, types } from '../../schema/schema-walk.ts'
import { openObject, Pass, untyped, type ProfiledTool, type ToolEntry } from './rewrite.ts'

const NAME = /^[a-zA-Z0-9_-]{1,64}$/
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'])
const ANY = new Set(['type', 'title', 'enum', 'const', 'anyOf', '$ref', '$defs', 'definitions'])
const BY_TYPE: Record<string, Set<string>> = {
  object: new Set(['properties', 'required', 'additionalProperties']),
  array: new Set(['items', 'minItems', 'maxItems']),
  string: new Set(['pattern', 'format']),
  number: new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']),
  integer: new Set(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']),
}
const LIMITS = { properties: 5000, depth: 10, enumValues: 1000 }

/** `s` that also accepts null (required-with-null is how strict mode spells optional). */
function orNull(s: Schema): Schema {
  if (Array.isArray(s.anyOf)) return s.anyOf.some((m) => (m as Schema).type === 'null') ? s : { ...s, anyOf: [...s.anyOf, { type: 'null' }] }
  if (s.type === undefined) return { anyOf: [s, { type: 'null' }] }
  const t = types(s)
  const out: Schema = { ...s, type: t.includes('null') ? s.type : [...t, 'null'] }
  if (Array.isArray(s.enum) && !s.enum.includes(null)) out.enum = [...s.enum, null]
  return out
}

/** Whether a listed part already takes null (its own type does). */
function takesNull(s: Schema): boolean {
  if (types(s).includes('null') || (Array.isArray(s.enum) && s.enum.includes(null)) || ('const' in s && s.const === null)) return true
  return Array.isArray(s.anyOf) && s.anyOf.some((m) => takesNull(m as Schema))
}

/** `required` set to `names`, right after `properties` (SCHEMA.md's keyword order). */
function withRequired(s: Schema, names: string[]): Schema {
  const out: Schema = {}
  for (const [k, v] of Object.entries(s)) {
    if (k === 'required') continue
    out[k] = v
    if (k === 'properties') out.required = names
  }
  return out
}

export function openaiStrict(tool: ToolEntry): ProfiledTool {
  const pass = new Pass()
  if (!NAME.test(tool.name)) pass.refuse('', `The tool name '${tool.name}' is not accepted by OpenAI: use 1 to 64 letters, digits, _ or - (for example ${tool.name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64)}).`)
  let properties = 0
  let enumValues = 0
  let depth = 0
  const schema = mapSchema(tool.inputSchema, (s, path) => {
    depth = Math.max(depth, path.split('/properties/').length - 1)
    if (untyped(s)) {
      pass.refuse(path, 'This part has no type (unknown, any or JsonValue), and OpenAI strict mode needs one. Give it a concrete type.')
      return s
    }
    const open = openObject(s)
    if (open) {
      pass.refuse(path, open === 'map'
        ? 'A map (Record<string, T> or an index signature) cannot be written in OpenAI strict mode, which requires additionalProperties: false on every object. Use an array of { key, value } objects, or an object type with named properties.'
        : 'A free-form object (JsonObject or object) cannot be written in OpenAI strict mode, which requires every property to be named. Use an object type with named properties.')
      return s
    }
    if (Array.isArray(s.enum)) enumValues += s.enum.length
    let out = pass.moveOut(s, path, (k, v) => ANY.has(k) || (k === 'format' ? FORMATS.has(v as string) : types(s).some((t) => BY_TYPE[t]?.has(k))))
    if (out.properties && typeof out.properties === 'object') {
      const props = out.properties as Record<string, Schema>
      const names = Object.keys(props)
      properties += names.length
      const required = new Set((out.required as string[] | undefined) ?? [])
      const optional = names.filter((n) => !required.has(n))
      if (optional.length > 0) {
        const nextProps: Schema = {}
        for (const n of names) nextProps[n] = required.has(n) ? props[n] : orNull(props[n]!)
        out = withRequired({ ...out, properties: nextProps }, names)
        for (const n of optional) {
          const at = `${path}/properties/${n}`
          if (takesNull(props[n]!)) pass.lose(at, `optional and nullable, written required: a strict client can no longer leave '${n}' out, and sends null, which reaches the function as null (not as absent). If null and leaving it out mean different things, give the third state a value of its own (${n}?: T | 'unchanged') or a flag, or make '${n}' required.`)
          else pass.rewrite(at, 'optional, written required with null allowed (null means absent)')
        }
      }
      if (out.additionalProperties === undefined) out = { ...out, additionalProperties: false }
    }
    return out
  })
  if (properties > LIMITS.properties) pass.refuse('', `The schema has ${properties} object properties; OpenAI strict mode allows ${LIMITS.properties}. Split the tool.`)
  if (depth > LIMITS.depth) pass.refuse('', `The schema nests objects ${depth} levels deep; OpenAI strict mode allows ${LIMITS.depth}. Flatten the parameters.`)
  if (enumValues > LIMITS.enumValues) pass.refuse('', `The schema lists ${enumValues} enum values; OpenAI strict mode allows ${LIMITS.enumValues}. Use a string with a pattern or fewer values.`)
  return pass.result(tool, schema)
}
