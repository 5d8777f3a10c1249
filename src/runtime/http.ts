/**
 * Streamable HTTP: one endpoint (`/mcp` by default) that takes a JSON-RPC message per POST and serves
 * both eras. Checks run cheapest first: path (404), Origin (403), CORS preflight, HTTP method (405),
 * authorization (401), media types (415/406), body size (413), JSON (-32700), JSON-RPC shape (-32600).
 * A request that carries 2026-07-28 `_meta`, or names that revision in `MCP-Protocol-Version`, is
 * served statelessly by its rules; anything else is a legacy (initialize-based) request.
 */
import type { AuthInfo } from './api.ts'
import type { Core } from './core.ts'
import { Exchange, type Execution } from './exchange.ts'
import { authorize, challenge, metadataResponse, WELL_KNOWN } from './auth.ts'
import { flavourOf, type Flavour } from './compat.ts'
import { corsHeaders, Origins, pathOf, preflight } from './cors.ts'
import { initializeResult, negotiate } from './handshake.ts'
import { errorText, idOf, isResponse, readMessage, resultText, RpcError, type Message, type RequestId } from './jsonrpc.ts'
import { legacyMethods, modernMethods, STREAMING, type Handler, type Methods } from './methods.ts'
import {
  HEADER_MISMATCH,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  isLegacy,
  LEGACY_DEFAULT,
  LEGACY_LOG_LEVEL,
  LOG_LEVELS,
  META_CAPABILITIES,
  META_LOG_LEVEL,
  META_VERSION,
  METHOD_NOT_FOUND,
  MODERN,
  PARSE_ERROR,
  SUPPORTED,
  UNSUPPORTED_VERSION,
} from './protocol.ts'
import { sessionId } from './session.ts'
import { decodeHeaderValue, headerValue, paramHeaderProblem, paramHeaders, type ParamHeader } from './request-headers.ts'

const JSON_HEADERS: Record<string, string> = { 'content-type': 'application/json' }
const SSE_HEADERS: Record<string, string> = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' }
const DEFAULT_MAX_BODY = 4 * 1024 * 1024

/** Methods whose `Mcp-Name` header mirrors a body field. */
const NAMED: Readonly<Record<string, 'name' | 'uri'>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' }

const isObject = (value: unknown): value is Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** What is known about a POST once it passed the HTTP checks. */
interface Incoming {
  readonly request: Request
  readonly env: unknown
  readonly execution: Execution | undefined
  readonly auth: AuthInfo | undefined
  /** CORS headers for an allowed browser origin. */
  readonly cors: Record<string, string> | undefined
  /** The client accepts text/event-stream. */
  readonly sse: boolean
  /** The client accepts only text/event-stream. */
  readonly sseOnly: boolean
}

/** An HTTP-level refusal: a JSON-RPC error without id. */
function refuse(status: number, message: string, headers?: Record<string, string>): Response {
  return new Response(errorText(undefined, new RpcError(INVALID_REQUEST, message)), {
    status,
    headers: headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS,
  })
}

/** Reads a body sent without Content-Length (chunked), or undefined once it is larger than `limit` bytes. */
async function readStreamed(request: Request, limit: number): Promise<string | undefined> {
  const reader = request.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

function progressTokenOf(meta: unknown): string | number | undefined {
  const token = isObject(meta) ? meta.progressToken : undefined
  return typeof token === 'string' || typeof token === 'number' ? token : undefined
}

export class Transport {
  readonly #core: Core
  readonly #path: string
  readonly #origins: Origins
  readonly #limit: number
  readonly #modern: Methods
  readonly #legacy: Methods
  readonly #paramHeaders: ReadonlyMap<string, readonly ParamHeader[]>
  readonly #paramHeaderNames: readonly string[]
  readonly #initialize = new Map<string, string>()

  constructor(core: Core) {
    const { options } = core
    this.#core = core
    this.#path = options.path ?? '/mcp'
    this.#origins = new Origins(options.allowedOrigins)
    this.#limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY
    this.#modern = modernMethods(core)
    this.#legacy = legacyMethods(core)
    const declared = new Map<string, readonly ParamHeader[]>()
    for (const tool of core.tools.values()) {
      const found = paramHeaders(tool)
      if (found.length > 0) declared.set(tool.name, found)
    }
    this.#paramHeaders = declared
    this.#paramHeaderNames = [...new Set([...declared.values()].flat().map((param) => param.header))]
  }

  async fetch(request: Request, env: unknown, execution: Execution | undefined): Promise<Response> {
    const url = request.url
    const path = pathOf(url)
    if (path !== this.#path) return this.#elsewhere(request, path)
    const headers = request.headers
    const origin = headers.get('origin')
    if (origin !== null && !this.#origins.allows(origin)) {
      return refuse(403, `Forbidden: requests from the origin ${origin} are not allowed (add it to allowedOrigins).`)
    }
    const cors = origin === null ? undefined : corsHeaders(origin)
    const method = request.method
    if (method === 'OPTIONS') return preflight(origin, this.#paramHeaderNames)
    if (method !== 'POST') {
      return refuse(405, `Method not allowed: this MCP endpoint takes POST (there is no ${method} stream).`, { allow: 'POST, OPTIONS', ...cors })
    }
    const { options } = this.#core
    const environment = env ?? options.env
    let auth: AuthInfo | undefined
    if (options.authorize) {
      try {
        const verdict = await authorize(request, environment, options)
        if ('refusal' in verdict) return this.#unauthorized(request, verdict.refusal, cors)
        auth = verdict.auth
      } catch (error) {
        this.#core.report(error, 'authorize', 'authorize')
        return refuse(500, 'The authorization check failed.', cors)
      }
    }
    const type = headers.get('content-type')
    if (type !== null && !type.toLowerCase().includes('application/json')) {
      return refuse(415, 'Unsupported media type: send the JSON-RPC message as application/json.', cors)
    }
    let sse = false
    let sseOnly = false
    const accept = headers.get('accept')
    if (accept !== null) {
      const lower = accept.toLowerCase()
      sse = lower.includes('text/event-stream')
      const json = lower.includes('application/json') || lower.includes('*/*') || lower.includes('application/*')
      if (!json && !sse) return refuse(406, 'Not acceptable: accept application/json and text/event-stream.', cors)
      sseOnly = sse && !json
    }
    const length = headers.get('content-length')
    const text = length === null ? await readStreamed(request, this.#limit) : Number(length) > this.#limit ? undefined : await request.text()
    if (text === undefined) return refuse(413, `The request body is larger than ${this.#limit} bytes.`, cors)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return this.#reply({ request, env: environment, execution, auth, cors, sse, sseOnly: false }, undefined, new RpcError(PARSE_ERROR, 'Parse error: the body is not valid JSON.', undefined, 400))
    }
    return this.#message(body, { request, env: environment, execution, auth, cors, sse, sseOnly })
  }

  #elsewhere(request: Request, path: string): Response {
    const { options } = this.#core
    if (options.authorize && (path === WELL_KNOWN || path === WELL_KNOWN + this.#path)) {
      if (request.method === 'GET' || request.method === 'HEAD') return metadataResponse(request, options, this.#path)
      if (request.method === 'OPTIONS') {
        return new Response(null, { status: 204, headers: { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, OPTIONS', 'access-control-allow-headers': '*' } })
      }
      return new Response(null, { status: 405, headers: { allow: 'GET, OPTIONS' } })
    }
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } })
  }

  #unauthorized(request: Request, refusal: Response | undefined, cors: Record<string, string> | undefined): Response {
    if (refusal) {
      if (!cors) return refusal
      const response = new Response(refusal.body, refusal)
      for (const [key, value] of Object.entries(cors)) response.headers.set(key, value)
      return response
    }
    return refuse(401, 'Unauthorized: send a valid bearer token (see WWW-Authenticate).', {
      'www-authenticate': challenge(request, this.#core.options),
      ...cors,
    })
  }

  #message(body: unknown, incoming: Incoming): Response | Promise<Response> {
    if (Array.isArray(body)) {
      return this.#reply(incoming, undefined, new RpcError(INVALID_REQUEST, 'Batches are not supported: send one JSON-RPC message per request.', undefined, 400))
    }
    const header = headerValue(incoming.request.headers, 'mcp-protocol-version')
    if (isObject(body) && isResponse(body)) {
      if (header === MODERN) return this.#reply(incoming, undefined, new RpcError(INVALID_REQUEST, 'A client sends no JSON-RPC responses in MCP 2026-07-28.', undefined, 400))
      return this.#accepted(incoming) // A legacy client answering a request this server never sends.
    }
    const message = readMessage(body)
    if (message instanceof RpcError) return this.#reply(incoming, idOf(body), message)
    const meta = message.params?._meta
    const metaVersion = isObject(meta) ? meta[META_VERSION] : undefined
    if (metaVersion !== undefined || header === MODERN) return this.#modernMessage(message, meta, metaVersion, header, incoming)
    if (header === null || isLegacy(header)) return this.#legacyMessage(message, header ?? LEGACY_DEFAULT, incoming)
    return this.#reply(incoming, message.id, unsupported(header))
  }

  #modernMessage(message: Message, meta: any, metaVersion: unknown, header: string | null, incoming: Incoming): Response | Promise<Response> {
    const { id, method, params } = message
    if (id === undefined) return this.#accepted(incoming)
    const reject = (code: number, text: string, data?: unknown, status = 400) => this.#reply(incoming, id, new RpcError(code, text, data, status))
    const capabilities = isObject(meta) ? meta[META_CAPABILITIES] : undefined
    if (metaVersion === undefined || !isObject(capabilities)) {
      const missing = [metaVersion === undefined ? META_VERSION : '', isObject(capabilities) ? '' : META_CAPABILITIES].filter(Boolean)
      return reject(INVALID_PARAMS, `Invalid params: the request's _meta is missing ${missing.join(' and ')}.`, { missing })
    }
    if (header !== metaVersion) {
      return reject(HEADER_MISMATCH, header === null ? 'Header mismatch: the MCP-Protocol-Version header is required.' : `Header mismatch: MCP-Protocol-Version is ${header} but _meta names ${String(metaVersion)}.`)
    }
    if (metaVersion !== MODERN) return this.#reply(incoming, id, unsupported(String(metaVersion)))
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
        const declared = method === 'tools/call' ? this.#paramHeaders.get(value) : undefined
        const problem = declared && paramHeaderProblem(headers, declared, params!.arguments)
        if (problem) return reject(HEADER_MISMATCH, `Header mismatch: ${problem}`)
      }
    }
    const level = meta[META_LOG_LEVEL]
    const logLevel = typeof level === 'string' ? (LOG_LEVELS[level] ?? Infinity) : Infinity
    return this.#serve(handler, message, incoming, MODERN, 'modern', true, capabilities, progressTokenOf(meta), logLevel)
  }

  #legacyMessage(message: Message, version: string, incoming: Incoming): Response | Promise<Response> {
    const { id, method, params } = message
    if (id === undefined) return this.#accepted(incoming)
    if (method === 'initialize') {
      const negotiated = negotiate(params?.protocolVersion)
      let result = this.#initialize.get(negotiated)
      if (result === undefined) this.#initialize.set(negotiated, (result = initializeResult(this.#core, negotiated)))
      return this.#respond(incoming, 200, resultText(id, result), { 'mcp-session-id': sessionId(params?.capabilities) })
    }
    const handler = this.#legacy.get(method)
    if (!handler) return this.#reply(incoming, id, new RpcError(METHOD_NOT_FOUND, `Method not found: ${method}.`))
    // The capabilities come from the session id, decoded only if a function reads them.
    return this.#serve(handler, message, incoming, version, flavourOf(version), false, undefined, progressTokenOf(params?._meta), LEGACY_LOG_LEVEL)
  }

  #serve(
    handler: Handler,
    message: Message,
    incoming: Incoming,
    version: string,
    flavour: Flavour,
    modern: boolean,
    capabilities: Record<string, any> | undefined,
    progressToken: string | number | undefined,
    logLevel: number,
  ): Response | Promise<Response> {
    const { id, method, params } = message
    const { request, env, execution, auth, cors } = incoming
    const streams = incoming.sse && (progressToken !== undefined || logLevel !== Infinity) && STREAMING.has(method)
    const sseHeaders = streams ? (cors ? { ...SSE_HEADERS, ...cors } : SSE_HEADERS) : undefined
    const exchange = new Exchange({ request, env, execution, auth, version, flavour, modern, capabilities, progressToken, logLevel, sseHeaders })
    let result: string | RpcError | Promise<string | RpcError>
    try {
      result = handler(this.#core, exchange, params)
    } catch (error) {
      result = this.#internal(error, method)
    }
    if (typeof result === 'string' || result instanceof RpcError) {
      const channel = exchange.channel
      if (!channel) return this.#reply(incoming, id, result)
      const value = result
      channel.finish(() => this.#text(id!, value), () => this.#reply(incoming, id, value))
      return channel.response
    }
    if (!streams) {
      return result.then(
        (value) => this.#reply(incoming, id, value),
        (error) => this.#reply(incoming, id, this.#internal(error, method)),
      )
    }
    // The function may still notify: answer at its first notification (SSE) or at its end (JSON).
    const channel = exchange.ensureChannel()
    result
      .catch((error) => this.#internal(error, method))
      .then((value) => channel.finish(() => this.#text(id!, value), () => this.#reply(incoming, id, value)))
    return channel.response
  }

  #internal(error: unknown, method: string): RpcError {
    this.#core.report(error, 'method', method)
    return new RpcError(INTERNAL_ERROR, 'Internal error.')
  }

  #text(id: RequestId, value: string | RpcError): string {
    return typeof value === 'string' ? resultText(id, value) : errorText(id, value)
  }

  #reply(incoming: Incoming, id: RequestId | undefined, value: string | RpcError): Response {
    if (typeof value === 'string') return this.#respond(incoming, 200, resultText(id!, value))
    return this.#respond(incoming, value.status, errorText(id, value))
  }

  #respond(incoming: Incoming, status: number, text: string, extra?: Record<string, string>): Response {
    const { cors, sseOnly } = incoming
    let headers = sseOnly ? SSE_HEADERS : JSON_HEADERS
    if (cors || extra) headers = { ...headers, ...cors, ...extra }
    return new Response(sseOnly ? `event: message\ndata: ${text}\n\n` : text, { status, headers })
  }

  #accepted(incoming: Incoming): Response {
    return new Response(null, { status: 202, headers: incoming.cors })
  }
}

function unsupported(requested: string): RpcError {
  return new RpcError(UNSUPPORTED_VERSION, `Unsupported protocol version ${requested}; this server speaks ${SUPPORTED.join(', ')}.`, { supported: SUPPORTED, requested }, 400)
}
