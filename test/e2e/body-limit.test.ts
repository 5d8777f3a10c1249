/** Request bodies without a Content-Length (chunked) in workerd: read as they arrive, refused past the limit. */
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mcp from '../../src/esbuild.ts'

let mf: Miniflare
let endpoint: URL

beforeAll(async () => {
  const out = await build({ entryPoints: ['bench/servers/mcp-aot/worker.ts'], bundle: true, format: 'esm', platform: 'neutral', write: false, plugins: [mcp()], conditions: ['workerd', 'worker', 'browser'], logLevel: 'error' })
  mf = new Miniflare({ modules: true, script: out.outputFiles[0]!.text, compatibilityDate: '2026-07-28', compatibilityFlags: ['enable_request_signal'], host: '127.0.0.1', port: 0 })
  endpoint = new URL('/mcp', await mf.ready)
})
afterAll(() => mf?.dispose())

const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'echo' }
const chunked = (chunks: Uint8Array[]) => new ReadableStream({ start(c) { for (const chunk of chunks) c.enqueue(chunk); c.close() } })

describe('chunked request bodies in workerd', () => {
  it('reads a body that arrives in pieces', async () => {
    const body = new TextEncoder().encode(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'in two pieces' }, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } } }))
    const reply = await fetch(endpoint, { method: 'POST', headers, body: chunked([body.slice(0, 10), body.slice(10)]), duplex: 'half' } as RequestInit)
    expect(reply.status).toBe(200)
    expect((await reply.json()).result.content).toEqual([{ type: 'text', text: 'in two pieces' }])
  })

  it('refuses a body past the default 1 MiB limit with 413 while it arrives, naming the option that raises it', async () => {
    const pieces = Array.from({ length: 3 }, () => new Uint8Array(512 * 1024))
    const reply = await fetch(endpoint, { method: 'POST', headers, body: chunked(pieces), duplex: 'half' } as RequestInit)
    expect(reply.status).toBe(413)
    expect(await reply.text()).toContain("The request body is larger than 1048576 bytes (the server's maxBodyBytes option sets the limit).")
  })
})
