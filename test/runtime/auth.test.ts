import { describe, expect, it, vi } from 'vitest'
import { createServer } from '../../src/runtime/server.ts'
import type { AuthInfo, ToolContext } from '../../src/runtime/api.ts'
import { MCP, modernRequest, module, send, tool, URL_BASE } from './helpers.ts'

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
    expect(authorize).toHaveBeenLastCalledWith(expect.any(Request), env)
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
