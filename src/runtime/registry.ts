/**
 * What `createServer` was given: the dispatch tables of the tool modules (in order) and the trailing
 * options. Refuses a module the plugin did not transform, and names that two modules both declare.
 */
import type { ServerOptions } from './shared/api.ts'
import type { Feature } from './shared/table.ts'
import type { PromptEntry, ResourceEntry, ToolEntry } from './shared/table.ts'
import { isTable, tablesMade, type Table } from './shared/table.ts'

export interface Registry {
  /** In module order, then declaration order. */
  readonly tools: readonly ToolEntry[]
  readonly prompts: readonly PromptEntry[]
  readonly resources: readonly ResourceEntry[]
  readonly templates: readonly ResourceEntry[]
  /** What the tables asked for, each once. */
  readonly features: ReadonlySet<Feature>
  readonly options: ServerOptions<any>
}

const OPTION_KEYS: ReadonlySet<string> = new Set([
  'path',
  'serverCard',
  'allowedOrigins',
  'maxBodyBytes',
  'stateSecret',
  'stateTtlMs',
  'ttlMs',
  'cacheScope',
  'authorize',
  'resourceMetadata',
  'resourceUrl',
  'onError',
  'env',
  'profile',
  'profiles',
  'sessions',
  'instrument',
  'tasks',
  'subscriptions',
  'visible',
])

const PLUGIN_HINT =
  "Add the mcp-aot plugin to the bundler config (for Vite: `import mcp from 'mcp-aot/vite'` and `plugins: [mcp()]`) so it compiles the @tool, @resource and @prompt functions of this module."

/** The plugin built this bundle and wrote tables, but not for this module: what reaches a table and what does not. */
const UNREACHED =
  "A table is written into a module that declares @tool, @resource or @prompt functions, and into one that re-exports them (`export * from './tools.ts'`, `export { name } from './tools.ts'`, `import { name } from './tools.ts'` then `export { name }`); a function that reaches this module as a value (`export const ping = tools.ping`, an object of functions, `export * as ns from`) or from a file under node_modules brings no table with it. Pass the declaring modules themselves (`import * as tools from './tools.ts'`), or re-export them as above."

function describe(index: number, value: object): string {
  const functions = Object.keys(value).filter((key) => typeof (value as any)[key] === 'function')
  const exports = functions.length > 0 ? ` (it exports ${functions.map((f) => `${f}()`).join(', ')})` : ''
  const start = `createServer: argument ${index + 2} is a module without an mcp-aot dispatch table${exports}.`
  const made = [...new Set(tablesMade())]
  if (made.length === 0) return `${start} ${PLUGIN_HINT} A module with no @tool, @resource or @prompt declaration has no table: leave it out.`
  const named = made.length > 3 ? `${made.slice(0, 3).join(', ')} and ${made.length - 3} more` : made.join(', ')
  return `${start} The mcp-aot plugin built this bundle (it wrote the tables of ${named}), but none for this module. ${UNREACHED}`
}

function isOptions(value: object): boolean {
  if (Object.prototype.toString.call(value) === '[object Module]') return false
  return Object.keys(value).every((key) => OPTION_KEYS.has(key))
}

export function register(args: readonly unknown[]): Registry {
  const tables: Table[] = []
  let options: ServerOptions<any> = {}
  args.forEach((arg, index) => {
    if (typeof arg !== 'object' || arg === null) {
      throw new TypeError(`createServer: argument ${index + 2} must be a tool module (import * as tools from './tools.ts') or the options object, not ${arg === null ? 'null' : typeof arg}.`)
    }
    const table = (arg as any).__mcp
    if (isTable(table)) {
      if (tables.includes(table)) throw new Error(`createServer: the module ${table.module} is passed twice.`)
      tables.push(table)
      return
    }
    if (isOptions(arg)) {
      if (index !== args.length - 1) throw new Error(`createServer: the options object must be the last argument (it is argument ${index + 2}).`)
      options = arg as ServerOptions<any>
      return
    }
    const functions = Object.keys(arg).some((key) => typeof (arg as any)[key] === 'function')
    if (functions || Object.prototype.toString.call(arg) === '[object Module]') throw new Error(describe(index, arg))
    const unknown = Object.keys(arg).filter((key) => !OPTION_KEYS.has(key))
    throw new Error(`createServer: unknown option${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `'${k}'`).join(', ')}; the options are ${[...OPTION_KEYS].join(', ')}.`)
  })
  return collect(tables, options)
}

function collect(tables: readonly Table[], options: ServerOptions<any>): Registry {
  const tools: ToolEntry[] = []
  const prompts: PromptEntry[] = []
  const resources: ResourceEntry[] = []
  const templates: ResourceEntry[] = []
  const features = new Set<Feature>()
  const seen = new Map<string, { loc: string }>()
  // `what` names the entry and is its key: a URI with a template variable is never a static URI.
  const claim = (what: string, entry: { loc: string }) => {
    const other = seen.get(what)
    if (other) throw new Error(`createServer: duplicate ${what}: declared at ${other.loc} and at ${entry.loc}. Rename one of them.`)
    seen.set(what, entry)
  }
  for (const table of tables) {
    for (const feature of table.features ?? []) features.add(feature)
    for (const entry of table.entries) {
      if (entry.kind === 'tool') {
        claim(`tool name '${entry.name}'`, entry)
        const listed = options.profile ? profiled(entry, options.profile) : entry
        if (listed) tools.push(listed)
      } else if (entry.kind === 'prompt') {
        claim(`prompt name '${entry.name}'`, entry)
        prompts.push(entry)
      } else {
        claim(`resource ${entry.template ? 'template' : 'URI'} '${entry.uri}'`, entry)
        ;(entry.template ? templates : resources).push(entry)
      }
    }
  }
  return { tools, prompts, resources, templates, features, options }
}

/** The entry listed as the build's rewrite for `profile` (see the plugin option `profiles`); none where the profile refuses the tool. */
function profiled(entry: ToolEntry, profile: string): ToolEntry | undefined {
  const json = entry.profiles?.[profile]
  if (json === null) return undefined
  if (json === undefined) {
    const wrote = Object.keys(entry.profiles ?? {})
    const built = wrote.length > 0 ? `the build wrote ${wrote.map((p) => `'${p}'`).join(', ')}` : 'the build wrote no profile'
    throw new Error(`createServer: tool '${entry.name}' (${entry.loc}) was built without the '${profile}' profile (${built}). Add '${profile}' to the plugin option profiles, or leave out the profile option.`)
  }
  return { ...entry, json }
}
