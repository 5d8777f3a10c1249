/**
 * Authorization (the server is an OAuth 2.1 resource server): the user's `authorize` hook decides, a
 * refusal is 401 with `WWW-Authenticate: Bearer resource_metadata="…"`, and the protected-resource
 * metadata (RFC 9728) is served at `/.well-known/oauth-protected-resource` (and at its path-suffixed
 * form for the endpoint, `/.well-known/oauth-protected-resource/mcp`).
 */
import type { AuthInfo, RequestContext, ServerOptions } from '../shared/api.ts'
import { isLoopback, originOf } from './cors.ts'

export const WELL_KNOWN = '/.well-known/oauth-protected-resource'

/** Why a challenge or the metadata document leaves the server's URL out (reported once through onError). */
export const NO_RESOURCE_URL =
  "mcp-aot: the resourceUrl option is not set, so the 401 challenge and /.well-known/oauth-protected-resource cannot name this server (a Host header is the client's to choose; only localhost is trusted): set resourceUrl to the endpoint's public URL, e.g. 'https://mcp.example.com/mcp'."

/**
 * The endpoint's public URL: the `resourceUrl` option, else the request's own URL when it is a loopback
 * one (local development), else undefined: the request URL's host comes from the client (`Host:
 * evil.example`) and must not reach a challenge or a cacheable document.
 */
export function resourceUrlOf(request: Request, options: ServerOptions<any>, path: string): string | undefined {
  if (options.resourceUrl !== undefined) return options.resourceUrl
  const origin = originOf(request.url)
  return isLoopback(origin) ? origin + path : undefined
}

/** The `WWW-Authenticate` value for a request without a valid token (no resource_metadata without a URL). */
export function challenge(resourceUrl: string | undefined, options: ServerOptions<any>): string {
  const scopes = options.resourceMetadata?.scopes_supported
  const scope = scopes && scopes.length > 0 ? `scope="${scopes.join(' ')}"` : ''
  if (resourceUrl === undefined) return scope === '' ? 'Bearer' : `Bearer ${scope}`
  return `Bearer resource_metadata="${originOf(resourceUrl)}${WELL_KNOWN}"${scope === '' ? '' : `, ${scope}`}`
}

/** The RFC 9728 document for the endpoint at `resourceUrl`; `scopes` (the tools' `@scope`s) join `scopes_supported`. */
export function metadataResponse(resourceUrl: string, options: ServerOptions<any>, scopes: readonly string[]): Response {
  const listed = options.resourceMetadata?.scopes_supported ?? []
  const supported = [...new Set([...listed, ...scopes])]
  const document = {
    resource: resourceUrl,
    bearer_methods_supported: ['header'],
    ...options.resourceMetadata,
    ...(supported.length > 0 ? { scopes_supported: supported } : {}),
  }
  return new Response(JSON.stringify(document), {
    status: 200,
    headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'cache-control': 'max-age=3600' },
  })
}

/** What the hook said: who the caller is, or the response that refuses them (undefined: 401). */
export type Verdict = { auth: AuthInfo } | { refusal: Response | undefined }

export async function authorize(request: Request, env: unknown, ctx: RequestContext | undefined, options: ServerOptions<any>): Promise<Verdict> {
  const result = await options.authorize!(request, env, ctx)
  if (result instanceof Response) return { refusal: result }
  if (result === null || result === undefined || typeof result !== 'object') return { refusal: undefined }
  return { auth: result }
}
