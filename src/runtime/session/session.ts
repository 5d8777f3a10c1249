/**
 * One live legacy session (2025-11-25 and older, `Mcp-Session-Id`), held by exactly one owner: a session
 * host (memory.ts in one process, a Durable Object on Workers, src/cloudflare). What it adds to the
 * stateless runtime, through the `session` field of an Exchange:
 * - server→client requests (sampling/createMessage, elicitation/create, roots/list) written on the
 *   tool call's SSE stream, and answered by the client's later POST of a JSON-RPC response (`answer`);
 * - the level `logging/setLevel` chose, for every later request of the session;
 * - GET streams for notifications, closed when the session ends (DELETE or expiry);
 * - resumable tool-call streams (streams.ts): the server may close a call's connection and the client
 *   resumes it with GET and `Last-Event-ID`.
 * The runtime reaches this class only through the `LiveSession` interface (types only), so a server
 * without a session host bundles none of it.
 */
import type { Execution, InputRequest, LiveSession } from '../shared/api.ts'
import { CHANGES_EVENT, type Channel, type FeedEvent } from '../shared/channel.ts'
import { errorText, isObject, RpcError } from '../shared/jsonrpc.ts'
import { INVALID_REQUEST, LEGACY_LOG_LEVEL } from '../shared/protocol.ts'
import { sessionCapabilities } from '../shared/session-id.ts'
import type { Streams } from './streams.ts'
import { type NotificationStream, notificationStream } from './notification-stream.ts'
import { corsHeaders } from '../http/cors.ts'

/** What a host keeps of a session between requests (a Durable Object in its storage). */
export interface SessionRecord {
  readonly logLevel: number | undefined
  /** Who opened it (shared/principal.ts); undefined when the server does not authorize. */
  readonly principal: string | undefined
}

/** A client's error answer to a server→client request. */
export class ClientError extends Error {
  readonly code: unknown
  constructor(method: string, error: unknown) {
    const detail = isObject(error) && typeof error.message === 'string' ? `: ${error.message}` : ''
    super(`The client answered ${method} with an error${detail}.`)
    this.code = isObject(error) ? error.code : undefined
  }
}

/**
 * How long a question waits for the client's answer. Past it the session drops it (the tool's `ctx.elicit`
 * rejects, its call ends) and no longer counts as busy, so a question never answered does not keep a session
 * alive: it ends at most this long after its last request, plus its host's idle time.
 */
export const MAX_QUESTION_MS = 1_800_000

interface Pending {
  readonly method: string
  /** When it was sent (ms since the epoch). */
  readonly at: number
  /** The tool call's stream the request went out on: once it is closed, nobody waits for the answer. */
  readonly channel: Channel
  readonly resolve: (value: any) => void
  readonly reject: (error: unknown) => void
}


export class Session implements LiveSession {
  readonly id: string
  /** Who opened the session (shared/principal.ts). */
  readonly principal: string | undefined
  #logLevel: number
  readonly #save: (record: SessionRecord) => void
  readonly #onEnd: () => void
  readonly #pending = new Map<string, Pending>()
  /** The open GET streams. */
  readonly #streams = new Set<NotificationStream>()
  readonly subscribed = new Set<string>()
  /** Its tool calls' resumable streams; undefined when the host keeps none (`streams: false`). */
  readonly #resumable: Streams | undefined
  #ended = false

  /** `save`: keeps the record (called on every change); `onEnd`: the host forgets the session. */
  constructor(id: string, record: SessionRecord, save: (record: SessionRecord) => void, onEnd: () => void, streams?: Streams) {
    this.id = id
    this.principal = record.principal
    this.#logLevel = record.logLevel ?? LEGACY_LOG_LEVEL
    this.#save = save
    this.#onEnd = onEnd
    this.#resumable = streams
  }

  get logLevel(): number {
    return this.#logLevel
  }

  /** The capabilities the client declared at initialize (the id carries them, see shared/session-id.ts). */
  get capabilities(): Record<string, any> {
    return sessionCapabilities(this.id)
  }

  get ended(): boolean {
    return this.#ended
  }

  /**
   * Requests sent and not answered yet on a tool call's stream still open, plus open GET streams: a host
   * keeps such a session alive. A question whose tool call ended (its stream closed), or that waited
   * MAX_QUESTION_MS, is dropped here, so an unanswered question does not keep a session alive for ever.
   */
  get busy(): boolean {
    const oldest = Date.now() - MAX_QUESTION_MS
    for (const [id, pending] of this.#pending) {
      const closed = pending.channel.closed
      if (!closed && pending.at >= oldest) continue
      this.#pending.delete(id)
      pending.reject(new Error(closed ? 'The tool call ended before the client answered.' : `The client did not answer ${pending.method} within ${MAX_QUESTION_MS / 60_000} minutes.`))
    }
    return this.#pending.size > 0 || this.#streams.size > 0
  }

  setLevel(severity: number): void {
    this.#logLevel = severity
    this.#save({ logLevel: severity, principal: this.principal })
  }

  ask(channel: Channel, requests: Record<string, InputRequest>): Promise<Record<string, any>> {
    const keys = Object.keys(requests)
    return Promise.all(keys.map((key) => this.#request(channel, requests[key]))).then((values) =>
      Object.fromEntries(keys.map((key, index) => [key, values[index]])),
    )
  }

  #request(channel: Channel, request: InputRequest): Promise<any> {
    if (this.#ended) return Promise.reject(new Error('The session ended.'))
    // Unguessable, so only the client it was sent to can answer it.
    const id = `s-${crypto.randomUUID()}`
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { method: request.method, at: Date.now(), channel, resolve, reject })
      channel.send(JSON.stringify({ jsonrpc: '2.0', id, method: request.method, params: request.params ?? {} }))
    })
  }

  resumable(channel: Channel, execution: Execution | undefined): { response: Promise<Response>; pause(): void } | undefined {
    return this.#ended ? undefined : this.#resumable?.open(channel, execution)
  }

  /**
   * A GET with Last-Event-ID, which the host hands here before serving a request (admitted: the endpoint,
   * an allowed origin, an authorized caller): the stream it names, resumed. Undefined for any other request.
   */
  resume(request: Request): Promise<Response> | undefined {
    const last = request.method === 'GET' ? request.headers.get('last-event-id') : null
    // `changes/<n>` resumes the GET stream's notifications (subscriptions/), not a tool call's stream.
    if (last === null || last.startsWith(CHANGES_EVENT) || !this.#resumable) return undefined
    const origin = request.headers.get('origin')
    return this.#resumable.resume(last, origin === null ? undefined : corsHeaders(origin))
  }

  answer(message: Record<string, any>): void {
    const id = String(message.id)
    const pending = this.#pending.get(id)
    if (!pending) return
    this.#pending.delete(id)
    if ('error' in message) pending.reject(new ClientError(pending.method, message.error))
    else pending.resolve(message.result)
  }

  other(method: string, cors: Record<string, string> | undefined, feed?: ReadableStream<FeedEvent>, signal?: AbortSignal): Response {
    if (method === 'DELETE') {
      this.end()
      return new Response(null, { status: 204, headers: cors })
    }
    if (method !== 'GET') {
      const text = errorText(undefined, new RpcError(INVALID_REQUEST, `Method not allowed: a session takes POST, GET and DELETE, not ${method}.`))
      return new Response(text, { status: 405, headers: { 'content-type': 'application/json', allow: 'POST, GET, DELETE, OPTIONS', ...cors } })
    }
    const stream = notificationStream(feed, cors, () => this.#streams.delete(stream), signal)
    this.#streams.add(stream)
    return stream.response
  }

  /** Ends the session: unanswered requests fail, GET streams close, the host forgets it. */
  end(): void {
    if (this.#ended) return
    this.#ended = true
    const error = new Error('The session ended.')
    for (const pending of this.#pending.values()) pending.reject(error)
    this.#pending.clear()
    for (const stream of [...this.#streams]) stream.close()
    this.#resumable?.end()
    this.#onEnd()
  }
}
