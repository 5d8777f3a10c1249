/**
 * `mcp-aot/cloudflare`: legacy sessions (2025-11-25 and older) in a Durable Object, so a tool can ask a
 * 2025-11-25 client (`ctx.elicit`, `ctx.sample`, `ctx.roots`) on Workers. Every request carrying an
 * `Mcp-Session-Id` goes to the object named by that id (`idFromName`), wherever the front Worker runs;
 * the tool runs in the object, its server→client request goes out on the tool call's SSE stream, and the
 * client's answer (another POST, maybe to another isolate) reaches the same object.
 *
 * ```ts
 * import { createServer } from 'mcp-aot'
 * import { durableSessions } from 'mcp-aot/cloudflare'
 * const sessions = durableSessions('MCP_SESSIONS')
 * export default createServer(info, tools, { sessions })
 * export const McpSession = sessions.DurableObject
 * ```
 * with, in wrangler.jsonc, a `durable_objects` binding `MCP_SESSIONS` → class `McpSession` and a
 * migration `new_sqlite_classes: ["McpSession"]`. Nothing here imports `cloudflare:workers`: the object is
 * a plain class with `fetch` and `alarm`, typed structurally below.
 */
import type { Admit, HeldStreams, SessionFetch, SessionHost, SessionServe } from '../runtime/shared/api.ts'
import { CHANGES_EVENT } from '../runtime/shared/channel.ts'
import { type Admission, DEFAULT_IDLE_MS, DEFAULT_RECLAIM_IDLE_MS, sessionFront, unknownSession } from '../runtime/session/front.ts'
import { DEFAULT_MAX_SESSIONS, DEFAULT_MAX_SESSIONS_PER_PRINCIPAL } from '../runtime/session/memory.ts'
import { heldSession } from './held-session.ts'
import { Session, type SessionRecord } from '../runtime/session/session.ts'
import { type EventBackup, type KeptEvent, Streams, type StreamOptions } from '../runtime/session/streams.ts'
import { namespaceIn, type ObjectState } from './platform.ts'
import { type HeldPlace, PLACE_HEADER, type PlaceBounds, placeOf, Places, PLACES, type Reclaimed, toCount } from './session-places.ts'

export interface DurableSessionsOptions {
  /** How long a session may sit idle (no request, nothing pending) before its alarm ends it; default 30 minutes. */
  idleMs?: number
  /**
   * The most sessions one principal (an authorized caller) holds; an initialize beyond it is refused (429,
   * `Retry-After`). Counted in the principal's object of this namespace (`principal:<key>`); a session that
   * ends (DELETE, idle expiry) gives its place back. Default 100.
   */
  maxSessionsPerPrincipal?: number
  /**
   * The most sessions callers without authorization hold together, counted in `anonymousShards` objects
   * (`anonymous:<n>`, one picked at random per initialize, each holding its share). Default 10,000.
   */
  maxAnonymousSessions?: number
  /** Over how many objects anonymous sessions are counted (so no object sees every caller); default 16. */
  anonymousShards?: number
  /**
   * When an anonymous shard is full, its oldest session is ended to make room for a new one if it has sat
   * idle this long (nothing pending, no GET stream; one in use keeps its place); else the initialize is
   * refused (503, `Retry-After`). Default one minute; `Infinity`: never.
   */
  reclaimIdleMs?: number
  /**
   * Where `env` has no such binding (the same bundle in Deno or Node): this host, e.g. `memorySessions()`
   * for one process (made on first use; on Workers memorySessions() refuses, see its comment). Default:
   * none, the server stays stateless there, as without `sessions`.
   */
  fallback?: SessionHost
  /**
   * Resumable tool-call streams, as memorySessions() has them; the events kept for a client that
   * reconnects are also written to the object's storage (so a resume finds them after it restarted) and
   * deleted when delivered, dropped, or with the session. `false`: no event ids.
   */
  streams?: StreamOptions | false
}

/** The session host, plus the Durable Object class to export under the binding's `class_name`. */
export interface DurableSessions extends SessionHost {
  readonly DurableObject: new (state: any, env: any) => { fetch(request: Request): Promise<Response>; alarm(): Promise<void> }
}

/** The internal requests that open a session in its object (sent by the front after initialize), and check a held GET's caller. */
const OPEN_URL = 'https://mcp-aot.session/open'
const CHECK_URL = 'https://mcp-aot.session/check'
const RECORD = 'session'
/** Where the object keeps which count holds its session's place (session-places.ts), until it is given back. */
const PLACE = 'place'
/** How soon the alarm tries again to give a place back when its count could not be reached. */
const GIVE_RETRY_MS = 10_000
/** Where an object keeps a stream's undelivered events: `event:<stream>:<seq>`, the seq padded so keys sort. */
const EVENT = 'event:'
const eventKey = (stream: string, seq: number) => `${EVENT}${stream}:${String(seq).padStart(10, '0')}`

/** The object's storage as the event backup of its session's streams. */
function storageBackup(storage: ObjectState['storage']): EventBackup {
  return {
    // A failed write loses only what a restarted object could have replayed.
    keep: (stream, event) => void storage.put(eventKey(stream, event.seq), event).catch(() => {}),
    drop: (stream, seqs) => {
      // delete() takes at most 128 keys a call.
      for (let start = 0; start < seqs.length; start += 128) void storage.delete(seqs.slice(start, start + 128).map((seq) => eventKey(stream, seq))).catch(() => {})
    },
    load: async (stream) => [...(await storage.list<KeptEvent>({ prefix: `${EVENT}${stream}:` })).values()],
  }
}
/**
 * The header in which the front hands the object the admitted caller (JSON: the `authorize` hook's answer
 * and its principal), and the object removes before the request reaches the server; only the front reaches
 * the object (a Durable Object has no URL). A caller the server does not authorize is nobody (`{}`): the
 * front sends its request as it came, with no copy and no header, and the object takes a request without
 * one (its own internal URLs apart) as that caller's. A client's header of that name never gets through:
 * the front sets it over the client's, or removes it.
 */
const ADMISSION = 'x-mcp-aot-admission'
const NOBODY: Admission = { auth: undefined, principal: undefined }

/** `request` with the header `name` set to `value`, or removed when `value` is undefined. */
function withHeader(request: Request, name: string, value: string | undefined): Request {
  const headers = new Headers(request.headers)
  if (value === undefined) headers.delete(name)
  else headers.set(name, value)
  return new Request(request, { headers })
}

export function durableSessions(binding = 'MCP_SESSIONS', options: DurableSessionsOptions = {}): DurableSessions {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS
  const bounds: PlaceBounds = {
    perPrincipal: options.maxSessionsPerPrincipal ?? DEFAULT_MAX_SESSIONS_PER_PRINCIPAL,
    anonymous: options.maxAnonymousSessions ?? DEFAULT_MAX_SESSIONS,
    shards: Math.max(1, Math.floor(options.anonymousShards ?? 16)),
    reclaimIdleMs: options.reclaimIdleMs ?? DEFAULT_RECLAIM_IDLE_MS,
  }
  let serve: SessionServe | undefined
  /** The subscriptions host's hold on GET streams, when its listeners live apart (durableSubscriptions()). */
  let held: HeldStreams | undefined

  const objectFor = (env: unknown, id: string) => {
    const namespace = namespaceIn(env, binding)!
    return namespace.get(namespace.idFromName(id))
  }

  const host = ((server: SessionServe, admit: Admit, streams?: HeldStreams) => {
    // The object class serves one server: a second would take every session's requests from the first.
    if (serve) throw new Error(`mcp-aot: durableSessions('${binding}') already serves another createServer; its Durable Object class serves one. Give each server a durableSessions() of its own, with its own binding and class.`)
    serve = server
    held = streams
    const durable = sessionFront(server, admit, {
      // The session takes its place in its count first (a refusal, 429 or 503, comes back as it is, and no
      // session object is made); the place is given back if the session cannot be opened.
      async open(id, principal, env) {
        const place: HeldPlace = { name: placeOf(principal, bounds), session: id }
        const taken = await toCount(namespaceIn(env, binding)!, 'take', place)
        if (taken.status !== 204) return taken
        try {
          const response = await objectFor(env, id).fetch(OPEN_URL, { method: 'PUT', headers: { 'mcp-session-id': id }, body: JSON.stringify({ principal, place }) })
          await response.body?.cancel()
        } catch (error) {
          await toCount(namespaceIn(env, binding)!, 'give', place).catch(() => {})
          throw error
        }
        return undefined
      },
      async route(id, admission, request, env, execution) {
        const object = objectFor(env, id)
        const nobody = admission.auth === undefined && admission.principal === undefined
        const sent = nobody ? undefined : JSON.stringify(admission)
        // A GET stream (its notifications, or their resumption: not a tool call's stream) is held here, in the
        // front, when the listeners live apart from the session (durableSubscriptions()): the object only says
        // the session is the caller's, and can sleep.
        const last = request.headers.get('last-event-id')
        if (request.method !== 'GET' || (last !== null && !last.startsWith(CHANGES_EVENT)) || !streams?.holds(env)) {
          return object.fetch(sent !== undefined || request.headers.has(ADMISSION) ? withHeader(request, ADMISSION, sent) : request)
        }
        const checked = await object.fetch(CHECK_URL, { method: 'POST', headers: { 'mcp-session-id': id, ...(sent === undefined ? {} : { [ADMISSION]: sent }) } })
        if (checked.status !== 204) return checked
        return server(request, env, execution, { auth: admission.auth, session: heldSession(id, admission.principal) })
      },
    })
    // The fallback is made on first use: where the binding is there, it never is.
    let elsewhere: SessionFetch | undefined
    const fallback = () => (elsewhere ??= options.fallback?.(server, admit) ?? ((request, env, execution) => server(request, env, execution)))
    return (request, env, execution) => (namespaceIn(env, binding) ? durable : fallback())(request, env, execution)
  }) as DurableSessions

  class SessionObject {
    readonly #state: ObjectState
    readonly #env: unknown
    #session: Session | undefined
    /** When this instance last moved the alarm (0: not yet). */
    #alarmMovedAt = 0
    /** When this instance last served its session's client (0: not since it started). */
    #lastSeen = 0
    /** The session's end under way: its place given back, its storage deleted. */
    #closing: Promise<void> | undefined
    /** The session is ended by its count making room, which takes the place back itself. */
    #reclaimed = false
    /** The counting part, when this object is a count (session-places.ts). */
    #places: Places | undefined

    constructor(state: ObjectState, env: unknown) {
      this.#state = state
      this.#env = env
    }

    async fetch(request: Request): Promise<Response> {
      const id = request.headers.get('mcp-session-id')
      if (!serve) throw new Error('mcp-aot: this Durable Object serves a server made with createServer(…, { sessions }) in the same Worker; none was made.')
      if (id === null) return unknownSession()
      const storage = this.#state.storage
      // The front's and other objects' own requests (their URLs are this host's) carry no admission header.
      const sent = request.headers.get(ADMISSION)
      if (sent === null && request.url.startsWith(PLACES)) {
        const operation = request.url.slice(PLACES.length + 1)
        if (operation === 'reclaim') return Response.json(await this.#reclaim(id))
        const places = (this.#places ??= new Places(storage, (session) => this.#ask(session)))
        return places.serve(operation, request.headers.get(PLACE_HEADER) ?? '', id, bounds)
      }
      if (sent === null && request.method === 'PUT' && request.url === OPEN_URL) {
        const { principal, place } = (await request.json()) as { principal?: string; place: HeldPlace }
        if ((await storage.get(RECORD)) === undefined) await storage.put({ [RECORD]: { logLevel: undefined, principal } satisfies SessionRecord, [PLACE]: place })
        await storage.setAlarm(Date.now() + idleMs)
        this.#lastSeen = Date.now()
        return new Response(null, { status: 204 })
      }
      const admission = sent === null ? NOBODY : (JSON.parse(sent) as Admission)
      const session = this.#session ?? (await this.#load(id))
      // Another principal holding the id is told what an unknown id is told.
      if (!session || session.principal !== admission.principal) return unknownSession()
      // The alarm moves at most once per tenth of idleMs (a storage write per request would cost more than
      // the tool call), and lands a tenth later, so a session ends between 1 and 1.1 × idleMs after its last request.
      const now = Date.now()
      this.#lastSeen = now
      if (now - this.#alarmMovedAt > idleMs / 10) {
        this.#alarmMovedAt = now
        await storage.setAlarm(now + idleMs + idleMs / 10)
      }
      // The front holds a GET stream of this session (held): it asks only whether the session is the caller's.
      if (request.url === CHECK_URL) return new Response(null, { status: 204 })
      const response = await (session.resume(request) ?? serve(sent === null ? request : withHeader(request, ADMISSION, undefined), this.#env, this.#state, { auth: admission.auth, session }))
      // A DELETE answers once the place is given back, so the caller's next initialize finds it free.
      if (this.#closing) await this.#closing
      return response
    }

    /** As a count: asks the session `session` to give way (session-places.ts). */
    async #ask(session: string): Promise<Reclaimed> {
      const response = await objectFor(this.#env, session).fetch(`${PLACES}/reclaim`, { method: 'POST', headers: { 'mcp-session-id': session } })
      return (await response.json()) as Reclaimed
    }

    /**
     * Asked by its full count to give way: the session ends if it has sat idle `reclaimIdleMs` and waits for
     * nothing. Its idle time is known exactly while this instance has served it, else from the alarm (a
     * request moves it at most every tenth of idleMs, so the session has sat idle at least `idleMs` less
     * than the alarm is away).
     */
    async #reclaim(id: string): Promise<Reclaimed> {
      const session = this.#session ?? (await this.#load(id))
      if (!session) return { ended: true, idleMs: 0 }
      if (session.busy || (await this.#listening(session))) return { ended: false, idleMs: 0 }
      const now = Date.now()
      const idle = this.#lastSeen > 0 ? now - this.#lastSeen : now - ((await this.#state.storage.getAlarm()) ?? now) + idleMs
      if (idle < bounds.reclaimIdleMs) return { ended: false, idleMs: idle }
      this.#reclaimed = true
      session.end()
      await this.#closing
      return { ended: true, idleMs: idle }
    }

    /**
     * The session ended: its place given back (unless its count took it back), then all it kept deleted.
     * When the count cannot be reached, the record goes now and the alarm tries the place again later.
     */
    async #close(): Promise<void> {
      const storage = this.#state.storage
      const place = await storage.get<HeldPlace>(PLACE)
      if (place !== undefined && !this.#reclaimed) {
        try {
          await (await toCount(namespaceIn(this.#env, binding)!, 'give', place)).body?.cancel()
        } catch {
          await storage.delete([RECORD])
          await storage.setAlarm(Date.now() + GIVE_RETRY_MS)
          return
        }
      }
      await storage.deleteAll()
    }

    /** Whether a front holds a GET stream of the session (its listeners' shard says), where they live apart. */
    async #listening(session: Session): Promise<boolean> {
      return held?.holds(this.#env) === true && (await held.listening(session, this.#env).catch(() => false))
    }

    /** The session from storage (after the object was evicted), or undefined: never opened, ended or expired. */
    async #load(id: string): Promise<Session | undefined> {
      const storage = this.#state.storage
      const record = await storage.get<SessionRecord>(RECORD)
      if (record === undefined) return undefined
      return (this.#session ??= new Session(
        id,
        record,
        (changed) => void storage.put(RECORD, changed),
        () => {
          this.#session = undefined
          this.#closing = this.#close()
          // The GET streams the fronts hold for it close.
          if (held?.holds(this.#env)) this.#state.waitUntil(held.ended({ id, principal: record.principal }, this.#env).catch(() => {}))
        },
        options.streams === false ? undefined : new Streams(options.streams ?? {}, storageBackup(storage)),
      ))
    }

    /** Idle for `idleMs`: the session ends (its place given back), unless a request is still waiting for the client. */
    async alarm(): Promise<void> {
      // An object that slept (a front holding its GET stream, say) finds its session again by the id its place names.
      const id = this.#session?.id ?? (await this.#state.storage.get<HeldPlace>(PLACE))?.session
      const session = this.#session ?? (id === undefined ? undefined : await this.#load(id))
      if (session && (session.busy || (await this.#listening(session)))) return this.#state.storage.setAlarm(Date.now() + idleMs)
      if (session) session.end()
      else this.#closing = this.#close()
      await this.#closing
    }
  }

  Object.defineProperty(host, 'DurableObject', { value: SessionObject })
  return host
}
export { durableTasks, type DurableTasks, type DurableTasksOptions } from './tasks.ts'
export { durableSubscriptions, type DurableSubscriptions, type DurableSubscriptionsOptions } from './subscriptions.ts'
