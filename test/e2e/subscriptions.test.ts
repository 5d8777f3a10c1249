/**
 * The Durable Object subscriptions host (mcp-aot/cloudflare's `durableSubscriptions()`) across isolates: two
 * separate front Workers in one Miniflare instance, each its own module instance with its own memory, share one
 * Durable Object namespace (the second binds the first's McpSubscriptions class). A `subscriptions/listen` stream
 * held by front a hears the changes a tool makes at front b (a tool list change, a resource update), tagged with
 * its subscription id, and only the kinds it asked for; a 2025-11-25 session's GET stream at one front hears the
 * update of the resource it subscribed to at the other. A third front without the MCP_SUBSCRIPTIONS binding falls back to the
 * example's `memorySubscriptions()`, which refuses a listener on Workers (its isolate would hear only itself).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { buildExample, type BuiltWorker } from '../helpers/build.ts'
import { type Front, startFronts } from '../helpers/miniflare.ts'
import { sseReader } from '../helpers/sse-reader.ts'

const EXAMPLE = resolve(import.meta.dirname, '../../examples/conformance')
const MODERN = '2026-07-28'
const LEGACY = '2025-11-25'
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId'

let worker: BuiltWorker
let started: Awaited<ReturnType<typeof startFronts<'a' | 'b' | 'c'>>>
let fronts: Record<'a' | 'b' | 'c', Front>

beforeAll(async () => {
  worker = await buildExample(EXAMPLE)
  const shared = (className: string) => ({ className, scriptName: 'a' })
  started = await startFronts(worker.file, { MCP_STATE_SECRET: 'subscriptions-state-secret' }, {
    a: { MCP_SUBSCRIPTIONS: 'McpSubscriptions', MCP_SESSIONS: 'McpSession' },
    b: { MCP_SUBSCRIPTIONS: shared('McpSubscriptions'), MCP_SESSIONS: shared('McpSession') },
    // Sessions bound (memorySessions(), the example's fallback for them, refuses every request on Workers).
    c: { MCP_SESSIONS: shared('McpSession') },
  })
  fronts = started.fronts
})

afterAll(async () => {
  await started?.dispose()
  await worker?.remove()
})

/** A 2026-07-28 request as a conformant client sends it. */
function modern(front: Front, id: string | number, method: string, params: Record<string, unknown>): Promise<Response> {
  const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientInfo': { name: 'subscriptions-test', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} }
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN, 'mcp-method': method }
  if (typeof params.name === 'string') headers['mcp-name'] = params.name
  return front.fetch('http://localhost/mcp', { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } }) })
}

async function call(front: Front, name: string): Promise<string> {
  const response = await modern(front, 9, 'tools/call', { name, arguments: {} })
  const body = (await response.json()) as { result: { content: { text: string }[] } }
  return body.result.content[0]!.text
}

function legacy(front: Front, body: Record<string, unknown>, session?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LEGACY }
  if (session) headers['mcp-session-id'] = session
  return front.fetch('http://localhost/mcp', { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', ...body }) })
}

describe('listeners in a Durable Object, two front Workers sharing one namespace', () => {
  it('a listen stream at front a hears the changes a tool makes at front b, tagged, and only those asked for', async () => {
    const listening = await modern(fronts.a, 'listen-a', 'subscriptions/listen', { notifications: { toolsListChanged: true, resourceSubscriptions: ['test://watched-resource'] } })
    expect(listening.status).toBe(200)
    expect(listening.headers.get('content-type')).toBe('text/event-stream')
    const next = sseReader(listening)
    expect(await next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: { [SUBSCRIPTION_ID]: 'listen-a' }, notifications: { toolsListChanged: true, resourceSubscriptions: ['test://watched-resource'] } },
    })
    // Not asked for: the prompt list. Asked for: the tool list and the watched resource.
    expect(await call(fronts.b, 'test_trigger_prompt_change')).toBe('test_dynamic_prompt is enabled')
    expect(await call(fronts.b, 'test_trigger_tool_change')).toBe('test_dynamic_tool is enabled')
    expect(await next()).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [SUBSCRIPTION_ID]: 'listen-a' } } })
    expect(await call(fronts.b, 'test_update_resource')).toBe('test://watched-resource updated (1)')
    expect(await next()).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { _meta: { [SUBSCRIPTION_ID]: 'listen-a' }, uri: 'test://watched-resource' } })
    // What front b enabled is in front b's memory (the example's live-state.ts): its tools/list shows the tool.
    const listed = (await (await modern(fronts.b, 10, 'tools/list', {})).json()) as { result: { tools: { name: string }[] } }
    expect(listed.result.tools.map((tool) => tool.name)).toContain('test_dynamic_tool')
    await next.cancel()
  })

  it("a 2025-11-25 session's GET stream at one front hears the update of the resource it subscribed to at the other", async () => {
    const init = await legacy(fronts.a, { id: 1, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'subscriptions-test', version: '1' } } })
    const { result } = (await init.json()) as { result: { capabilities: Record<string, unknown> } }
    expect(result.capabilities).toMatchObject({ tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true } })
    const session = init.headers.get('mcp-session-id')!
    expect((await legacy(fronts.b, { method: 'notifications/initialized' }, session)).status).toBe(202)
    expect(await (await legacy(fronts.b, { id: 2, method: 'resources/subscribe', params: { uri: 'test://watched-resource' } }, session)).json()).toEqual({ jsonrpc: '2.0', id: 2, result: {} })
    const stream = await fronts.a.fetch('http://localhost/mcp', { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': LEGACY } })
    expect(stream.status).toBe(200)
    const next = sseReader(stream)
    expect(await call(fronts.b, 'test_update_resource')).toMatch(/^test:\/\/watched-resource updated/)
    expect(await next()).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://watched-resource' } })
    await fronts.b.fetch('http://localhost/mcp', { method: 'DELETE', headers: { 'mcp-session-id': session, 'mcp-protocol-version': LEGACY } })
    await expect(next()).rejects.toThrow(/the stream ended/)
  })

  it('a front without the binding falls back to memorySubscriptions(), which refuses a listener on Workers', async () => {
    const refused = await modern(fronts.c, 'listen-c', 'subscriptions/listen', { notifications: { toolsListChanged: true } })
    expect(refused.status).toBe(500)
    expect(await refused.json()).toEqual({ jsonrpc: '2.0', id: 'listen-c', error: { code: -32603, message: 'The subscription could not be opened.' } })
  })
})
