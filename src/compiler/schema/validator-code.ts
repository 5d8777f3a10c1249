/**
 * ajv's standalone source made true ESM that runs on the edge: its `require()`s become the identifiers of
 * mcp-aot/internal's helpers (`runtimeImport` writes the one import line), each format its own import, the
 * code made context-free and its work bounded, and anything that would not run as plain ESM refused.
 * Takes the source validator.ts got from ajv; hands on a JS expression generated code holds in a `const`.
 */
import { _ } from 'ajv/dist/compile/codegen/index.js'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import { formats as runtimeFormats } from '../../runtime/validators/formats.ts'
import { MAX_COLLECTED_ERRORS } from '../../runtime/call/arg-errors.ts'
import { mask, PUSH, PUSH_HELPER, errorObject, literals, pushes } from './validator-errors.ts'
/** The identifiers generated validators use, bound by `runtimeImport`. */
const UCS2LENGTH = '__mcp_ucs2length'
const EQUAL = '__mcp_equal'
/** What ajv writes for the formats object; each `__mcp_formats.x` becomes its own import, `__mcp_format_x`. */
export const FORMATS = '__mcp_formats'
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

/**
 * ajv's ESM standalone module text (one validator, `lines: true`) → the IIFE expression compileValidator
 * returns. Exported for tests; throws when a `require(` (or `eval(`, `new Function`) survives the rewrite.
 */
export function standaloneToExpression(source: string, name: string): string {
  const { body, fns } = rewrite(source, name)
  return wrap(body, `${name}: standalone ajv validator`, fns.validate!)
}

/**
 * Turns ajv's ESM standalone module text into statements plus the validate function of each export:
 * helpers become runtime imports, schema references become literals, error objects lose `schemaPath`,
 * and each error is pushed in one statement.
 */
export function rewrite(source: string, name: string): { body: string; fns: Record<string, string> } {
  const fns: Record<string, string> = {}
  const schemas = new Map<string, unknown>()
  const lines: string[] = []
  // An error object whose params ajv writes over several lines (dependentRequired's) is read as one line.
  const joined: string[] = []
  for (const line of source.split('\n')) {
    const last = joined.at(-1)
    if (last !== undefined && /^const err\d+ = \{/.test(last) && !last.endsWith('};')) joined[joined.length - 1] = `${last} ${line.trim()}`
    else joined.push(line)
  }
  for (let line of joined) {
    if (line === '"use strict";' || line === '') continue
    const exported = /^export (?:const (\w+) =|default) (\w+);$/.exec(line)
    if (exported) {
      fns[exported[1] ?? 'default'] ??= exported[2]!
      continue
    }
    const schema = /^const (schema\d+) = (.*);$/.exec(line)
    if (schema) schemas.set(schema[1]!, JSON.parse(schema[2]!))
    for (const [from, to] of REQUIRES) line = line.split(from).join(to)
    line = line.replace(new RegExp(`^const (\\w+) = ${FORMATS}(?:\\.([\\w$]+)|\\["([^"]+)"\\]);$`), (_m, local, a, b) => `const ${local} = ${formatIdentifier(a ?? b)};`)
    lines.push(line)
  }
  if (Object.keys(fns).length === 0) throw new Error(`Validator ${name}: ajv's standalone code has no export`)
  const inlined = lines.map((line) => (/^const (schema|formats)\d+ = /.test(line) ? line : literals(errorObject(line), schemas)))
  // A schema constant nothing refers to any more is left out (the references are collected in one pass:
  // a module of many tools has thousands of lines and hundreds of constants).
  const used = new Set<string>()
  for (const l of inlined) {
    const own = /^const (schema\d+) = /.exec(l)?.[1]
    for (const m of mask(l).matchAll(/(?<![\w$.])(schema\d+)\b/g)) if (m[1] !== own) used.add(m[1]!)
  }
  const body = inlined.filter((l) => !/^const schema\d+ = /.test(l) || used.has(/^const (\w+)/.exec(l)![1]!))
  check(body, name)
  return { body: bounded(withoutCounter(contextFree(pushes(body.join('\n'))))), fns }
}


/**
 * ajv passes an options object (`instancePath`, `parentData`, `parentDataProperty`, `rootData`) to every
 * validate function for keywords we never write; when no code reads the last three, each function takes
 * its instance path as a plain second parameter: `validate1(data, instancePath="")`, called as
 * `validate1(data.c, instancePath+"/c")`.
 */
function contextFree(code: string): string {
  const masked = mask(code)
  const signature = /\{instancePath="", parentData, parentDataProperty, rootData=data\}=\{\}/g
  const call = /\{instancePath:(.*?),parentData:[\w$]+,parentDataProperty:(?:"_*"|[\w$]+),rootData\}/g
  const rest = masked.replace(signature, '').replace(call, '')
  if (/\b(parentData|parentDataProperty|rootData)\b/.test(rest)) return code
  let out = ''
  let last = 0
  for (const m of [...masked.matchAll(signature), ...masked.matchAll(call)].sort((a, b) => a.index - b.index)) {
    const path = m[1] === undefined ? 'instancePath=""' : code.slice(m.index + '{instancePath:'.length, m.index + '{instancePath:'.length + m[1].length)
    out += code.slice(last, m.index) + path
    last = m.index + m[0].length
  }
  return out + code.slice(last)
}

/**
 * ajv keeps an error counter beside `vErrors`, and every path keeps `errors === (vErrors?.length ?? 0)`
 * (a push adds to both, a nested call sets the count from the list, an anyOf resets both). So the counter
 * can go: its reads become the list's length. Any other use of it leaves the code as it was.
 */
function withoutCounter(code: string): string {
  const count = 'vErrors === null ? 0 : vErrors.length'
  const out: string[] = []
  for (const line of code.split('\n')) {
    if (!/(?<![\w$.])errors\b/.test(mask(line))) out.push(line)
    else if (/^(?:let errors = 0|errors\+\+|errors = vErrors\.length|errors = _errs\d+);$/.test(line)) continue
    else if (line === 'return errors === 0;') out.push('return vErrors === null;')
    else if (/^const _errs\d+ = errors;$/.test(line)) out.push(line.replace(/errors;$/, `${count};`))
    else if (/^var [\w$]+ = _errs\d+ === errors;$/.test(line)) out.push(line.replace(/errors;$/, `(${count});`))
    else return code
  }
  return out.join('\n')
}

/**
 * Bounds the work of a validation (ajv's allErrors mode would check every item and key and list every
 * error): an array whose `maxItems` failed is not walked (its item loop and uniqueItems check see length
 * 0), and every loop over items or keys stops once the function's list holds MAX_COLLECTED_ERRORS errors.
 * Stopping only ever drops errors, never turns an invalid value valid (a loop stops only when errors exist).
 */
function bounded(code: string): string {
  const full = `(vErrors === null || vErrors.length < ${MAX_COLLECTED_ERRORS})`
  const lines = code.split('\n')
  const tooLong = new Map<string, string>()
  return lines
    .map((line, k) => {
      if (/^function validate\d+\(/.test(line)) tooLong.clear()
      const limit = /^if\((data\d*)\.length > (\d+)\)\{$/.exec(line)
      if (limit && /^vErrors = pushError\(.*, "maxItems", /.test(lines[k + 1] ?? '')) tooLong.set(limit[1]!, limit[2]!)
      const length = /^(const len\d+|let i\d+) = (data\d*)\.length;$/.exec(line)
      if (length && tooLong.has(length[2]!)) return `${length[1]} = ${length[2]}.length > ${tooLong.get(length[2]!)} ? 0 : ${length[2]}.length;`
      const items = /^for\(let (i\d+)=(\d+); \1<(len\d+); \1\+\+\)\{$/.exec(line)
      if (items) return `for(let ${items[1]}=${items[2]}; ${items[1]}<${items[3]} && ${full}; ${items[1]}++){`
      if (/^for\(const key\d+ (?:in|of) .*\)\{$/.test(line)) return `${line}\nif(!${full}) break;`
      return line
    })
    .join('\n')
}

/** Refuses code that would not run as plain ESM on the edge, and formats the runtime lacks. */
function check(lines: readonly string[], name: string): void {
  for (const line of lines) {
    const code = mask(line)
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

/** The error-pushing helper, where the code pushes errors. */
const pushHelper = (body: string) => (body.includes(`${PUSH}(`) ? `${PUSH_HELPER}\n` : '')

/** One validator as a module of its own (validator-modules.ts): its helpers imported, its function the default export. */
export function moduleText(body: string, result: string): string {
  const imports = runtimeImport(body)
  return `${imports ? `${imports};\n` : ''}// standalone ajv validator (mcp-aot)\n${pushHelper(body)}${body}\nexport default ${result}\n`
}

export function wrap(body: string, comment: string, result: string): string {
  return `(() => {\n// ${comment}\n${pushHelper(body)}${body}\nreturn ${result}\n})()`
}
