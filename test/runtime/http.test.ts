import { describe, expect, it } from 'vitest'
import { createServer } from '../../src/runtime/server.ts'
import { MCP, modernRequest, module, post, send, tool, URL_BASE } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }
const server = createServer(info, module('src/a.ts', [tool('echo', { invoke: () => 'hi' })]), { maxBodyBytes: 2000 })
const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28' }

describe('HTTP transport', () => {
  it('answers 404 on other paths', async () => {
    const response = await server.fetch(new Request(`${URL_BASE}/other`, { method: 'POST', body: '{}' }))
    expect(response.status).toBe(404)
    expect((await server.fetch(new Request(`${URL_BASE}/mcp/extra`))).status).toBe(404)
  })

  it('refuses GET, DELETE and PUT with 405 and an Allow header', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const response = await server.fetch(new Request(MCP, { method, headers: { accept: 'text/event-stream' } }))
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('POST, OPTIONS')
      expect(response.headers.get('mcp-session-id')).toBeNull()
    }
  })

  it('answers 403 to a foreign Origin, with a JSON-RPC error without id', async () => {
    const reply = await send(server, modernRequest('tools/list', {}, { headers: { origin: 'http://evil.example.com' } }))
    expect(reply.status).toBe(403)
    expect(reply.body.error.code).toBe(-32600)
    expect(reply.body).not.toHaveProperty('id')
  })

  it('serves loopback origins and listed origins with CORS headers', async () => {
    const listed = createServer(info, module('src/a.ts', [tool('echo', { invoke: () => 'hi' })]), { allowedOrigins: ['https://app.example/'] })
    for (const origin of ['http://localhost:6274', 'http://127.0.0.1', 'https://[::1]:8080', 'https://app.example']) {
      const reply = await send(listed, modernRequest('tools/list', {}, { headers: { origin } }))
      expect(reply.status, origin).toBe(200)
      expect(reply.headers.get('access-control-allow-origin')).toBe(origin)
      expect(reply.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id')
      expect(reply.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate')
    }
    expect((await send(listed, modernRequest('tools/list', {}, { headers: { origin: 'http://localhost.evil.com' } }))).status).toBe(403)
    // DNS rebinding: the attacker's page and the Host header name the same foreign domain.
    const rebound = new Request('http://evil.example.com/mcp', modernRequest('tools/list', {}, { headers: { origin: 'http://evil.example.com' } }))
    expect((await send(listed, rebound)).status).toBe(403)
    const any = createServer(info, module('src/a.ts', [tool('echo', { invoke: () => 'hi' })]), { allowedOrigins: ['*'] })
    expect((await send(any, modernRequest('tools/list', {}, { headers: { origin: 'https://anywhere.example' } }))).status).toBe(200)
  })

  it('answers a CORS preflight from an allowed origin with the MCP headers', async () => {
    const response = await server.fetch(new Request(MCP, { method: 'OPTIONS', headers: { origin: 'http://localhost:6274', 'access-control-request-method': 'POST' } }))
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:6274')
    const allowed = response.headers.get('access-control-allow-headers')!
    for (const header of ['Content-Type', 'Accept', 'Authorization', 'MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Mcp-Session-Id', 'Last-Event-ID']) {
      expect(allowed).toContain(header)
    }
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS')
    const refused = await server.fetch(new Request(MCP, { method: 'OPTIONS', headers: { origin: 'http://evil.example.com' } }))
    expect(refused.status).toBe(403)
  })

  it('allows the Mcp-Param-* headers tools declare in a preflight', async () => {
    const sql = tool('execute_sql', {
      invoke: () => 'ok',
      inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
    })
    const withParams = createServer(info, module('src/sql.ts', [sql]))
    const response = await withParams.fetch(new Request(MCP, { method: 'OPTIONS', headers: { origin: 'http://localhost' } }))
    expect(response.headers.get('access-control-allow-headers')).toContain('Mcp-Param-Region')
  })

  it('answers 413 to a body over the limit, declared or streamed', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(3000) } })
    const declared = await server.fetch(post(big, json))
    expect(declared.status).toBe(413)
    const bytes = new TextEncoder().encode(big)
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(bytes.slice(0, 1500))
        controller.enqueue(bytes.slice(1500))
        controller.close()
      },
    })
    const streamed = await server.fetch(new Request(MCP, { method: 'POST', headers: json, body: stream, duplex: 'half' } as RequestInit))
    expect(streamed.status).toBe(413)
    expect((await streamed.json()).error.message).toBe("The request body is larger than 2000 bytes (the server's maxBodyBytes option sets the limit).")
  })

  it('answers 413 to a body over the limit whose Content-Length is not a number or lies', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(3000) } })
    for (const length of ['abc', '10']) {
      const reply = await send(server, post(big, { ...json, 'content-length': length }))
      expect(reply.status).toBe(413)
      expect(reply.body.error.message).toBe("The request body is larger than 2000 bytes (the server's maxBodyBytes option sets the limit).")
    }
  })

  it('answers 415 to a body that is not JSON by its media type, 406 to an Accept without JSON or SSE', async () => {
    expect((await server.fetch(post('{}', { ...json, 'content-type': 'text/plain' }))).status).toBe(415)
    expect((await server.fetch(post('{}', { ...json, accept: 'text/html' }))).status).toBe(406)
  })

  it('answers malformed JSON with 400 and -32700', async () => {
    const reply = await send(server, post('{"jsonrpc": "2.0", "id": 1,', json))
    expect(reply.status).toBe(400)
    expect(reply.body.error.code).toBe(-32700)
    expect(reply.body).not.toHaveProperty('id')
    expect((await send(server, post('', json))).body.error.code).toBe(-32700)
  })

  it('answers an invalid JSON-RPC message with 400 and -32600, keeping the id when there is one', async () => {
    const cases: [unknown, string | number | undefined][] = [
      [{ jsonrpc: '1.0', id: 7, method: 'tools/list' }, 7],
      [{ jsonrpc: '2.0', id: 'a', method: 5 }, 'a'],
      [{ jsonrpc: '2.0', id: { x: 1 }, method: 'tools/list' }, undefined],
      [{ jsonrpc: '2.0', id: 3, method: 'tools/list', params: [1] }, 3],
      ['"just a string"', undefined],
      ['42', undefined],
    ]
    for (const [body, id] of cases) {
      const reply = await send(server, post(body as object, json))
      expect(reply.status, JSON.stringify(body)).toBe(400)
      expect(reply.body.error.code).toBe(-32600)
      expect(reply.body.id).toBe(id)
    }
  })

  it('refuses batches', async () => {
    const reply = await send(server, post([{ jsonrpc: '2.0', id: 1, method: 'ping' }], json))
    expect(reply.status).toBe(400)
    expect(reply.body.error.code).toBe(-32600)
    expect(reply.body.error.message).toMatch(/Batches are not supported/)
  })

  it('answers a client that accepts only SSE with an SSE response', async () => {
    const reply = await send(server, modernRequest('tools/list', {}, { headers: { accept: 'text/event-stream' } }))
    expect(reply.headers.get('content-type')).toBe('text/event-stream')
    expect(reply.body.result.tools).toHaveLength(1)
  })
})
