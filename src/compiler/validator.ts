/**
 * Build time: one JSON Schema 2020-12 → the source of a standalone ajv validator, as a JS expression
 * that ESM generated code can hold in a `const`. ajv's "ESM" standalone output still calls `require()` for
 * its helpers; they are rewritten here to the identifiers of RUNTIME_IMPORT (mcp-aot's own ESM copies).
 *
 * The result looks like:
 *
 *   (() => {
 *   const schema0 = {…};
 *   const formats0 = /^…$/i;
 *   function validate0(data, {instancePath="", …}={}){
 *   …
 *   }
 *   return validate0
 *   })()
 */
import Ajv2020Module from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import standaloneModule from 'ajv/dist/standalone/index.js'
import { _, Name, ValueScope } from 'ajv/dist/compile/codegen/index.js'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import { formats as runtimeFormats } from '../runtime/ajv/formats.ts'

// CommonJS modules seen from ESM: the class/function is the module itself, and also its `.default`.
const Ajv2020 = Ajv2020Module.default
const addFormats = addFormatsModule.default
const standaloneCode = standaloneModule.default
type Ajv = InstanceType<typeof Ajv2020>

/** The identifiers generated validators use, bound by `runtimeImport`. */
export const UCS2LENGTH = '__mcp_ucs2length'
export const EQUAL = '__mcp_equal'
/** What ajv writes for the formats object; each `__mcp_formats.x` becomes its own import, `__mcp_format_x`. */
const FORMATS = '__mcp_formats'
const FORMAT_PREFIX = '__mcp_format_'

/** `date-time` → `__mcp_format_date_time`: one import per format, so a bundle keeps only the checks it uses. */
const formatIdentifier = (key: string) => FORMAT_PREFIX + key.replace(/-/g, '_')

/**
 * The import line for generated code: only the helpers `code` uses (plus `extra`, e.g. `table as __mcp_table`),
 * so a bundle carries no helper it does not call.
 */
export function runtimeImport(code: string, extra: readonly string[] = []): string {
  const used = new Set(code.match(/\b__mcp_(?:ucs2length|equal|format_\w+)\b/g) ?? [])
  const names = [...extra, ...[...used].sort().map((id) => `${id.slice('__mcp_'.length)} as ${id}`)]
  return names.length === 0 ? '' : `import { ${names.join(', ')} } from 'mcp-aot/internal'`
}

/** The import line for every helper (for tests that load one validator alone). */
export const RUNTIME_IMPORT = runtimeImport(
  [UCS2LENGTH, EQUAL, ...['uri', 'date', 'time', 'date-time'].map(formatIdentifier)].join(' '),
)

/** The `format` values SCHEMA.md writes; any other format is a build error (ajv strict mode). */
export const FORMAT_NAMES = [
  'email',
  'uri',
  'uuid',
  'date',
  'time',
  'date-time',
  'duration',
  'hostname',
  'ipv4',
  'ipv6',
] as const

/** `require(…)` expressions ajv writes into standalone code, and what each becomes. */
const REQUIRES: readonly (readonly [string, string])[] = [
  ['require("ajv/dist/runtime/ucs2length").default', UCS2LENGTH],
  ['require("ajv/dist/runtime/equal").default', EQUAL],
  ['require("ajv-formats/dist/formats").fullFormats', FORMATS],
]

let cached: Ajv | undefined

function instance(): Ajv {
  if (cached) return cached
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    useDefaults: false,
    messages: false,
    // Format functions are referenced as `__mcp_formats.name`; regular-expression formats are inlined.
    code: { source: true, esm: true, lines: true, formats: _`${new Name(FORMATS)}` },
  })
  addFormats(ajv, [...FORMAT_NAMES])
  // Compile the meta-schema now, so its names never land in a user schema's scope (see compileValidator).
  ajv.validateSchema({})
  cached = ajv
  return ajv
}

/**
 * Compiles one schema into a JS expression (an IIFE) evaluating to its validate function. `name` is a
 * unique JS identifier suffix (`v0`); the IIFE keeps every helper name local, so several validators can
 * share one module. Throws when the schema is refused by ajv's strict mode, or when the generated code
 * needs a helper the runtime does not provide.
 */
export function compileValidator(schema: object, name: string): string {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`compileValidator: '${name}' is not a JS identifier`)
  const ajv = instance()
  // ajv numbers helper names (schema31, validate20, …) in one scope per instance, so names would depend
  // on what was compiled before. A fresh value scope per schema makes the output depend on the schema alone.
  ;(ajv as { scope: ValueScope }).scope = new ValueScope({ ...ajv.scope.opts, scope: {} })
  let source: string
  try {
    const validate = ajv.compile(schema)
    source = standaloneCode(ajv, validate)
  } catch (error) {
    throw new Error(`Validator ${name}: ajv refused the schema: ${(error as Error).message}`, { cause: error })
  } finally {
    ajv.removeSchema(schema)
  }
  return standaloneToExpression(source, name)
}

/**
 * ajv's ESM standalone module text (one validator, `lines: true`) → the IIFE expression compileValidator
 * returns. Exported for tests; throws when a `require(` (or `eval(`, `new Function`) survives the rewrite.
 */
export function standaloneToExpression(source: string, name: string): string {
  return wrap(rewrite(source, name), name)
}

/** Turns ajv's ESM standalone module text into statements plus the validate function's name. */
function rewrite(source: string, name: string): { body: string; fn: string } {
  const lines = source.split('\n')
  let fn: string | undefined
  const body: string[] = []
  for (let line of lines) {
    if (line === '"use strict";' || line === '') continue
    const exported = /^export (?:const validate =|default) (\w+);$/.exec(line)
    if (exported) {
      fn = exported[1]
      continue
    }
    for (const [from, to] of REQUIRES) line = line.split(from).join(to)
    line = line.replace(new RegExp(`^const (\\w+) = ${FORMATS}(?:\\.([\\w$]+)|\\["([^"]+)"\\]);$`), (_m, local, a, b) => `const ${local} = ${formatIdentifier(a ?? b)};`)
    body.push(line)
  }
  if (!fn) throw new Error(`Validator ${name}: ajv's standalone code has no export`)
  check(body, name)
  return { body: body.join('\n'), fn }
}

/** Refuses code that would not run as plain ESM on the edge, and formats the runtime lacks. */
function check(lines: readonly string[], name: string): void {
  for (const line of lines) {
    const code = withoutStrings(line)
    for (const banned of ['require(', 'new Function', 'eval(', 'import(']) {
      if (code.includes(banned)) {
        throw new Error(`Validator ${name}: the generated code still contains '${banned}' (a helper mcp-aot does not provide): ${line}`)
      }
    }
    const format = new RegExp(`^const \\w+ = ${FORMAT_PREFIX}(\\w+);$`).exec(line)
    if (format) {
      const key = FORMAT_NAMES.find((f) => formatIdentifier(f) === FORMAT_PREFIX + format[1]) ?? format[1]!
      const runtime = (runtimeFormats as Record<string, unknown>)[key]
      const built = (fullFormats as Record<string, unknown>)[key]
      if (runtime === undefined || typeof runtime !== typeof built) {
        throw new Error(`Validator ${name}: format '${key}' has no matching run-time check in mcp-aot/internal`)
      }
    } else if (code.includes(FORMATS) || code.includes(FORMAT_PREFIX)) {
      throw new Error(`Validator ${name}: unexpected use of the formats object: ${line}`)
    }
  }
}

/**
 * The line with its string contents blanked (`"…"` → `""`), so text inside a schema (a description
 * that says `require(`) is not mistaken for code. Regular-expression formats are whole lines of their
 * own (`const formats0 = /…/i;`) and are skipped the same way.
 */
function withoutStrings(line: string): string {
  if (/^const formats\d+ = \/.*\/[a-z]*;$/.test(line)) return ''
  return line.replace(/"(?:[^"\\]|\\.)*"/g, '""')
}

function wrap({ body, fn }: { body: string; fn: string }, name: string): string {
  return `(() => {\n// ${name}: standalone ajv validator\n${body}\nreturn ${fn}\n})()`
}
