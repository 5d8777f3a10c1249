/**
 * `durableSubscriptions()` (mcp-aot/cloudflare): the listeners of a Worker in Durable Objects, so a change
 * made in any isolate reaches every listen stream, whichever isolate holds it.
 *
 * ```ts
 * import { createServer } from 'mcp-aot'
 * import { durableSubscriptions } from 'mcp-aot/cloudflare'
 * const subscriptions = durableSubscriptions('MCP_SUBSCRIPTIONS')
 * export default createServer(info, tools, { subscriptions })
 * export const McpSubscriptions = subscriptions.DurableObject
 * ```
 * with a `durable_objects` binding `MCP_SUBSCRIPTIONS` → class `McpSubscriptions` and a migration
 * `new_sqlite_classes: ["McpSubscriptions"]` in wrangler.jsonc.
 *
 * The shape, so that no object is the ceiling and an idle one costs nothing:
 * - **Shards.** Listeners are spread over `shards` objects (16 by default), named `<name>:<i>`. A signed-in
 *   caller's listeners all live in the shard its principal hashes to, which counts them exactly (at most
 *   `maxListenersPerPrincipal`, else 429); an anonymous caller's go to a shard at random (a second one when
 *   the first is full). No shard holds more than its share of `maxListeners` (else 503). A change is posted
 *   to every shard in parallel; each numbers it (the last 100 kept, for GET streams that resume) and sends
 *   that one text to the listeners of its kind.
 * - **Hibernation.** The client's SSE response lives in the stateless front Worker, which reaches its shard
 *   over a WebSocket that the shard accepts with the Hibernation API (`state.acceptWebSocket`, the listener's
 *   kinds and principal as tags). Between changes a shard runs nothing, so the platform evicts it from memory
 *   and stops billing it, with every socket still connected; a publish wakes it.
 * - **Leaving.** When the client goes away (the request's signal, a failed write, the keep-alive), or reads
 *   too slowly (MAX_UNREAD changes queued at the front), the front closes its socket and the shard forgets
 *   it: the count is the sockets the platform holds open, never the dead.
 * The objects keep nothing in storage: a listener lives as long as its socket (an object that restarts
 * ends its sockets, and the clients listen again).
 */
import type { SessionKey } from '../runtime/shared/api.ts'
import type { SubscriptionHost } from '../runtime/shared/channel.ts'
import {
  canReplay,
  type Change,
  changeQueue,
  DEFAULT_MAX_LISTENERS,
  DEFAULT_MAX_LISTENERS_PER_PRINCIPAL,
  type Hub,
  KEPT_CHANGES,
  type Listener,
  type Numbered,
  principalRefusal,
  resumeRefusal,
  totalRefusal,
} from '../runtime/subscriptions/changes.ts'
import { hostOver } from '../runtime/subscriptions/memory.ts'
import { subscriptionSupport } from '../runtime/subscriptions/support.ts'
import { type HibernatableSocket, namespaceIn, type ObjectState, type SocketState } from './platform.ts'

export interface DurableSubscriptionsOptions {
  /** The prefix of the shards' names (`<name>:0` … `<name>:<shards − 1>`); default `'listeners'`. */
  name?: string
  /** How many objects share the listeners; default 16. Each holds at most `maxListeners / shards` of them. */
  shards?: number
  /**
   * Where `env` has no such binding (the same bundle in Deno or Node): this host, e.g. `memorySubscriptions()`
   * for one process. Default: none; there a listen stream is refused and `notify` rejects, naming the binding.
   */
  fallback?: SubscriptionHost
  /** The most listeners (listen streams and GET streams) of the server, all shards together; default 10,000. */
  maxListeners?: number
  /** The most listeners one principal (an authorized caller) holds; beyond it a listen request is refused (429). Default 100. */
  maxListenersPerPrincipal?: number
}

export interface DurableSubscriptions extends SubscriptionHost {
  /** How many listeners each shard holds now, in shard order (for a dashboard, or a test): one request per shard. */
  listeners(env: unknown): Promise<number[]>
  readonly DurableObject: new (state: any, env: any) => {
    fetch(request: Request): Promise<Response>
    webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): void
    webSocketClose(socket: WebSocket, code: number, reason: string): void
    webSocketError(socket: WebSocket): void
  }
}

/** The internal requests from a front Worker to a shard: `${ORIGIN}/listen` (a WebSocket), `/publish`, `/listeners`. */
const ORIGIN = 'https://mcp-aot.subscriptions'
const DEFAULT_SHARDS = 16
/** The tag of a principal's sockets in its shard, and of a session's GET streams. */
const principalTag = (principal: string) => `p:${principal}`
const sessionTag = (session: string) => `s:${session}`
/** Where a shard keeps the number of its last change, and its last KEPT_CHANGES changes (`log:<n>`, n padded so keys sort). */
const LAST = 'last-change'
const LOG = 'log:'
const logKey = (seq: number) => `${LOG}${String(seq).padStart(15, '0')}`

/** The workerd global that makes a WebSocket's two ends (typed here: nothing imports workers-types). */
declare const WebSocketPair: new () => { 0: WebSocket; 1: HibernatableSocket }

/** Which shard of `shards` holds a principal's listeners: a string hash (FNV-1a) of it. */
function shardOf(principal: string, shards: number): number {
  let hash = 0x811c9dc5
  for (let at = 0; at < principal.length; at++) hash = Math.imul(hash ^ principal.charCodeAt(at), 0x01000193)
  return (hash >>> 0) % shards
}

/** Closes a socket whatever state it is in (closed already, or half-closed by the other end). */
function closeSocket(socket: WebSocket, code = 1000, reason = ''): void {
  try {
    socket.close(code === 1005 || code === 1006 ? 1000 : code, reason)
  } catch {}
}

export function durableSubscriptions(binding = 'MCP_SUBSCRIPTIONS', options: DurableSubscriptionsOptions = {}): DurableSubscriptions {
  const name = options.name ?? 'listeners'
  const shards = Math.max(1, Math.floor(options.shards ?? DEFAULT_SHARDS))
  const maxListeners = options.maxListeners ?? DEFAULT_MAX_LISTENERS
  const perPrincipal = options.maxListenersPerPrincipal ?? DEFAULT_MAX_LISTENERS_PER_PRINCIPAL
  /** What one shard holds at most: its share of the total. */
  const share = Math.ceil(maxListeners / shards)
  const fallback = (options.fallback as { hub?: Hub } | undefined)?.hub
  const missing = () => new Error(`mcp-aot: subscriptions need the Durable Object binding ${binding} (wrangler.jsonc: durable_objects and a new_sqlite_classes migration); this Worker has none.`)
  const shardIn = (env: unknown, index: number) => {
    const namespace = namespaceIn(env, binding)
    return namespace && namespace.get(namespace.idFromName(`${name}:${index}`))
  }

  /** A principal's listeners share its shard (their count is exact there); a session's GET streams without one, the session's; others go anywhere. */
  const shardFor = (env: unknown, key: string | undefined) => shardIn(env, key === undefined ? Math.floor(Math.random() * shards) : shardOf(key, shards))
  const sessionShard = (env: unknown, session: SessionKey) => shardFor(env, session.principal ?? session.id)!
  const sessionUrl = (session: SessionKey) => `${ORIGIN}/session?id=${encodeURIComponent(session.id)}`

  const hub: Hub = {
    async changes(env, listener: Listener, after) {
      const { principal, session } = listener
      const key = principal ?? session
      const shard = shardFor(env, key)
      if (!shard) return fallback ? fallback.changes(env, listener, after) : Promise.reject(missing())
      const query = new URLSearchParams({ kinds: listener.kinds.join(',') })
      if (principal !== undefined) query.set('principal', principal)
      if (session !== undefined) query.set('session', session)
      if (after !== undefined) query.set('after', String(after))
      const listen = (to: typeof shard) => to.fetch(`${ORIGIN}/listen?${query}`, { headers: { upgrade: 'websocket' } })
      let response = await listen(shard)
      // An anonymous listener whose shard is full tries one more, at random.
      if (response.status === 503 && key === undefined && shards > 1) {
        await response.body?.cancel()
        response = await listen(shardFor(env, undefined)!)
      }
      const socket = (response as Response & { webSocket?: WebSocket | null }).webSocket
      if (!socket) {
        await response.body?.cancel()
        if (response.status === 400) return resumeRefusal(after!)
        if (response.status === 429) return principalRefusal(perPrincipal)
        if (response.status === 503) return totalRefusal(maxListeners)
        throw new Error(`mcp-aot: the subscriptions object answered a listener with ${response.status}.`)
      }
      ;(socket as WebSocket & { accept(): void }).accept()
      const queue = changeQueue(() => closeSocket(socket, 1000, 'the listener left'))
      socket.addEventListener('message', (event) => queue.push(JSON.parse(event.data as string) as Numbered))
      socket.addEventListener('close', () => queue.end())
      socket.addEventListener('error', () => queue.end())
      return queue.stream
    },
    async publish(change, env) {
      if (!namespaceIn(env, binding)) return fallback ? fallback.publish(change, env) : Promise.reject(missing())
      // Serialized once here; each shard numbers it and sends its one text to every socket of its kind.
      const body = JSON.stringify(change)
      const posts: Promise<void>[] = []
      for (let index = 0; index < shards; index++) {
        posts.push(shardIn(env, index)!.fetch(`${ORIGIN}/publish?kind=${change.kind}`, { method: 'POST', body }).then((response) => response.body?.cancel()))
      }
      await Promise.all(posts)
    },
    sessions: {
      holds: (env) => namespaceIn(env, binding) !== undefined,
      async subscribed(session, uris, env) {
        const response = await sessionShard(env, session).fetch(sessionUrl(session), { method: 'PUT', body: JSON.stringify(uris) })
        await response.body?.cancel()
      },
      async ended(session, env) {
        const response = await sessionShard(env, session).fetch(sessionUrl(session), { method: 'DELETE' })
        await response.body?.cancel()
      },
      async listening(session, env) {
        const response = await sessionShard(env, session).fetch(sessionUrl(session))
        return ((await response.json()) as { listening: number }).listening > 0
      },
    },
  }
  const host = hostOver(hub, (core) => subscriptionSupport(core, hub)) as unknown as DurableSubscriptions

  /**
   * One shard: its listeners are the hibernatable sockets the platform holds for it, tagged with their kinds,
   * principal and session. It keeps in storage the URIs each session with a GET stream here subscribed to
   * (`uris:<session id>`), read once per wake-up.
   */
  class SubscriptionShard {
    readonly #state: SocketState & ObjectState
    /** Sessions' subscribed URIs as read from storage since this instance woke. */
    readonly #uris = new Map<string, ReadonlySet<string>>()
    #last: number | undefined

    constructor(state: SocketState & ObjectState) {
      this.#state = state
    }

    /** The number of the last change this shard published (0: none yet), kept in storage across sleeps. */
    async #lastChange(): Promise<number> {
      return (this.#last ??= (await this.#state.storage.get<number>(LAST)) ?? 0)
    }

    /** Whether a socket of the change's kind hears it: a session's GET stream, a resource's update only when the session subscribed to it. */
    async #sessionHears(socket: HibernatableSocket, change: Change): Promise<boolean> {
      const session = change.kind === 'resource' ? (socket.deserializeAttachment() as string | null) : null
      return session === null || (await this.#subscribed(session)).has((change as { uri: string }).uri)
    }

    async #subscribed(session: string): Promise<ReadonlySet<string>> {
      let uris = this.#uris.get(session)
      if (!uris) this.#uris.set(session, (uris = new Set((await this.#state.storage.get<string[]>(`uris:${session}`)) ?? [])))
      return uris
    }

    async fetch(request: Request): Promise<Response> {
      const url = new URL(request.url)
      const state = this.#state
      switch (url.pathname) {
        case '/listen': {
          if (request.headers.get('upgrade') !== 'websocket') return new Response(null, { status: 426 })
          // The caller's own cap first (the more precise answer), then the shard's share of the total.
          const principal = url.searchParams.get('principal')
          const tags = (url.searchParams.get('kinds') ?? '').split(',').filter(Boolean)
          if (principal !== null) {
            if (state.getWebSockets(principalTag(principal)).length >= perPrincipal) return new Response(null, { status: 429 })
            tags.push(principalTag(principal))
          }
          if (state.getWebSockets().length >= share) return new Response(null, { status: 503 })
          const session = url.searchParams.get('session')
          if (session !== null) tags.push(sessionTag(session))
          // A session's GET stream resuming: the kept changes after the one it names, first.
          const from = url.searchParams.get('after')
          const after = from === null ? undefined : Number(from)
          const last = await this.#lastChange()
          if (after !== undefined && !canReplay(after, Math.max(1, last - KEPT_CHANGES + 1), last)) return new Response(null, { status: 400 })
          const pair = new WebSocketPair()
          const socket = pair[1]
          state.acceptWebSocket(socket, tags)
          if (session !== null) socket.serializeAttachment(session)
          if (after !== undefined && after < last) {
            for (const text of (await state.storage.list<string>({ prefix: LOG, start: logKey(after + 1) })).values()) {
              const change = JSON.parse(text) as Change
              if (state.getTags(socket).includes(change.kind) && (await this.#sessionHears(socket, change))) socket.send(text)
            }
          }
          return new Response(null, { status: 101, webSocket: pair[0] } as ResponseInit)
        }
        case '/publish': {
          // Numbered in this shard's order and kept (the last KEPT_CHANGES), for GET streams that resume.
          const change = (await request.json()) as Change
          const last = (this.#last = (await this.#lastChange()) + 1)
          const text = JSON.stringify({ ...change, seq: last })
          await state.storage.put({ [LAST]: last, [logKey(last)]: text })
          if (last > KEPT_CHANGES) await state.storage.delete([logKey(last - KEPT_CHANGES)])
          for (const socket of state.getWebSockets(change.kind)) {
            if (!(await this.#sessionHears(socket, change))) continue
            try {
              socket.send(text)
            } catch {
              closeSocket(socket, 1011)
            }
          }
          return new Response(null, { status: 204 })
        }
        case '/session': {
          const session = url.searchParams.get('id')!
          const key = `uris:${session}`
          if (request.method === 'PUT') {
            const uris = (await request.json()) as string[]
            this.#uris.set(session, new Set(uris))
            await (uris.length > 0 ? state.storage.put(key, uris) : state.storage.delete([key]))
            return new Response(null, { status: 204 })
          }
          if (request.method === 'DELETE') {
            for (const socket of state.getWebSockets(sessionTag(session))) closeSocket(socket, 1000, 'the session ended')
            this.#uris.delete(session)
            await state.storage.delete([key])
            return new Response(null, { status: 204 })
          }
          return Response.json({ listening: state.getWebSockets(sessionTag(session)).length })
        }
        case '/listeners':
          return Response.json({ listeners: state.getWebSockets().length, share })
        default:
          return new Response(null, { status: 404 })
      }
    }

    /** A front sends nothing; a message is ignored. */
    webSocketMessage(): void {}

    /** The front closed its end (its client left): close ours, and the platform forgets the socket. */
    webSocketClose(socket: WebSocket, code: number, reason: string): void {
      closeSocket(socket, code, reason)
    }

    webSocketError(socket: WebSocket): void {
      closeSocket(socket, 1011)
    }
  }

  Object.defineProperty(host, 'DurableObject', { value: SubscriptionShard })
  Object.defineProperty(host, 'listeners', {
    value: (env: unknown) => {
      if (!namespaceIn(env, binding)) return Promise.reject(missing())
      const counts: Promise<number>[] = []
      for (let index = 0; index < shards; index++) {
        counts.push(shardIn(env, index)!.fetch(`${ORIGIN}/listeners`).then(async (response) => ((await response.json()) as { listeners: number }).listeners))
      }
      return Promise.all(counts)
    },
  })
  return host
}
