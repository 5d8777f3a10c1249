/**
 * JSON-RPC over the endpoint: which era a message belongs to, the checks that era makes (2026-07-28:
 * per-request `_meta`, MCP-Protocol-Version, Mcp-Method, Mcp-Name and Mcp-Param-* headers; legacy:
 * MCP-Protocol-Version, initialize), the method tables, and the response, JSON or SSE. A message with
 * 2026-07-28 `_meta`, or whose MCP-Protocol-Version names that revision, is served statelessly by its
 * rules; anything else is a legacy (initialize-based) message.
 *
 * Stage rpc/: JSON-RPC messages, the two eras and their header checks, the handshake, the method tables.
 * It may import features/, input/ and call/ and the shared/ leaves; next, a method's handler runs:
 * tools/call in call/, resources, prompts and completion in features/.
 */
import type { Core } from '../shared/table.ts'
import { Exchange, type Incoming } from '../shared/exchange.ts'
import { SSE_HEADERS, sseText } from '../shared/channel.ts'
import { flavourOf } from '../shared/compat.ts'
import { initializeResult, negotiate } from './handshake.ts'
import { errorText, idOf, isObject, isResponse, type Message, readMessage, type RequestId, resultText, RpcError } from '../shared/jsonrpc.ts'
import { eraMethods } from './methods.ts'
import type { Handler, Methods } from '../shared/table.ts'
import {
  HEADER_MISMATCH,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  isLegacy,
  LEGACY_DEFAULT,
  LEGACY_LOG_LEVEL,
  levelOf,
  META_CAPABILITIES,
  META_LOG_LEVEL,
  META_VERSION,
  METHOD_NOT_FOUND,
  MODERN,
  SUPPORTED,
  UNSUPPORTED_VERSION,
} from '../shared/protocol.ts'
import { sessionId } from '../shared/session-id.ts'
import { decodeHeaderValue, headerValue } from '../shared/request-headers.ts'

/** The revision whose transport takes JSON-RPC batches (2025-06-18 removed them). */
const BATCH_REVISION = '2025-03-26'
/** The most messages one batch may hold. */
const MAX_BATCH = 32

export const JSON_HEADERS: Record<string, string> = { 'content-type': 'application/json' }

/**
 * Methods whose `Mcp-Name` header mirrors a body field: SEP-2243's, and the Tasks extension's (SEP-2663's
 * Streamable HTTP binding: the task id, so a task's requests can be routed to where it lives).
 */
const NAMED: Readonly<Record<string, 'name' | 'uri' | 'taskId'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
}

function progressTokenOf(meta: unknown): string | number | undefined {
  const token = isObject(meta) ? meta.progressToken : undefined
  return typeof token === 'string' || typeof token === 'number' ? token : undefined
}

export class Dispatcher {
  readonly #core: Core
  readonly #modern: Methods
  readonly #legacy: Methods
  #paramHeaderNames: readonly string[] | undefined
  readonly #initialize = new Map<string, string>()

  constructor(core: Core) {
    this.#core = core
    const { modern, legacy } = eraMethods(core)
    this.#modern = modern
    this.#legacy = legacy
  }

  /** The `Mcp-Param-*` headers the tools declare (a CORS preflight allows them). */
  get paramHeaderNames(): readonly string[] {
    return (this.#paramHeaderNames ??= this.#core.headerCheck?.names(this.#core) ?? [])
  }

  /** Serves one parsed body. */
  message(body: unknown, incoming: Incoming): Response | Promise<Response> {
    const header = headerValue(incoming.request.headers, 'mcp-protocol-version')
    if (Array.isArray(body)) {
      // Only 2025-03-26 (also what a request without the header is taken to speak) has batches.
      if ((header ?? LEGACY_DEFAULT) === BATCH_REVISION) return this.#batch(body, incoming)
      return this.reply(incoming, undefined, new RpcError(INVALID_REQUEST, 'Batches are not supported: send one JSON-RPC message per request.', undefined, 400))
    }
    if (isObject(body) && isResponse(body)) {
      if (header === MODERN) return this.reply(incoming, undefined, new RpcError(INVALID_REQUEST, 'A client sends no JSON-RPC responses in MCP 2026-07-28.', undefined, 400))
      incoming.session?.answer(body) // A legacy client answering a session's request; else one never sent.
      return this.#accepted(incoming)
    }
    const message = readMessage(body)
    if (message instanceof RpcError) return this.reply(incoming, idOf(body), message)
    const meta = message.params?._meta
    const metaVersion = isObject(meta) ? meta[META_VERSION] : undefined
    const modern = metaVersion !== undefined || header === MODERN
    const trace = incoming.trace
    if (trace) {
      trace.method = message.method
      trace.era = modern ? 'modern' : 'legacy'
      trace.protocolVersion = modern ? String(metaVersion ?? header) : (header ?? LEGACY_DEFAULT)
    }
    if (modern) return this.#modernMessage(message, meta, metaVersion, header, incoming)
    if (header === null || isLegacy(header)) return this.#legacyMessage(message, header ?? LEGACY_DEFAULT, incoming)
    return this.reply(incoming, message.id, unsupported(header))
  }

  /**
   * A JSON-RPC batch (MCP 2025-03-26): each message served in turn as a JSON reply, the replies to its
   * requests sent as one array (202 when it held only notifications and responses). At most MAX_BATCH
   * messages, so a batch's reply stays proportional to its size.
   */
  async #batch(batch: unknown[], incoming: Incoming): Promise<Response> {
    if (batch.length === 0) return this.reply(incoming, undefined, new RpcError(INVALID_REQUEST, 'A batch must hold at least one message.', undefined, 400))
    if (batch.length > MAX_BATCH) {
      return this.reply(incoming, undefined, new RpcError(INVALID_REQUEST, `A batch may hold at most ${MAX_BATCH} messages.`, undefined, 400))
    }
    const one: Incoming = { ...incoming, cors: undefined, sse: false, sseOnly: false, trace: undefined }
    const replies: string[] = []
    for (const body of batch) {
      let response: Response
      if (Array.isArray(body)) response = this.reply(one, undefined, new RpcError(INVALID_REQUEST, 'A batch cannot hold another batch.'))
      else if (isObject(body) && body.method === 'initialize') {
        response = this.reply(one, idOf(body), new RpcError(INVALID_REQUEST, 'initialize cannot be part of a batch.'))
      } else response = await this.message(body, one)
      if (response.status !== 202) replies.push(await response.text())
    }
    return replies.length === 0 ? this.#accepted(incoming) : this.#respond(incoming, 200, `[${replies.join(',')}]`)
  }

  #modernMessage(message: Message, meta: any, metaVersion: unknown, header: string | null, incoming: Incoming): Response | Promise<Response> {
    const { id, method, params } = message
    if (id === undefined) return this.#accepted(incoming)
    const reject = (code: number, text: string, data?: unknown, status = 400) => this.reply(incoming, id, new RpcError(code, text, data, status))
    const capabilities = isObject(meta) ? meta[META_CAPABILITIES] : undefined
    if (metaVersion === undefined || !isObject(capabilities)) {
      const missing = [metaVersion === undefined ? META_VERSION : '', isObject(capabilities) ? '' : META_CAPABILITIES].filter(Boolean)
      return reject(INVALID_PARAMS, `Invalid params: the request's _meta is missing ${missing.join(' and ')}.`, { missing })
    }
    if (header !== metaVersion) {
      return reject(HEADER_MISMATCH, header === null ? 'Header mismatch: the MCP-Protocol-Version header is required.' : `Header mismatch: MCP-Protocol-Version is ${header} but _meta names ${String(metaVersion)}.`)
    }
    if (metaVersion !== MODERN) return this.reply(incoming, id, unsupported(String(metaVersion)))
    const headers = incoming.request.headers
    const methodHeader = headerValue(headers, 'mcp-method')
    if (methodHeader !== method) {
      return reject(HEADER_MISMATCH, methodHeader === null ? 'Header mismatch: the Mcp-Method header is required.' : `Header mismatch: Mcp-Method is ${methodHeader} but the body's method is ${method}.`)
    }
    const handler = this.#modern.get(method)
    if (!handler) return reject(METHOD_NOT_FOUND, `Method not found: ${method}.`, undefined, 404)
    const field = NAMED[method]
    if (field !== undefined) {
      const value = params?.[field]
      if (typeof value === 'string') {
        const sent = headerValue(headers, 'mcp-name')
        if (sent === null) return reject(HEADER_MISMATCH, `Header mismatch: ${method} needs the Mcp-Name header.`)
        if (decodeHeaderValue(sent) !== value) return reject(HEADER_MISMATCH, `Header mismatch: Mcp-Name does not match params.${field}.`)
        const check = method === 'tools/call' ? this.#core.headerCheck : undefined
        const tool = check && this.#core.tools.get(value)
        const problem = tool && check.problem(this.#core, tool, headers, params!.arguments)
        if (problem) return reject(HEADER_MISMATCH, `Header mismatch: ${problem}`)
      }
    }
    const logLevel = levelOf(meta[META_LOG_LEVEL]) ?? Infinity
    return this.#serve(handler, message, incoming, new Exchange(incoming, MODERN, 'modern', true, capabilities, progressTokenOf(meta), logLevel))
  }

  #legacyMessage(message: Message, version: string, incoming: Incoming): Response | Promise<Response> {
    const { id, method, params } = message
    if (id === undefined) return this.#accepted(incoming)
    if (method === 'initialize') {
      // An id it minted inside a session would belong to no session host: a new session starts without the header.
      if (incoming.session) return this.reply(incoming, id, new RpcError(INVALID_REQUEST, 'This session is already initialized: to start another, send initialize without the Mcp-Session-Id header.', undefined, 400))
      const negotiated = negotiate(params?.protocolVersion)
      if (incoming.trace) incoming.trace.protocolVersion = negotiated
      let result = this.#initialize.get(negotiated)
      if (result === undefined) this.#initialize.set(negotiated, (result = initializeResult(this.#core, this.#legacy, negotiated)))
      // A build with profiles: the one the `profiles` option names for this client, kept in the session id.
      const profile = this.#core.clientProfiles?.choose(this.#core, params?.clientInfo)
      return this.#respond(incoming, 200, resultText(id, result), { 'mcp-session-id': sessionId(params?.capabilities, profile) })
    }
    const handler = this.#legacy.get(method)
    if (!handler) return this.reply(incoming, id, new RpcError(METHOD_NOT_FOUND, `Method not found: ${method}.`))
    // The capabilities come from the session id, decoded only if a function reads them.
    return this.#serve(handler, message, incoming, new Exchange(incoming, version, flavourOf(version), false, undefined, progressTokenOf(params?._meta), incoming.session?.logLevel ?? LEGACY_LOG_LEVEL))
  }

  #serve(handler: Handler, message: Message, incoming: Incoming, exchange: Exchange): Response | Promise<Response> {
    const { id, method, params } = message
    const core = this.#core
    const answer = (value: string | RpcError) => this.reply(incoming, id, value)
    const internal = (error: unknown) => this.#internal(error, method)
    const call = () => {
      try {
        return handler(core, exchange, params)
      } catch (error) {
        return internal(error)
      }
    }
    const refused = method === 'tools/call' ? core.scopeCheck?.refusal(core, params, exchange.auth, incoming.request) : undefined
    if (refused) {
      if (incoming.trace) incoming.trace.errorCode = refused.error.code
      return this.#respond(incoming, 403, errorText(id, refused.error), { 'www-authenticate': refused.challenge })
    }
    // The `subscriptions` option: ctx.notify, and subscriptions/listen's stream (subscriptions/support.ts).
    const subscriptions = core.subscriptions
    if (subscriptions) {
      exchange.notify = subscriptions.notifier(exchange.env, exchange.execution)
      const listening = subscriptions.listen(exchange, incoming, method, id!, params)
      if (listening) return listening
    }
    const streaming = core.streamed?.(exchange, incoming, method, id!, call, answer, internal)
    if (streaming) return streaming
    const result = call()
    if (typeof result === 'string' || result instanceof RpcError) return answer(result)
    return result.then(answer, (error) => answer(internal(error)))
  }

  #internal(error: unknown, method: string): RpcError {
    this.#core.report(error, 'method', method)
    return new RpcError(INTERNAL_ERROR, 'Internal error.')
  }

  reply(incoming: Incoming, id: RequestId | undefined, value: string | RpcError): Response {
    if (typeof value === 'string') return this.#respond(incoming, 200, resultText(id!, value))
    if (incoming.trace) incoming.trace.errorCode = value.code
    return this.#respond(incoming, value.status, errorText(id, value))
  }

  #respond(incoming: Incoming, status: number, text: string, extra?: Record<string, string>): Response {
    const { cors, sseOnly } = incoming
    let headers = sseOnly ? SSE_HEADERS : JSON_HEADERS
    if (cors || extra) headers = { ...headers, ...cors, ...extra }
    return new Response(sseOnly ? sseText(text) : text, { status, headers })
  }

  #accepted(incoming: Incoming): Response {
    return new Response(null, { status: 202, headers: incoming.cors })
  }
}

function unsupported(requested: string): RpcError {
  return new RpcError(UNSUPPORTED_VERSION, `Unsupported protocol version ${requested}; this server speaks ${SUPPORTED.join(', ')}.`, { supported: SUPPORTED, requested }, 400)
}
