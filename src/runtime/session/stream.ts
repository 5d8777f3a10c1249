/**
 * One resumable tool-call stream of a legacy session (streams.ts holds a session's, with their bounds):
 * it reads the call's channel (shared/channel.ts), numbers each event `<stream>/<n>` after a priming event
 * `<stream>/0`, writes it on the connection the client holds, or hands it to its owner to keep while it
 * has none (`pause()` closed it); `resume(after)` is a new connection from the event after `after`.
 */
import type { Channel } from '../shared/channel.ts'
import type { Execution } from '../shared/api.ts'

/** One event kept for a client that reconnects: `text` is the whole SSE event, its id line included. */
export interface KeptEvent {
  readonly seq: number
  readonly text: string
  /** The size of `text` in UTF-8 bytes (what the bounds count). */
  readonly bytes: number
  /** When it was sent (ms since the epoch). */
  readonly at: number
}

/** What a stream tells the session's streams (streams.ts). */
export interface StreamOwner {
  readonly retryMs: number
  /** An event no connection took. */
  keep(stream: Stream, event: KeptEvent): void
  /** The kept events reached the client (a resumed connection). */
  delivered(stream: Stream): void
  /** The call ended (its response was sent or kept). */
  settled(stream: Stream): void
}

export const encoder = /* @__PURE__ */ new TextEncoder()
const decoder = /* @__PURE__ */ new TextDecoder()

type Connection = ReadableStreamDefaultController<Uint8Array>

export function closeQuietly(connection: Connection): void {
  try {
    connection.close()
  } catch {
    // The client already went away.
  }
}

/** A tool call's stream: its events numbered, sent on its connection, kept while it has none. */
export class Stream {
  readonly id = crypto.randomUUID()
  readonly #streams: StreamOwner
  readonly #channel: Channel
  readonly #execution: Execution | undefined
  #seq = 0
  #connection: Connection | undefined
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  /** Set by `pause()`: the connection closes after the event of this number. */
  #closeAfter: number | undefined
  done = false
  /** Its events dropped (a bound or expiry): it cannot be resumed. */
  lost = false
  kept: KeptEvent[] = []

  constructor(streams: StreamOwner, channel: Channel, execution: Execution | undefined) {
    this.#streams = streams
    this.#channel = channel
    this.#execution = execution
  }

  /** The channel's response: JSON as it was, or its SSE stream numbered and carried on this stream's connections. */
  start(response: Response): Response {
    if (!response.headers.get('content-type')?.startsWith('text/event-stream') || !response.body) return response
    const reader = (this.#reader = response.body.getReader())
    const primed = `id: ${this.id}/0\nretry: ${this.#streams.retryMs}\ndata:\n\n`
    const body = this.#connect(primed)
    const pumped = this.#pump(reader)
    this.#detachIfDue()
    this.#execution?.waitUntil(pumped)
    return new Response(body, { status: 200, headers: response.headers })
  }

  /**
   * Closes the connection, not the stream: the client reconnects with Last-Event-ID. What was sent before
   * still goes on the connection, which closes once it carried the events the channel wrote so far.
   */
  pause(): void {
    if (this.done) return
    this.#closeAfter = this.#channel.written
    // Not streaming yet: the channel's SSE stream opens, and its connection closes once it is there (start).
    if (!this.#connection) this.#channel.open()
    else this.#detachIfDue()
  }

  /** Closes the connection once it carried the events written before `pause()`. */
  #detachIfDue(): void {
    const connection = this.#connection
    if (!connection || this.#closeAfter === undefined || this.#seq < this.#closeAfter) return
    this.#closeAfter = undefined
    this.#connection = undefined
    closeQuietly(connection)
  }

  /** A new connection for a client that received event `after`: what it missed, then the rest of the stream. */
  resume(after: number): ReadableStream<Uint8Array> | undefined {
    const first = this.kept[0]?.seq ?? this.#seq + 1
    if (this.lost || after < first - 1 || after > this.#seq) return undefined
    const missed = this.kept.filter((event) => event.seq > after).map((event) => event.text)
    this.#streams.delivered(this)
    const old = this.#connection
    this.#connection = undefined
    this.#closeAfter = undefined
    if (old) closeQuietly(old)
    return this.#connect(`retry: ${this.#streams.retryMs}\n\n${missed.join('')}`)
  }

  #connect(first: string): ReadableStream<Uint8Array> {
    let connection!: Connection
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        connection = controller
        controller.enqueue(encoder.encode(first))
        if (this.done) closeQuietly(controller)
        else this.#connection = controller
      },
      // The client closed it: the call is cancelled, as on a stream that cannot resume.
      cancel: () => {
        if (this.#connection !== connection) return
        this.#connection = undefined
        void this.#reader?.cancel().catch(() => {})
      },
    })
  }

  async #pump(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true as const, value: undefined }))
      if (done) break
      const seq = ++this.#seq
      const head = encoder.encode(`id: ${this.id}/${seq}\n`)
      const at = Date.now()
      const connection = this.#connection
      try {
        if (connection) {
          // Carried at once, as one chunk: its id line, then the event's bytes as they came (no text is made).
          const chunk = new Uint8Array(head.byteLength + value.byteLength)
          chunk.set(head)
          chunk.set(value, head.byteLength)
          connection.enqueue(chunk)
          this.#detachIfDue()
          continue
        }
      } catch {
        this.#connection = undefined
      }
      this.#streams.keep(this, { seq, text: `id: ${this.id}/${seq}\n${decoder.decode(value)}`, bytes: head.byteLength + value.byteLength, at })
    }
    this.done = true
    const connection = this.#connection
    this.#connection = undefined
    if (connection) closeQuietly(connection)
    this.#streams.settled(this)
  }

}
