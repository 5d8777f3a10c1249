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
import type { HeldStreams, SessionKey } from '../shared/api.ts'
import { CHANGES_EVENT, type Notifier } from '../shared/channel.ts'
import type { Core } from '../shared/table.ts'
import { isObject, RpcError } from '../shared/jsonrpc.ts'
import { INVALID_PARAMS } from '../shared/protocol.ts'

export type Change = { readonly kind: 'tools' | 'prompts' | 'resources' } | { readonly kind: 'resource'; readonly uri: string }
/** A change as a hub hands it to a listener: with its number in the hub's order (a shard's, on Workers). */
export type Numbered = Change & { readonly seq?: number }

/** Who listens, and the kinds of change it hears: a hub hands a listener only those kinds. */
export interface Listener {
  /** The caller's principal (shared/principal.ts); undefined for an anonymous caller. */
  readonly principal: string | undefined
  readonly kinds: readonly Change['kind'][]
  /** A 2025-11-25 session's GET stream: the session's id. */
  readonly session?: string
}

/**
 * What a hub whose listeners live apart from the sessions' owners (durableSubscriptions()) adds: it holds the
 * URIs each session subscribed to, and sends a session's GET streams only the updates of those.
 */
export interface SessionListeners extends HeldStreams {
  subscribed(session: SessionKey, uris: readonly string[], env: unknown): Promise<void>
}

/**
 * Why a hub takes no more listeners (503 when it holds its total, 429 when the caller holds its own share), or
 * cannot replay from where a resuming GET stream asks (400).
 */
export interface Refusal {
  readonly status: 400 | 429 | 503
  readonly message: string
}

/** Where changes meet their listeners. */
export interface Hub {
  /**
   * The changes of the listener's kinds published from the moment it resolves (the listener is registered by
   * then), until it is cancelled; a Refusal when the hub, or the caller's share of it, is full. A listener
   * that leaves this many changes unread (MAX_UNREAD) is dropped: its stream errors with SlowListener.
   * With `after` (a session's GET stream resuming), first the kept changes numbered after it that the
   * listener hears; a Refusal (400) when the hub no longer keeps them all, or never numbered that far.
   */
  changes(env: unknown, listener: Listener, after?: number): Promise<ReadableStream<Numbered> | Refusal>
  /** Resolves once every listener has been handed the change (the caller may put it in `waitUntil`). */
  publish(change: Change, env: unknown): Promise<void>
  readonly sessions?: SessionListeners
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

/** The most listeners a hub holds by default (memorySubscriptions(), and durableSubscriptions()' shards together). */
export const DEFAULT_MAX_LISTENERS = 10_000
/** The most listeners one principal holds by default; anonymous callers count against the total only. */
export const DEFAULT_MAX_LISTENERS_PER_PRINCIPAL = 100
/** The most changes a listener may leave unread before it is dropped (its client reads too slowly, or is gone). */
export const MAX_UNREAD = 1_000
/** The most resource URIs one listener (or one legacy session) subscribes to, and their total length. */
export const MAX_SUBSCRIBED_URIS = 100
export const MAX_SUBSCRIBED_BYTES = 16 * 1024

/** The error a listener's stream ends with when it left MAX_UNREAD changes unread. */
export class SlowListener extends Error {
  constructor() {
    super(`The listener left ${MAX_UNREAD} changes unread and was dropped; listen again.`)
  }
}

export const totalRefusal = (max: number): Refusal => ({ status: 503, message: `The server holds as many listeners as it may (${max}); retry later.` })
export const principalRefusal = (max: number): Refusal => ({ status: 429, message: `You hold as many listeners as one caller may (${max}); close one, or retry later.` })
export const isRefusal = (value: ReadableStream<Numbered> | Refusal): value is Refusal => !(value instanceof ReadableStream)
/** How many of its latest changes a hub keeps (a shard each), for GET streams that reconnect. */
export const KEPT_CHANGES = 100
export const resumeRefusal = (after: number): Refusal => ({
  status: 400,
  message: `Last-Event-ID ${CHANGES_EVENT}${after} names changes this server no longer keeps (it keeps the last ${KEPT_CHANGES}) or never sent; open the GET stream again without it.`,
})
/** Whether a hub whose last change is numbered `last`, and that keeps from `oldest` on, can replay what came after `after`. */
export const canReplay = (after: number, oldest: number, last: number): boolean => after <= last && after >= oldest - 1

/**
 * A listener's stream of changes, fed by `push` (a hub's publish, a WebSocket's messages): at most MAX_UNREAD
 * queued, past which the stream errors with SlowListener and `stop` runs; `stop` also runs when its reader cancels.
 */
export function changeQueue(stop: () => void): { readonly stream: ReadableStream<Numbered>; push(change: Numbered): void; end(): void } {
  let controller!: ReadableStreamDefaultController<Numbered>
  let open = true
  const finish = () => {
    if (!open) return
    open = false
    stop()
  }
  const stream = new ReadableStream<Numbered>({ start: (c) => void (controller = c), cancel: finish }, { highWaterMark: 0 })
  return {
    stream,
    push(change) {
      if (!open) return
      if (controller.desiredSize! <= -MAX_UNREAD) {
        controller.error(new SlowListener())
        return finish()
      }
      controller.enqueue(change)
    },
    end() {
      if (!open) return
      try {
        controller.close()
      } catch {}
      finish()
    },
  }
}

/** The kinds of change a listener with `filter` hears (a legacy session's GET stream: `resource` always, its URIs change). */
export function kindsOf(filter: Filter, anyResource = false): Change['kind'][] {
  const kinds: Change['kind'][] = []
  for (const kind of ['tools', 'prompts', 'resources'] as const) if (filter[LIST_FLAGS[kind]]) kinds.push(kind)
  if (anyResource || filter.resourceSubscriptions?.length) kinds.push('resource')
  return kinds
}

export const hasResources = (core: Core): boolean => core.resources.size > 0 || core.templates.length > 0

/** Which kinds of change this server can have: the lists it serves. */
function serves(core: Core): Record<keyof typeof LIST_FLAGS, boolean> {
  return { tools: core.tools.size > 0, prompts: core.prompts.size > 0, resources: hasResources(core) }
}

/** Whether `uri` names a resource of this server (a static URI, or one a template matches): what resources/read may serve. */
export const readableIn =
  (core: Core) =>
  (uri: string): boolean =>
    core.resourceAt?.(uri) !== undefined

/** Why `uris` are more than one listener or session may subscribe to, or undefined when they fit. */
export function tooMany(uris: readonly unknown[], what: string): RpcError | undefined {
  let bytes = 0
  for (const uri of uris) bytes += typeof uri === 'string' ? uri.length : 0
  if (uris.length <= MAX_SUBSCRIBED_URIS && bytes <= MAX_SUBSCRIBED_BYTES) return undefined
  return new RpcError(INVALID_PARAMS, `${what} at most ${MAX_SUBSCRIBED_URIS} resource URIs of ${MAX_SUBSCRIBED_BYTES} characters in all (got ${uris.length} of ${bytes}); subscribe to fewer, or to a list change instead.`)
}

/**
 * The subset of a `subscriptions/listen` request's `notifications` this server honors (a kind it has no
 * list of is left out, as is anything it does not know, and a URI no resource of it has), undefined when the
 * field is not an object, an RpcError when it names more URIs than a listener may hold.
 */
export function honored(core: Core, requested: unknown, readable: (uri: string) => boolean): Filter | RpcError | undefined {
  if (!isObject(requested) || Array.isArray(requested)) return undefined
  const filter: Filter = {}
  const has = serves(core)
  for (const kind of ['tools', 'prompts', 'resources'] as const) {
    if (requested[LIST_FLAGS[kind]] === true && has[kind]) filter[LIST_FLAGS[kind]] = true
  }
  const uris = requested.resourceSubscriptions
  if (Array.isArray(uris) && has.resources) {
    const refused = tooMany(uris, 'A listener subscribes to')
    if (refused) return refused
    filter.resourceSubscriptions = [...new Set(uris.filter((uri): uri is string => typeof uri === 'string' && readable(uri)))]
  }
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
