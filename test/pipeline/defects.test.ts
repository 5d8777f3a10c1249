/**
 * Issue 28 §2 end to end: the fixture compiled by the esbuild plugin (the real compiler), bundled as a
 * Worker, served by createServer and called through mcp-aot/testing's client.
 */
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, type McpClient } from '../../src/testing.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'

let client: McpClient
beforeAll(async () => {
  client = await connect(await loadWorker(await bundleWorker(fileURLToPath(new URL('./fixtures/defects-worker.ts', import.meta.url)))))
})
afterAll(() => client?.close())

const text = (t: string) => ({ content: [{ type: 'text', text: t }] })

describe('W1: template literal keys', () => {
  it('x- headers reach the function; authorization does not', async () => {
    expect(await client.callTool('forward', { headers: { 'x-trace': '1' } })).toEqual(text('x-trace'))
    const refused = (await client.callTool('forward', { headers: { 'x-trace': '1', authorization: 'Bearer t' } })) as { isError?: boolean }
    expect(refused.isError).toBe(true)
  })
})

describe('W2: keyof of a numeric key', () => {
  it('443 (number) is accepted and reaches the function as a number; "443" (string) is refused', async () => {
    expect(await client.callTool('open', { port: 443 })).toEqual(text('number 443'))
    expect(await client.callTool('open', { port: 'admin' })).toEqual(text('string admin'))
    expect(((await client.callTool('open', { port: '443' })) as { isError?: boolean }).isError).toBe(true)
  })
})
