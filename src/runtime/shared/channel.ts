/**
 * The response to one request: a single JSON body, or, once the handler sends a notification (progress,
 * a log message) to a client that accepts `text/event-stream`, an SSE stream that carries those
 * notifications and then the response. The choice is made lazily, so a call that notifies nothing is
 * answered with plain JSON.
 */
import { notificationText } from './jsonrpc.ts'

/** The headers of an SSE response (before any CORS headers). */
export const SSE_HEADERS: Record<string, string> = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' }

/** The headers of an SSE response, with the request's CORS headers when it has any. */
export const sseHeaders = (cors: Record<string, string> | undefined): Record<string, string> => (cors ? { ...SSE_HEADERS, ...cors } : SSE_HEADERS)

const encoder = /* @__PURE__ */ new TextEncoder()

/** One SSE message event carrying `text` (a JSON-RPC message): the text, and its bytes for a stream. */
export const sseText = (text: string): string => `event: message\ndata: ${text}\n\n`
/** An SSE message event, with an `id:` line when `id` is given. */
export const sseEvent = (text: string, id?: string): Uint8Array => encoder.encode(id === undefined ? sseText(text) : `id: ${id}\n${sseText(text)}`)

/**
 * The event ids of a 2025-11-25 session's GET stream: `changes/<n>`, n the change's number in its hub (or
 * shard). A GET with such a Last-Event-ID resumes the notifications, not a tool call's stream.
 */
export const CHANGES_EVENT = 'changes/'
/** The number at the end of an event id (`<stream>/<n>`, `changes/<n>`): decimal digits only, else undefined. */
export const eventNumber = (text: string): number | undefined => (/^\d{1,15}$/.test(text) ? Number(text) : undefined)

/** A message of a session's GET stream: the JSON-RPC notification, and its event id where it has one. */
export interface FeedEvent {
  readonly text: string
  readonly id?: string
}

/**
 * How often a quiet long-lived stream (a listen stream, a session's GET stream) gets an SSE comment: proxies
 * keep it open, and a client that went away without a word is noticed at the write (the stream is cancelled).
 */
export const KEEP_ALIVE_MS = 25_000
/** Writes a keep-alive comment every KEEP_ALIVE_MS until the stream is closed; returns what stops it. */
export function keepAlive(controller: ReadableStreamDefaultController<Uint8Array>): () => void {
  const comment = encoder.encode(': keep-alive\n\n')
  const timer = setInterval(() => {
    try {
      controller.enqueue(comment)
    } catch {
      clearInterval(timer)
    }
  }, KEEP_ALIVE_MS)
  return () => clearInterval(timer)
}

export class Channel {
  readonly #headers: Record<string, string>
  readonly #onCancel: () => void
  #resolve!: (response: Response) => void
  #stream: ReadableStreamDefaultController<Uint8Array> | undefined
  #closed = false
  #written = 0
  /** Resolves with the SSE response at the first notification, or with the JSON response at the end. */
  readonly response: Promise<Response>

  /** `headers`: the SSE response's headers; `onCancel`: the client closed the stream. */
  constructor(headers: Record<string, string>, onCancel: () => void) {
    this.#headers = headers
    this.#onCancel = onCancel
    this.response = new Promise((resolve) => (this.#resolve = resolve))
  }

  /** True once the response is sent or the client closed the stream: nothing more reaches the client. */
  get closed(): boolean {
    return this.#closed
  }

  /** Sends a notification; opens the SSE stream on the first one. Dropped once the response is sent. */
  notify(method: string, params: unknown): void {
    this.send(notificationText(method, params))
  }

  /** Sends one JSON-RPC message (a notification, or a session's request to the client); opens the stream. */
  send(text: string): void {
    if (this.#closed) return
    if (!this.#stream) this.#open()
    this.#write(text)
  }

  /** How many events the stream carries so far (a resumable stream closes its connection after those, session/streams.ts). */
  get written(): number {
    return this.#written
  }

  /** Opens the SSE stream now, if it is not (a session's resumable stream closing its connection, session/streams.ts). */
  open(): void {
    if (!this.#closed && !this.#stream) this.#open()
  }

  /** Ends the exchange with the response: as JSON if nothing was streamed, else as the last event. */
  finish(text: () => string, json: () => Response): void {
    if (this.#closed) return
    this.#closed = true
    if (!this.#stream) {
      this.#resolve(json())
      return
    }
    this.#write(text())
    try {
      this.#stream.close()
    } catch {
      // The client already went away.
    }
  }

  #open(): void {
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#stream = controller
      },
      cancel: () => {
        this.#closed = true
        this.#onCancel()
      },
    })
    this.#resolve(new Response(body, { status: 200, headers: this.#headers }))
  }

  #write(text: string): void {
    this.#written++
    try {
      this.#stream!.enqueue(sseEvent(text))
    } catch {
      this.#closed = true
    }
  }
}

/**
 * What a tool (`ctx.notify`) or an outside event (a subscriptions host's `notify(env)`) tells the clients
 * listening (`subscriptions/listen`, a 2025-11-25 session's GET stream); each resolves once the change is published.
 */
export interface Notifier {
  /** `notifications/resources/updated` to the clients that subscribed to `uri`. */
  resourceUpdated(uri: string): Promise<void>
  /** `notifications/tools/list_changed`: which tools a client sees changed (createServer's `visible`). */
  toolsChanged(): Promise<void>
  promptsChanged(): Promise<void>
  resourcesChanged(): Promise<void>
}

/**
 * The `subscriptions` option of createServer: `memorySubscriptions()` (mcp-aot) or `durableSubscriptions()`
 * (mcp-aot/cloudflare). Opaque as a function (createServer hands it the server's core); `notify(env)` tells
 * every listener of a change made outside a request (a cron, a queue, a webhook).
 */
export interface SubscriptionHost {
  (core: never): unknown
  notify(env?: unknown): Notifier
}

/** What a legacy session adds to a tool call's stream (session/streams.ts): `LiveSession` has it when its host keeps streams. */
export interface ResumableStreams {
  /** The call's SSE response made resumable, and what closes its connection (`ctx.closeStream()`); undefined: not resumable. */
  resumable?(channel: Channel, execution: { waitUntil(promise: Promise<unknown>): void } | undefined): { response: Promise<Response>; pause(): void } | undefined
}
