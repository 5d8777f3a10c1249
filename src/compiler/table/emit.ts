/**
 * The code appended to a tool module: the declarations' standalone validators and the static dispatch
 * table (`export const __mcp = __mcp_table(…)`). Plain, readable JavaScript; deterministic text.
 * It imports from 'mcp-aot/internal' only the optional runtime parts its declarations use (a result
 * shaper per result plan, a reviver, a runner, the resources/prompts/param-headers features), so a
 * bundle holds nothing else.
 */
import type { Declaration, Slot } from '../declarations/declaration.ts'
import { runtimeImport } from '../schema/validator-code.ts'
import type { ToolDefinition } from '../../runtime/shared/table.ts'
import { planDefs, revivePlan } from '../schema/plans.ts'
import { lenientPlan } from '../schema/lenient.ts'
import { listedSchema } from '../schema/listed.ts'
import { profileFindings, profileTools, servedEntry, type ProfiledTool, type ProfileName, type ToolEntry } from '../model/profiles/index.ts'
import type { Diagnostic } from '../diagnostics.ts'
import { objectSchema } from '../schema/schema.ts'
import { listedHints } from '../model/hints.ts'
import { compileValidators, moduleValidators, SchemaRefused, type ModuleValidators } from '../schema/validator.ts'
import { VALIDATOR_MODULE } from '../schema/validator-modules.ts'
import { Refusal } from '../refusal.ts'
import { toolUiMeta, viewEntries } from './apps.ts'
import { listingParts, ModulePool } from './pool.ts'

/** The name a module's table is exported under (`createServer` reads it). */
export const TABLE_EXPORT = '__mcp'

/** The plugin options that change the generated code. */
export interface EmitOptions {
  /** Provider profiles to write beside the portable tools/list entry (`createServer({ profile })` serves one). */
  profiles?: readonly ProfileName[]
  /** Every tool takes null for an optional parameter as absent, as `@lenient` does for one. */
  lenient?: boolean
  /** Every tool's entry states readOnlyHint, destructiveHint and openWorldHint (model/hints.ts). */
  explicitHints?: boolean
  /** The profiles whose refusals are build errors (MCP042) rather than tools left out of their lists (plugin option `strictProfiles`). */
  strictProfiles?: readonly ProfileName[]
  /**
   * false: every validator in its module, none a module of its own (validator-modules.ts). webpack's watch
   * mode keeps a module's old output when the module it imports from is a new virtual one, so its builds
   * compile each module's validators in the module.
   */
  validatorModules?: boolean
}

const json = (v: unknown) => JSON.stringify(v)
/** The local name of an import from 'mcp-aot/internal'. */
const local = (name: string) => `__mcp_${name}`

/** The tools/list entry in the latest revision's shape, keys in a fixed order. */
export function toolDefinition(d: Declaration): ToolDefinition {
  const def: ToolDefinition = { name: d.name, inputSchema: d.handWritten?.listed ?? listedSchema(objectSchema(d.props)) }
  const out: any = { name: d.name }
  if (d.title) out.title = d.title
  if (d.description) out.description = d.description
  out.inputSchema = def.inputSchema
  if (d.outputSchema) out.outputSchema = listedSchema(d.outputSchema)
  // `@title` is written once, as `title` (2025-06-18 on); a 2025-03-26 client, whose only title is
  // `annotations.title`, gets it there instead (runtime/shared/compat.ts), so no list repeats it.
  const annotations = listedHints(d)
  if (annotations) out.annotations = { ...annotations }
  if (d.taskSupport) out.execution = { taskSupport: d.taskSupport }
  if (d.icons) out.icons = d.icons
  const ui = toolUiMeta(d)
  if (ui) out._meta = { ui }
  return out
}

/**
 * Each declaration's tools/list entry, made once: the table, the manifest and the build's report of what a
 * model reads all take it, and a module served from the compile cache keeps its declarations.
 */
const entries = new WeakMap<Declaration, ToolEntry>()
export function toolEntry(d: Declaration): ToolEntry {
  let entry = entries.get(d)
  if (!entry) entries.set(d, (entry = toolDefinition(d) as ToolEntry))
  return entry
}

/** Each declaration's entry under each profile, made once (a profile rewrites one tool at a time). */
const profiled = new WeakMap<Declaration, Map<ProfileName, ProfiledTool>>()
export function profiledTool(d: Declaration, profile: ProfileName): ProfiledTool {
  let byProfile = profiled.get(d)
  if (!byProfile) profiled.set(d, (byProfile = new Map()))
  let t = byProfile.get(profile)
  if (!t) byProfile.set(profile, (t = profileTools(profile, [toolEntry(d)])[0]!))
  return t
}

/** A name an object inherits from Object.prototype (`toString`, `constructor`, …): read as an own property only. */
const inherited = (name: string) => name in Object.prototype

/**
 * `(a, c, s) => f(a["x"], c)`, declaring only the parameters up to the last one the call uses. Arguments
 * are own properties: `toString` absent is undefined, never Object.prototype's (an object parameter whose
 * properties have such names gets a copy without a prototype).
 */
function invoke(d: Declaration): string {
  const arg = (name: string) => (inherited(name) ? `(Object.hasOwn(a, ${json(name)}) ? a[${json(name)}] : undefined)` : `a[${json(name)}]`)
  const all = d.props.some((p) => inherited(p.name)) ? '{ __proto__: null, ...a }' : 'a'
  const args = d.slots.map((s: Slot) => (s.kind === 'arg' ? arg(s.name) : s.kind === 'all' ? all : s.kind === 'context' ? 'c' : 's'))
  const params = ['a', 'c', 's']
  const used = Math.max(0, ...d.slots.map((s) => (s.kind === 'context' ? 2 : s.kind === 'signal' ? 3 : 1)))
  return `(${params.slice(0, used).join(', ')}) => ${d.binding}(${args.join(', ')})`
}

/** Which runner a declaration needs: the context runner when it takes a ToolContext, the signal runner when it takes an AbortSignal or has a @timeout, none for a plain call. */
function runner(d: Declaration): string | undefined {
  if (d.slots.some((s) => s.kind === 'context')) return 'contextRunner'
  if (d.slots.some((s) => s.kind === 'signal') || d.timeoutMs !== undefined) return 'signalRunner'
  return undefined
}

/**
 * Lenient input for a tool: `@lenient`, the `lenient` option, or an `openai-strict` profile (it writes
 * optional properties as required-with-null, so a null there means absent).
 */
function lenientField(d: Declaration, options: EmitOptions, lines: string[], used: Set<string>, pool: ModulePool): void {
  if (!(d.lenient || options.lenient || options.profiles?.includes('openai-strict'))) return
  const plan = lenientPlan(d.props)
  if (!plan) return
  lines.push(`lenient: ${pool.expression(`${local('lenient')}(${json(plan)})`)}`)
  used.add('lenient')
}

/** The tools/list entry as JSON text under each non-portable profile; null where the profile refuses the tool (left out of its list). */
function profileField(d: Declaration, options: EmitOptions, lines: string[], used: Set<string>, pool: ModulePool): void {
  const names = (options.profiles ?? []).filter((p) => p !== 'portable')
  if (names.length === 0) return
  // The runtime part that serves each client its profile (`createServer({ profiles })`).
  used.add('profilesFeature')
  const out = names.map((p) => {
    const t = profiledTool(d, p)
    return `${json(p)}: ${t.status === 'refused' ? 'null' : pool.text(listingParts(servedEntry(t)))}`
  })
  lines.push(`profiles: { ${out.join(', ')} }`)
}

/**
 * Under the plugin option `strictProfiles`, each part a strict profile refuses is an error MCP042 at its
 * TypeScript location (without the option: the warning MCP105, and the tool left out of that profile's list).
 */
export function strictRefusals(decls: readonly Declaration[], options: EmitOptions): Diagnostic[] {
  const tools = decls.filter((d) => d.kind === 'tool')
  const out: Diagnostic[] = []
  for (const p of options.strictProfiles ?? []) {
    for (const f of profileFindings(p, tools, tools.map((d) => profiledTool(d, p)))) {
      if (f.code !== 'MCP105') continue
      const message = `${p}: tool '${f.tool}'${f.path ? ` at ${f.path}` : ''}: ${f.message} The plugin option strictProfiles makes this an error; without ${p} in it the tool is left out of the ${p} list (warning MCP105).`
      out.push({ code: 'MCP042', message, loc: f.loc })
    }
  }
  return out
}

/** The optional entry fields (`revive`, `run`) and the names they import. */
function optional(d: Declaration, lines: string[], used: Set<string>, pool: ModulePool): void {
  const defs = planDefs()
  const plan = revivePlan({ kind: 'object', props: d.props }, defs)
  if (plan !== 0) {
    lines.push(`revive: ${pool.expression(`${local('reviver')}(${json(plan)}${defs.plans.length > 0 ? `, ${json(defs.plans)}` : ''})`)}`)
    used.add('reviver')
  }
  const run = runner(d)
  if (run) {
    lines.push(`run: ${local(run)}`)
    used.add(run)
  }
}

/** The module's path, held once by the generated code; each entry's `loc` adds its line and column to it. */
const MODULE = '__mcp_module'

function loc(d: Declaration, module: string): string {
  const at = `:${d.loc.line}:${d.loc.column}`
  return d.loc.file === module ? `${MODULE} + ${json(at)}` : json(d.loc.file + at)
}

/** The entry's result shaper (`__mcp_textResult`, `__mcp_structuredResult({...})`, …), one per ResultPlan kind. */
function result(d: Declaration, used: Set<string>, pool: ModulePool): string {
  // A projected `json` result is structuredResult's text-only form (`__mcp_structuredResult(shape, defs, true)`).
  const projected = d.result.kind === 'json' && d.result.shape !== undefined
  const name = projected ? 'structuredResult' : `${d.result.kind}Result`
  used.add(name)
  if (d.result.kind === 'structured') return pool.expression(`${local(name)}(${json(d.result.shape)}${d.result.defs ? `, ${json(d.result.defs)}` : ''})`)
  if (d.result.kind === 'json' && d.result.shape !== undefined) return pool.expression(`${local(name)}(${json(d.result.shape)}, ${json(d.result.defs ?? [])}, true)`)
  return local(name)
}

/** `used` collects the names the entry imports from 'mcp-aot/internal' (besides the validators' helpers). */
function entry(d: Declaration, module: string, validator: string | undefined, used: Set<string>, options: EmitOptions, pool: ModulePool): string {
  const lines: string[] = [`kind: ${json(d.kind)}`, `name: ${json(d.name)}`, `loc: ${loc(d, module)}`]
  if (d.kind === 'tool') {
    const listing = listingParts(toolEntry(d))
    if (listing.some((part) => typeof part !== 'string' && part.shared.includes('"x-mcp-header":'))) used.add('paramHeadersFeature')
    lines.push(`json: ${pool.text(listing)}`)
    profileField(d, options, lines, used, pool)
    lenientField(d, options, lines, used, pool)
    lines.push(`validate: ${validator}`, `result: ${result(d, used, pool)}`)
    // A hand-written schema may have keywords a type never writes: their argument lines come with it.
    if (d.handWritten) {
      used.add('handWrittenRules')
      lines.push(`rules: ${local('handWrittenRules')}`)
    }
    if (d.timeoutMs !== undefined) lines.push(`timeoutMs: ${d.timeoutMs}`)
    if (d.taskSupport) lines.push(`task: ${json(d.taskSupport)}`)
    if (d.taskAsksFirst) lines.push('asksFirst: true')
    if (d.ui) used.add('appsFeature')
    if (d.ui?.visibility) lines.push(`visibility: ${json(d.ui.visibility)}`)
    if (d.scopes) {
      lines.push(`scopes: ${json(d.scopes)}`)
      used.add('scopesFeature')
    }
  } else if (d.kind === 'resource') {
    used.add('resourcesFeature')
    lines.push(`uri: ${json(d.uri)}`, `template: ${d.uri!.includes('{')}`)
    if (d.title) lines.push(`title: ${json(d.title)}`)
    if (d.description) lines.push(`description: ${json(d.description)}`)
    if (d.mimeType) lines.push(`mimeType: ${json(d.mimeType)}`)
    if (d.icons) lines.push(`icons: ${json(d.icons)}`)
    if (validator) lines.push(`validate: ${validator}`)
  } else {
    used.add('promptsFeature')
    if (d.title) lines.push(`title: ${json(d.title)}`)
    if (d.description) lines.push(`description: ${json(d.description)}`)
    const args = d.props.map((p) => ({ name: p.name, ...(p.description ? { description: p.description } : {}), required: !p.optional }))
    lines.push(`arguments: ${json(args)}`, `validate: ${validator}`)
    if (d.icons) lines.push(`icons: ${json(d.icons)}`)
    const completions: Record<string, string[]> = {}
    for (const p of d.props) if (p.type.kind === 'enum') completions[p.name] = p.type.values.map(String)
    if (Object.keys(completions).length > 0) lines.push(`completions: ${json(completions)}`)
  }
  optional(d, lines, used, pool)
  lines.push(`invoke: ${invoke(d)}`)
  return `  {\n    ${lines.join(',\n    ')},\n  }`
}

/** The table's features, in a fixed order. */
const FEATURES = ['resourcesFeature', 'promptsFeature', 'paramHeadersFeature', 'scopesFeature', 'appsFeature', 'profilesFeature'] as const

/**
 * The module's validators; a schema ajv refuses (every case known is refused earlier, in the type IR, with
 * its own code) is a Refusal at the parameter its schema path names, else at the declaration.
 */
function validatorsOf(schemas: Record<string, object>, decls: readonly Declaration[], apart: boolean): ModuleValidators {
  const options = { handWritten: decls.some((d) => d.handWritten) }
  try {
    return apart ? moduleValidators(schemas, options) : { alone: {}, group: { names: Object.keys(schemas), expression: compileValidators(schemas, options) } }
  } catch (e) {
    if (!(e instanceof SchemaRefused)) throw e
    const d = decls[Number(e.entry.slice('__mcp_v'.length))]!
    if (d.handWritten) {
      throw new Refusal('MCP051', `The input schema ${d.handWritten.ref} of tool '${d.name}' is one no validator can be built for: ${e.message.replace(/^Validator \S+: ajv refused the schema: /, '')}${e.path ? ` (at ${e.path})` : ''}. Correct the schema (JSON Schema 2020-12).`, d.loc)
    }
    const key = /^\/properties\/([^/]*)/.exec(e.path ?? '')?.[1]?.replace(/~1/g, '/').replace(/~0/g, '~')
    const p = d.props.find((q) => q.name === key)
    const what = p ? `parameter '${p.name}' of ${d.kind} '${d.name}'` : `the parameters of ${d.kind} '${d.name}'`
    throw new Refusal('MCP020', `The JSON Schema written for the ${what} is one the validator compiler refuses (${e.reason}), so no validator can be built for it. This is a gap in mcp-aot, not in your code (please report it); meanwhile write ${p ? 'this parameter\'s' : 'the parameters\''} type another way, such as an object type with named properties.`, p?.loc ?? d.loc)
  }
}

/** The text appended to the module; `binding`: the table as a local `const` of that name instead of the export (a barrel exports its own: reexport.ts). */
export function emitTable(module: string, decls: readonly Declaration[], options: EmitOptions = {}, binding?: string): string {
  const schemas: Record<string, object> = {}
  const entries: string[] = []
  const used = new Set<string>()
  // What entries repeat (a listed schema, a result shaper…) becomes a constant of the module (pool.ts).
  const pool = new ModulePool()
  decls.forEach((d, i) => {
    let name: string | undefined
    if (d.kind !== 'resource' || d.props.length > 0) {
      name = `__mcp_v${i}`
      schemas[name] = d.handWritten?.validated ?? objectSchema(d.props)
    }
    entries.push(entry(d, module, name, used, options, pool))
  })
  // MCP Apps: each view the tools name is a resource (table/apps.ts).
  const views = viewEntries(decls)
  if (views.entries.length > 0) used.add('resourcesFeature')
  entries.push(...views.entries)
  // Tools that validate alike share code: a validator of its own is a module the bundle holds once, however
  // many modules import it; tools that share a type are compiled together, in the module.
  const compiled = Object.keys(schemas).length === 0 ? undefined : validatorsOf(schemas, decls, options.validatorModules !== false)
  const validators = compiled?.group ? [`const [${compiled.group.names.join(', ')}] = ${compiled.group.expression};`] : []
  const validatorImports = Object.entries(compiled?.alone ?? {}).map(([name, id]) => `import ${name} from ${json(VALIDATOR_MODULE + id)};`)
  const imports = ['table', ...[...used].sort()].map((name) => `${name} as ${local(name)}`)
  const features = FEATURES.filter((name) => used.has(name)).map(local)
  const tail = features.length > 0 ? `, [${features.join(', ')}]` : ''
  const shared = pool.resolve(entries.join(',\n'))
  return [
    '',
    '// ---- mcp-aot: generated at build time from the declarations above ----',
    `${runtimeImport(validators.join('\n'), imports)};`,
    ...views.imports,
    ...validatorImports,
    ...validators,
    `const ${MODULE} = ${json(module)};`,
    ...shared.constants,
    `${binding ? `const ${binding}` : `export const ${TABLE_EXPORT}`} = __mcp_table(${MODULE}, [\n${shared.code},\n]${tail});`,
    '',
  ].join('\n')
}
