/**
 * Legacy sessions without server state. `initialize` answers with an `Mcp-Session-Id` that carries the
 * capabilities the client declared (a random part, then base64url JSON); the client sends it back on every
 * later request, so a tool can read `ctx.clientCapabilities` on any isolate. Nothing is stored, no id is
 * required, and DELETE stays 405. The capabilities are the client's own claims, as they are at initialize.
 */
import { fromBase64Url, toBase64Url } from './base64.ts'
import { isObject } from './jsonrpc.ts'

const encoder = /* @__PURE__ */ new TextEncoder()
const decoder = /* @__PURE__ */ new TextDecoder()
/** Above this the capabilities are kept by name only, so the header stays small. */
const MAX_JSON = 1024

export function sessionId(capabilities: unknown): string {
  const random = crypto.randomUUID().replace(/-/g, '')
  if (!isObject(capabilities)) return random
  let json = JSON.stringify(capabilities)
  if (json.length > MAX_JSON) json = JSON.stringify(Object.fromEntries(Object.keys(capabilities).map((key) => [key, {}])))
  return `${random}.${toBase64Url(encoder.encode(json))}`
}

/** The capabilities a session id carries; `{}` for any other id. */
export function sessionCapabilities(id: string | null): Record<string, unknown> {
  const dot = id === null ? -1 : id.indexOf('.')
  if (dot < 0) return {}
  const bytes = fromBase64Url(id!.slice(dot + 1))
  if (!bytes) return {}
  try {
    const value = JSON.parse(decoder.decode(bytes))
    return isObject(value) ? value : {}
  } catch {
    return {}
  }
}

/** The client's capabilities: per request (2026-07-28), else what it declared at initialize, as the session id carries it. */
export const clientCapabilitiesOf = (exchange: { readonly capabilities: Record<string, any> | undefined; readonly request: Request }): Record<string, unknown> =>
  exchange.capabilities ?? sessionCapabilities(exchange.request.headers.get('mcp-session-id'))
