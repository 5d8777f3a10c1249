/**
 * Build time: JSON Schemas 2020-12 → the source of standalone ajv validators, as a JS expression that ESM
 * generated code can hold in a `const`. ajv's "ESM" standalone output still calls `require()` for its
 * helpers; they are rewritten here to the identifiers of RUNTIME_IMPORT (mcp-aot's own ESM copies).
 *
 * A module's schemas are compiled together (compileValidators), so the code is as small as the rules:
 * - only assertions reach ajv (descriptions and defaults are left out), so tools that validate alike share
 *   one function, and an object fragment used more than once (a named type such as `Customer`) is compiled
 *   once, as a function of its own the others call (a `$ref` seen by ajv only; published schemas stay inline);
 * - ajv's 2020-12 bookkeeping for `unevaluated*` and `$dynamicRef` is off (SCHEMA.md never writes them);
 * - error objects carry what the argument error lines read (`instancePath`, `keyword`, `params`, and the
 *   value itself as `data`), with the params as literals: no `schemaPath`, no copy of the schema;
 * - a failed `anyOf` reports the errors of the one branch the value's kind or tag selects, or else itself
 *   alone, naming the alternatives (src/compiler/schema/union-errors.ts); other branches' errors are dropped;
 * - the work is bounded: an array longer than its `maxItems` is not checked item by item, and loops over
 *   items or keys stop once MAX_COLLECTED_ERRORS errors are listed (an invalid call costs no more than a
 *   valid one of the same size, and its error list stays small).
 *
 * compileValidators({ __mcp_v0: a, __mcp_v1: b }) looks like:
 *
 *   (() => {
 *   // standalone ajv validators of __mcp_v0, __mcp_v1
 *   const formats0 = /^…$/i;
 *   function validate1(data, {instancePath="", …}={}){
 *   …
 *   vErrors = pushError(vErrors, instancePath+"/qty", "minimum", {limit: 1}, data1);
 *   …
 *   }
 *   function validate0(data, {instancePath="", …}={}){ … validate1(…) … }
 *   return [validate0, validate0]
 *   })()
 */
import Ajv2020Module from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import standaloneModule from 'ajv/dist/standalone/index.js'
import { _, getProperty, not, Name, or, stringify, ValueScope, type Code } from 'ajv/dist/compile/codegen/index.js'
import { propertyInData } from 'ajv/dist/vocabularies/code.js'
import { alwaysValidSchema } from 'ajv/dist/compile/util.js'
import type { KeywordCxt, KeywordDefinition } from 'ajv'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import { formats as runtimeFormats } from '../../runtime/validators/formats.ts'
import { MAX_COLLECTED_ERRORS } from '../../runtime/call/arg-errors.ts'
import { alternatives, dispatch, type Kind } from './union-errors.ts'
import { isSchema, SUBSCHEMA_LIST, SUBSCHEMA_MAP, SUBSCHEMA_ONE } from './schema-walk.ts'

// CommonJS modules seen from ESM: the class/function is the module itself, and also its `.default`.
const Ajv2020 = Ajv2020Module.default
const addFormats = addFormatsModule.default
const standaloneCode = standaloneModule.default
type Ajv = InstanceType<typeof Ajv2020>

/** The identifiers generated validators use, bound by `runtimeImport`. */
const UCS2LENGTH = '__mcp_ucs2length'
const EQUAL = '__mcp_equal'
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
const FORMAT_NAMES = [
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

/** Keywords that only annotate: they never change a validation result, so ajv does not see them. */
const ANNOTATIONS = new Set([
  'description', 'default', 'title', 'examples', '$comment', 'deprecated', 'readOnly', 'writeOnly',
  'contentEncoding', 'contentMediaType', 'contentSchema',
])
/**
 * Keywords the validators do not support: references other than a recursive type's local ones (`$defs` at
 * the root, `{"$ref":"#/$defs/Name"}`; the other `$ref`s are the shared fragments made here) and those that
 * need the bookkeeping switched off below.
 */
const REFUSED = new Set([
  '$id', 'definitions', '$anchor', '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor',
  'unevaluatedProperties', 'unevaluatedItems',
])
const LOCAL_REF = '#/$defs/'

/** The `$ref` prefix of shared fragments while a module compiles (`mcp-aot:s0`); tools are `mcp-aot:t0`. */
const KEY = 'mcp-aot:'

type Node = Record<string, unknown>

/** A branch as written, or the shared fragment its `$ref` names (see `share`). */
function resolver(it: KeywordCxt['it']): (branch: unknown) => Node {
  const schemas = (it.self as unknown as { schemas: Record<string, { schema: unknown } | undefined> }).schemas
  return (branch) => {
    const ref = isSchema(branch) ? branch.$ref : undefined
    if (typeof ref !== 'string') return isSchema(branch) ? branch : {}
    const env = schemas[ref]
    return isSchema(env?.schema) ? env.schema : {}
  }
}

/** The test that a value (`data`) is of a JSON kind. */
const KIND_TEST: Record<Kind, (data: Code) => Code> = {
  null: (data) => _`${data} === null`,
  boolean: (data) => _`typeof ${data} == "boolean"`,
  number: (data) => _`typeof ${data} == "number"`,
  string: (data) => _`typeof ${data} == "string"`,
  array: (data) => _`Array.isArray(${data})`,
  object: (data) => _`${data} && typeof ${data} == "object" && !Array.isArray(${data})`,
}

/**
 * ajv's `anyOf`, with errors that lead to the fix (src/compiler/schema/union-errors.ts decides which).
 * - A union whose branches a value's JSON kind, or an object's tag (`kind`), tells apart checks the one
 *   branch the value selects and keeps that branch's errors (`shape.radius must be >= 0`). A value that
 *   selects none is one error of the anyOf, its params naming the alternatives, and the tag and its values
 *   when there is one (`{alternatives, tag, allowedValues}`), so the runtime tells a missing or unknown
 *   tag (`shape.kind must be one of: circle, rect`) from a value of another kind.
 * - Any other union reports a failure by its own error alone, its params naming the alternatives; its
 *   branches' errors are dropped where they arise, so the runtime needs no schema paths to tell them
 *   apart. (ajv's own anyOf keeps them; it drops them only when a branch matches.)
 */
const anyOf: KeywordDefinition = {
  keyword: 'anyOf',
  schemaType: 'array',
  trackErrors: true,
  error: { message: 'must match a schema in anyOf', params: ({ params }) => (params.literal as Code | undefined) ?? _`{}` },
  code(cxt: KeywordCxt) {
    const { gen, schema, keyword, it, data } = cxt
    if ((schema as unknown[]).some((s) => alwaysValidSchema(it, s as object))) return
    const resolve = resolver(it)
    const branches = (schema as unknown[]).map(resolve)
    const routes = dispatch(branches, resolve)
    const named = alternatives(branches, resolve, routes)
    if (routes) {
      const matched = gen.let('matched', false)
      const valid = gen.name('_valid')
      const check = (i: number) => {
        gen.assign(matched, true)
        cxt.subschema({ keyword, schemaProp: i, compositeRule: true }, valid)
      }
      routes.forEach((route, k) => {
        const test = or(...route.kinds.map((kind) => KIND_TEST[kind](data)))
        if (k === 0) gen.if(test)
        else gen.elseIf(test)
        if ('branch' in route) return check(route.branch)
        gen.if(propertyInData(gen, data, route.tag, true), () => {
          const tag = gen.const('tag', _`${data}${getProperty(route.tag)}`)
          route.cases.forEach(([literal, i], c) => {
            const same = _`${tag} === ${literal}`
            if (c === 0) gen.if(same)
            else gen.elseIf(same)
            check(i)
          })
          gen.endIf()
        })
      })
      gen.endIf()
      const tagged = routes.find((r) => 'tag' in r)
      const params = { alternatives: named, ...(tagged && 'tag' in tagged && { tag: tagged.tag, allowedValues: tagged.cases.map(([v]) => v) }) }
      gen.if(not(matched), () => cxt.error(false, { literal: stringify(params) }))
      return
    }
    const valid = gen.let('valid', false)
    const branchValid = gen.name('_valid')
    gen.block(() =>
      (schema as unknown[]).forEach((_s, i) => {
        cxt.subschema({ keyword, schemaProp: i, compositeRule: true }, branchValid)
        gen.assign(valid, _`${valid} || ${branchValid}`)
        gen.if(not(valid))
      }),
    )
    cxt.reset()
    cxt.setParams({ literal: stringify({ alternatives: named }) })
    cxt.pass(valid)
  },
}

let cached: Ajv | undefined

function instance(): Ajv {
  if (cached) return cached
  const ajv = new Ajv2020({
    strict: true,
    // `{}` and `object` are written as a list of types ({"type":["array","object"]}).
    allowUnionTypes: true,
    allErrors: true,
    // Properties are own properties: `toString`, `constructor` are never read from Object.prototype.
    ownProperties: true,
    useDefaults: false,
    messages: false,
    // Each error carries the value it is about (`data`), so a line can echo a short one (`got 1001`);
    // the `schema` and `parentSchema` this also writes are cut from the error objects (see errorObject).
    verbose: true,
    // A shared fragment stays a function of its own, called from every place that uses it.
    inlineRefs: false,
    // Format functions are referenced as `__mcp_formats.name`; regular-expression formats are inlined.
    code: { source: true, esm: true, lines: true, formats: _`${new Name(FORMATS)}` },
  })
  addFormats(ajv, [...FORMAT_NAMES])
  ajv.removeKeyword('anyOf')
  ajv.addKeyword(anyOf)
  knownNames(ajv)
  // Compile the meta-schema now (with the 2020-12 options it needs), so its names never land in a user
  // schema's scope (see compile).
  ajv.validateSchema({})
  cached = ajv
  return ajv
}

/**
 * A closed object's `additionalProperties` error names the object's properties too (`{additionalProperty,
 * known: ["color", "size"]}`), so the runtime can suggest the nearest one without the schema.
 */
function knownNames(ajv: Ajv): void {
  const def = ajv.getKeyword('additionalProperties')
  if (typeof def !== 'object' || !def.error) throw new Error('ajv has no additionalProperties keyword to extend')
  def.error = {
    ...def.error,
    params: ({ params, parentSchema }) => {
      const known = isSchema(parentSchema) && isSchema(parentSchema.properties) ? Object.keys(parentSchema.properties) : []
      return _`{additionalProperty: ${params.additionalProperty}, known: ${stringify(known)}}`
    },
  }
}

/**
 * Compiles one schema into a JS expression (an IIFE) evaluating to its validate function. `name` is a
 * JS identifier (`v0`) used in comments and messages; the IIFE keeps every helper name local, so several
 * validators can share one module. Throws when the schema is refused by ajv's strict mode, or when the
 * generated code needs a helper the runtime does not provide.
 */
export function compileValidator(schema: object, name: string): string {
  const { body, fns } = compile([[name, schema]])
  return wrap(body, `${name}: standalone ajv validator`, fns[0]!)
}

/**
 * Compiles the schemas of one module together into a JS expression (an IIFE) evaluating to an array of
 * validate functions, one per entry of `schemas` in its order (`const [__mcp_v0, __mcp_v1] = …`). Keys
 * are JS identifiers naming the validators in comments and messages. Entries that validate alike get the
 * same function; fragments used more than once are compiled once.
 */
export function compileValidators(schemas: Readonly<Record<string, object>>): string {
  const entries = Object.entries(schemas)
  const { body, fns } = compile(entries)
  return wrap(body, `standalone ajv validators of ${entries.map(([name]) => name).join(', ')}`, `[${fns.join(', ')}]`)
}

/**
 * A schema ajv refused while compiling the validators: which entry, and where in its schema when ajv said
 * (`/properties/args/items`), and why in mcp-aot's words (`reason`); the message is ajv's. The compiler
 * turns it into a diagnostic at the TypeScript location (emit.ts), so ajv's text never reaches a build.
 */
export class SchemaRefused extends Error {
  readonly entry: string
  readonly reason: string
  readonly path: string | undefined
  constructor(entry: string, ajvText: string, reason: string, path?: string) {
    super(`Validator ${entry}: ajv refused the schema: ${ajvText}`)
    this.entry = entry
    this.reason = reason
    this.path = path
  }
}

/** Statements plus, per entry, the name of its validate function. */
function compile(entries: readonly (readonly [string, object])[]): { body: string; fns: string[] } {
  const ajv = instance()
  for (const [name, schema] of entries) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`compileValidator: '${name}' is not a JS identifier`)
    // The published schema itself must be valid, annotations included (ajv checks assertions below).
    if (!ajv.validateSchema(schema)) {
      const first = ajv.errors?.[0]
      const where = first?.instancePath ?? ''
      throw new SchemaRefused(name, ajv.errorsText(ajv.errors), `its ${first?.keyword ?? 'form'} rule fails at ${where.replace(/^\//, '') || 'the top'}`, where)
    }
  }
  const { roots, shared, indexes } = share(entries.map(([name, schema]) => assertions(schema, name) as object))
  // ajv numbers helper names (schema31, validate20, …) in one scope per instance, so names would depend
  // on what was compiled before. A fresh value scope per module makes the output depend on its schemas alone.
  ;(ajv as { scope: ValueScope }).scope = new ValueScope({ ...ajv.scope.opts, scope: {} })
  // Ajv2020 forces these on; switched off while compiling, so no `evaluated`/`dynamicAnchors` code is written.
  const opts = ajv.opts as { unevaluated: boolean; dynamicRef: boolean }
  const saved = { unevaluated: opts.unevaluated, dynamicRef: opts.dynamicRef }
  Object.assign(opts, { unevaluated: false, dynamicRef: false })
  let source: string
  try {
    shared.forEach((s, k) => ajv.addSchema(s, `${KEY}s${k}`))
    const exports: Record<string, string> = {}
    roots.forEach((root, k) => {
      const name = entries[indexes.indexOf(k)]![0]
      try {
        ajv.addSchema(root, `${KEY}t${k}`)
        ajv.getSchema(`${KEY}t${k}`)
      } catch (error) {
        throw new SchemaRefused(name, (error as Error).message, 'it could not be compiled into a validator')
      }
      exports[`t${k}`] = `${KEY}t${k}`
    })
    source = standaloneCode(ajv, exports)
  } finally {
    Object.assign(opts, saved)
    ajv.removeSchema(new RegExp(`^${KEY}`))
  }
  const { body, fns } = rewrite(source, entries.map(([name]) => name).join(', '))
  return { body, fns: indexes.map((k) => fns[`t${k}`]!) }
}

/** The schema without annotations, checked for keywords the validators do not support. */
function assertions(schema: unknown, name: string): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(schema)) {
    if (ANNOTATIONS.has(k)) continue
    if (REFUSED.has(k) || (k === '$ref' && !String(v).startsWith(LOCAL_REF))) {
      throw new Error(`Validator ${name}: '${k}' is not supported (schemas are written inline)`)
    }
    if (SUBSCHEMA_MAP.has(k) && typeof v === 'object' && v !== null) {
      out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, assertions(s, name)]))
    } else if (SUBSCHEMA_ONE.has(k)) out[k] = assertions(v, name)
    else if (SUBSCHEMA_LIST.has(k) && Array.isArray(v)) out[k] = v.map((s) => assertions(s, name))
    else out[k] = v
  }
  return out
}

/** The subschemas directly inside `node`, with a way to replace each. */
function children(node: Node): { get: () => unknown; set: (v: unknown) => void }[] {
  const out: { get: () => unknown; set: (v: unknown) => void }[] = []
  for (const [k, v] of Object.entries(node)) {
    if (SUBSCHEMA_MAP.has(k) && isSchema(v)) {
      for (const p of Object.keys(v)) out.push({ get: () => v[p], set: (s) => (v[p] = s) })
    } else if (SUBSCHEMA_ONE.has(k)) out.push({ get: () => node[k], set: (s) => (node[k] = s) })
    else if (SUBSCHEMA_LIST.has(k) && Array.isArray(v)) v.forEach((_s, i) => out.push({ get: () => v[i], set: (s) => (v[i] = s) }))
  }
  return out
}

/** Worth a function of its own when used twice: an object with properties (a named type), or a union. */
const shareable = (node: Node) => isSchema(node.properties) && Object.keys(node.properties).length > 0 || Array.isArray(node.anyOf)

/**
 * Identical roots become one; then, largest first, every fragment used more than once (in the roots or in
 * fragments already shared) becomes a shared schema of its own, referenced by `$ref`. Deterministic: the
 * order depends on the schemas alone. `indexes[i]` is the root of entry i.
 */
function share(schemas: readonly object[]): { roots: object[]; shared: Node[]; indexes: number[] } {
  const roots: object[] = []
  const seen = new Map<string, number>()
  const indexes = schemas.map((s) => {
    const key = JSON.stringify(s)
    let k = seen.get(key)
    if (k === undefined) seen.set(key, (k = roots.push(s) - 1))
    return k
  })
  const shared: Node[] = []
  for (const root of roots) hoist(root as Node, shared)
  for (;;) {
    // Every fragment below a root or a shared schema, by its JSON text, in order of first appearance.
    const uses = new Map<string, { node: Node; count: number }>()
    const visit = (node: unknown) => {
      if (!isSchema(node)) return
      for (const child of children(node)) {
        const c = child.get()
        if (!isSchema(c)) continue
        if (shareable(c)) {
          const key = JSON.stringify(c)
          const use = uses.get(key)
          if (use) use.count++
          else uses.set(key, { node: c, count: 1 })
        }
        visit(c)
      }
    }
    roots.forEach(visit)
    shared.forEach(visit)
    let best: [string, Node] | undefined
    for (const [key, { node, count }] of uses) if (count > 1 && (!best || key.length > best[0].length)) best = [key, node]
    if (!best) break
    const [key, node] = best
    const ref = { $ref: `${KEY}s${shared.length}` }
    shared.push(structuredClone(node))
    const replace = (n: unknown) => {
      if (!isSchema(n)) return
      for (const child of children(n)) {
        const c = child.get()
        if (isSchema(c) && JSON.stringify(c) === key) child.set(ref)
        else replace(c)
      }
    }
    roots.forEach(replace)
    shared.forEach(replace)
  }
  return { roots, shared, indexes }
}

/**
 * A root's `$defs` (a recursive type's definitions) become shared schemas of their own, and each
 * `{"$ref":"#/$defs/Name"}` in the root and the definitions refers to its shared schema: so a fragment
 * moved out of the root by `share` still finds them.
 */
function hoist(root: Node, shared: Node[]): void {
  const defs = root.$defs as Record<string, Node> | undefined
  if (!defs) return
  delete root.$defs
  const ids = new Map(Object.keys(defs).map((name, i) => [`${LOCAL_REF}${name}`, `${KEY}s${shared.length + i}`]))
  const relink = (node: unknown) => {
    if (!isSchema(node)) return
    if (typeof node.$ref === 'string') node.$ref = ids.get(node.$ref)
    for (const child of children(node)) relink(child.get())
  }
  relink(root)
  for (const def of Object.values(defs)) {
    relink(def)
    shared.push(def)
  }
}

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
function rewrite(source: string, name: string): { body: string; fns: Record<string, string> } {
  const fns: Record<string, string> = {}
  const schemas = new Map<string, unknown>()
  const lines: string[] = []
  for (let line of source.split('\n')) {
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
 * The line with the contents of its string literals replaced by `_` (same length), so text inside a
 * schema (a property named `schemaPath`, a description that says `require(`) is never taken for code.
 * Regular-expression formats are whole lines of their own (`const formats0 = /…/i;`) and are blanked.
 */
function mask(line: string): string {
  if (/^const formats\d+ = \/.*\/[a-z]*;$/.test(line)) return ''
  return line.replace(/"((?:[^"\\]|\\.)*)"/g, (_m, inner: string) => `"${'_'.repeat(inner.length)}"`)
}

/**
 * `{instancePath…,schemaPath:"#/…",keyword:…,params:…,schema:…,parentSchema:…,data:…}` →
 * `{instancePath…,keyword:…,params:…,data:…}`: no schema path, no reference into a copy of the schema.
 */
function errorObject(line: string): string {
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
function literals(line: string, schemas: ReadonlyMap<string, unknown>): string {
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
const PUSH = 'pushError'
const PUSH_HELPER = `function ${PUSH}(list, instancePath, keyword, params, data){\n(list ??= []).push({instancePath,keyword,params,data});\nreturn list;\n}`

/**
 * ajv's seven lines per error (`const err0 = {…}; if(vErrors === null){…} … errors++;`) → two, through one
 * helper: `vErrors = pushError(vErrors, instancePath+"/a", "type", {type: "integer"}, data0);` (the object's keys
 * are written once instead of at every check; `data` is the value the error is about).
 */
function pushes(code: string): string {
  return code.replace(
    /^const (err\d+) = (\{.*\});\nif\(vErrors === null\)\{\nvErrors = \[\1\];\n\}\nelse \{\nvErrors\.push\(\1\);\n\}\nerrors\+\+;$/gm,
    (_m, _err, object: string) => `vErrors = ${PUSH}(vErrors, ${errorArguments(object)});\nerrors++;`,
  )
}

/** `{instancePath:X,keyword:"k",params:P,data:D}` (or shorthand `instancePath`, `data`) → `X, "k", P, D`. */
function errorArguments(object: string): string {
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

function wrap(body: string, comment: string, result: string): string {
  const helper = body.includes(`${PUSH}(`) ? `${PUSH_HELPER}\n` : ''
  return `(() => {\n// ${comment}\n${helper}${body}\nreturn ${result}\n})()`
}
