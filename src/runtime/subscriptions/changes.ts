/**
 * What a server tells its listeners: a change (a list changed, a resource was updated), published to a hub
 * (memory.ts in one process, a Durable Object on Workers, src/cloudflare/subscriptions.ts) that hands it to
 * every open listener, which sends it if its filter asked for it.
 *
 * Stage subscriptions/ (beside features/, only with the `subscriptions` option): `subscriptions/listen`
 * (SEP-2575), a 2025-11-25 session's GET stream and `resources/subscribe`, and which entries a request sees
 * (`visible`). No stage imports it: rpc/ and http/ reach it through `core.subscriptions` (types only), made
 * by the host the option names. It imports the shared/ leaves only.
 */
import type { Notifier } from '../shared/channel.ts'
import type { Core } from '../shared/table.ts'
import { isObject } from '../shared/jsonrpc.ts'

export type Change = { readonly kind: 'tools' | 'prompts' | 'resources' } | { readonly kind: 'resource'; readonly uri: string }

/** Where changes meet their listeners. */
export interface Hub {
  /**
   * The changes published from the moment it resolves (the listener is registered by then), until it is
   * cancelled; undefined when the hub holds as many listeners as it may.
   */
  changes(env: unknown): Promise<ReadableStream<Change> | undefined>
  publish(change: Change, env: unknown): Promise<void>
}

/** The notifications a listener opted in to and the server honors (the acknowledgement's `notifications`). */
export interface Filter {
  toolsListChanged?: true
  promptsListChanged?: true
  resourcesListChanged?: true
  resourceSubscriptions?: string[]
}

const LIST_FLAGS = { tools: 'toolsListChanged', prompts: 'promptsListChanged', resources: 'resourcesListChanged' } as const

const METHODS = {
  tools: 'notifications/tools/list_changed',
  prompts: 'notifications/prompts/list_changed',
  resources: 'notifications/resources/list_changed',
  resource: 'notifications/resources/updated',
} as const

/** The most listeners a hub holds by default (memorySubscriptions(), and durableSubscriptions()' object). */
export const DEFAULT_MAX_LISTENERS = 10_000

export const hasResources = (core: Core): boolean => core.resources.size > 0 || core.templates.length > 0

/** Which kinds of change this server can have: the lists it serves. */
function serves(core: Core): Record<keyof typeof LIST_FLAGS, boolean> {
  return { tools: core.tools.size > 0, prompts: core.prompts.size > 0, resources: hasResources(core) }
}

/**
 * The subset of a `subscriptions/listen` request's `notifications` this server honors (a kind it has no
 * list of is left out, as is anything it does not know), or undefined when the field is not an object.
 */
export function honored(core: Core, requested: unknown): Filter | undefined {
  if (!isObject(requested) || Array.isArray(requested)) return undefined
  const filter: Filter = {}
  const has = serves(core)
  for (const kind of ['tools', 'prompts', 'resources'] as const) {
    if (requested[LIST_FLAGS[kind]] === true && has[kind]) filter[LIST_FLAGS[kind]] = true
  }
  const uris = requested.resourceSubscriptions
  if (Array.isArray(uris) && has.resources) filter.resourceSubscriptions = [...new Set(uris.filter((uri): uri is string => typeof uri === 'string'))]
  return filter
}

/** Whether a listener with `filter` is sent `change`; a legacy session's GET stream checks its subscribed URIs instead. */
export function wants(filter: Filter, change: Change, subscribed?: ReadonlySet<string>): boolean {
  if (change.kind !== 'resource') return filter[LIST_FLAGS[change.kind]] === true
  return subscribed ? subscribed.has(change.uri) : filter.resourceSubscriptions?.includes(change.uri) === true
}

/** The notification for a change as JSON-RPC text; on a listen stream `_meta` names the subscription (the request id as JSON). */
export function notificationFor(change: Change, subscriptionId?: string): string {
  const fields = change.kind === 'resource' ? `"uri":${JSON.stringify(change.uri)}` : ''
  const meta = subscriptionId === undefined ? '' : `"_meta":{"io.modelcontextprotocol/subscriptionId":${subscriptionId}}${fields ? ',' : ''}`
  return `{"jsonrpc":"2.0","method":"${METHODS[change.kind]}","params":{${meta}${fields}}}`
}

/** A Notifier that publishes each change to `publish`. */
export function notifierOf(publish: (change: Change) => Promise<void>): Notifier {
  return {
    resourceUpdated: (uri) => (typeof uri === 'string' ? publish({ kind: 'resource', uri }) : Promise.reject(new TypeError('notify.resourceUpdated(uri) takes the URI as a string.'))),
    toolsChanged: () => publish({ kind: 'tools' }),
    promptsChanged: () => publish({ kind: 'prompts' }),
    resourcesChanged: () => publish({ kind: 'resources' }),
  }
}
