/**
 * The Durable Object session host (mcp-aot/cloudflare) across isolates: two separate front Workers in one
 * Miniflare instance, each its own module instance with its own memory, share one Durable Object namespace
 * (the second binds the first's McpSession class). A 2025-11-25 tool call arrives at one front, the client's
 * answer to its elicitation at the other, and the tool completes; the level `logging/setLevel` chose at one
 * front holds at the other; DELETE at one ends the session for both. A third front without the binding
 * would fall back to the example's `memorySessions()`, which refuses to start on Workers (state in an
 * isolate's memory cannot serve a session there): its request fails instead of hanging or pretending.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { buildExample, type BuiltWorker } from '../helpers/build.ts'
import { type Front, startFronts } from '../helpers/miniflare.ts'
import { sseReader } from '../helpers/sse-reader.ts'

const EXAMPLE = resolve(import.meta.dirname, '../../examples/conformance')
const VERSION = '2025-11-25'

let worker: BuiltWorker
let started: Awaited<ReturnType<typeof startFronts<'a' | 'b' | 'c'>>>
let fronts: Record<'a' | 'b' | 'c', Front>

beforeAll(async () => {
  worker = await buildExample(EXAMPLE)
  started = await startFronts(worker.file, { MCP_STATE_SECRET: 'sessions-routing-state-secret' }, {
    // The example's listeners live in MCP_SUBSCRIPTIONS (its memory fallback refuses on Workers): a GET stream is held by the front.
    a: { MCP_SESSIONS: 'McpSession', MCP_SUBSCRIPTIONS: 'McpSubscriptions' },
    b: { MCP_SESSIONS: { className: 'McpSession', scriptName: 'a' }, MCP_SUBSCRIPTIONS: { className: 'McpSubscriptions', scriptName: 'a' } },
    c: {},
  })
  fronts = started.fronts
})

afterAll(async () => {
  await started?.dispose()
  await worker?.remove()
})

function post(front: Front, body: unknown, session?: string): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': VERSION,
  }
  if (session) headers['mcp-session-id'] = session
  return front.fetch('http://localhost/mcp', { method: 'POST', headers, body: JSON.stringify(body) })
}

async function initialize(front: Front, capabilities: Record<string, unknown>): Promise<string> {
  const response = await post(front, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: VERSION, capabilities, clientInfo: { name: 'routing-test', version: '1' } } })
  expect(response.status).toBe(200)
  await response.text()
  const session = response.headers.get('mcp-session-id')
  expect(session).toMatch(/^[\x21-\x7e]+$/)
  const initialized = await post(front, { jsonrpc: '2.0', method: 'notifications/initialized' }, session!)
  expect(initialized.status).toBe(202)
  return session!
}

describe('sessions in a Durable Object, two front Workers sharing one namespace', () => {
  it('the tool call arrives at front a, the elicitation answer at front b, and the tool completes', async () => {
    const session = await initialize(fronts.a, { elicitation: {} })
    const call = await post(fronts.a, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'test_elicitation', arguments: { message: 'Who are you?' } } }, session)
    expect(call.status).toBe(200)
    expect(call.headers.get('content-type')).toBe('text/event-stream')
    const next = sseReader(call)
    const ask = await next()
    expect(ask).toMatchObject({ jsonrpc: '2.0', method: 'elicitation/create', params: { message: 'Who are you?', requestedSchema: { type: 'object' } } })
    expect(ask.id).toBeDefined()
    // Front c has no binding; its fallback, memorySessions(), refuses to run on Workers.
    // (Miniflare's getWorker() hands the Worker's exception back to the caller.)
    const elsewhere = post(fronts.c, { jsonrpc: '2.0', id: ask.id, result: { action: 'accept', content: { username: 'x', email: 'x@example.com' } } }, session)
    await expect(elsewhere).rejects.toThrow("mcp-aot: memorySessions() cannot work on Workers (one request may not write to another's stream)")
    const answer = await post(fronts.b, { jsonrpc: '2.0', id: ask.id, result: { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } } }, session)
    expect(answer.status).toBe(202)
    expect(await next()).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'User response: action=accept, content={"username":"ada","email":"ada@example.com"}' }] },
    })
  })

  it('the client answering with an error fails the tool call as an isError result', async () => {
    const session = await initialize(fronts.b, { sampling: {} })
    const call = await post(fronts.b, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'test_sampling', arguments: { prompt: 'hi' } } }, session)
    const next = sseReader(call)
    const ask = await next()
    expect(ask).toMatchObject({ method: 'sampling/createMessage', params: { maxTokens: 100 } })
    expect((await post(fronts.a, { jsonrpc: '2.0', id: ask.id, error: { code: -1, message: 'User rejected sampling request' } }, session)).status).toBe(202)
    const result = await next()
    expect(result).toMatchObject({ id: 3, result: { isError: true } })
  })

  it('logging/setLevel at one front holds at the other', async () => {
    const session = await initialize(fronts.a, {})
    const call = (id: number) => post(fronts.b, { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'test_logging_tool', arguments: {} } }, session)
    // Before: the legacy default level (info) lets the tool's info message through, on an SSE stream.
    const before = sseReader(await call(4))
    expect(await before()).toMatchObject({ method: 'notifications/message', params: { level: 'info', data: 'Diagnostic trace logging activated' } })
    expect(await before()).toMatchObject({ id: 4, result: { content: [{ type: 'text', text: 'Logging evaluated' }] } })
    const set = await post(fronts.a, { jsonrpc: '2.0', id: 5, method: 'logging/setLevel', params: { level: 'error' } }, session)
    expect(await set.json()).toEqual({ jsonrpc: '2.0', id: 5, result: {} })
    const after = await call(6)
    expect(after.headers.get('content-type')).toBe('application/json')
    expect(await after.json()).toMatchObject({ id: 6, result: { content: [{ type: 'text', text: 'Logging evaluated' }] } })
  })

  it('DELETE at one front ends the session for both; a GET stream of it closes', async () => {
    const session = await initialize(fronts.a, {})
    const stream = await fronts.a.fetch('http://localhost/mcp', { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': VERSION } })
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toBe('text/event-stream')
    const ended = fronts.b.fetch('http://localhost/mcp', { method: 'DELETE', headers: { 'mcp-session-id': session, 'mcp-protocol-version': VERSION } })
    expect((await ended).status).toBe(204)
    expect(await stream.text()).toBe(': stream open\n\n')
    const later = await post(fronts.a, { jsonrpc: '2.0', id: 7, method: 'ping' }, session)
    expect(later.status).toBe(404)
  })

  it('an id no initialize minted is 404', async () => {
    const response = await post(fronts.b, { jsonrpc: '2.0', id: 8, method: 'ping' }, 'made-up-session')
    expect(response.status).toBe(404)
  })
})
