/**
 * Everything a server computes once in `createServer`: the entries by name, the prebuilt tools/list
 * pages and JSON fragments, the features its tables asked for. Handlers read it; nothing in it changes
 * per request.
 */
import type { Core } from './shared/table.ts'
import type { ServerInfo } from './shared/api.ts'
import type { ClientProfiles, HeaderCheck, ResourceLocator, ScopeCheck } from './shared/table.ts'
import type { InputKit } from './shared/table.ts'
import type { AttachObserver, AttachSubscriptions, AttachTasks, Observer, SubscriptionSupport, TaskSupport, ToolDefinition, ToolEntry } from './shared/table.ts'
import type { Registry } from './registry.ts'
import { implementationFor } from './shared/compat.ts'
import { META_SERVER_INFO } from './shared/protocol.ts'

export function buildCore(info: ServerInfo, registry: Registry): Core {
  const { options } = registry
  const serverMeta = `"_meta":${JSON.stringify({ [META_SERVER_INFO]: implementationFor(info, 'modern') })}`
  // Lists are the same for every caller unless an authorize hook says who may see them.
  const listScope = options.cacheScope ?? (options.authorize ? 'private' : 'public')
  const listTtlMs = options.ttlMs ?? 3_600_000
  // A resource function may read per-caller or changing data: not cached unless the options say so.
  const readScope = options.cacheScope ?? 'private'
  const readTtlMs = options.ttlMs ?? 0
  const cached = (ttlMs: number, scope: string) => `,"resultType":"complete","ttlMs":${ttlMs},"cacheScope":"${scope}",${serverMeta}`
  const { tools, prompts, resources, templates, features } = registry
  const onError = options.onError
  const instrument = options.instrument
  if (instrument !== undefined && typeof instrument !== 'function') {
    throw new TypeError("createServer: the instrument option takes the hooks wrapped, instrument: instrument({ onRequest, onCall }) with instrument imported from 'mcp-aot'.")
  }
  const definitions = new Map<ToolEntry, ToolDefinition>()
  let headerCheck: HeaderCheck | undefined
  let scopeCheck: ScopeCheck | undefined
  let clientProfiles: ClientProfiles | undefined
  for (const feature of features) {
    headerCheck ??= feature.headers
    scopeCheck ??= feature.scopes
    clientProfiles ??= feature.clients
  }
  if (options.profiles !== undefined && !clientProfiles) {
    throw new Error('createServer: the profiles option needs a build with profiles (the plugin option profiles).')
  }
  // Fails closed: a tool's scopes are never ignored for want of the check.
  const unchecked = scopeCheck ? undefined : tools.find((tool) => tool.scopes)
  if (unchecked) throw new Error(`createServer: the tool '${unchecked.name}' declares @scope, but its module's table has no scopesFeature; rebuild it with the mcp-aot plugin.`)
  // Fails closed as well: a `@task required` tool would be refused to every client without a task host.
  const tasked = tools.find((tool) => tool.task)
  if (tasked && !options.tasks) {
    throw new Error(`createServer: the tool '${tasked.name}' declares @task, but createServer has no tasks option; add tasks: memoryTasks() (one process) or durableTasks() from 'mcp-aot/cloudflare' (Workers).`)
  }
  let streamed: InputKit['streamed'] | undefined
  for (const entry of [...tools, ...prompts, ...resources, ...templates]) streamed ??= entry.run?.input?.streamed
  const core: Core = {
    info,
    options,
    tools: new Map(tools.map((entry) => [entry.name, entry])),
    prompts: new Map(prompts.map((entry) => [entry.name, entry])),
    resources: new Map(resources.map((entry) => [entry.uri, entry])),
    templates,
    resourceAt: undefined,
    features,
    headerCheck,
    scopeCheck,
    clientProfiles,
    streamed,
    tasks: undefined,
    subscriptions: undefined,
    serverMeta,
    completeTail: `,"resultType":"complete",${serverMeta}`,
    listTail: cached(listTtlMs, listScope),
    readTail: cached(readTtlMs, readScope),
    definition(tool) {
      let definition = definitions.get(tool)
      if (!definition) definitions.set(tool, (definition = JSON.parse(tool.json) as ToolDefinition))
      return definition
    },
    observer: undefined,
    report(error, kind, name) {
      try {
        if (!onError) return console.error(`mcp-aot: the ${kind} '${name}' failed:`, error)
        onError(error, { kind, name })
      } catch {
        // A failing hook must not change the response.
      }
    },
  }
  // What finds a resource by URI, made by the resources feature with the finished core.
  for (const feature of features) if (feature.locate) (core as { resourceAt: ResourceLocator | undefined }).resourceAt ??= feature.locate(core)
  // The task host is made with the finished core (its tasks run the core's tools); no @task tool, no tasks.
  if (tasked) (core as { tasks: TaskSupport | undefined }).tasks = (options.tasks as AttachTasks)(core)
  // Listeners and run-time visibility (subscriptions/), made with the finished core like the task host.
  if (options.visible && !options.subscriptions) throw new Error('createServer: visible needs the subscriptions option (clients hear what changes).')
  if (options.subscriptions) (core as { subscriptions: SubscriptionSupport | undefined }).subscriptions = (options.subscriptions as unknown as AttachSubscriptions)(core)
  // The instrument option's wrappers (instrument/), made once per server.
  if (instrument) (core as { observer: Observer | undefined }).observer = (instrument as AttachObserver)(core)
  return core
}
