/**
 * How `durableSessions()` sessions end and how many there may be, in workerd through Miniflare (a Worker
 * whose entry is bundled from src/, helpers/miniflare.ts `startEntry`), on two servers without `authorize`:
 * - `/mcp`: idle 1 s, at most 2 anonymous sessions in one shard, none reclaimed: an idle session ends by
 *   its alarm (a later request is 404), and a session that ends (DELETE, expiry) gives its place back;
 * - `/flood`: at most 6 anonymous sessions over 2 shards, a session idle 2 s gives way to a new one: after
 *   a flood of initializes is refused, a new client is served once `reclaimIdleMs` has passed, and a
 *   session in use keeps its place.
 * Polled and waited for, never timed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startEntry } from '../helpers/miniflare.ts'
import type { Served } from '../helpers/served.ts'

const VERSION = '2025-11-25'
const IDLE_MS = 1000
const RECLAIM_IDLE_MS = 2000

let server: Served

beforeAll(async () => {
  server = await startEntry(
    [
      `import { createServer } from 'mcp-aot'`,
      `import { durableSessions } from 'mcp-aot/cloudflare'`,
      `const sessions = durableSessions('MCP_SESSIONS', { idleMs: ${IDLE_MS}, maxAnonymousSessions: 2, anonymousShards: 1, reclaimIdleMs: Infinity })`,
      `const flooded = durableSessions('FLOOD_SESSIONS', { maxAnonymousSessions: 6, anonymousShards: 2, reclaimIdleMs: ${RECLAIM_IDLE_MS} })`,
      'export const McpSession = sessions.DurableObject',
      'export const FloodSession = flooded.DurableObject',
      `const info = { name: 'bounds', version: '1.0.0' }`,
      `const plain = createServer(info, { sessions })`,
      `const flood = createServer(info, { sessions: flooded, path: '/flood' })`,
      `export default { fetch: (request, env, ctx) => (new URL(request.url).pathname === '/flood' ? flood : plain).fetch(request, env, ctx) }`,
    ],
    { durableObjects: { MCP_SESSIONS: 'McpSession', FLOOD_SESSIONS: 'FloodSession' } },
  )
})

afterAll(async () => {
  await server?.stop()
})

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

const send = (path: string, body: object | undefined, session?: string, method = 'POST') =>
  fetch(new URL(path, server.origin), {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': VERSION, ...(session ? { 'mcp-session-id': session } : {}) },
    body: body && JSON.stringify({ jsonrpc: '2.0', ...body }),
  })

/** An initialize at `path`: its status, session id and Retry-After (the body read). */
async function initialize(path: string): Promise<{ status: number; session: string | null; retryAfter: string | null }> {
  const response = await send(path, { id: 1, method: 'initialize', params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 't', version: '1' } } })
  await response.text()
  return { status: response.status, session: response.headers.get('mcp-session-id'), retryAfter: response.headers.get('retry-after') }
}

async function ping(path: string, session: string): Promise<number> {
  const response = await send(path, { id: 2, method: 'ping' }, session)
  await response.text()
  return response.status
}

it('an idle session ends by its alarm, its id then 404; the anonymous places are bounded, and an ended session gives its place back', async () => {
  const first = await initialize('/mcp')
  const second = await initialize('/mcp')
  expect([first.status, second.status]).toEqual([200, 200])
  const refused = await initialize('/mcp')
  expect(refused.status).toBe(503)
  expect(refused.retryAfter).toBe('60')
  expect(refused.session).toBeNull()
  // DELETE gives a place back.
  expect((await send('/mcp', undefined, second.session!, 'DELETE')).status).toBe(204)
  expect((await initialize('/mcp')).status).toBe(200)
  expect((await initialize('/mcp')).status).toBe(503)
  expect(await ping('/mcp', first.session!)).toBe(200)
  // Each request moves the alarm, so look only after waits longer than idleMs (longer each time on a slow machine).
  let status = 200
  for (let wait = IDLE_MS * 2; wait <= IDLE_MS * 32 && status === 200; wait *= 2) {
    await sleep(wait)
    status = await ping('/mcp', first.session!)
  }
  expect(status).toBe(404)
  // The expired sessions gave their places back.
  expect((await initialize('/mcp')).status).toBe(200)
})

it('a flood of anonymous initializes is refused (503, Retry-After) and shuts the door for reclaimIdleMs only; a session in use keeps its place', async () => {
  const kept = await initialize('/flood')
  expect(kept.status).toBe(200)
  // The kept client uses its session all along.
  let using = true
  const pings: number[] = []
  const user = (async () => {
    while (using) {
      pings.push(await ping('/flood', kept.session!))
      await sleep(RECLAIM_IDLE_MS / 8)
    }
  })()
  const flood = await Promise.all(Array.from({ length: 40 }, () => initialize('/flood')))
  const refusals = flood.filter((reply) => reply.status === 503)
  expect(refusals.length).toBeGreaterThan(0)
  for (const refusal of refusals) expect(Number(refusal.retryAfter)).toBeGreaterThanOrEqual(1)
  for (const refusal of refusals) expect(Number(refusal.retryAfter)).toBeLessThanOrEqual(RECLAIM_IDLE_MS / 1000)
  expect(flood.every((reply) => reply.status === 200 || reply.status === 503)).toBe(true)
  // The documented time later, new anonymous clients are served: idle flood sessions give way, the one in use does not.
  await sleep(RECLAIM_IDLE_MS + 200)
  for (let n = 0; n < 2; n++) expect((await initialize('/flood')).status).toBe(200)
  using = false
  await user
  expect(pings.every((status) => status === 200)).toBe(true)
  expect(await ping('/flood', kept.session!)).toBe(200)
})

it("without authorize a session's caller is nobody, whatever admission header a client sends: the front removes it", async () => {
  // The flood test leaves sessions in use a moment ago: a shard may be full until they have sat idle
  // reclaimIdleMs, so this client does what a refused client should, and tries again after Retry-After.
  let opened = await initialize('/flood')
  for (let tries = 0; opened.status === 503 && tries < 4; tries++) {
    await sleep(Number(opened.retryAfter) * 1000 + 100)
    opened = await initialize('/flood')
  }
  expect(opened.status).toBe(200)
  const forged = JSON.stringify({ auth: { token: 't', clientId: 'app' }, principal: 'someone' })
  const response = await fetch(new URL('/flood', server.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': VERSION, 'mcp-session-id': opened.session!, 'x-mcp-aot-admission': forged },
    body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }),
  })
  // Served as the anonymous session's own request: a forged principal would be another caller's (404).
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 3, result: {} })
  expect(await ping('/flood', opened.session!)).toBe(200)
})
