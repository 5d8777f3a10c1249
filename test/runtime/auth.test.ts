import { describe, expect, it, vi } from 'vitest'
import { createServer } from '../../src/runtime/server.ts'
import type { AuthInfo, ToolContext } from '../../src/runtime/shared/api.ts'
import { fromOAuthProvider } from '../../src/runtime/http/oauth-provider.ts'
import { legacyRequest, MCP, modernRequest, module, send, tool, URL_BASE } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }
let seen: AuthInfo | undefined
const whoami = tool('whoami', { invoke: (_a, ctx: ToolContext) => ((seen = ctx.auth), ctx.auth?.clientId ?? 'nobody') })
const authorize = vi.fn(async (request: Request, env: any) => {
  const header = request.headers.get('authorization')
  if (header === 'Bearer forbidden') return new Response('insufficient scope', { status: 403, headers: { 'www-authenticate': 'Bearer error="insufficient_scope"' } })
  if (header === 'Bearer crash') throw new Error('token service down')
  return header === `Bearer ${env.TOKEN}` ? { token: 'good', clientId: 'client-1', scopes: ['read'] } : null
})
const onError = vi.fn()
const server = createServer(info, module('src/w.ts', [whoami]), {
  authorize,
  resourceMetadata: { authorization_servers: ['https://auth.example'], scopes_supported: ['read', 'write'] },
  onError,
})
const env = { TOKEN: 'good' }
const withToken = (token: string | null, headers: Record<string, string | null> = {}) =>
  modernRequest('tools/call', { name: 'whoami', arguments: {} }, { headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers } })

describe('authorization', () => {
  it('refuses a request without a valid token with 401 and the resource metadata URL', async () => {
    for (const token of [null, 'bad']) {
      const reply = await send(server, withToken(token), env)
      expect(reply.status).toBe(401)
      expect(reply.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${URL_BASE}/.well-known/oauth-protected-resource", scope="read write"`)
    }
  })

  it('hands what authorize returned to the tool as ctx.auth, with the env', async () => {
    const reply = await send(server, withToken('good'), env)
    expect(reply.body.result.content[0].text).toBe('client-1')
    expect(seen).toEqual({ token: 'good', clientId: 'client-1', scopes: ['read'] })
    expect(authorize).toHaveBeenLastCalledWith(expect.any(Request), env, undefined)
  })

  it('passes a Response from authorize through, and a failing hook is a 500 without details', async () => {
    const forbidden = await server.fetch(withToken('forbidden'), env)
    expect(forbidden.status).toBe(403)
    expect(await forbidden.text()).toBe('insufficient scope')
    const crashed = await server.fetch(withToken('crash'), env)
    expect(crashed.status).toBe(500)
    expect(await crashed.text()).not.toContain('token service down')
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { kind: 'authorize', name: 'authorize' })
  })

  it('answers a CORS preflight before any authorization', async () => {
    authorize.mockClear()
    const response = await server.fetch(new Request(MCP, { method: 'OPTIONS', headers: { origin: 'http://localhost:6274', 'access-control-request-headers': 'authorization' } }))
    expect(response.status).toBe(204)
    expect(authorize).not.toHaveBeenCalled()
    const refused = await send(server, withToken(null, { origin: 'http://localhost:6274' }), env)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('access-control-allow-origin')).toBe('http://localhost:6274')
    expect(refused.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate')
  })

  it('serves the RFC 9728 document at the well-known path and its path-suffixed form', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const response = await server.fetch(new Request(`${URL_BASE}${path}`))
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(await response.json()).toEqual({
        resource: `${URL_BASE}/mcp`,
        bearer_methods_supported: ['header'],
        authorization_servers: ['https://auth.example'],
        scopes_supported: ['read', 'write'],
      })
    }
    const preflight = await server.fetch(new Request(`${URL_BASE}/.well-known/oauth-protected-resource`, { method: 'OPTIONS' }))
    expect(preflight.status).toBe(204)
  })

  it('serves no metadata when there is no authorize hook', async () => {
    const open = createServer(info, module('src/w.ts', [whoami]))
    expect((await open.fetch(new Request(`${URL_BASE}/.well-known/oauth-protected-resource`))).status).toBe(404)
  })
})

describe('@scope', () => {
  const ran = vi.fn()
  const note = tool('add_note', { scopes: ['notes:write'], invoke: () => (ran(), 'added') })
  const audit = tool('audit', { scopes: ['notes:read', 'audit'], invoke: () => (ran(), 'audited') })
  const tokens: Record<string, AuthInfo> = {
    reader: { token: 'reader', scopes: ['notes:read'] },
    writer: { token: 'writer', scopes: ['notes:read', 'notes:write'] },
  }
  const scoped = createServer(info, module('src/notes.ts', [note, audit, whoami]), {
    authorize: (request) => tokens[request.headers.get('authorization')?.slice('Bearer '.length) ?? ''] ?? null,
    resourceMetadata: { authorization_servers: ['https://auth.example'], scopes_supported: ['notes:read'] },
  })
  const call = (name: string, token: string) =>
    modernRequest('tools/call', { name, arguments: {} }, { id: 7, headers: { authorization: `Bearer ${token}`, 'mcp-name': name } })

  it('refuses a token without the tool\'s scope with 403 insufficient_scope, before the tool runs', async () => {
    ran.mockClear()
    const reply = await send(scoped, call('add_note', 'reader'))
    expect(reply.status).toBe(403)
    // RFC 6750 §3.1: the scope the request needs; what the token had stays in it so a step-up keeps it.
    expect(reply.headers.get('www-authenticate')).toBe(
      `Bearer error="insufficient_scope", scope="notes:read notes:write", resource_metadata="${URL_BASE}/.well-known/oauth-protected-resource/mcp", error_description="The tool 'add_note' needs the scope notes:write, which this token does not carry."`,
    )
    expect(reply.body).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: "Forbidden: The tool 'add_note' needs the scope notes:write, which this token does not carry.", data: { requiredScopes: ['notes:write'] } },
    })
    const legacy = await scoped.fetch(legacyRequest('tools/call', { name: 'audit', arguments: {} }, '2025-11-25', { headers: { authorization: 'Bearer writer' } }))
    expect(legacy.status).toBe(403)
    expect(legacy.headers.get('www-authenticate')).toContain('scope="notes:read notes:write audit"')
    expect(legacy.headers.get('www-authenticate')).toContain('needs the scope audit,')
    expect(ran).not.toHaveBeenCalled()
  })

  it('runs the tool for a token with every scope it declares; unscoped tools need none', async () => {
    const reply = await send(scoped, call('add_note', 'writer'))
    expect(reply.status).toBe(200)
    expect(reply.body.result.content).toEqual([{ type: 'text', text: 'added' }])
    const open = await send(scoped, call('whoami', 'reader'))
    expect(open.body.result.content).toEqual([{ type: 'text', text: 'nobody' }])
  })

  it('a table whose tool declares scopes but lacks scopesFeature is refused at createServer (never served unchecked)', () => {
    expect(() => createServer(info, module('src/notes.ts', [note], {}, []))).toThrow(
      "createServer: the tool 'add_note' declares @scope, but its module's table has no scopesFeature; rebuild it with the mcp-aot plugin.",
    )
  })

  it('fails closed without an authorize hook: nobody carries scopes', async () => {
    const unguarded = createServer(info, module('src/notes.ts', [note]))
    const reply = await send(unguarded, modernRequest('tools/call', { name: 'add_note', arguments: {} }, { headers: { 'mcp-name': 'add_note' } }))
    expect(reply.status).toBe(403)
    expect(reply.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="notes:write"')
  })

  it('lists the declared scopes after the configured ones in the resource metadata', async () => {
    const response = await scoped.fetch(new Request(`${URL_BASE}/.well-known/oauth-protected-resource/mcp`))
    expect(await response.json()).toEqual({
      resource: `${URL_BASE}/mcp`,
      bearer_methods_supported: ['header'],
      authorization_servers: ['https://auth.example'],
      scopes_supported: ['notes:read', 'notes:write', 'audit'],
    })
  })
})

describe('fromOAuthProvider', () => {
  const context = (auth: unknown, props: unknown) => ({ waitUntil() {}, auth, props })
  const server = createServer(info, module('src/w.ts', [whoami]), { authorize: fromOAuthProvider })

  it('hands the token, scopes, client, expiry, user and props the provider verified to the tool', async () => {
    const auth = { token: 'u:g:secret', audience: `${URL_BASE}/mcp`, expiresAt: 1_900_000_000, scope: ['notes:read'], userId: 'alice', clientId: 'client-9' }
    const response = await server.fetch(withToken('u:g:secret'), {}, context(auth, { name: 'Alice' }))
    expect(response.status).toBe(200)
    expect(seen).toEqual({ token: 'u:g:secret', scopes: ['notes:read'], clientId: 'client-9', expiresAt: 1_900_000_000, extra: { userId: 'alice', props: { name: 'Alice' } } })
  })

  it('is a 401 when no provider verified the request (the server reached some other way)', async () => {
    for (const ctx of [undefined, context(undefined, { name: 'Alice' }), context({ scope: [] }, {})]) {
      const response = await server.fetch(withToken('u:g:secret'), {}, ctx)
      expect(response.status).toBe(401)
    }
  })
})
