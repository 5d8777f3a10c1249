/**
 * A notes MCP server protected by Cloudflare's OAuth provider. The provider is the Worker: it serves
 * the OAuth metadata (RFC 8414, and RFC 9728 for /mcp), dynamic client registration, the token endpoint
 * (authorization code with PKCE, refresh, revocation) with its records in the OAUTH_KV namespace, and
 * answers a request to /mcp without a valid token with 401 and its challenge. A request with one reaches
 * the mcp-aot server, whose `fromOAuthProvider` hook hands the grant to the tools as `ctx.auth`; a tool
 * declared `@scope notes:write` is refused (403 insufficient_scope) for a token without that scope.
 *
 * PUBLIC_URL is where the Worker is served (`https://notes.example.workers.dev`; `http` only on a
 * loopback host). Every URL the Worker advertises comes from it: the resource, the issuer and the
 * authorize, token and registration endpoints (given as absolute URLs, since the provider would otherwise
 * build them, and the issuer with them, from the request's own URL, that is from its Host header). Unset
 * or empty (local development), the request's origin is used only when its host is a loopback one
 * (127.0.0.1, localhost, [::1]); a request for any other host is answered 500 until PUBLIC_URL is set.
 */
import { OAuthProvider } from '@cloudflare/workers-oauth-provider'
import { createServer, fromOAuthProvider, scopesOf } from 'mcp-aot'
import * as notes from './notes.ts'
import { consent, type ConsentEnv } from './consent.ts'

interface Env extends notes.Env, ConsentEnv {
  OAUTH_KV: KVNamespace
  /** Where the Worker is served, e.g. https://notes.example.workers.dev (no trailing path). */
  PUBLIC_URL?: string
}

const server = createServer<Env>({ name: 'notes', version: '1.0.0', title: 'Notes' }, notes, { authorize: fromOAuthProvider })

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** PUBLIC_URL without a trailing slash; unset, the request's origin on a loopback host only; else undefined. */
function publicUrl(request: Request, env: Env): string | undefined {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '')
  const url = new URL(request.url)
  return LOOPBACK.has(url.hostname) ? url.origin : undefined
}

function provider(base: string): OAuthProvider<Env> {
  return new OAuthProvider<Env>({
    apiRoute: '/mcp',
    apiHandler: server,
    defaultHandler: { fetch: (request, env) => consent(request, env) },
    // Absolute, so the RFC 8414 metadata (and its issuer, the token endpoint's origin) never echoes a Host header.
    authorizeEndpoint: `${base}/authorize`,
    tokenEndpoint: `${base}/token`,
    clientRegistrationEndpoint: `${base}/register`,
    // Everything the tools may ask for (their @scope tags), offered by the authorization server…
    scopesSupported: scopesOf(notes),
    // …and the baseline a client asks for first; more comes by step-up, after a 403 naming it.
    requiredScopes: ['notes:read'],
    resourceMetadata: { resource: `${base}/mcp`, authorization_servers: [base], resource_name: 'Notes' },
  })
}

/** The provider for the last base URL (one, so a stream of made-up loopback ports cannot grow a cache). */
let cached: { base: string; oauth: OAuthProvider<Env> } | undefined

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> | Response {
    const base = publicUrl(request, env)
    if (base === undefined) {
      return new Response('PUBLIC_URL is not set: set it to the URL this Worker is served at (wrangler.jsonc "vars").', { status: 500 })
    }
    if (cached?.base !== base) {
      cached = { base, oauth: provider(base) }
      // The provider puts its helpers on env for the consent page once; a new base needs new ones.
      delete (env as Partial<Env>).OAUTH_PROVIDER
    }
    return cached.oauth.fetch(request, env, ctx)
  },
}
