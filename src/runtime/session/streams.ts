/**
 * Resumable tool-call streams of a legacy session (2025-11-25, SEP-1699 "SSE polling"; the transport's
 * "Resumability and Redelivery"). A session's SSE response to a POST opens with a priming event (an `id`,
 * the `retry` a client waits before reconnecting, empty data), and every later event carries an id
 * `<stream>/<n>`. The server may close the connection while the call runs (`ctx.closeStream()`): the call
 * goes on, and what it sends meanwhile is kept until the client reconnects with GET and `Last-Event-ID`,
 * which replays the events after that id on the new connection and carries the stream on to its response.
 *
 * Only events no connection took are kept, so a stream whose connection stays open costs no storage.
 * They are bounded per session (`maxEvents`, `maxBytes`; past either, the oldest stream's events are
 * dropped and that stream can no longer be resumed) and expire (`ttlMs`). A Durable Object also writes them
 * to its storage (`EventBackup`), so a resume finds them after the object restarted. A client closing a
 * connection still cancels the call, as without resumability (a session reads no notifications/cancelled).
 */
import type { Channel } from '../shared/channel.ts'
import type { Execution } from '../shared/api.ts'
import { errorText, RpcError } from '../shared/jsonrpc.ts'
import { INVALID_REQUEST } from '../shared/protocol.ts'
import { eventNumber, sseHeaders } from '../shared/channel.ts'
import { encoder, type KeptEvent, Stream, type StreamOwner } from './stream.ts'

export type { KeptEvent } from './stream.ts'

export interface StreamOptions {
  /** The `retry` field of the priming event: how long a client waits before it reconnects; default 1000 ms. */
  retryMs?: number
  /** The most events a session keeps for reconnecting clients, all its streams together; default 100. */
  maxEvents?: number
  /** The most bytes of such events a session keeps; default 1 MiB. */
  maxBytes?: number
  /** How long a kept event waits for its client to reconnect; default 5 minutes. */
  ttlMs?: number
}

/** Where a host copies kept events (a Durable Object's storage), read back when the live stream is gone. */
export interface EventBackup {
  keep(stream: string, event: KeptEvent): void
  drop(stream: string, seqs: readonly number[]): void
  /** The events kept for `stream`, in order. */
  load(stream: string): Promise<KeptEvent[]>
}

const DEFAULT_RETRY_MS = 1000
const DEFAULT_MAX_EVENTS = 100
const DEFAULT_MAX_BYTES = 1_048_576
const DEFAULT_TTL_MS = 300_000

/** A session's resumable streams: those still running, and those finished with events kept for their client. */
export class Streams implements StreamOwner {
  readonly retryMs: number
  readonly #maxEvents: number
  readonly #maxBytes: number
  readonly #ttlMs: number
  readonly #backup: EventBackup | undefined
  readonly #streams = new Map<string, Stream>()
  #count = 0
  #bytes = 0

  constructor(options: StreamOptions, backup?: EventBackup) {
    this.retryMs = options.retryMs ?? DEFAULT_RETRY_MS
    this.#maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS
    this.#maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
    this.#ttlMs = options.ttlMs ?? DEFAULT_TTL_MS
    this.#backup = backup
  }

  /** The tool call's response, made resumable, and what closes its connection (`ctx.closeStream()`). */
  open(channel: Channel, execution: Execution | undefined): { response: Promise<Response>; pause(): void } {
    const stream = new Stream(this, channel, execution)
    this.#streams.set(stream.id, stream)
    return { response: channel.response.then((response) => stream.start(response)), pause: () => stream.pause() }
  }

  /** GET with Last-Event-ID `lastEventId`: the stream it names, from the event after it; a 400 when it cannot be resumed. */
  async resume(lastEventId: string, cors: Record<string, string> | undefined): Promise<Response> {
    this.#expire(Date.now())
    const slash = lastEventId.lastIndexOf('/')
    const id = lastEventId.slice(0, slash)
    // `<stream>/<n>` with n in decimal digits: `<stream>/` is malformed, not "from the start".
    const after = eventNumber(lastEventId.slice(slash + 1))
    const headers = sseHeaders(cors)
    if (slash > 0 && after !== undefined) {
      const stream = this.#streams.get(id)
      const body = stream ? stream.resume(after) : await this.#restored(id, after)
      if (body) return new Response(body, { status: 200, headers })
    }
    const text = errorText(undefined, new RpcError(INVALID_REQUEST, `Last-Event-ID ${lastEventId} names no stream this session can resume: its events were delivered, expired or dropped, or it was never sent.`))
    return new Response(text, { status: 400, headers: { 'content-type': 'application/json', ...cors } })
  }

  /** A stream this object no longer runs (a Durable Object restarted): its backed-up events, then the end. */
  async #restored(id: string, after: number): Promise<ReadableStream<Uint8Array> | undefined> {
    const oldest = Date.now() - this.#ttlMs
    const events = (await this.#backup?.load(id))?.filter((event) => event.at >= oldest)
    if (!events?.length || after < events[0]!.seq - 1 || after > events[events.length - 1]!.seq) return undefined
    this.#backup!.drop(id, events.map((event) => event.seq))
    const missed = events.filter((event) => event.seq > after).map((event) => event.text)
    return new ReadableStream({
      start(controller) {
        controller.enqueue(encoder.encode(missed.join('')))
        controller.close()
      },
    })
  }

  keep(stream: Stream, event: KeptEvent): void {
    if (stream.lost) return
    stream.kept.push(event)
    this.#count++
    this.#bytes += event.bytes
    this.#backup?.keep(stream.id, event)
    this.#expire(event.at)
    // Over a bound: the oldest streams lose their events (a stream missing one cannot be resumed).
    for (const oldest of this.#streams.values()) {
      if (this.#count <= this.#maxEvents && this.#bytes <= this.#maxBytes) break
      if (oldest.kept.length) this.#lose(oldest)
    }
  }

  /** A stream's kept events reached its client. */
  delivered(stream: Stream): void {
    this.#forget(stream)
    if (stream.done) this.#streams.delete(stream.id)
  }

  /** A stream ended: forgotten unless it keeps events for its client. */
  settled(stream: Stream): void {
    if (!stream.kept.length) this.#streams.delete(stream.id)
  }

  /**
   * The session ended: every kept event goes, and none is kept any more; a call still running goes on on
   * its open connection (its questions fail with the session, their tool answers), as on any stream.
   */
  end(): void {
    for (const stream of this.#streams.values()) {
      this.#forget(stream)
      stream.lost = true
    }
    this.#streams.clear()
  }

  #expire(now: number): void {
    for (const stream of this.#streams.values()) {
      if (stream.kept.length && stream.kept[0]!.at < now - this.#ttlMs) this.#lose(stream)
    }
  }

  #lose(stream: Stream): void {
    this.#forget(stream)
    stream.lost = true
    if (stream.done) this.#streams.delete(stream.id)
  }

  #forget(stream: Stream): void {
    if (!stream.kept.length) return
    for (const event of stream.kept) {
      this.#count--
      this.#bytes -= event.bytes
    }
    this.#backup?.drop(stream.id, stream.kept.map((event) => event.seq))
    stream.kept = []
  }
}
