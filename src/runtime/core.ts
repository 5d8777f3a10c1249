/**
 * Everything a server computes once in `createServer`: the entries by name, the template matchers, the
 * prebuilt list pages and JSON fragments, the state signer. Handlers read it; nothing in it changes
 * per request.
 */
import type { ServerInfo, ServerOptions } from './api.ts'
import type { PromptEntry, ResourceEntry, ToolEntry } from './table.ts'
import type { Registry } from './registry.ts'
import { implementationFor } from './compat.ts'
import { ListPages, promptItems, resourceItems, toolItems } from './lists.ts'
import { META_SERVER_INFO } from './protocol.ts'
import { StateSigner } from './state.ts'
import { compileTemplate, type UriMatcher } from './uri-template.ts'

export interface Template {
  readonly entry: ResourceEntry
  readonly match: UriMatcher
}

export interface Core {
  readonly info: ServerInfo
  readonly options: ServerOptions<any>
  readonly tools: ReadonlyMap<string, ToolEntry>
  readonly prompts: ReadonlyMap<string, PromptEntry>
  readonly resources: ReadonlyMap<string, ResourceEntry>
  readonly templates: readonly Template[]
  readonly toolPages: ListPages
  readonly promptPages: ListPages
  readonly resourcePages: ListPages
  readonly templatePages: ListPages
  readonly signer: StateSigner
  /** `"_meta":{"io.modelcontextprotocol/serverInfo":…}` for modern results. */
  readonly serverMeta: string
  /** `,"resultType":"complete","_meta":…` appended to every complete modern result. */
  readonly completeTail: string
  /** The same for resources/read: with ttlMs and cacheScope. */
  readonly readTail: string
  /** ttlMs and cacheScope of discover and list results. */
  readonly listTtlMs: number
  readonly listScope: 'public' | 'private'
  /** Hands an exception to `onError` (else the console, as Workers logs show it); never throws. */
  report(error: unknown, kind: string, name: string): void
}

export function buildCore(info: ServerInfo, registry: Registry): Core {
  const { options } = registry
  const serverMeta = `"_meta":${JSON.stringify({ [META_SERVER_INFO]: implementationFor(info, 'modern') })}`
  // Lists are the same for every caller unless an authorize hook says who may see them.
  const listScope = options.cacheScope ?? (options.authorize ? 'private' : 'public')
  const listTtlMs = options.ttlMs ?? 3_600_000
  // A resource function may read per-caller or changing data: not cached unless the options say so.
  const readScope = options.cacheScope ?? 'private'
  const readTtlMs = options.ttlMs ?? 0
  const listTail = `,"resultType":"complete","ttlMs":${listTtlMs},"cacheScope":"${listScope}",${serverMeta}`
  const { tools, prompts, resources, templates } = registry
  const onError = options.onError
  return {
    info,
    options,
    tools: new Map(tools.map((entry) => [entry.name, entry])),
    prompts: new Map(prompts.map((entry) => [entry.name, entry])),
    resources: new Map(resources.map((entry) => [entry.uri, entry])),
    templates: templates.map((entry) => ({ entry, match: compileTemplate(entry.uri) })),
    toolPages: new ListPages('tools', tools.length, (flavour) => toolItems(tools, flavour), listTail),
    promptPages: new ListPages('prompts', prompts.length, (flavour) => promptItems(prompts, flavour), listTail),
    resourcePages: new ListPages('resources', resources.length, (flavour) => resourceItems(resources, flavour), listTail),
    templatePages: new ListPages('resourceTemplates', templates.length, (flavour) => resourceItems(templates, flavour), listTail),
    signer: new StateSigner(),
    serverMeta,
    completeTail: `,"resultType":"complete",${serverMeta}`,
    readTail: `,"resultType":"complete","ttlMs":${readTtlMs},"cacheScope":"${readScope}",${serverMeta}`,
    listTtlMs,
    listScope,
    report(error, kind, name) {
      try {
        if (!onError) return console.error(`mcp-aot: the ${kind} '${name}' failed:`, error)
        onError(error, { kind, name })
      } catch {
        // A failing hook must not change the response.
      }
    },
  }
}
