/** The client's wire helpers: header values HTTP cannot carry, Mcp-Method/Mcp-Name, SSE bodies. */
import { describe, expect, it } from 'vitest'
import { encodeHeaderValue, methodHeaders, readReply, sseMessages } from '../../src/testing/wire.ts'

describe('header values', () => {
  it('passes plain ASCII through and wraps anything else as =?base64?…?=', () => {
    expect(encodeHeaderValue('note://plain')).toBe('note://plain')
    expect(encodeHeaderValue('café')).toBe(`=?base64?${Buffer.from('café').toString('base64')}?=`)
    expect(encodeHeaderValue(' padded')).toBe(`=?base64?${Buffer.from(' padded').toString('base64')}?=`)
    expect(encodeHeaderValue('=?base64?abc?=')).toBe(`=?base64?${Buffer.from('=?base64?abc?=').toString('base64')}?=`)
    expect(encodeHeaderValue('')).toBe('=?base64??=')
  })

  it('mirrors the name or URI of tools/call, prompts/get and resources/read only', () => {
    expect(methodHeaders('tools/call', { name: 'add' })).toEqual({ 'Mcp-Method': 'tools/call', 'Mcp-Name': 'add' })
    expect(methodHeaders('prompts/get', { name: 'hello' })).toEqual({ 'Mcp-Method': 'prompts/get', 'Mcp-Name': 'hello' })
    expect(methodHeaders('resources/read', { uri: 'a://b' })).toEqual({ 'Mcp-Method': 'resources/read', 'Mcp-Name': 'a://b' })
    expect(methodHeaders('tools/list', { name: 'x' })).toEqual({ 'Mcp-Method': 'tools/list' })
  })
})

describe('responses', () => {
  it('reads SSE events in order, multi-line data joined, comments and blank events skipped', () => {
    const body = ': keep-alive\n\nevent: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\r\ndata: {"jsonrpc":"2.0",\ndata: "id":7,"result":{}}\n\n'
    expect(sseMessages(body)).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
      { jsonrpc: '2.0', id: 7, result: {} },
    ])
  })

  it('separates the response from the notifications before it', async () => {
    const sse = new Response('data: {"jsonrpc":"2.0","method":"notifications/message","params":{"data":"hi"}}\n\ndata: {"jsonrpc":"2.0","id":3,"result":{"ok":true}}\n\n', {
      headers: { 'content-type': 'text/event-stream' },
    })
    const reply = await readReply(sse, 3)
    expect(reply.response).toEqual({ jsonrpc: '2.0', id: 3, result: { ok: true } })
    expect(reply.messages.map((m) => m.method)).toEqual(['notifications/message'])
  })

  it('takes an error with a null id as the answer (a request the server could not read)', async () => {
    const reply = await readReply(Response.json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }, { status: 400 }), 1)
    expect(reply.response?.error?.code).toBe(-32700)
    expect(reply.status).toBe(400)
  })

  it('says what came back when it is not JSON-RPC', async () => {
    await expect(readReply(new Response('<html>Bad gateway</html>', { status: 502 }), 1)).rejects.toThrow('HTTP 502 with a body that is not JSON-RPC: <html>Bad gateway</html>')
  })
})
