/**
 * Authorization (the server is an OAuth 2.1 resource server): the user's `authorize` hook decides, a
 * refusal is 401 with `WWW-Authenticate: Bearer resource_metadata="…"`, and the protected-resource
 * metadata (RFC 9728) is served at `/.well-known/oauth-protected-resource` (and at its path-suffixed
 * form for the endpoint, `/.well-known/oauth-protected-resource/mcp`).
 */
import type { AuthInfo, RequestContext, ServerOptions } from './api.ts'
import { originOf } from './cors.ts'

export const WELL_KNOWN = '/.well-known/oauth-protected-resource'

/** The `WWW-Authenticate` value for a request without a valid token. */
export function challenge(request: Request, options: ServerOptions<any>): string {
  const scopes = options.resourceMetadata?.scopes_supported
  const scope = scopes && scopes.length > 0 ? `, scope="${scopes.join(' ')}"` : ''
  return `Bearer resource_metadata="${originOf(request.url)}${WELL_KNOWN}"${scope}`
}

/** The RFC 9728 document for the endpoint at `path`; `scopes` (the tools' `@scope`s) join `scopes_supported`. */
export function metadataResponse(request: Request, options: ServerOptions<any>, path: string, scopes: readonly string[]): Response {
  const listed = options.resourceMetadata?.scopes_supported ?? []
  const supported = [...new Set([...listed, ...scopes])]
  const document = {
    resource: originOf(request.url) + path,
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
