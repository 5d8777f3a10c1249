/**
 * Streamable HTTP: one endpoint (`/mcp` by default) that takes a JSON-RPC message per POST and serves
 * both eras (rpc/dispatch.ts). Checks run cheapest first: path (404), Origin (403), CORS preflight, HTTP
 * method (405), authorization (401), media types (415/406), body size (413), JSON (-32700).
 *
 * Stage http/: Request and Response, body, CORS and Origin, media types, authorization and `@scope`
 * checks. It may import rpc/ and the stages after it, and the shared/ leaves; next, a parsed body goes to
 * rpc/dispatch.ts.
 */
import type { Admitted, Execution, Visit } from '../shared/api.ts'
import type { Core } from '../shared/table.ts'
import type { RequestTrace } from '../shared/instrument.ts'
import { authorize, challenge, metadataResponse, NO_RESOURCE_URL, resourceUrlOf, WELL_KNOWN } from './auth.ts'
import { corsHeaders, originCheck, pathOf, preflight } from './cors.ts'
import { Dispatcher, JSON_HEADERS } from '../rpc/dispatch.ts'
import { errorText, keepIdText, RpcError } from '../shared/jsonrpc.ts'
import { accepts, isJson } from './media-types.ts'
import { INVALID_REQUEST, PARSE_ERROR } from '../shared/protocol.ts'
import { secretOf } from '../shared/principal.ts'

const DEFAULT_MAX_BODY = 1024 * 1024

/** An HTTP-level refusal: a JSON-RPC error without id. */
function refuse(status: number, message: string, headers?: Record<string, string>): Response {
  return new Response(errorText(undefined, new RpcError(INVALID_REQUEST, message)), {
    status,
    headers: headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS,
  })
}

/**
 * The body as text, or undefined when it is over the limit. A numeric Content-Length within the limit is
 * read in one native call (a platform holds an HTTP request to its declared length; for a Request built by
 * hand the text is measured again); without one, the bytes are counted as they arrive.
 */
async function readBody(request: Request, declared: string | null, limit: number): Promise<string | undefined> {
  const length = declared === null ? NaN : Number(declared)
  if (length <= limit) {
    const text = await request.text()
    return text.length > limit ? undefined : text
  }
  if (length > limit) return undefined
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of request.body ?? []) {
    if ((size += chunk.byteLength) > limit) return undefined // leaving the loop cancels the stream
    chunks.push(chunk)
  }
  return new Blob(chunks as BlobPart[]).text()
}

export class Transport {
  readonly #core: Core
  readonly #path: string
  readonly #allows: (origin: string) => boolean
  readonly #limit: number
  readonly #dispatcher: Dispatcher
  /** The scopes the tools declare, listed in the resource metadata. */
  readonly #scopes: readonly string[]
  /** `<path>/server-card` and its route, with the `serverCard` option only (http/server-card.ts). */
  readonly #card: { path: string; serve: (request: Request) => Response } | undefined
  #toldNoUrl = false

  constructor(core: Core) {
    const { options } = core
    this.#core = core
    this.#path = options.path ?? '/mcp'
    this.#allows = originCheck(options.allowedOrigins)
    this.#limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY
    const url = options.resourceUrl
    if (url !== undefined && !(URL.canParse(url) && /^https?:\/\//i.test(url))) {
      throw new TypeError(`createServer: resourceUrl must be the endpoint's absolute http(s) URL, not ${JSON.stringify(url)}.`)
    }
    this.#dispatcher = new Dispatcher(core)
    this.#scopes = core.scopeCheck?.declared(core) ?? []
    const card = options.serverCard?.route(core.info)
    this.#card = card && { path: `${this.#path.replace(/\/$/, '')}/server-card`, serve: card }
  }

  /**
   * For a session host (session/front.ts), before it looks a session up: the caller, authorized, and the
   * secret that keys its principal. Undefined where `fetch` gives the answer without a session: not the
   * endpoint, a preflight, a refused origin, a refused caller or a failing hook.
   */
  async admit(request: Request, env: unknown, execution: Execution | undefined): Promise<Admitted | undefined> {
    if (pathOf(request.url) !== this.#path || request.method === 'OPTIONS') return undefined
    const origin = request.headers.get('origin')
    if (origin !== null && !this.#allows(origin)) return undefined
    const { options } = this.#core
    if (!options.authorize) return { auth: undefined, secret: undefined }
    const environment = env ?? options.env
    try {
      const verdict = await authorize(request, environment, execution, options)
      return 'refusal' in verdict ? undefined : { auth: verdict.auth, secret: secretOf(options, environment) }
    } catch {
      return undefined
    }
  }

  /**
   * `visit`: a session host admitted the request (its caller is authorized already) and serves it in the
   * live legacy session, if any (session/front.ts); `trace`: where the dispatcher notes the method,
   * revision and error code for an `onRequest` hook.
   */
  async fetch(request: Request, env: unknown, execution: Execution | undefined, visit?: Visit, trace?: RequestTrace): Promise<Response> {
    const session = visit?.session
    const url = request.url
    const path = pathOf(url)
    if (path !== this.#path) return this.#elsewhere(request, path)
    const headers = request.headers
    const origin = headers.get('origin')
    if (origin !== null && !this.#allows(origin)) {
      return refuse(403, `Forbidden: requests from the origin ${origin} are not allowed (add it to allowedOrigins).`)
    }
    const cors = origin === null ? undefined : corsHeaders(origin)
    const method = request.method
    if (method === 'OPTIONS') return preflight(origin, this.#dispatcher.paramHeaderNames)
    // A live session also takes GET (a notification stream) and DELETE (the end), once authorized.
    if (method !== 'POST' && !session) {
      return refuse(405, `Method not allowed: this MCP endpoint takes POST (there is no ${method} stream).`, { allow: 'POST, OPTIONS', ...cors })
    }
    const { options } = this.#core
    const environment = env ?? options.env
    let auth = visit?.auth
    if (options.authorize && !visit) {
      try {
        const verdict = await authorize(request, environment, execution, options)
        if ('refusal' in verdict) return this.#unauthorized(request, verdict.refusal, cors)
        auth = verdict.auth
      } catch (error) {
        this.#core.report(error, 'authorize', 'authorize')
        return refuse(500, 'The authorization check failed.', cors)
      }
    }
    // A GET stream hears the server's changes with the `subscriptions` option (subscriptions/support.ts).
    if (method !== 'POST') {
      const feed = method === 'GET' ? await this.#core.subscriptions?.feed(session!, environment, cors, headers.get('last-event-id')) : undefined
      return feed instanceof Response ? feed : session!.other(method, cors, feed, request.signal)
    }
    const type = headers.get('content-type')
    if (type !== null && !isJson(type)) {
      return refuse(415, 'Unsupported media type: send the JSON-RPC message as application/json.', cors)
    }
    let sse = false
    let sseOnly = false
    const accept = headers.get('accept')
    if (accept !== null) {
      const allowed = accepts(accept)
      sse = allowed.sse
      const json = allowed.json
      if (!json && !sse) return refuse(406, 'Not acceptable: accept application/json and text/event-stream.', cors)
      sseOnly = sse && !json
    }
    // A declared length over the limit is refused before reading; any body is read up to the limit only
    // (a Content-Length may be missing, not a number, or lie).
    let text: string | undefined
    try {
      text = await readBody(request, headers.get('content-length'), this.#limit)
    } catch {
      // The client aborted the upload or sent a broken chunked body: answered if the connection still exists.
      return refuse(400, 'The request body could not be read.', cors)
    }
    if (text === undefined) return refuse(413, `The request body is larger than ${this.#limit} bytes (the server's maxBodyBytes option sets the limit).`, cors)
    let body: unknown
    try {
      body = JSON.parse(text)
      keepIdText(body, text)
    } catch {
      return this.#dispatcher.reply({ request, env: environment, execution, auth, cors, sse, sseOnly: false, trace }, undefined, new RpcError(PARSE_ERROR, 'Parse error: the body is not valid JSON.', undefined, 400))
    }
    return this.#dispatcher.message(body, { request, env: environment, execution, auth, session, cors, sse, sseOnly, trace })
  }

  #elsewhere(request: Request, path: string): Response {
    if (path === this.#card?.path) return this.#card.serve(request)
    const { options } = this.#core
    if (options.authorize && (path === WELL_KNOWN || path === WELL_KNOWN + this.#path)) {
      if (request.method === 'GET' || request.method === 'HEAD') {
        const url = this.#resourceUrl(request)
        return url === undefined ? new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } }) : metadataResponse(url, options, this.#scopes)
      }
      if (request.method === 'OPTIONS') {
        return new Response(null, { status: 204, headers: { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, OPTIONS', 'access-control-allow-headers': '*' } })
      }
      return new Response(null, { status: 405, headers: { allow: 'GET, OPTIONS' } })
    }
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } })
  }

  /** The public URL of the endpoint, if known (see resourceUrlOf); tells onError once when it is not. */
  #resourceUrl(request: Request): string | undefined {
    const url = resourceUrlOf(request, this.#core.options, this.#path)
    if (url === undefined && !this.#toldNoUrl) {
      this.#toldNoUrl = true
      this.#core.report(new Error(NO_RESOURCE_URL), 'option', 'resourceUrl')
    }
    return url
  }

  #unauthorized(request: Request, refusal: Response | undefined, cors: Record<string, string> | undefined): Response {
    if (refusal) {
      if (!cors) return refusal
      const response = new Response(refusal.body, refusal)
      for (const [key, value] of Object.entries(cors)) response.headers.set(key, value)
      return response
    }
    return refuse(401, 'Unauthorized: send a valid bearer token (see WWW-Authenticate).', {
      'www-authenticate': challenge(this.#resourceUrl(request), this.#core.options),
      ...cors,
    })
  }
}
