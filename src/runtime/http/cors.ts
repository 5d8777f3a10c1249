/**
 * Origin validation (DNS-rebinding protection) and CORS. A request with an `Origin` is served only when
 * the origin is a loopback one (localhost, 127.0.0.1, [::1], any port) or in `allowedOrigins` (`'*'`
 * allows any). The server's own host is not trusted by itself: in a DNS-rebinding attack the page's
 * origin and the Host header name the attacker's domain alike. Browser clients get the MCP headers
 * allowed and exposed.
 */

const LOOPBACK = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i

/** True for a loopback origin (`http://localhost:8787`, `http://127.0.0.1`, `https://[::1]:8080`). */
export const isLoopback = (origin: string): boolean => LOOPBACK.test(origin)

/** The origin part (`scheme://host:port`) of an absolute URL. */
export function originOf(url: string): string {
  const slash = url.indexOf('/', url.indexOf('//') + 2)
  return slash < 0 ? url : url.slice(0, slash)
}

/** The path of an absolute URL, without query or fragment. */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start < 0) return '/'
  let end = url.length
  const query = url.indexOf('?', start)
  if (query >= 0) end = query
  const hash = url.indexOf('#', start)
  if (hash >= 0 && hash < end) end = hash
  return url.slice(start, end)
}

const normalize = (origin: string): string => origin.replace(/\/+$/, '').toLowerCase()

/** Whether an Origin may call the endpoint: a loopback one, one in `allowed`, or any when `allowed` has `'*'`. */
export function originCheck(allowed: readonly string[] | undefined): (origin: string) => boolean {
  const any = allowed?.includes('*') ?? false
  const set = new Set((allowed ?? []).map(normalize))
  return (origin) => any || LOOPBACK.test(origin) || set.has(normalize(origin))
}

const EXPOSED = 'Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate'
const BASE_ALLOWED = 'Content-Type, Accept, Authorization, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id, Last-Event-ID'

/** Headers that let the browser at `origin` read a response. */
export function corsHeaders(origin: string): Record<string, string> {
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED, vary: 'Origin' }
}

/** The answer to a CORS preflight from an allowed origin; `paramHeaders` are the tools' `Mcp-Param-*`. */
export function preflight(origin: string | null, paramHeaders: readonly string[]): Response {
  const headers: Record<string, string> = {
    allow: 'POST, OPTIONS',
    'access-control-allow-methods': 'POST, OPTIONS',
    'access-control-allow-headers': [BASE_ALLOWED, ...paramHeaders].join(', '),
    'access-control-max-age': '86400',
  }
  if (origin !== null) Object.assign(headers, corsHeaders(origin))
  return new Response(null, { status: 204, headers })
}
