/**
 * The client side of MCP's Streamable HTTP binding, on `fetch` only: request headers (`Mcp-Method`,
 * `Mcp-Name` with the `=?base64?…?=` form for values HTTP cannot carry), and reading a response that is
 * either one JSON-RPC message or an SSE stream of notifications ending with the response.
 */

/** A JSON-RPC error the server answered with (or an HTTP error carrying one). */
export class McpError extends Error {
  readonly code: number
  readonly data: unknown
  /** The HTTP status of the response that carried the error. */
  readonly status: number
  constructor(code: number, message: string, data: unknown, status: number) {
    super(message)
    this.name = 'McpError'
    this.code = code
    this.data = data
    this.status = status
  }
}

export interface JsonRpcMessage {
  jsonrpc: '2.0'
  id?: string | number | null
  method?: string
  params?: Record<string, any>
  result?: any
  error?: { code: number; message: string; data?: unknown }
}

/** Which body field the `Mcp-Name` header mirrors, per method (SEP-2243). */
const NAME_SOURCE: Readonly<Record<string, string>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' }

const SENTINEL_START = '=?base64?'
const SENTINEL_END = '?='

/** True when a value cannot travel as a plain ASCII header value (RFC 9110 §5.5) or looks like the sentinel. */
function needsBase64(value: string): boolean {
  if (value.length === 0 || value !== value.trim()) return true
  if (value.startsWith(SENTINEL_START) && value.endsWith(SENTINEL_END)) return true
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c !== 9 && (c < 32 || c > 126)) return true
  }
  return false
}

export function encodeHeaderValue(value: string): string {
  if (!needsBase64(value)) return value
  let binary = ''
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte)
  return `${SENTINEL_START}${btoa(binary)}${SENTINEL_END}`
}

/** The `Mcp-Method` and `Mcp-Name` headers of a 2026-07-28 request. */
export function methodHeaders(method: string, params: Record<string, any> | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'Mcp-Method': method }
  const field = NAME_SOURCE[method]
  const value = field ? params?.[field] : undefined
  if (typeof value === 'string') headers['Mcp-Name'] = encodeHeaderValue(value)
  return headers
}

/** Every message of an SSE body (`data:` lines joined per event), in order. */
export function sseMessages(text: string): JsonRpcMessage[] {
  const out: JsonRpcMessage[] = []
  for (const event of text.replace(/\r\n?/g, '\n').split('\n\n')) {
    const data = event.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
    if (data.length > 0 && data.join('').trim() !== '') out.push(JSON.parse(data.join('\n')))
  }
  return out
}

export interface Reply {
  /** The response to the request, when the body held one. */
  response?: JsonRpcMessage
  /** Notifications (and any server→client requests) that came before it on an SSE stream. */
  messages: JsonRpcMessage[]
  status: number
  headers: Headers
}

/** Reads a response body as JSON or SSE; throws a readable error for anything else. */
export async function readReply(response: Response, id: string | number | undefined): Promise<Reply> {
  const type = response.headers.get('content-type') ?? ''
  const text = await response.text()
  const base = { status: response.status, headers: response.headers }
  if (text.trim() === '') return { ...base, messages: [] }
  let messages: JsonRpcMessage[]
  try {
    messages = type.includes('text/event-stream') ? sseMessages(text) : [JSON.parse(text)]
  } catch {
    throw new Error(`The server answered HTTP ${response.status} with a body that is not JSON-RPC: ${text.slice(0, 300)}`)
  }
  const index = messages.findIndex((m) => m.id === id && (m.result !== undefined || m.error !== undefined))
  const fallback = index < 0 ? messages.findIndex((m) => m.error !== undefined && m.id === null) : index
  if (fallback < 0) return { ...base, messages }
  return { ...base, response: messages[fallback], messages: messages.filter((_, i) => i !== fallback) }
}
