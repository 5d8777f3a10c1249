/**
 * A Durable Object session expires through its alarm: a Worker made with `durableSessions('MCP_SESSIONS',
 * { idleMs })` (bundled from src/ with esbuild) in workerd through Miniflare; once nothing reaches the
 * session for longer than idleMs the object's alarm ends it and a later request is 404. Polled, not timed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { COMPATIBILITY_DATE } from '../helpers/miniflare.ts'

const SRC = resolve(import.meta.dirname, '../../src')
const VERSION = '2025-11-25'
const IDLE_MS = 1000

let dir: string
let mf: Miniflare
let url: URL

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-aot-expiry-'))
  const entry = [
    `import { createServer } from ${JSON.stringify(join(SRC, 'index.ts'))}`,
    `import { durableSessions } from ${JSON.stringify(join(SRC, 'cloudflare/index.ts'))}`,
    `const sessions = durableSessions('MCP_SESSIONS', { idleMs: ${IDLE_MS} })`,
    'export const McpSession = sessions.DurableObject',
    `export default createServer({ name: 'expiry', version: '1.0.0' }, { sessions })`,
  ].join('\n')
  const out = await build({ stdin: { contents: entry, resolveDir: dir, loader: 'ts' }, bundle: true, format: 'esm', platform: 'neutral', write: false })
  await writeFile(join(dir, 'worker.js'), out.outputFiles[0]!.text)
  mf = new Miniflare({
    modules: true,
    modulesRoot: dir,
    scriptPath: join(dir, 'worker.js'),
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: { MCP_SESSIONS: 'McpSession' },
    host: '127.0.0.1',
    port: 0,
  })
  url = new URL('/mcp', await mf.ready)
})

afterAll(async () => {
  await mf?.dispose()
  await rm(dir, { recursive: true, force: true })
})

const post = (body: object, session?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': VERSION, ...(session ? { 'mcp-session-id': session } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', ...body }),
  })

it('an idle session ends by its alarm; its id is then 404', async () => {
  const init = await post({ id: 1, method: 'initialize', params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 't', version: '1' } } })
  const session = init.headers.get('mcp-session-id')!
  await init.text()
  expect((await post({ id: 2, method: 'ping' }, session)).status).toBe(200)
  // Each request moves the alarm, so look only after waits longer than idleMs (longer each time on a slow machine).
  let status = 200
  for (let wait = IDLE_MS * 2; wait <= IDLE_MS * 32 && status === 200; wait *= 2) {
    await new Promise((done) => setTimeout(done, wait))
    const response = await post({ id: 3, method: 'ping' }, session)
    status = response.status
    await response.text()
  }
  expect(status).toBe(404)
})
