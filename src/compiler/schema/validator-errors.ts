/**
 * The error objects of generated validators: what the argument error lines read (`instancePath`, `keyword`,
 * `params` as literals, the value as `data`), pushed through one helper per module, with no `schemaPath`
 * and no copy of the schema. Used by validator-code.ts as it rewrites ajv's source.
 */
import { _ } from 'ajv/dist/compile/codegen/index.js'

/**
 * The line with the contents of its string literals replaced by `_` (same length), so text inside a
 * schema (a property named `schemaPath`, a description that says `require(`) is never taken for code.
 * Regular-expression formats are whole lines of their own (`const formats0 = /…/i;`) and are blanked.
 */
export function mask(line: string): string {
  if (/^const formats\d+ = \/.*\/[a-z]*;$/.test(line)) return ''
  return line.replace(/"((?:[^"\\]|\\.)*)"/g, (_m, inner: string) => `"${'_'.repeat(inner.length)}"`)
}
/**
 * `{instancePath…,schemaPath:"#/…",keyword:…,params:…,schema:…,parentSchema:…,data:…}` →
 * `{instancePath…,keyword:…,params:…,data:…}`: no schema path, no reference into a copy of the schema.
 */
export function errorObject(line: string): string {
  if (!/^const err\d+ = \{instancePath/.test(line)) return line
  const masked = mask(line)
  const at = /,schemaPath:"_*",keyword:/.exec(masked)
  const schema = masked.lastIndexOf(',schema:')
  const data = masked.lastIndexOf(',data')
  if (!at || schema < 0 || data < schema || !/^,data(?::[\w$]+)?\}/.test(masked.slice(data))) {
    throw new Error(`Validator: unexpected error object from ajv: ${line}`)
  }
  const end = at.index + at[0].length - ',keyword:'.length
  return line.slice(0, at.index) + line.slice(end, schema) + line.slice(data)
}

/** `schema0.properties.priority.enum` → `["low","normal","high"]`: the value itself, not a path into a copy of the schema. */
export function literals(line: string, schemas: ReadonlyMap<string, unknown>): string {
  if (schemas.size === 0) return line
  const masked = mask(line)
  let out = ''
  let last = 0
  for (const m of masked.matchAll(/(?<![\w$.])(schema\d+)((?:\.[A-Za-z_$][\w$]*|\[\d+\]|\["_*"\])*)/g)) {
    if (!schemas.has(m[1]!)) continue
    let value = schemas.get(m[1]!)
    const path = line.slice(m.index + m[1]!.length, m.index + m[0].length)
    for (const step of path.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)) {
      const key = step[1] ?? step[2] ?? JSON.parse(step[3]!)
      value = (value as Record<string, unknown>)[key]
    }
    out += line.slice(last, m.index) + JSON.stringify(value)
    last = m.index + m[0].length
  }
  return out + line.slice(last)
}

/** The one helper every error goes through (defined once per module's validators, see `wrap`). */
export const PUSH = 'pushError'
export const PUSH_HELPER = `function ${PUSH}(list, instancePath, keyword, params, data){\n(list ??= []).push({instancePath,keyword,params,data});\nreturn list;\n}`

/**
 * ajv's seven lines per error (`const err0 = {…}; if(vErrors === null){…} … errors++;`) → two, through one
 * helper: `vErrors = pushError(vErrors, instancePath+"/a", "type", {type: "integer"}, data0);` (the object's keys
 * are written once instead of at every check; `data` is the value the error is about).
 */
export function pushes(code: string): string {
  return code.replace(
    /^const (err\d+) = (\{.*\});\nif\(vErrors === null\)\{\nvErrors = \[\1\];\n\}\nelse \{\nvErrors\.push\(\1\);\n\}\nerrors\+\+;$/gm,
    (_m, _err, object: string) => `vErrors = ${PUSH}(vErrors, ${errorArguments(object)});\nerrors++;`,
  )
}

/** `{instancePath:X,keyword:"k",params:P,data:D}` (or shorthand `instancePath`, `data`) → `X, "k", P, D`. */
function errorArguments(object: string): string {
  // Inside `not` and `if`, ajv records a subschema's failures as `{}`, and drops them once it has its answer.
  if (object === '{}') return 'instancePath, "", {}, undefined'
  const masked = mask(object)
  const keyword = masked.indexOf(',keyword:')
  const params = masked.indexOf(',params:', keyword)
  const data = masked.lastIndexOf(',data')
  if (!object.startsWith('{instancePath') || keyword < 0 || params < 0 || data < params || !object.endsWith('}')) {
    throw new Error(`Validator: unexpected error object from ajv: ${object}`)
  }
  const path = object.slice('{instancePath'.length, keyword)
  // minimum/maximum: the argument lines need only the limit (the keyword says which side).
  const rest = object.slice(params + ',params:'.length, data).replace(/^\{comparison: "(?:<=|>=|<|>)", /, '{')
  const value = object.slice(data + ',data'.length, -1)
  return [path.startsWith(':') ? path.slice(1) : 'instancePath', object.slice(keyword + ',keyword:'.length, params), rest, value.startsWith(':') ? value.slice(1) : 'data'].join(', ')
}
