import { describe, expect, it } from 'vitest'
import { createServer } from '../../src/runtime/server.ts'
import { MODERN, modernRequest, module, post, prompt, resource, send, tool } from './helpers.ts'

const info = { name: 'ops', version: '2.1.0', title: 'Ops', instructions: 'Use search first.' }
const tools = module('src/tools.ts', [tool('echo', { invoke: () => 'hi' }), tool('héllo wörld', { invoke: () => 'hey' })])
const server = createServer(info, tools, module('src/p.ts', [prompt('review', () => 'Review it.')]), module('src/r.ts', [resource('docs://readme', () => 'read me')]))
const SERVER_INFO = { name: 'ops', title: 'Ops', version: '2.1.0' }

describe('2026-07-28: server/discover', () => {
  it('lists versions, capabilities (no listChanged), instructions, caching hints and serverInfo', async () => {
    const reply = await send(server, modernRequest('server/discover', {}, { id: 'd1' }))
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      jsonrpc: '2.0',
      id: 'd1',
      result: {
        supportedVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
        capabilities: { tools: {}, prompts: {}, resources: {}, completions: {}, logging: {} },
        instructions: 'Use search first.',
        resultType: 'complete',
        ttlMs: 3600000,
        cacheScope: 'public',
        _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
      },
    })
  })

  it('serves a request whose _meta has no clientInfo', async () => {
    const reply = await send(server, modernRequest('server/discover', {}, { meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {} } }))
    expect(reply.status).toBe(200)
    expect(reply.body.result.supportedVersions).toContain(MODERN)
  })

  it('declares only what the server has, and answers the rest with 404 -32601', async () => {
    const toolsOnly = createServer(info, tools)
    const discover = await send(toolsOnly, modernRequest('server/discover'))
    expect(discover.body.result.capabilities).toEqual({ tools: {}, logging: {} })
    for (const method of ['prompts/list', 'resources/list', 'completion/complete']) {
      const reply = await send(toolsOnly, modernRequest(method, {}, { id: 9 }))
      expect(reply.status, method).toBe(404)
      expect(reply.body).toMatchObject({ id: 9, error: { code: -32601 } })
    }
  })

  it('honours ttlMs and cacheScope options, and private lists when authorize is set', async () => {
    const tuned = createServer(info, tools, { ttlMs: 5000, cacheScope: 'private' })
    const list = await send(tuned, modernRequest('tools/list'))
    expect(list.body.result).toMatchObject({ ttlMs: 5000, cacheScope: 'private', resultType: 'complete' })
    const authed = createServer(info, tools, { authorize: () => ({ clientId: 'c' }) })
    const discover = await send(authed, modernRequest('server/discover', {}, { headers: { authorization: 'Bearer x' } }))
    expect(discover.body.result.cacheScope).toBe('private')
  })
})

describe('2026-07-28: per-request _meta and headers', () => {
  it('refuses a request without _meta, or without protocolVersion or clientCapabilities, with 400 -32602', async () => {
    const metas = [undefined, { 'io.modelcontextprotocol/clientCapabilities': {} }, { 'io.modelcontextprotocol/protocolVersion': MODERN }]
    for (const [index, meta] of metas.entries()) {
      const body: any = { jsonrpc: '2.0', id: 100 + index, method: 'server/discover', params: meta ? { _meta: meta } : {} }
      const reply = await send(server, post(body, { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN, 'mcp-method': 'server/discover' }))
      expect(reply.status).toBe(400)
      expect(reply.body).toMatchObject({ id: 100 + index, error: { code: -32602 } })
    }
  })

  it('answers an unsupported version with 400 -32022 listing the supported ones', async () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': 'v999.0.0', 'io.modelcontextprotocol/clientCapabilities': {} }
    const reply = await send(server, modernRequest('server/discover', {}, { id: 301, meta, headers: { 'mcp-protocol-version': 'v999.0.0' } }))
    expect(reply.status).toBe(400)
    expect(reply.body.id).toBe(301)
    expect(reply.body.error.code).toBe(-32022)
    expect(reply.body.error.data).toEqual({ supported: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'], requested: 'v999.0.0' })
  })

  it('answers an unknown MCP-Protocol-Version header without _meta with 400 -32022', async () => {
    const reply = await send(server, post({ jsonrpc: '2.0', id: 5, method: 'tools/list' }, { 'content-type': 'application/json', 'mcp-protocol-version': '2099-01-01' }))
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({ id: 5, error: { code: -32022, data: { requested: '2099-01-01' } } })
  })

  it('answers a header that does not match _meta, or a missing one, with 400 -32020', async () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': 'v999.0.0', 'io.modelcontextprotocol/clientCapabilities': {} }
    const mismatch = await send(server, modernRequest('server/discover', {}, { id: 302, meta }))
    expect(mismatch.status).toBe(400)
    expect(mismatch.body).toMatchObject({ id: 302, error: { code: -32020 } })
    const missing = await send(server, modernRequest('tools/list', {}, { headers: { 'mcp-protocol-version': null } }))
    expect(missing.status).toBe(400)
    expect(missing.body.error.code).toBe(-32020)
  })

  it('checks Mcp-Method on every request', async () => {
    const missing = await send(server, modernRequest('tools/list', {}, { headers: { 'mcp-method': null } }))
    expect(missing.status).toBe(400)
    expect(missing.body.error.code).toBe(-32020)
    const wrong = await send(server, modernRequest('tools/list', {}, { headers: { 'mcp-method': 'tools/call' } }))
    expect(wrong.body.error).toMatchObject({ code: -32020, message: 'Header mismatch: Mcp-Method is tools/call but the body\'s method is tools/list.' })
  })

  it('checks Mcp-Name on tools/call, prompts/get and resources/read, decoding =?base64?…?=', async () => {
    const missing = await send(server, modernRequest('tools/call', { name: 'echo' }, { headers: { 'mcp-name': null } }))
    expect(missing.status).toBe(400)
    expect(missing.body.error.code).toBe(-32020)
    const wrong = await send(server, modernRequest('prompts/get', { name: 'review' }, { headers: { 'mcp-name': 'other' } }))
    expect(wrong.body.error.code).toBe(-32020)
    const wrongUri = await send(server, modernRequest('resources/read', { uri: 'docs://readme' }, { headers: { 'mcp-name': 'docs://other' } }))
    expect(wrongUri.body.error.code).toBe(-32020)
    const encoded = '=?base64?' + btoa(String.fromCharCode(...new TextEncoder().encode('héllo wörld'))) + '?='
    const ok = await send(server, modernRequest('tools/call', { name: 'héllo wörld' }, { headers: { 'mcp-name': encoded } }))
    expect(ok.status).toBe(200)
    expect(ok.body.result.content[0].text).toBe('hey')
    const broken = await send(server, modernRequest('tools/call', { name: 'echo' }, { headers: { 'mcp-name': '=?base64?%%%?=' } }))
    expect(broken.body.error.code).toBe(-32020)
  })

  it('checks Mcp-Param-* headers a tool declares with x-mcp-header', async () => {
    const sql = tool('execute_sql', {
      invoke: (args) => `ran in ${args.region}`,
      inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, limit: { type: 'integer', 'x-mcp-header': 'Limit' } } },
    })
    const s = createServer(info, module('src/sql.ts', [sql]))
    const call = (args: object, headers: Record<string, string | null>) => send(s, modernRequest('tools/call', { name: 'execute_sql', arguments: args }, { headers }))
    expect((await call({ region: 'us-west1' }, { 'mcp-param-region': 'us-west1' })).body.result.content[0].text).toBe('ran in us-west1')
    expect((await call({ region: 'us-west1' }, {})).body.error.code).toBe(-32020)
    expect((await call({ region: 'us-west1' }, { 'mcp-param-region': 'eu' })).body.error.code).toBe(-32020)
    expect((await call({ region: 'Hello, 世界' }, { 'mcp-param-region': '=?base64?SGVsbG8sIOS4lueVjA==?=' })).status).toBe(200)
    expect((await call({ limit: 42 }, { 'mcp-param-limit': '42.0' })).status).toBe(200)
    expect((await call({}, {})).status).toBe(200)
    expect((await call({}, { 'mcp-param-region': 'x' })).body.error.code).toBe(-32020)
  })

  it('answers removed and unknown methods with 404 -32601, keeping the id', async () => {
    for (const method of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'resources/unsubscribe', 'subscriptions/listen', 'unknown/method']) {
      const reply = await send(server, modernRequest(method, {}, { id: 500 }))
      expect(reply.status, method).toBe(404)
      expect(reply.body).toMatchObject({ jsonrpc: '2.0', id: 500, error: { code: -32601 } })
    }
  })

  it('accepts a notification with 202 and no body', async () => {
    const response = await server.fetch(post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } } }, { 'content-type': 'application/json' }))
    expect(response.status).toBe(202)
    expect(await response.text()).toBe('')
  })

  it('refuses a posted JSON-RPC response', async () => {
    const reply = await send(server, post({ jsonrpc: '2.0', id: 1, result: {} }, { 'content-type': 'application/json', 'mcp-protocol-version': MODERN }))
    expect(reply.status).toBe(400)
    expect(reply.body.error.code).toBe(-32600)
  })

  it('puts resultType and serverInfo on results, never a session id', async () => {
    const reply = await send(server, modernRequest('tools/call', { name: 'echo', arguments: {} }))
    expect(reply.body.result).toEqual({ content: [{ type: 'text', text: 'hi' }], resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } })
    expect(reply.headers.get('mcp-session-id')).toBeNull()
  })
})
