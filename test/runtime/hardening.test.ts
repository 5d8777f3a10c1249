/** Issue 9's small defects, in process: body read failures, own keys only, exact ids, batches, media types, Host-derived URLs. */
import { describe, expect, it, vi } from 'vitest'
import { createServer } from '../../src/runtime/server.ts'
import { legacyRequest, MCP, modernRequest, module, post, prompt, send, tool, URL_BASE } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }
const echo = tool('echo', { invoke: () => 'hi' })
const greet = prompt('greet', () => 'Hello', { completions: { tone: ['warm', 'wry'] } })
const server = createServer(info, module('src/a.ts', [echo, greet]))
const legacyHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }

describe('a body that cannot be read', () => {
  it('is answered 400 with a JSON-RPC error, not thrown to the platform', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"jsonrpc":"2.0",'))
        controller.error(new Error('connection reset'))
      },
    })
    const request = new Request(MCP, { method: 'POST', headers: legacyHeaders, body, duplex: 'half' } as RequestInit)
    const reply = await send(server, request)
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'The request body could not be read.' } })
  })
})

describe('client-chosen keys', () => {
  it('complete no inherited property of the completions table', async () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const reply = await send(server, legacyRequest('completion/complete', { ref: { type: 'ref/prompt', name: 'greet' }, argument: { name, value: '' } }))
      expect(reply.body.result, name).toEqual({ completion: { values: [], total: 0, hasMore: false } })
    }
    const tone = await send(server, legacyRequest('completion/complete', { ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'tone', value: 'w' } }))
    expect(tone.body.result.completion.values).toEqual(['warm', 'wry'])
  })

  it('are no log level unless they name one', async () => {
    for (const level of ['constructor', 'toString', '__proto__', 'valueOf']) {
      const reply = await send(server, legacyRequest('logging/setLevel', { level }))
      expect(reply.body.error.code, level).toBe(-32602)
    }
    expect((await send(server, legacyRequest('logging/setLevel', { level: 'debug' }))).body.result).toEqual({})
  })
})

describe('request ids', () => {
  const withId = (idText: string) =>
    post(`{"jsonrpc":"2.0","id":${idText},"method":"tools/call","params":{"name":"echo","arguments":{}}}`, legacyHeaders)

  it('come back as the request wrote them', async () => {
    for (const id of ['12345678901234567891', '18446744073709551616', '0.1000000000000000055511151231257827', '-0', '1e2', '1.50', '7', '-3', '"a\\u0000b"', '""']) {
      const response = await server.fetch(withId(id))
      const text = await response.text()
      expect(text.startsWith(`{"jsonrpc":"2.0","id":${id},"result":`), `${id}: ${text}`).toBe(true)
    }
  })

  it('are found at the top level only, wherever they stand', async () => {
    const text = await (await server.fetch(post(`{"params":{"name":"echo","arguments":{"id":5}, "x":"\\"id\\":9"},"jsonrpc":"2.0","method":"tools/call" , "id" : 5.0 }`, legacyHeaders))).text()
    expect(text.startsWith('{"jsonrpc":"2.0","id":5.0,"result":')).toBe(true)
  })
})

describe('batches', () => {
  const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: {} } })
  const batchHeaders = { ...legacyHeaders, 'mcp-protocol-version': '2025-03-26' }

  it('are served for 2025-03-26 (and a request without the header): one reply per request, in order', async () => {
    for (const headers of [batchHeaders, { ...batchHeaders, 'mcp-protocol-version': null }]) {
      const reply = await send(server, post([call(1), { jsonrpc: '2.0', method: 'notifications/initialized' }, call(2), { nope: true }], batchHeaders, headers as any))
      expect(reply.status).toBe(200)
      expect(reply.body.map((r: any) => [r.id, r.result?.content?.[0]?.text ?? r.error?.code])).toEqual([[1, 'hi'], [2, 'hi'], [undefined, -32600]])
    }
  })

  it('echo each id as written', async () => {
    const text = await (await server.fetch(post(`[ {"jsonrpc":"2.0","id":12345678901234567891,"method":"ping"} , {"jsonrpc":"2.0","id":-0,"method":"ping"},{"jsonrpc":"2.0","id":"s","method":"ping"}]`, batchHeaders))).text()
    expect(text).toBe('[{"jsonrpc":"2.0","id":12345678901234567891,"result":{}},{"jsonrpc":"2.0","id":-0,"result":{}},{"jsonrpc":"2.0","id":"s","result":{}}]')
  })

  it('of notifications only are accepted with 202', async () => {
    const reply = await send(server, post([{ jsonrpc: '2.0', method: 'notifications/initialized' }], batchHeaders))
    expect(reply.status).toBe(202)
  })

  it('refuse what a batch may not hold: nothing, too many, initialize, a batch', async () => {
    expect((await send(server, post([], batchHeaders))).body.error.code).toBe(-32600)
    expect((await send(server, post(Array.from({ length: 33 }, (_, i) => call(i)), batchHeaders))).status).toBe(400)
    const inner = await send(server, post([{ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }, [call(2)]], batchHeaders))
    expect(inner.body.map((r: any) => r.error.code)).toEqual([-32600, -32600])
  })

  it('are refused for the revisions that removed them', async () => {
    for (const version of ['2025-06-18', '2025-11-25', '2026-07-28']) {
      const reply = await send(server, post([call(1)], { ...batchHeaders, 'mcp-protocol-version': version }))
      expect(reply.status, version).toBe(400)
      expect(reply.body.error.code).toBe(-32600)
    }
  })
})

describe('media types', () => {
  it('are parsed, not matched as substrings', async () => {
    for (const type of ['text/plain; application/json', 'application/jsonx', 'application/json-patch+json', 'text/json']) {
      expect((await send(server, legacyRequest('tools/list', undefined, '2025-11-25', { headers: { 'content-type': type } }))).status, type).toBe(415)
    }
    for (const type of ['application/json', 'Application/JSON; charset=utf-8', ' application/json ']) {
      expect((await send(server, legacyRequest('tools/list', undefined, '2025-11-25', { headers: { 'content-type': type } }))).status, type).toBe(200)
    }
    for (const accept of ['application/jsonp', 'text/event-streamx', 'application/json;q=0', 'text/html']) {
      expect((await send(server, legacyRequest('tools/list', undefined, '2025-11-25', { headers: { accept } }))).status, accept).toBe(406)
    }
    for (const accept of ['*/*', 'application/*', 'text/event-stream', 'application/json;q=0.5, text/event-stream;q=0']) {
      expect((await send(server, legacyRequest('tools/list', undefined, '2025-11-25', { headers: { accept } }))).status, accept).toBe(200)
    }
  })
})

describe('the public URL of a server that authorizes', () => {
  const refuseAll = () => null
  const metadata = { authorization_servers: ['https://auth.example'] }

  it('comes from resourceUrl, whatever the Host', async () => {
    const fixed = createServer(info, module('src/a.ts', [echo]), { authorize: refuseAll, resourceMetadata: metadata, resourceUrl: 'https://mcp.example.com/mcp' })
    const reply = await send(fixed, modernRequest('tools/list', {}, {}), undefined)
    expect(reply.headers.get('www-authenticate')).toBe('Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource"')
    const document = await (await fixed.fetch(new Request('https://evil.example/.well-known/oauth-protected-resource'))).json()
    expect(document.resource).toBe('https://mcp.example.com/mcp')
  })

  it('falls back to a loopback request URL only; another Host gets no URL, and onError is told once', async () => {
    const onError = vi.fn()
    const open = createServer(info, module('src/a.ts', [echo]), { authorize: refuseAll, resourceMetadata: metadata, onError })
    const local = await send(open, modernRequest('tools/list'))
    expect(local.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${URL_BASE}/.well-known/oauth-protected-resource"`)
    for (let k = 0; k < 2; k++) {
      const evil = await open.fetch(new Request('https://evil.example/mcp', modernRequest('tools/list')))
      expect(evil.status).toBe(401)
      expect(evil.headers.get('www-authenticate')).toBe('Bearer')
      expect((await open.fetch(new Request('https://evil.example/.well-known/oauth-protected-resource'))).status).toBe(404)
    }
    expect(onError).toHaveBeenCalledTimes(1)
    expect(String(onError.mock.calls[0]![0].message)).toContain('set resourceUrl')
  })

  it('must be an absolute http(s) URL', () => {
    expect(() => createServer(info, module('src/a.ts', [echo]), { resourceUrl: '/mcp' })).toThrow(/resourceUrl must be/)
  })
})
