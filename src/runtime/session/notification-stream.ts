/**
 * A 2025-11-25 session's GET stream: a comment that opens it at once (so the client knows the GET was taken),
 * then each message of its feed (the server's changes, subscriptions/) as the client reads, a keep-alive
 * comment when quiet (shared/channel.ts), until the feed
 * ends, the client goes away, or its owner closes it (the session ended). Held by the session (session.ts),
 * or, where the listeners live apart from the session's owner (mcp-aot/cloudflare), by the front Worker.
 */
import { type FeedEvent, keepAlive, sseEvent, sseHeaders } from '../shared/channel.ts'
import { closeQuietly, encoder } from './stream.ts'

export interface NotificationStream {
  readonly response: Response
  /** Ends the stream and stops its feed. */
  close(): void
}

/**
 * `ended` runs once, however the stream ends; `signal` is the request's (workerd aborts it when a write finds
 * the client gone, where the body may never be cancelled).
 */
export function notificationStream(feed: ReadableStream<FeedEvent> | undefined, cors: Record<string, string> | undefined, ended: () => void, signal?: AbortSignal): NotificationStream {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const reader = feed?.getReader()
  let open = true
  let quiet: (() => void) | undefined
  const stop = () => {
    if (!open) return
    open = false
    quiet?.()
    signal?.removeEventListener('abort', close)
    void reader?.cancel().catch(() => {})
    ended()
  }
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c
      c.enqueue(encoder.encode(': stream open\n\n'))
      quiet = keepAlive(c)
    },
    pull:
      reader &&
      (async (c) => {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }))
        if (!done) return c.enqueue(sseEvent(value!.text, value!.id))
        stop()
        closeQuietly(c)
      }),
    cancel: stop,
  })
  function close() {
    stop()
    closeQuietly(controller)
  }
  signal?.addEventListener('abort', close)
  return { response: new Response(body, { status: 200, headers: sseHeaders(cors) }), close }
}
