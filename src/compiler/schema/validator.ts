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
import { _, Name, stringify, ValueScope } from 'ajv/dist/compile/codegen/index.js'
import { isSchema, SUBSCHEMA_LIST, SUBSCHEMA_MAP, SUBSCHEMA_ONE } from './schema-walk.ts'
import { anyOf } from './union-keyword.ts'
import { FORMAT_NAMES, FORMATS, moduleText, rewrite, wrap } from './validator-code.ts'
import { validatorModule } from './validator-modules.ts'
import { KEY, LOCAL_REF, share } from './validator-fragments.ts'

// CommonJS modules seen from ESM: the class/function is the module itself, and also its `.default`.
const Ajv2020 = Ajv2020Module.default
const addFormats = addFormatsModule.default
const standaloneCode = standaloneModule.default
type Ajv = InstanceType<typeof Ajv2020>

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


let cached: Ajv | undefined

export function instance(): Ajv {
  if (cached) return cached
  const ajv = new Ajv2020({
    strict: true,
    // A tuple with optional or rest elements (`[A, B?]`, `[A, ...B[]]`) is one on purpose: minItems and items say so.
    strictTuples: false,
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
  const { body, fns } = compile([[name, schema]], {})
  return wrap(body, `${name}: standalone ajv validator`, fns[0]!)
}

/**
 * Compiles the schemas of one module together into a JS expression (an IIFE) evaluating to an array of
 * validate functions, one per entry of `schemas` in its order (`const [__mcp_v0, __mcp_v1] = …`). Keys
 * are JS identifiers naming the validators in comments and messages. Entries that validate alike get the
 * same function; fragments used more than once are compiled once.
 */
export function compileValidators(schemas: Readonly<Record<string, object>>, options: CompileOptions = {}): string {
  const key = inputKey(schemas, options)
  const hit = key === undefined ? undefined : compiledCode.get(key)
  if (hit !== undefined) return hit
  const entries = Object.entries(schemas)
  const { body, fns } = compile(entries, options)
  const code = wrap(body, `standalone ajv validators of ${entries.map(([name]) => name).join(', ')}`, `[${fns.join(', ')}]`)
  if (key !== undefined) {
    if (compiledCode.size >= COMPILED_KEPT) compiledCode.delete(compiledCode.keys().next().value!)
    compiledCode.set(key, code)
  }
  return code
}

/**
 * The code compileValidators made, by its input: the code depends on the schemas, their names and order, and
 * the options alone (each compile has a fresh value scope), so a module compiled again with the same schemas
 * (its tool's body or description edited), or another module with the same ones, is not compiled by ajv again.
 */
const compiledCode = new Map<string, string>()
const COMPILED_KEPT = 1000

/** The input as text, with what JSON would lose kept apart (undefined, non-finite numbers); undefined when it has a value JSON cannot hold. */
function inputKey(schemas: Readonly<Record<string, object>>, options: CompileOptions): string | undefined {
  try {
    return JSON.stringify([schemas, Boolean(options.handWritten)], (_key, v) => (v === undefined || (typeof v === 'number' && !Number.isFinite(v)) ? `\u0000${String(v)}` : v))
  } catch {
    return undefined // a BigInt, a cycle: compiled every time
  }
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

export interface CompileOptions {
  /**
   * Some schemas are written by hand (`@inputSchema`): ajv's strict checks that only catch a compiler's
   * slips (a `required` name no `properties` declares, a keyword without its `type`) are off, as JSON Schema
   * allows both. Unknown keywords are still refused.
   */
  handWritten?: boolean
}

/**
 * A module's validators as the generated code holds them: each entry whose validator shares no fragment
 * with another entry's is a module of its own, named by its text (`alone`: entry → id, see
 * validator-modules.ts), so a validator that several modules need (the same shape) is emitted once per
 * bundle, and its functions are top-level declarations an engine compiles on first call; the entries that
 * share fragments (a named type used by several tools) are compiled together (`group`: their names and the
 * IIFE expression evaluating to their validate functions, as compileValidators makes it).
 */
export interface ModuleValidators {
  alone: Record<string, string>
  group: { names: string[]; expression: string } | undefined
}

export function moduleValidators(schemas: Readonly<Record<string, object>>, options: CompileOptions = {}): ModuleValidators {
  const entries = Object.entries(schemas)
  const checked = entries.map(([name, schema]) => assertions(schema, name) as object)
  const { roots, shared, indexes } = share(checked.map((schema) => structuredClone(schema)))
  // The shared fragments each root reaches (through other fragments too), and how many roots reach each.
  const reach = roots.map((root) => reached(root, shared))
  const owners = new Map<number, number>()
  for (const fragments of reach) for (const f of fragments) owners.set(f, (owners.get(f) ?? 0) + 1)
  const alone: Record<string, string> = {}
  const together: Record<string, object> = {}
  entries.forEach(([name, schema], i) => {
    const k = indexes[i]!
    if ([...reach[k]!].some((f) => owners.get(f)! > 1)) together[name] = schema
    else alone[name] = validatorModule(`${options.handWritten ? 'h' : 't'}${JSON.stringify(checked[i])}`, () => {
      const { body, fns } = compile([[name, schema]], options)
      return moduleText(body, fns[0]!)
    })
  })
  const names = Object.keys(together)
  return { alone, group: names.length === 0 ? undefined : { names, expression: compileValidators(together, options) } }
}

/** The indexes of the shared fragments `node` refers to, directly or through other fragments. */
function reached(node: unknown, shared: readonly object[], into = new Set<number>()): Set<number> {
  if (typeof node !== 'object' || node === null) return into
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith(`${KEY}s`)) {
      const f = Number(v.slice(KEY.length + 1))
      if (!into.has(f)) reached(shared[f], shared, into.add(f))
    } else reached(v, shared, into)
  }
  return into
}

/** Statements plus, per entry, the name of its validate function. */
function compile(entries: readonly (readonly [string, object])[], options: CompileOptions): { body: string; fns: string[] } {
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
  const opts = ajv.opts as { unevaluated: boolean; dynamicRef: boolean; strictRequired: unknown; strictTypes: unknown }
  const saved = { unevaluated: opts.unevaluated, dynamicRef: opts.dynamicRef, strictRequired: opts.strictRequired, strictTypes: opts.strictTypes }
  Object.assign(opts, { unevaluated: false, dynamicRef: false }, options.handWritten ? { strictRequired: false, strictTypes: false } : {})
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
    // `x-` keywords are extensions (`x-mcp-header`, OpenAPI's): annotations to a validator.
    if (ANNOTATIONS.has(k) || k.startsWith('x-')) continue
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
