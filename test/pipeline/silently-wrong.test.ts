/**
 * Issue 17, section 1 ("silently wrong") end to end: the fixtures compiled by the esbuild plugin (the real
 * compiler), bundled as a Worker, served by createServer and called through mcp-aot/testing's client.
 */
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, type McpClient } from '../../src/testing.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

let client: McpClient
beforeAll(async () => {
  client = await connect(await loadWorker(await bundleWorker(fixture('silent-worker.ts'))))
})
afterAll(() => client?.close())

describe('results never carry what the declared type lacks (item 1)', () => {
  it('a union inside the result is projected by the branch the row matches: the apiKey stays on the server', async () => {
    const good = await client.callTool('check_row', { id: 'good' })
    expect(good).toEqual({ content: [{ type: 'text', text: '{"result":{"ok":true,"value":"v1"}}' }], structuredContent: { result: { ok: true, value: 'v1' } } })
    const bad = await client.callTool('check_row', { id: 'bad' })
    expect(bad).toEqual({ content: [{ type: 'text', text: '{"result":{"ok":false,"error":"no such value"}}' }], structuredContent: { result: { ok: false, error: 'no such value' } } })
  })

  it('tuples, Map values and union items of arrays are projected too', async () => {
    const result = await client.callTool('people', {})
    const json = '{"pair":[{"name":"Ann"},2],"byName":{"ann":{"name":"Ann"}},"found":[{"kind":"user","name":"Ann"},{"kind":"none"}]}'
    expect(result).toEqual({ content: [{ type: 'text', text: json }], structuredContent: JSON.parse(json) })
  })
})
