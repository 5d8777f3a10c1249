/**
 * A notes MCP server protected by Cloudflare's OAuth provider. The provider is the Worker: it serves
 * the OAuth metadata (RFC 8414, and RFC 9728 for /mcp), dynamic client registration, the token endpoint
 * (authorization code with PKCE, refresh, revocation) with its records in the OAUTH_KV namespace, and
 * answers a request to /mcp without a valid token with 401 and its challenge. A request with one reaches
 * the mcp-aot server, whose `fromOAuthProvider` hook hands the grant to the tools as `ctx.auth`; a tool
 * declared `@scope notes:write` is refused (403 insufficient_scope) for a token without that scope.
 *
 * PUBLIC_URL is where the Worker is served (`https://notes.example.workers.dev`; `http` only on a
 * loopback host): the provider names the resource and the issuer by it, never by a request's Host.
 */
import { OAuthProvider } from '@cloudflare/workers-oauth-provider'
import { createServer, fromOAuthProvider, scopesOf } from 'mcp-aot'
import * as notes from './notes.ts'
import { consent, type ConsentEnv } from './consent.ts'

interface Env extends notes.Env, ConsentEnv {
  OAUTH_KV: KVNamespace
  PUBLIC_URL: string
}

const server = createServer<Env>({ name: 'notes', version: '1.0.0', title: 'Notes' }, notes, { authorize: fromOAuthProvider })

function provider(env: Env): OAuthProvider<Env> {
  return new OAuthProvider<Env>({
    apiRoute: '/mcp',
    apiHandler: server,
    defaultHandler: { fetch: (request, env) => consent(request, env) },
    authorizeEndpoint: '/authorize',
    tokenEndpoint: '/token',
    clientRegistrationEndpoint: '/register',
    // Everything the tools may ask for (their @scope tags), offered by the authorization server…
    scopesSupported: scopesOf(notes),
    // …and the baseline a client asks for first; more comes by step-up, after a 403 naming it.
    requiredScopes: ['notes:read'],
    resourceMetadata: { resource: `${env.PUBLIC_URL}/mcp`, authorization_servers: [env.PUBLIC_URL], resource_name: 'Notes' },
  })
}

let oauth: OAuthProvider<Env> | undefined

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    oauth ??= provider(env)
    return oauth.fetch(request, env, ctx)
  },
}
