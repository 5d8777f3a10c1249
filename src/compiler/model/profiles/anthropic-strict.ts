/**
 * Anthropic strict tool use (`strict: true` on a tool). Rules, from Anthropic's documents:
 * - Strict tool use (https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use) takes
 *   the JSON Schema subset of Structured Outputs.
 * - JSON Schema limitations (https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations):
 *   supported: object, array, string, integer, number, boolean, null; `enum` (strings, numbers, booleans
 *   or nulls), `const`, `anyOf`, `allOf` (limited), `$ref`/`$defs`/`definitions` (internal only),
 *   `default`, `required`, `additionalProperties` (set to false on every object), string `format` (date-time, time, date,
 *   duration, email, hostname, uri, ipv4, ipv6, uuid), array `minItems` of 0 or 1, simple `pattern`s.
 *   Not supported: recursive schemas; numerical constraints (minimum, maximum, multipleOf…); string
 *   constraints (minLength, maxLength); array constraints beyond minItems 0 or 1; additionalProperties
 *   other than false; regular expressions with backreferences, lookaround or word boundaries.
 * - Limits per request (same page): at most 20 strict tools, 24 optional parameters and 16 parameters
 *   with union types (anyOf or type arrays) across all strict schemas.
 * - Tool names match ^[a-zA-Z0-9_-]{1,64}$ (https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use).
 * Optional parameters stay optional (strict mode allows them). Unsupported keywords, and keywords added
 * later that the page does not list, move into the description.
 */
import { mapSchema, types } from '../../schema/schema-walk.ts'
import type { Schema } from '../../schema/schema.ts'
import { openObject, Pass, recursiveRefs, untyped, type Problem, type ProfiledTool, type ToolEntry } from './rewrite.ts'

const NAME = /^[a-zA-Z0-9_-]{1,64}$/
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid'])
const ANY = new Set(['type', 'title', 'enum', 'const', 'anyOf', 'allOf', '$ref', '$defs', 'definitions', 'default'])
const BY_TYPE: Record<string, Set<string>> = {
  object: new Set(['properties', 'required', 'additionalProperties']),
  array: new Set(['items']),
}
/** Backreferences, lookaround, word boundaries. */
const COMPLEX_PATTERN = /\\[1-9]|\\k<|\(\?<?[=!]|\\[bB]/
const LIMITS = { tools: 20, optional: 24, unions: 16 }

function keep(s: Schema, k: string, v: unknown): boolean {
  if (ANY.has(k)) return true
  if (k === 'format') return FORMATS.has(v as string)
  if (k === 'pattern') return !COMPLEX_PATTERN.test(String(v))
  if (k === 'minItems') return v === 0 || v === 1
  if (k === 'additionalProperties') return v === false
  return types(s).some((t) => BY_TYPE[t]?.has(k))
}

export function anthropicStrict(tool: ToolEntry): ProfiledTool {
  const pass = new Pass()
  if (!NAME.test(tool.name)) pass.refuse('', `The tool name '${tool.name}' is not accepted by Anthropic: use 1 to 64 letters, digits, _ or - (for example ${tool.name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64)}).`)
  for (const ref of recursiveRefs(tool.inputSchema)) pass.refuse(ref === '#' ? '' : ref.slice(1), 'A recursive type cannot be written in Anthropic strict mode. Bound the depth with separate types (Node, Child, Leaf).')
  const schema = mapSchema(tool.inputSchema, (s, path) => {
    if (untyped(s)) {
      pass.refuse(path, 'This part has no type (unknown, any or JsonValue), and Anthropic strict mode needs one. Give it a concrete type.')
      return s
    }
    const open = openObject(s)
    if (open) {
      pass.refuse(path, `${open === 'map' ? 'A map (Record<string, T> or an index signature)' : 'A free-form object (JsonObject or object)'} cannot be written in Anthropic strict mode, which takes additionalProperties: false only. Use an object type with named properties, or an array of { key, value } objects.`)
      return s
    }
    return pass.moveOut(s, path, (k, v) => keep(s, k, v))
  })
  return pass.result(tool, schema)
}

/** A request-level problem: which tool, where. */
export interface RequestProblem extends Problem {
  tool: string
}

const isUnion = (s: Schema) => Array.isArray(s.anyOf) || (Array.isArray(s.type) && s.type.length > 1)

/**
 * The per-request limits over the tools a server lists together: a verdict on the list, one problem per
 * limit it exceeds, with the list's total, located at the part where the count crosses the limit.
 */
export function anthropicRequestLimits(tools: readonly ToolEntry[]): RequestProblem[] {
  const out: RequestProblem[] = []
  if (tools.length > LIMITS.tools) {
    const t = tools[LIMITS.tools]!
    out.push({ tool: t.name, path: '', message: `The list has ${tools.length} tools, and Anthropic strict mode takes at most ${LIMITS.tools} strict tools per request (the ${LIMITS.tools + 1}st is '${t.name}'). Mark only the tools that need strict mode, or split the server.` })
  }
  let optional = 0
  let unions = 0
  let optionalAt: RequestProblem | undefined
  let unionAt: RequestProblem | undefined
  for (const t of tools) {
    mapSchema(t.inputSchema, (s, path) => {
      if (s.properties && typeof s.properties === 'object') {
        const required = new Set((s.required as string[] | undefined) ?? [])
        for (const [name, child] of Object.entries(s.properties as Record<string, Schema>)) {
          const at = `${path}/properties/${name}`
          if (!required.has(name) && ++optional === LIMITS.optional + 1) optionalAt = { tool: t.name, path: at, message: `'${name}' of '${t.name}'` }
          if (isUnion(child) && ++unions === LIMITS.unions + 1) unionAt = { tool: t.name, path: at, message: `'${name}' of '${t.name}'` }
        }
      }
      return s
    })
  }
  if (optionalAt) out.push({ ...optionalAt, message: `The list's tools have ${optional} optional parameters, and Anthropic strict mode takes at most ${LIMITS.optional} across all strict tools of a request (the ${LIMITS.optional + 1}th is ${optionalAt.message}). Make some parameters required, or split the server.` })
  if (unionAt) out.push({ ...unionAt, message: `The list's tools have ${unions} parameters with union types, and Anthropic strict mode takes at most ${LIMITS.unions} across all strict tools of a request (the ${LIMITS.unions + 1}th is ${unionAt.message}). Replace some unions with one type, or split the server.` })
  return out
}
