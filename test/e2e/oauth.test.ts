/**
 * examples/oauth (the notes server behind Cloudflare's `@cloudflare/workers-oauth-provider`, built by the
 * plugin) in workerd with KV, driven by the official SDK v1 client's OAuth support: discovery from the 401
 * (RFC 9728, RFC 8414), dynamic client registration, authorization code with PKCE (the consent page is
 * filled in and submitted here, as a browser would), the token, then tools/list and tools/call with the
 * bearer. A tool sees who called; a `@scope notes:write` tool is 403 insufficient_scope for a token
 * without that scope, and runs after the user grants it; no token, a wrong one and a revoked one get 401
 * with the provider's challenge. Every URL the Worker advertises comes from PUBLIC_URL (unset: from a
 * loopback request's own origin only), never from a client-supplied Host header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { request as httpRequest } from 'node:http'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { auth, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import { buildExample, type BuiltWorker } from '../helpers/build.ts'
import { freePort } from '../helpers/free-port.ts'
import { startWorkerd } from '../helpers/miniflare.ts'
import type { Served } from '../helpers/served.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const EXAMPLE = resolve(ROOT, 'examples/oauth')
const REDIRECT = 'http://127.0.0.1:33418/callback'

/** An MCP client app's OAuth storage, in memory; a "browser redirect" is recorded, not followed. */
class App implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined
  saved: OAuthTokens | undefined
  verifier = ''
  authorizationUrl: URL | undefined
  get redirectUrl() {
    return REDIRECT
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Notes <e2e> app', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }
  }
  state() {
    return 'state-1'
  }
  clientInformation() {
    return this.client
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info
  }
  tokens() {
    return this.saved
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier
  }
  codeVerifier() {
    return this.verifier
  }
}

/** What the user does in the browser: opens the consent page, types a name, leaves `scopes` ticked, clicks Allow (or Deny). Returns where the browser is sent back. */
async function decide(authorizationUrl: URL, name: string, scopes: string[], decision: 'approve' | 'deny'): Promise<URL> {
  const page = await fetch(authorizationUrl, { redirect: 'manual' })
  const html = await page.text()
  expect(page.status, html).toBe(200)
  expect(html).toContain('Allow Notes &#60;e2e&#62; app to use your notes?') // the client's name, escaped
  expect(html).toContain('Access will be sent to <strong>127.0.0.1</strong>.')
  const handle = /name="handle" value="([^"]+)"/.exec(html)?.[1]
  expect(handle).toBeDefined()
  const cookie = page.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const form = new URLSearchParams({ handle: handle!, name, decision })
  for (const scope of scopes) form.append('scope', scope)
  const approved = await fetch(new URL('/authorize', authorizationUrl), { method: 'POST', body: form, headers: { cookie }, redirect: 'manual' })
  expect(approved.status, await approved.clone().text()).toBe(302)
  const back = new URL(approved.headers.get('location')!)
  expect(back.origin + back.pathname).toBe(REDIRECT)
  expect(back.searchParams.get('state')).toBe('state-1')
  return back
}

/** Allow: the authorization code the browser brings back. */
async function consent(authorizationUrl: URL, name: string, scopes: string[]): Promise<string> {
  return (await decide(authorizationUrl, name, scopes, 'approve')).searchParams.get('code')!
}

async function connect(url: string, app: App): Promise<Client> {
  const client = new Client({ name: 'notes-e2e', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: app }))
  return client
}

/** A raw tools/call over 2025-11-25 after initialize, with `token` as the bearer (or none). */
async function rawCall(url: string, token: string | undefined, name: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }
  if (token !== undefined) headers.authorization = `Bearer ${token}`
  return fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name, arguments: { text: 'x' } } }) })
}

/** A GET to `url` with `host` as the Host header (fetch keeps its own), as a client may send it. */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const sent = httpRequest(url, { headers: { host } }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => done({ status: response.statusCode!, body }))
    })
    sent.on('error', fail).end()
  })
}

describe('examples/oauth: mcp-aot behind @cloudflare/workers-oauth-provider, in workerd', () => {
  let built: BuiltWorker
  let server: Served
  let origin: string
  const app = new App()

  beforeAll(async () => {
    built = await buildExample(EXAMPLE)
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    server = await startWorkerd(built.file, { port, bindings: { PUBLIC_URL: origin }, kvNamespaces: ['OAUTH_KV', 'NOTES'] })
  }, 180_000)
  afterAll(async () => {
    await server?.stop()
    await built?.remove()
  })

  it('the example type-checks as user code against the public types and the provider\'s own', async () => {
    const result = await promisify(execFile)(resolve(ROOT, 'node_modules/.bin/tsc'), ['-p', EXAMPLE]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    )
    expect(result).toEqual({ code: 0, stdout: '' })
  })

  it('a request without a token is 401 with the challenge naming the metadata and the baseline scope', async () => {
    const response = await rawCall(server.url, undefined, 'whoami')
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe(`Bearer realm="OAuth", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp", scope="notes:read"`)
  })

  it('the metadata: the resource with its baseline scope, the authorization server with every @scope the tools declare', async () => {
    const resource = await (await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`)).json()
    expect(resource).toEqual({ resource: `${origin}/mcp`, authorization_servers: [origin], scopes_supported: ['notes:read'], bearer_methods_supported: ['header'], resource_name: 'Notes' })
    const server = await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json()
    expect(server.scopes_supported).toEqual(['notes:read', 'notes:write'])
    expect(server.code_challenge_methods_supported).toContain('S256')
    expect(server.registration_endpoint).toBe(`${origin}/register`)
  })

  it('the metadata names PUBLIC_URL whatever Host the request carries, never the Host', async () => {
    const metadata = await getWithHost(`${origin}/.well-known/oauth-authorization-server`, 'evil.example')
    expect(metadata.status).toBe(200)
    expect(metadata.body).not.toContain('evil.example')
    const server = JSON.parse(metadata.body)
    expect(server.issuer).toBe(origin)
    expect([server.authorization_endpoint, server.token_endpoint, server.registration_endpoint, server.revocation_endpoint]).toEqual([
      `${origin}/authorize`,
      `${origin}/token`,
      `${origin}/register`,
      `${origin}/token`,
    ])
    expect(server.protected_resources).toEqual([`${origin}/mcp`])
    // The resource's document lives at PUBLIC_URL's well-known address only, and the 401 for /mcp under
    // another host names no metadata address at all (the provider's rule for a non-canonical request URL).
    expect((await getWithHost(`${origin}/.well-known/oauth-protected-resource/mcp`, 'evil.example')).status).toBe(404)
    const challenge = await new Promise<[number, string | undefined]>((done, fail) => {
      httpRequest(server.protected_resources[0], { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' } }, (response) => {
        response.resume()
        done([response.statusCode!, response.headers['www-authenticate'] as string | undefined])
      }).on('error', fail).end('{}')
    })
    expect(challenge).toEqual([401, 'Bearer realm="OAuth", scope="notes:read"'])
  })

  it('the SDK client authorizes (discovery, registration, PKCE, consent, token), then lists and calls tools as the user', async () => {
    await expect(connect(server.url, app)).rejects.toBeInstanceOf(UnauthorizedError)
    expect(app.client?.client_id).toBeTruthy() // registered dynamically
    const url = app.authorizationUrl!
    expect(url.origin + url.pathname).toBe(`${origin}/authorize`)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('scope')).toBe('notes:read') // from the 401's challenge
    expect(url.searchParams.get('resource')).toBe(`${origin}/mcp`)
    const code = await consent(url, 'Alice', ['notes:read'])
    expect(await auth(app, { serverUrl: server.url, authorizationCode: code })).toBe('AUTHORIZED')
    expect(app.saved?.token_type.toLowerCase()).toBe('bearer')
    expect(app.saved?.scope).toBe('notes:read')

    const client = await connect(server.url, app)
    try {
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name).sort()).toEqual(['add_note', 'list_notes', 'whoami'])
      const me = await client.callTool({ name: 'whoami', arguments: {} })
      expect(me.structuredContent).toEqual({ userId: 'alice', name: 'Alice', clientId: app.client!.client_id, scopes: ['notes:read'] })
      const notes = await client.callTool({ name: 'list_notes', arguments: {} })
      expect(notes.structuredContent).toEqual({ notes: [] })
    } finally {
      await client.close()
    }
  })

  it('a @scope notes:write tool is 403 insufficient_scope for the notes:read token; the SDK then asks for the scope', async () => {
    const token = app.saved!.access_token
    const refused = await rawCall(server.url, token, 'add_note')
    expect(refused.status).toBe(403)
    expect(refused.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="notes:read notes:write", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp", error_description="The tool 'add_note' needs the scope notes:write, which this token does not carry."`,
    )
    expect((await refused.json()).error.data).toEqual({ requiredScopes: ['notes:write'] })

    // The SDK reads the challenge and steps up: with a refresh token it first refreshes, which cannot widen
    // the grant, so the call still fails; the new authorization is the user's to give.
    const client = await connect(server.url, app)
    try {
      const failed = await client.callTool({ name: 'add_note', arguments: { text: 'buy milk' } }).catch((error: unknown) => error)
      expect(failed).toBeInstanceOf(StreamableHTTPError)
      expect((failed as StreamableHTTPError).code).toBe(403)
    } finally {
      await client.close()
    }
  })

  it('after the user grants notes:write, the tool runs, as the same user', async () => {
    app.saved = undefined
    app.authorizationUrl = undefined
    expect(await auth(app, { serverUrl: server.url, scope: 'notes:read notes:write' })).toBe('REDIRECT')
    expect(app.authorizationUrl!.searchParams.get('scope')).toBe('notes:read notes:write')
    const code = await consent(app.authorizationUrl!, 'Alice', ['notes:read', 'notes:write'])
    expect(await auth(app, { serverUrl: server.url, authorizationCode: code })).toBe('AUTHORIZED')
    const client = await connect(server.url, app)
    try {
      const added = await client.callTool({ name: 'add_note', arguments: { text: 'buy milk' } })
      expect(added.content).toEqual([{ type: 'text', text: 'Noted. Alice has 1 note.' }])
      const notes = await client.callTool({ name: 'list_notes', arguments: {} })
      expect(notes.structuredContent).toEqual({ notes: ['buy milk'] })
    } finally {
      await client.close()
    }
  })

  it('a user who clicks Deny sends the client back with access_denied and no code', async () => {
    const other = new App()
    expect(await auth(other, { serverUrl: server.url })).toBe('REDIRECT')
    const back = await decide(other.authorizationUrl!, 'Bob', ['notes:read'], 'deny')
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('code')).toBeNull()
  })

  it('a wrong or revoked token is 401 invalid_token; the revoked one never reaches a tool', async () => {
    const challenge = `Bearer realm="OAuth", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp", error="invalid_token", scope="notes:read"`
    const wrong = await rawCall(server.url, 'alice:grant:not-a-token', 'whoami')
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('www-authenticate')).toBe(challenge)

    const token = app.saved!.access_token
    expect((await rawCall(server.url, token, 'whoami')).status).toBe(200)
    const revoked = await fetch(`${origin}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, token_type_hint: 'access_token', client_id: app.client!.client_id }),
    })
    expect(revoked.status).toBe(200)
    const after = await rawCall(server.url, token, 'whoami')
    expect(after.status).toBe(401)
    expect(after.headers.get('www-authenticate')).toBe(challenge)
  })
})

describe('examples/oauth without PUBLIC_URL (local development)', () => {
  let built: BuiltWorker
  let server: Served
  let origin: string

  beforeAll(async () => {
    built = await buildExample(EXAMPLE)
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    server = await startWorkerd(built.file, { port, kvNamespaces: ['OAUTH_KV', 'NOTES'] })
  }, 180_000)
  afterAll(async () => {
    await server?.stop()
    await built?.remove()
  })

  it('takes its URLs from a loopback request\'s own origin', async () => {
    const metadata = await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json()
    expect([metadata.issuer, metadata.token_endpoint]).toEqual([origin, `${origin}/token`])
    const localhost = origin.replace('127.0.0.1', 'localhost')
    const named = JSON.parse((await getWithHost(`${origin}/.well-known/oauth-authorization-server`, new URL(localhost).host)).body)
    expect(named.issuer).toBe(localhost)
  })

  it('refuses a request for any other host instead of naming it', async () => {
    const refused = await getWithHost(`${origin}/.well-known/oauth-authorization-server`, 'evil.example')
    expect(refused.status).toBe(500)
    expect(refused.body).toBe('PUBLIC_URL is not set: set it to the URL this Worker is served at (wrangler.jsonc "vars").')
    expect((await getWithHost(`${origin}/mcp`, 'evil.example:8787')).status).toBe(500)
  })
})
