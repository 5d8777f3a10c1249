/**
 * The response to one request: a single JSON body, or, once the handler sends a notification (progress,
 * a log message) to a client that accepts `text/event-stream`, an SSE stream that carries those
 * notifications and then the response. The choice is made lazily, so a call that notifies nothing is
 * answered with plain JSON.
 */
import type { Exchange } from './exchange.ts'
import { type Incoming, SSE_HEADERS } from '../rpc/dispatch.ts'
import { errorText, notificationText, type RequestId, resultText, RpcError } from './jsonrpc.ts'

const encoder = /* @__PURE__ */ new TextEncoder()

export class Channel {
  readonly #headers: Record<string, string>
  readonly #onCancel: () => void
  #resolve!: (response: Response) => void
  #stream: ReadableStreamDefaultController<Uint8Array> | undefined
  #closed = false
  /** Resolves with the SSE response at the first notification, or with the JSON response at the end. */
  readonly response: Promise<Response>

  /** `headers`: the SSE response's headers; `onCancel`: the client closed the stream. */
  constructor(headers: Record<string, string>, onCancel: () => void) {
    this.#headers = headers
    this.#onCancel = onCancel
    this.response = new Promise((resolve) => (this.#resolve = resolve))
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
    try {
      this.#stream!.enqueue(encoder.encode(`event: message\ndata: ${text}\n\n`))
    } catch {
      this.#closed = true
    }
  }
}

/** Methods whose function may notify (progress, log messages) while it runs. */
const STREAMING: ReadonlySet<string> = /* @__PURE__ */ new Set(['tools/call', 'prompts/get', 'resources/read'])

/**
 * Serves a request whose notifications may stream (the client accepts SSE, asked for progress or log
 * messages, and the method can notify): the exchange gets its channel before the call, and the response
 * is the SSE stream at the first notification or the JSON reply at the end. Undefined, without calling,
 * when the request cannot stream. Reached only through the context runner's input kit, so a server whose
 * functions take no ToolContext bundles none of it.
 */
export function streamed(
  exchange: Exchange,
  incoming: Incoming,
  method: string,
  id: RequestId,
  call: () => string | RpcError | Promise<string | RpcError>,
  json: (value: string | RpcError) => Response,
  internal: (error: unknown) => RpcError,
): Promise<Response> | undefined {
  if (!incoming.sse || (exchange.progressToken === undefined && exchange.logLevel === Infinity) || !STREAMING.has(method)) return undefined
  const { cors } = incoming
  const channel = (exchange.channel = new Channel(cors ? { ...SSE_HEADERS, ...cors } : SSE_HEADERS, () => exchange.onCancel?.()))
  const finish = (value: string | RpcError) =>
    channel.finish(() => (typeof value === 'string' ? resultText(id, value) : errorText(id, value)), () => json(value))
  const result = call()
  if (typeof result === 'string' || result instanceof RpcError) finish(result)
  else result.catch(internal).then(finish)
  return channel.response
}
