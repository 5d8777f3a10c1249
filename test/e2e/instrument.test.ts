/** The instrument hooks in workerd: an async onCall goes to the real ExecutionContext and sees the call. */
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mcp from '../../src/esbuild.ts'

let mf: Miniflare
let origin: URL

beforeAll(async () => {
  const out = await build({
    entryPoints: ['test/runtime/fixtures/observed-workerd.ts'],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    plugins: [mcp()],
    alias: { 'mcp-aot': './src/index.ts', 'mcp-aot/internal': './src/runtime/internal.ts' },
    conditions: ['workerd', 'worker', 'browser'],
    logLevel: 'error',
  })
  mf = new Miniflare({ modules: true, script: out.outputFiles[0]!.text, compatibilityDate: '2026-07-28', compatibilityFlags: ['enable_request_signal'], host: '127.0.0.1', port: 0 })
  origin = await mf.ready
})
afterAll(() => mf?.dispose())

const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }
const headers = (name: string) => ({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name })
const call = (name: string, args: Record<string, unknown>) =>
  fetch(new URL('/mcp', origin), { method: 'POST', headers: headers(name), body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, _meta: meta } }) })

describe('instrument in workerd', () => {
  it('onCall and onRequest see the calls, the async hook kept alive by waitUntil', async () => {
    expect((await (await call('greet', { name: 'Ada' })).json()).result.content[0].text).toBe('Hello, Ada')
    expect((await (await call('refuse', { reason: 'no' })).json()).result.isError).toBe(true)
    const seen = await (await fetch(new URL('/events', origin))).json()
    expect(seen.calls.map((c: any) => [c.name, c.outcome, c.era, c.protocolVersion, typeof c.durationMs])).toEqual([
      ['greet', 'ok', 'modern', '2026-07-28', 'number'],
      ['refuse', 'tool_error', 'modern', '2026-07-28', 'number'],
    ])
    expect(seen.calls[1].error).toBe('ToolError: Refused: no')
    expect(seen.calls.some((c: any) => 'arguments' in c)).toBe(false)
    expect(seen.requests.map((r: any) => [r.method, r.status, r.outcome])).toEqual([
      ['tools/call', 200, 'ok'],
      ['tools/call', 200, 'ok'],
    ])
  })
})
