/**
 * Behind Cloudflare's `@cloudflare/workers-oauth-provider` (1.2+): the provider checks the bearer token
 * (a missing, unknown, expired or revoked one gets its 401 challenge and never reaches the server), then
 * calls its `apiHandler`, here the mcp-aot server, with the grant's `props` and the verified token as
 * `ctx.props` and `ctx.auth`. `fromOAuthProvider` is the `authorize` hook that turns them into what tools
 * see as `ctx.auth`:
 *
 * ```ts
 * const server = createServer(info, notes, { authorize: fromOAuthProvider })
 * export default new OAuthProvider({ apiRoute: '/mcp', apiHandler: server, … })
 * ```
 *
 * `ctx.auth.scopes` are the token's scopes (so `@scope` tools are checked against them), `clientId` the
 * OAuth client, `expiresAt` its expiry in seconds since the epoch, and `extra` holds `userId` and the
 * grant's `props` (what the consent page passed to `completeAuthorization`). The package is not imported:
 * only the shape of the context it fills is read.
 */
import type { AuthInfo, RequestContext } from '../shared/api.ts'

/** `ctx.auth` as OAuthProvider 1.2 fills it (`OAuthResourceAuth`). */
interface ProviderAuth {
  token: string
  expiresAt?: number
  scope?: string[]
  userId?: string
  clientId?: string
}

/** The `authorize` hook for a server that is OAuthProvider's `apiHandler`; `null` (401) when no provider verified the request. */
export function fromOAuthProvider(_request: Request, _env: unknown, ctx: RequestContext | undefined): AuthInfo | null {
  const auth = ctx?.auth as ProviderAuth | undefined
  if (typeof auth !== 'object' || auth === null || typeof auth.token !== 'string') return null
  const info: AuthInfo = { token: auth.token, scopes: Array.isArray(auth.scope) ? [...auth.scope] : [] }
  if (auth.clientId !== undefined) info.clientId = auth.clientId
  if (auth.expiresAt !== undefined) info.expiresAt = auth.expiresAt
  info.extra = { ...(auth.userId !== undefined ? { userId: auth.userId } : {}), props: ctx!.props }
  return info
}
