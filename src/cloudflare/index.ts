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
import { heldSession } from './held-session.ts'
import { CHANGES_EVENT } from '../runtime/shared/channel.ts'
import { type Admission, DEFAULT_IDLE_MS, sessionFront, unknownSession } from '../runtime/session/front.ts'
import { Session, type SessionRecord } from '../runtime/session/session.ts'
import { type EventBackup, type KeptEvent, Streams, type StreamOptions } from '../runtime/session/streams.ts'
import { namespaceIn, type ObjectState } from './platform.ts'

export interface DurableSessionsOptions {
  /** How long a session may sit idle (no request, nothing pending) before its alarm ends it; default 30 minutes. */
  idleMs?: number
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
 * and its principal). Always set by the front, over whatever the client sent, and removed by the object
 * before the request reaches the server; only the front reaches the object (a Durable Object has no URL).
 */
const ADMISSION = 'x-mcp-aot-admission'

/** `request` with the header `name` set to `value`, or removed when `value` is undefined. */
function withHeader(request: Request, name: string, value: string | undefined): Request {
  const headers = new Headers(request.headers)
  if (value === undefined) headers.delete(name)
  else headers.set(name, value)
  return new Request(request, { headers })
}

export function durableSessions(binding = 'MCP_SESSIONS', options: DurableSessionsOptions = {}): DurableSessions {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS
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
      async open(id, principal, env) {
        const response = await objectFor(env, id).fetch(OPEN_URL, { method: 'PUT', headers: { 'mcp-session-id': id }, body: JSON.stringify({ principal }) })
        await response.body?.cancel()
        return undefined
      },
      async route(id, admission, request, env, execution) {
        const object = objectFor(env, id)
        const sent = JSON.stringify(admission)
        // A GET stream (its notifications, or their resumption: not a tool call's stream) is held here, in the
        // front, when the listeners live apart from the session (durableSubscriptions()): the object only says
        // the session is the caller's, and can sleep.
        const last = request.headers.get('last-event-id')
        if (request.method !== 'GET' || (last !== null && !last.startsWith(CHANGES_EVENT)) || !streams?.holds(env)) return object.fetch(withHeader(request, ADMISSION, sent))
        const checked = await object.fetch(CHECK_URL, { method: 'POST', headers: { 'mcp-session-id': id, [ADMISSION]: sent } })
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

    constructor(state: ObjectState, env: unknown) {
      this.#state = state
      this.#env = env
    }

    async fetch(request: Request): Promise<Response> {
      const id = request.headers.get('mcp-session-id')
      if (!serve) throw new Error('mcp-aot: this Durable Object serves a server made with createServer(…, { sessions }) in the same Worker; none was made.')
      if (id === null) return unknownSession()
      const storage = this.#state.storage
      if (request.method === 'PUT' && request.url === OPEN_URL) {
        const { principal } = (await request.json()) as { principal?: string }
        if ((await storage.get(RECORD)) === undefined) await storage.put(RECORD, { logLevel: undefined, principal } satisfies SessionRecord)
        await storage.setAlarm(Date.now() + idleMs)
        return new Response(null, { status: 204 })
      }
      const sent = request.headers.get(ADMISSION)
      const admission = sent === null ? undefined : (JSON.parse(sent) as Admission)
      const session = this.#session ?? (await this.#load(id))
      // Another principal holding the id is told what an unknown id is told.
      if (!session || !admission || session.principal !== admission.principal) return unknownSession()
      // The alarm moves at most once per tenth of idleMs (a storage write per request would cost more than
      // the tool call), and lands a tenth later, so a session ends between 1 and 1.1 × idleMs after its last request.
      const now = Date.now()
      if (now - this.#alarmMovedAt > idleMs / 10) {
        this.#alarmMovedAt = now
        await storage.setAlarm(now + idleMs + idleMs / 10)
      }
      // The front holds a GET stream of this session (held): it asks only whether the session is the caller's.
      if (request.url === CHECK_URL) return new Response(null, { status: 204 })
      return session.resume(request) ?? serve(withHeader(request, ADMISSION, undefined), this.#env, this.#state, { auth: admission.auth, session })
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
          void storage.deleteAll()
          // The GET streams the fronts hold for it close.
          if (held?.holds(this.#env)) this.#state.waitUntil(held.ended({ id, principal: record.principal }, this.#env).catch(() => {}))
        },
        options.streams === false ? undefined : new Streams(options.streams ?? {}, storageBackup(storage)),
      ))
    }

    /** Idle for `idleMs`: the session ends, unless a request is still waiting for the client. */
    async alarm(): Promise<void> {
      const session = this.#session
      if (session?.busy || (session && held?.holds(this.#env) && (await held.listening(session, this.#env).catch(() => false)))) return this.#state.storage.setAlarm(Date.now() + idleMs)
      if (this.#session) this.#session.end()
      else await this.#state.storage.deleteAll()
    }
  }

  Object.defineProperty(host, 'DurableObject', { value: SessionObject })
  return host
}
export { durableTasks, type DurableTasks, type DurableTasksOptions } from './tasks.ts'
export { durableSubscriptions, type DurableSubscriptions, type DurableSubscriptionsOptions } from './subscriptions.ts'
