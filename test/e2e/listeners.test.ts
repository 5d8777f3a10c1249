/**
 * durableSubscriptions()' bounds in workerd (Miniflare), over real HTTP so a client that goes away is a closed
 * connection: listeners that leave, leave (S1); no shard holds more than its share, and one principal holds at
 * most its own cap, refused with 429 and Retry-After (S2), its session GET stream too (not accepted and deaf);
 * a change reaches listeners on every shard. The fixture (fixtures/listeners) has 4 shards of 5 listeners and
 * 3 per principal, and reports each shard's count at GET /listeners.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { bundleWorker } from '../runtime/bundle.ts'
import { startWorkerd } from '../helpers/miniflare.ts'
import type { Served } from '../helpers/served.ts'
import { sseReader } from '../helpers/sse-reader.ts'

const MODERN = '2026-07-28'
const LEGACY = '2025-11-25'
const SHARE = 5
const PER_PRINCIPAL = 3

let dir: string
let server: Served

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-aot-listeners-'))
  const file = join(dir, 'worker.js')
  await writeFile(file, await bundleWorker(resolve(import.meta.dirname, 'fixtures/listeners/worker.ts')))
  server = await startWorkerd(file, { durableObjects: { MCP_SUBSCRIPTIONS: 'McpSubscriptions', MCP_SESSIONS: 'McpSession' } })
})

afterAll(async () => {
  await server?.stop()
  await rm(dir, { recursive: true, force: true })
})

const auth = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {})

function modern(method: string, params: Record<string, unknown>, id: number, token?: string, signal?: AbortSignal): Promise<Response> {
  const meta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientInfo': { name: 'listeners-test', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} }
  return fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}), ...auth(token) },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } }),
    signal,
  })
}

/** A listen stream whose acknowledgement was read, and how to drop it as a client that goes away does. */
async function listen(id: number, token?: string, notifications: Record<string, unknown> = { toolsListChanged: true }) {
  const abort = new AbortController()
  const response = await modern('subscriptions/listen', { notifications }, id, token, abort.signal)
  if (response.status !== 200) return { response, next: undefined, abort: () => abort.abort() }
  const next = sseReader(response)
  expect((await next()).method).toBe('notifications/subscriptions/acknowledged')
  return { response, next, abort: () => abort.abort() }
}

const counts = async (): Promise<number[]> => (await fetch(`${server.origin}/listeners`)).json() as Promise<number[]>

/**
 * Publishes changes until the shards' counts are `expected`: a client that went away is noticed at the next
 * write to its stream (a change, or the keep-alive every 25 seconds), and its socket then leaves its shard.
 */
async function settle(expected: (counts: number[]) => boolean): Promise<number[]> {
  let last: number[] = []
  for (let attempt = 0; attempt < 50; attempt++) {
    last = await counts()
    if (expected(last)) return last
    expect(await call('change_tools', {})).toBe('changed')
    await new Promise((done) => setTimeout(done, 50))
  }
  return last
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** A 2025-11-25 session of `token`'s caller: its id. */
async function initialize(token: string): Promise<string> {
  const init = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LEGACY, ...auth(token) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'listeners-test', version: '1' } } }),
  })
  await init.text()
  return init.headers.get('mcp-session-id')!
}

async function call(name: string, args: Record<string, unknown>, token?: string): Promise<string> {
  const body = (await (await modern('tools/call', { name, arguments: args }, 99, token)).json()) as { result: { content: { text: string }[] } }
  return body.result.content[0]!.text
}

describe('durableSubscriptions(): listeners that leave, shards, caps per principal', () => {
  it('S1: more streams opened and aborted than the server holds leave no trace; a new listen is served and hears changes', async () => {
    for (let round = 0; round < 3 * SHARE * 4; round++) {
      const opened = await listen(round)
      expect(opened.response.status, `listen ${round}`).toBe(200)
      if (round % 3 === 2) expect(await call('change_tools', {})).toBe('changed')
      opened.abort()
    }
    // The last aborted streams leave at the next change (the ones before left at earlier ones, or the share would have refused a listen).
    expect(sum(await settle((now) => sum(now) === 0))).toBe(0)
    const live = await listen(1000)
    expect(live.response.status).toBe(200)
    expect(await call('change_tools', {})).toBe('changed')
    expect(await live.next!()).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 1000 } } })
    expect(sum(await counts())).toBe(1)
    live.abort()
    expect(sum(await settle((now) => sum(now) === 0))).toBe(0)
  })

  it('no shard holds more than its share: once full, a listen is refused 503 with Retry-After; every shard hears a change', async () => {
    const held: Awaited<ReturnType<typeof listen>>[] = []
    let refused: Response | undefined
    // Anonymous listeners go to a shard at random: open them until one is refused.
    for (let id = 0; id < 200 && !refused; id++) {
      const opened = await listen(id)
      if (opened.response.status === 200) held.push(opened)
      else refused = opened.response
    }
    expect(refused?.status).toBe(503)
    expect(refused?.headers.get('retry-after')).toBe('60')
    expect(await refused?.json()).toEqual({ jsonrpc: '2.0', id: held.length, error: { code: -32603, message: 'The server holds as many listeners as it may (20); retry later.' } })
    const now = await counts()
    expect(Math.max(...now)).toBe(SHARE)
    expect(sum(now)).toBe(held.length)
    expect(await call('change_tools', {})).toBe('changed')
    for (const listener of held) expect((await listener.next!()).method).toBe('notifications/tools/list_changed')
    for (const listener of held) listener.abort()
    expect(sum(await settle((after) => sum(after) === 0))).toBe(0)
  })

  it('S2: one principal holds at most its cap (429, Retry-After), listen streams and session GET streams alike; another principal is served', async () => {
    const alice = [await listen(1, 'alice'), await listen(2, 'alice')]
    // A 2025-11-25 session of alice's: its GET stream is her third listener.
    const session = await initialize('alice')
    const gone = new AbortController()
    const get = (signal?: AbortSignal) => fetch(server.url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': LEGACY, ...auth('alice') }, signal })
    const stream = await get(gone.signal)
    expect(stream.status).toBe(200)
    const refused = await listen(3, 'alice')
    expect([refused.response.status, refused.response.headers.get('retry-after')]).toEqual([429, '60'])
    expect(await refused.response.json()).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32603, message: `You hold as many listeners as one caller may (${PER_PRINCIPAL}); close one, or retry later.` } })
    const deaf = await get()
    expect([deaf.status, deaf.headers.get('retry-after')]).toEqual([429, '60'])
    await deaf.body?.cancel()
    const bob = await listen(4, 'bob')
    expect(bob.response.status).toBe(200)
    // Alice closes one stream: her place comes back.
    alice[0]!.abort()
    let again: Awaited<ReturnType<typeof listen>> | undefined
    for (let attempt = 0; attempt < 100 && again?.response.status !== 200; attempt++) {
      // Her aborted stream is noticed at the next write to it: a change.
      if (attempt > 0) {
        expect(await call('change_tools', {})).toBe('changed')
        await new Promise((done) => setTimeout(done, 50))
      }
      again = await listen(5, 'alice')
    }
    expect(again!.response.status).toBe(200)
    for (const held of [alice[1]!, again!, bob]) held.abort()
    gone.abort()
    expect(sum(await settle((after) => sum(after) === 0))).toBe(0)
  })

  it('an idle shard sleeps (workerd evicts it, its sockets stay connected) and a change wakes it: the listener and a session GET stream hear it', async () => {
    const listening = await listen(1, 'carol', { resourceSubscriptions: ['note://7'] })
    const session = await initialize('dave')
    const legacy = (body: object) => fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LEGACY, 'mcp-session-id': session, ...auth('dave') }, body: JSON.stringify({ jsonrpc: '2.0', ...body }) })
    expect(await (await legacy({ id: 2, method: 'resources/subscribe', params: { uri: 'note://7' } })).json()).toEqual({ jsonrpc: '2.0', id: 2, result: {} })
    const gone = new AbortController()
    const get = await fetch(server.url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': LEGACY, ...auth('dave') }, signal: gone.signal })
    expect(get.status).toBe(200)
    const heard = sseReader(get)
    const before = (await (await fetch(`${server.origin}/made`)).json()) as number
    // Idle for longer than workerd's 10 seconds: the shards holding only sockets are evicted.
    await new Promise((done) => setTimeout(done, 12_000))
    expect(await call('touch_note', { id: '7' })).toBe('touched 7')
    expect(await listening.next!()).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 1 }, uri: 'note://7' } })
    // The session's URIs were kept in the shard's storage, across its sleep.
    expect(await heard()).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'note://7' } })
    expect((await (await fetch(`${server.origin}/made`)).json()) as number).toBeGreaterThan(before)
    // Idle four times its idleMs, the session is kept: its GET stream is open (the shard says so to its alarm).
    expect((await legacy({ id: 3, method: 'ping' })).status).toBe(200)
    listening.abort()
    gone.abort()
    // The listener hears only the note's updates: one is the write that finds it gone (or the keep-alive would).
    expect(await call('touch_note', { id: '7' })).toBe('touched 7')
    expect(sum(await settle((after) => sum(after) === 0))).toBe(0)
    // Its stream gone, the session left idle past its idleMs (and the tenth its alarm may lag) ends.
    await new Promise((done) => setTimeout(done, 4_500))
    expect((await legacy({ id: 4, method: 'ping' })).status).toBe(404)
  }, 40_000)

  it("a session's GET stream held by the front carries ids, and resumes from the shard's kept changes after a reconnect", async () => {
    const session = await initialize('erin')
    const legacy = (body: object) => fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LEGACY, 'mcp-session-id': session, ...auth('erin') }, body: JSON.stringify({ jsonrpc: '2.0', ...body }) })
    expect(await (await legacy({ id: 2, method: 'resources/subscribe', params: { uri: 'note://8' } })).json()).toEqual({ jsonrpc: '2.0', id: 2, result: {} })
    const get = (last?: string, signal?: AbortSignal) => fetch(server.url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': LEGACY, ...auth('erin'), ...(last ? { 'last-event-id': last } : {}) }, signal })
    const gone = new AbortController()
    const first = await get(undefined, gone.signal)
    expect(first.status).toBe(200)
    expect(await call('touch_note', { id: '8' })).toBe('touched 8')
    const reader = first.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    while (!text.includes('note://8')) text += (await reader.read()).value
    const id = /^id: (changes\/\d+)$/m.exec(text)![1]!
    gone.abort()
    // While away: a tool list change, an update of a note not subscribed to, one of the note subscribed to.
    expect(await call('change_tools', {})).toBe('changed')
    expect(await call('touch_note', { id: '9' })).toBe('touched 9')
    expect(await call('touch_note', { id: '8' })).toBe('touched 8')
    const again = new AbortController()
    const resumed = await get(id, again.signal)
    expect(resumed.status).toBe(200)
    const next = sseReader(resumed)
    expect(await next()).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: {} })
    expect(await next()).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'note://8' } })
    // An id this shard never numbered is refused.
    const refused = await get('changes/999999')
    expect(refused.status).toBe(400)
    expect((await refused.json()).error.code).toBe(-32600)
    again.abort()
    expect(sum(await settle((after) => sum(after) === 0))).toBe(0)
  })
})
