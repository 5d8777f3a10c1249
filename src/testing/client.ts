/**
 * A small MCP client over `fetch`, for tests: the 2026-07-28 stateless revision by default (`_meta` with
 * the protocol version and client capabilities on every request, `Mcp-Method`/`Mcp-Name` headers,
 * input-required rounds answered by the handlers you pass), or the initialize-based 2025-11-25 era when
 * asked. Results come back as the server sent them, minus the per-response envelope (`resultType`, the
 * serverInfo `_meta`, `ttlMs`, `cacheScope`) so a test can compare them whole; `request()` gives them raw.
 */
import type { ContentPart, ElicitParams, ElicitResult, LogLevel, PromptMessage, ResourceContents } from '../runtime/shared/api.ts'
import { McpError, methodHeaders, readReply, type JsonRpcMessage } from './wire.ts'

export const LATEST_PROTOCOL_VERSION = '2026-07-28'
export const LEGACY_PROTOCOL_VERSION = '2025-11-25'

const META_VERSION = 'io.modelcontextprotocol/protocolVersion'
const META_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities'
const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo'
const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel'
const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo'

export interface Tool {
  name: string
  title?: string
  description?: string
  inputSchema: Record<string, any>
  outputSchema?: Record<string, any>
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean; title?: string }
  _meta?: Record<string, unknown>
}

export interface CallToolResult {
  content: ContentPart[]
  structuredContent?: Record<string, any>
  isError?: boolean
  _meta?: Record<string, unknown>
}

export interface Resource { uri: string; name: string; title?: string; description?: string; mimeType?: string }
export interface ResourceTemplate { uriTemplate: string; name: string; title?: string; description?: string; mimeType?: string }
export interface ReadResourceResult { contents: ResourceContents[] }
export interface Prompt { name: string; title?: string; description?: string; arguments?: { name: string; description?: string; required?: boolean }[] }
export interface GetPromptResult { description?: string; messages: PromptMessage[] }

export interface ClientOptions {
  /** `'2026-07-28'` (default, stateless) or an initialize-based revision such as `'2025-11-25'`. */
  protocolVersion?: string
  /** Shorthand for `protocolVersion: '2025-11-25'`: initialize first, as clients of that era do. */
  legacy?: boolean
  clientInfo?: { name: string; version: string }
  /** Declared client capabilities; `elicitation`, `sampling` and `roots` are added for the handlers given. */
  capabilities?: Record<string, unknown>
  /** Extra headers on every request (e.g. `Authorization`). */
  headers?: Record<string, string>
  /** Answers elicitation/create in an input-required round. */
  elicit?: (params: ElicitParams) => ElicitResult | Promise<ElicitResult>
  /** Answers sampling/createMessage in an input-required round. */
  sample?: (params: Record<string, any>) => Record<string, any> | Promise<Record<string, any>>
  /** Answers roots/list in an input-required round. */
  roots?: () => { uri: string; name?: string }[] | Promise<{ uri: string; name?: string }[]>
  /** Asks the server for log messages at this level and above (they arrive as notifications). */
  logLevel?: LogLevel
  /** Called with every notification a response stream carried (progress, log messages). */
  onNotification?: (message: JsonRpcMessage) => void
}

/** How the client reaches the server: one HTTP exchange. */
export type Send = (request: Request) => Promise<Response>

export interface RequestOptions {
  /** Merged into the request's `_meta` (e.g. `{ progressToken: 1 }`). */
  meta?: Record<string, unknown>
}

const MAX_ROUNDS = 16

export class McpClient {
  /** The MCP endpoint. */
  readonly url: string
  /** The revision in use: 2026-07-28, or what initialize settled on. */
  protocolVersion: string
  serverInfo: Record<string, any> | undefined
  capabilities: Record<string, any> = {}
  instructions: string | undefined
  /** Every notification received, in order. */
  readonly notifications: JsonRpcMessage[] = []

  readonly #send: Send
  readonly #options: ClientOptions
  readonly #onClose: (() => Promise<void>) | undefined
  readonly #capabilities: Record<string, unknown>
  #nextId = 1
  #sessionId: string | undefined
  #closed = false

  constructor(url: string, send: Send, options: ClientOptions = {}, onClose?: () => Promise<void>) {
    this.url = url
    this.#send = send
    this.#options = options
    this.#onClose = onClose
    this.protocolVersion = options.protocolVersion ?? (options.legacy ? LEGACY_PROTOCOL_VERSION : LATEST_PROTOCOL_VERSION)
    const caps: Record<string, unknown> = { ...(options.capabilities ?? {}) }
    if (options.elicit && !caps.elicitation) caps.elicitation = {}
    if (options.sample && !caps.sampling) caps.sampling = {}
    if (options.roots && !caps.roots) caps.roots = {}
    this.#capabilities = caps
  }

  /** True when speaking the initialize-based era. */
  get legacy(): boolean {
    return this.protocolVersion < LATEST_PROTOCOL_VERSION
  }

  /** server/discover (2026-07-28) or initialize + notifications/initialized (earlier revisions). */
  async connect(): Promise<this> {
    if (this.legacy) {
      const result = await this.#exchange('initialize', {
        protocolVersion: this.protocolVersion,
        capabilities: this.#capabilities,
        clientInfo: this.#clientInfo(),
      })
      this.protocolVersion = result.protocolVersion
      this.serverInfo = result.serverInfo
      this.capabilities = result.capabilities ?? {}
      this.instructions = result.instructions
      await this.notify('notifications/initialized')
    } else {
      const result = await this.#exchange('server/discover', {})
      if (Array.isArray(result.supportedVersions) && !result.supportedVersions.includes(this.protocolVersion)) {
        throw new Error(`The server does not speak ${this.protocolVersion}; it supports ${result.supportedVersions.join(', ')}.`)
      }
      this.serverInfo = result._meta?.[META_SERVER_INFO] ?? result.serverInfo
      this.capabilities = result.capabilities ?? {}
      this.instructions = result.instructions
    }
    return this
  }

  /** Every tool, across all pages. */
  async listTools(): Promise<Tool[]> {
    return this.#all('tools/list', 'tools')
  }

  /** Calls a tool the way a model does; an argument error or a ToolError is a result with `isError: true`. */
  async callTool(name: string, args: Record<string, unknown> = {}, options: RequestOptions = {}): Promise<CallToolResult> {
    return strip(await this.request('tools/call', { name, arguments: args }, options))
  }

  async listResources(): Promise<Resource[]> {
    return this.#all('resources/list', 'resources')
  }

  async listResourceTemplates(): Promise<ResourceTemplate[]> {
    return this.#all('resources/templates/list', 'resourceTemplates')
  }

  /** Reads a resource; an unknown URI throws an McpError (-32602 in 2026-07-28, -32002 before). */
  async readResource(uri: string, options: RequestOptions = {}): Promise<ReadResourceResult> {
    return strip(await this.request('resources/read', { uri }, options))
  }

  async listPrompts(): Promise<Prompt[]> {
    return this.#all('prompts/list', 'prompts')
  }

  async getPrompt(name: string, args: Record<string, string> = {}, options: RequestOptions = {}): Promise<GetPromptResult> {
    return strip(await this.request('prompts/get', { name, arguments: args }, options))
  }

  /** completion/complete for a prompt argument or a resource template variable. */
  async complete(ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string }, argument: { name: string; value: string }): Promise<{ values: string[]; total?: number; hasMore?: boolean }> {
    const result = await this.request('completion/complete', { ref, argument })
    return result.completion
  }

  /**
   * Any request, its result returned raw. An input-required result (2026-07-28) is answered with the
   * `elicit`/`sample`/`roots` handlers and the request sent again, until it completes.
   */
  async request(method: string, params: Record<string, any> = {}, options: RequestOptions = {}): Promise<any> {
    let current: Record<string, any> = { ...params }
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const result = await this.#exchange(method, current, options.meta)
      if (result?.resultType !== 'input_required') return result
      const inputResponses: Record<string, unknown> = {}
      for (const [key, ask] of Object.entries<any>(result.inputRequests ?? {})) inputResponses[key] = await this.#answer(ask)
      current = { ...params, inputResponses }
      if (result.requestState !== undefined) current.requestState = result.requestState
    }
    throw new Error(`${method} still asked for input after ${MAX_ROUNDS} rounds.`)
  }

  /** A notification (answered 202 with no body). */
  async notify(method: string, params?: Record<string, any>): Promise<void> {
    const message: JsonRpcMessage = { jsonrpc: '2.0', method }
    if (params || !this.legacy) message.params = this.legacy ? params : { ...params, _meta: { ...params?._meta, ...this.#meta() } }
    const response = await this.#post(message, method)
    const text = await response.text()
    if (response.status >= 400) throw new Error(`${method}: HTTP ${response.status} ${text.slice(0, 300)}`)
  }

  /** Ends the session (legacy sessions get a DELETE) and stops a Worker that `connect` started. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    try {
      if (this.#sessionId) {
        await this.#send(new Request(this.url, { method: 'DELETE', headers: { 'Mcp-Session-Id': this.#sessionId, ...this.#options.headers } })).then((r) => r.body?.cancel())
      }
    } finally {
      await this.#onClose?.()
    }
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close()
  }

  #clientInfo() {
    return this.#options.clientInfo ?? { name: 'mcp-aot-testing', version: '1.0.0' }
  }

  #meta(): Record<string, unknown> {
    const meta: Record<string, unknown> = {
      [META_VERSION]: this.protocolVersion,
      [META_CAPABILITIES]: this.#capabilities,
      [META_CLIENT_INFO]: this.#clientInfo(),
    }
    if (this.#options.logLevel) meta[META_LOG_LEVEL] = this.#options.logLevel
    return meta
  }

  async #all(method: string, key: string): Promise<any[]> {
    const items: any[] = []
    let cursor: string | undefined
    do {
      const result = await this.request(method, cursor === undefined ? {} : { cursor })
      items.push(...(result[key] ?? []))
      cursor = typeof result.nextCursor === 'string' ? result.nextCursor : undefined
    } while (cursor !== undefined)
    return items
  }

  async #answer(ask: { method: string; params?: any }): Promise<unknown> {
    const o = this.#options
    switch (ask.method) {
      case 'elicitation/create':
        if (o.elicit) return o.elicit(ask.params)
        break
      case 'sampling/createMessage':
        if (o.sample) return o.sample(ask.params)
        break
      case 'roots/list':
        if (o.roots) return { roots: await o.roots() }
        break
    }
    const option = ask.method === 'elicitation/create' ? 'elicit' : ask.method === 'sampling/createMessage' ? 'sample' : 'roots'
    throw new Error(`The server asked for ${ask.method}; pass an \`${option}\` handler to connect() to answer it.`)
  }

  async #post(message: JsonRpcMessage, method: string): Promise<Response> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...this.#options.headers,
    }
    if (!this.legacy) Object.assign(headers, { 'MCP-Protocol-Version': this.protocolVersion }, methodHeaders(method, message.params))
    else if (method !== 'initialize') headers['MCP-Protocol-Version'] = this.protocolVersion
    if (this.#sessionId) headers['Mcp-Session-Id'] = this.#sessionId
    return this.#send(new Request(this.url, { method: 'POST', headers, body: JSON.stringify(message) }))
  }

  async #exchange(method: string, params: Record<string, any>, extraMeta?: Record<string, unknown>): Promise<any> {
    if (this.#closed) throw new Error('This MCP client is closed.')
    const id = this.#nextId++
    const body: Record<string, any> = { ...params }
    if (!this.legacy) body._meta = { ...params._meta, ...extraMeta, ...this.#meta() }
    else if (extraMeta) body._meta = { ...params._meta, ...extraMeta }
    const response = await this.#post({ jsonrpc: '2.0', id, method, params: body }, method)
    if (method === 'initialize') this.#sessionId = response.headers.get('mcp-session-id') ?? undefined
    const reply = await readReply(response, id)
    for (const message of reply.messages) {
      if (message.method === undefined) continue
      this.notifications.push(message)
      this.#options.onNotification?.(message)
    }
    if (!reply.response) throw new Error(`${method}: HTTP ${response.status} with no JSON-RPC response`)
    const { error, result } = reply.response
    if (error) throw new McpError(error.code, error.message, error.data, response.status)
    return result
  }
}

/** The per-response envelope removed, so results compare whole in tests. */
function strip<T>(result: any): T {
  if (typeof result !== 'object' || result === null) return result
  const { resultType: _type, ttlMs: _ttl, cacheScope: _scope, ...rest } = result
  if (rest._meta && typeof rest._meta === 'object') {
    const { [META_SERVER_INFO]: _info, ...meta } = rest._meta
    if (Object.keys(meta).length === 0) delete rest._meta
    else rest._meta = meta
  }
  return rest as T
}

/** The text of a result's text parts, one per line (handy in assertions). */
export function textOf(result: { content?: ContentPart[] } | { messages?: PromptMessage[] } | { contents?: ResourceContents[] }): string {
  const r = result as any
  const parts: any[] = r.content ?? r.messages?.map((m: PromptMessage) => m.content) ?? r.contents ?? []
  return parts.filter((p) => typeof p?.text === 'string').map((p) => p.text).join('\n')
}
