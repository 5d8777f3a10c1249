/**
 * Gemini function declarations, `parameters` (the OpenAPI-style Schema). Rules, from Google's documents:
 * - Schema (https://ai.google.dev/api/caching#Schema): "a select subset of an OpenAPI 3.0 schema object";
 *   its fields: type (one of STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT, NULL: a single type, not a
 *   list), format, title, description, nullable, enum (values of a STRING), maxItems, minItems,
 *   properties, required, minProperties, maxProperties, minLength, maxLength, pattern, example, anyOf,
 *   propertyOrdering, default, items, minimum, maximum. No `additionalProperties`, `prefixItems`, `$ref`,
 *   `$defs`, `const`, `uniqueItems`, `contentEncoding`. Formats: for NUMBER float and double, for INTEGER
 *   int32 and int64, for STRING enum and date-time.
 * - FunctionDeclaration (https://ai.google.dev/api/caching#FunctionDeclaration): the name starts with a
 *   letter or an underscore and holds a-z, A-Z, 0-9, underscores, dots, colons and dashes, at most 64
 *   characters; `parameters` may be left unset for a function without parameters.
 * - Vertex AI FunctionDeclaration (https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration):
 *   parameter names start with a letter or an underscore and hold only a-z, A-Z, 0-9 and underscores, at
 *   most 64 characters.
 * - An OBJECT with empty `properties` is refused ("should be non-empty for OBJECT type": vercel/ai#3371,
 *   CherryHQ/cherry-studio#3270, pipecat-ai/pipecat-flows#110, UKGovernmentBEIS/inspect_ai#918).
 * - A function without parameters leaves `parameters` out, as the fixes confirmed against the API do
 *   (vercel/ai#3392, bug-ops/zeph#1674, fazer-ai/agents#67; SWE-agent/SWE-agent#1431 sends a bare
 *   {"type":"object"}, which the documents do not promise). The profile's entry has no `inputSchema`;
 *   served over MCP, whose Tool requires one, it is `{"type":"object"}` (index.ts servedEntry). gemini-cli's
 *   `parametersJsonSchema` takes JSON Schema and gets the portable schema.
 * Rewrites: `"type": [T, "null"]` and an `anyOf` member `{"type":"null"}` become `nullable: true`;
 * `additionalProperties: false` is left out (closed objects are the validator's job); non-string enums,
 * unsupported formats and keywords (including ones added later, such as `deprecated`) move into the
 * description. References, maps, free-form objects and untyped parts are refused.
 */
import { mapSchema, types } from '../../schema/schema-walk.ts'
import type { Schema } from '../../schema/schema.ts'
import { openObject, Pass, untyped, type ProfiledTool, type ToolEntry } from './rewrite.ts'

const NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/
const PARAM = /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/
const FIELDS = new Set(['type', 'format', 'title', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required', 'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering', 'default', 'items', 'minimum', 'maximum'])
const FORMATS: Record<string, Set<string>> = { string: new Set(['enum', 'date-time']), number: new Set(['float', 'double']), integer: new Set(['int32', 'int64']) }

/** One type plus `nullable` in place of a type list and of a `{"type":"null"}` anyOf member. */
function nullable(s: Schema, path: string, pass: Pass): Schema {
  let out = s
  const t = types(s)
  if (Array.isArray(s.type)) {
    const rest = t.filter((x) => x !== 'null')
    const isNull = rest.length < t.length
    if (rest.length === 1) out = { ...out, type: rest[0] }
    else {
      const { type: _, ...others } = out
      out = { anyOf: rest.map((x) => ({ type: x })), ...others }
    }
    if (isNull) out = withNullable(out)
    pass.rewrite(path, 'type list written as one type with nullable')
  }
  if (Array.isArray(out.anyOf) && out.anyOf.some((m) => (m as Schema).type === 'null')) {
    const members = (out.anyOf as Schema[]).filter((m) => m.type !== 'null')
    const { anyOf: _, ...others } = out
    out = members.length === 1 ? withNullable({ ...members[0], ...others }) : withNullable({ ...others, anyOf: members })
    pass.rewrite(path, 'null member of anyOf written as nullable')
  }
  if (Array.isArray(out.enum) && out.enum.includes(null)) {
    out = withNullable({ ...out, enum: out.enum.filter((v) => v !== null) })
  }
  return out
}

function withNullable(s: Schema): Schema {
  const out: Schema = {}
  for (const [k, v] of Object.entries(s)) {
    out[k] = v
    if (k === 'type') out.nullable = true
  }
  if (!('nullable' in out)) out.nullable = true
  return out
}

export function gemini(tool: ToolEntry): ProfiledTool {
  const pass = new Pass()
  let omitted = false
  if (!NAME.test(tool.name)) pass.refuse('', `The tool name '${tool.name}' is not accepted by Gemini: start with a letter or _, then letters, digits, _ . : or -, at most 64 characters.`)
  const schema = mapSchema(tool.inputSchema, (s, path) => {
    const references = 'Gemini parameters take no references ($ref/$defs), so a recursive or shared named type cannot be written. Inline the type, or bound its depth.'
    if (s.$ref) {
      pass.refuse(path, references)
      return s
    }
    if (s.$defs || s.definitions) pass.refuse(`${path}/${s.$defs ? '$defs' : 'definitions'}`, references)
    if (untyped(s)) {
      pass.refuse(path, 'This part has no type (unknown, any or JsonValue), and a Gemini Schema needs one. Give it a concrete type.')
      return s
    }
    const open = openObject(s)
    if (open) {
      pass.refuse(path, `${open === 'map' ? 'A map (Record<string, T> or an index signature)' : 'A free-form object (JsonObject or object)'} cannot be written as Gemini parameters, whose objects list their properties. Use an object type with named properties, or an array of { key, value } objects.`)
      return s
    }
    let out = nullable(s, path, pass)
    if (out.properties && typeof out.properties === 'object') {
      const names = Object.keys(out.properties as object)
      for (const n of names) if (!PARAM.test(n)) pass.refuse(`${path}/properties/${n}`, `The property name '${n}' is not accepted by Gemini: start with a letter or _, then letters, digits or _, at most 64 characters.`)
      if (names.length === 0 && path !== '') pass.refuse(path, 'An object with no properties is refused by Gemini. Give it named properties.')
      if (names.length === 0 && path === '') {
        // A function without parameters: `parameters` left out.
        pass.rewrite('', 'no parameters, parameters left out')
        omitted = true
        return out
      }
    }
    if (out.additionalProperties === false) {
      const { additionalProperties: _, ...rest } = out
      out = rest
    }
    const t = types(out)
    const stringEnum = Array.isArray(out.enum) && out.enum.every((v) => typeof v === 'string')
    return pass.moveOut(out, path, (k, v) => {
      if (k === 'enum') return stringEnum
      if (k === 'format') return t.some((x) => FORMATS[x]?.has(v as string))
      return FIELDS.has(k)
    })
  })
  return pass.result(tool, omitted ? undefined : schema)
}
