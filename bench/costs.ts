/**
 * What a deployment pays Cloudflare for its Durable Objects: `npm run bench:costs` (`-- --quick`: shorter
 * holds). Each hosting mode runs a fixed workload in a fresh workerd (Miniflare) whose Durable Object classes
 * are metered from inside (bench/servers/costs/meter.ts: every stub call, alarm and WebSocket message received,
 * and the wall time each object is active); the counts are scaled to a unit (1,000 calls, 1,000 sessions, a
 * listener held an hour) and priced at Cloudflare's published Durable Objects prices. Three servers in the same
 * run: mcp-aot now, mcp-aot at the previous release (`--before=<rev>`, default 0c00a22: listeners held as
 * streams in one object), and Cloudflare's `agents` McpAgent with the SDK's McpServer.
 *
 * Prints markdown and writes bench/results/costs.md.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { builtinModules } from 'node:module'
import os from 'node:os'
import { pathToFileURL } from 'node:url'
import { Miniflare } from 'miniflare'
import { bundleWithEsbuild } from './lib/bundle.ts'
import { esbuildPlugin, missingPieces, PACKAGE_ALIASES, ROOT } from './lib/mcp-aot.ts'
import { saveResult } from './lib/results.ts'

const quick = process.argv.includes('--quick')
const BEFORE = process.argv.find((arg) => arg.startsWith('--before='))?.slice('--before='.length) ?? '0c00a22'
const HOLD_S = quick ? 10 : 30
const CHANGES = quick ? 5 : 20
const SESSIONS = quick ? 20 : 50
const CALLS_PER_SESSION = 10
const LISTENERS = quick ? 20 : 50
const CALLS = quick ? 100 : 300
const log = (...a: unknown[]) => console.error('[bench:costs]', ...a)
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** Cloudflare's Durable Objects prices (Workers Paid, beyond the included amounts), developers.cloudflare.com/durable-objects/platform/pricing. */
const PRICE = { perMillionRequests: 0.15, perMillionGbSeconds: 12.5, gbPerObject: 0.125, wsMessagesPerRequest: 20 }

const missing = missingPieces()
if (missing) throw new Error(`${missing}; run npm run build first`)

const SERVERS = `${ROOT}bench/servers/costs/`
const OUT = `${ROOT}bench/.build/costs/`
const nodeBuiltins = ['cloudflare:*', 'node:*', ...builtinModules]
const now = await bundleWithEsbuild(`${SERVERS}mcp-aot.ts`, `${OUT}now.js`, { plugins: [await esbuildPlugin()], alias: PACKAGE_ALIASES })
const beforeRoot = `${OUT}before-src/`
rmSync(beforeRoot, { recursive: true, force: true })
mkdirSync(beforeRoot, { recursive: true })
execFileSync('sh', ['-c', `git -C "${ROOT}" archive ${BEFORE} src | tar -x -C "${beforeRoot}"`])
const before = await bundleWithEsbuild(`${SERVERS}mcp-aot.ts`, `${OUT}before.js`, { plugins: [(await import(pathToFileURL(`${beforeRoot}src/esbuild.ts`).href)).default()] })
const agents = await bundleWithEsbuild(`${SERVERS}agents.ts`, `${OUT}agents.js`, { external: nodeBuiltins })

interface Server {
  readonly name: string
  readonly file: string
  readonly objects: Record<string, string>
  readonly flags: string[]
}
const sqlite = (className: string) => ({ className, useSQLite: true })
const OURS = { MCP_SESSIONS: 'McpSession', MCP_SUBSCRIPTIONS: 'McpSubscriptions', MCP_TASKS: 'McpTask' }
const SERVERS_RUN: Server[] = [
  { name: 'mcp-aot now', file: now, objects: OURS, flags: ['enable_request_signal'] },
  { name: `mcp-aot ${BEFORE}`, file: before, objects: OURS, flags: ['enable_request_signal'] },
  { name: 'agents McpAgent', file: agents, objects: { MCP_OBJECT: 'McpObject' }, flags: ['nodejs_compat'] },
]

interface Meter {
  requests: number
  wsMessages: number
  activeMs: number
}

async function start(server: Server) {
  const mf = new Miniflare({
    modules: [{ type: 'ESModule', path: server.file, contents: readFileSync(server.file) }],
    compatibilityDate: '2026-07-01',
    compatibilityFlags: server.flags,
    durableObjects: Object.fromEntries(Object.entries(server.objects).map(([binding, className]) => [binding, sqlite(className)])),
    host: '127.0.0.1',
    port: 0,
  })
  const url = new URL('/mcp', await mf.ready)
  /** The objects' counts, all classes together. */
  const meter = async (): Promise<Meter> => {
    const all = (await (await fetch(new URL('/meter', url))).json()) as Record<string, Meter>
    const sum: Meter = { requests: 0, wsMessages: 0, activeMs: 0 }
    for (const one of Object.values(all)) for (const key of Object.keys(sum) as (keyof Meter)[]) sum[key] += one[key]
    return sum
  }
  return { url, meter, dispose: () => mf.dispose() }
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const LEGACY = '2025-11-25'
const MODERN = '2026-07-28'
const META = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} }

async function post(url: URL, body: object, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(url, { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify({ jsonrpc: '2.0', ...body }) })
  if (response.status >= 400) throw new Error(`${(body as { method: string }).method}: ${response.status} ${(await response.text()).slice(0, 200)}`)
  return response
}

const modern = (url: URL, id: number, method: string, params: Record<string, unknown>) =>
  post(url, { id, method, params: { ...params, _meta: META } }, { 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}) })

async function openSession(url: URL): Promise<string> {
  const init = await post(url, { id: 1, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'bench', version: '1' } } }, { 'mcp-protocol-version': LEGACY })
  await init.text()
  const session = init.headers.get('mcp-session-id')!
  await (await post(url, { method: 'notifications/initialized' }, { 'mcp-protocol-version': LEGACY, 'mcp-session-id': session })).text()
  return session
}

const inSession = (session: string) => ({ 'mcp-protocol-version': LEGACY, 'mcp-session-id': session })

/** What one server is asked to do; `measure` reads the meters around `work` and adds a row per unit. */
type Measure = (label: string, unit: string, units: number, work: () => Promise<unknown>) => Promise<void>

interface Workload {
  readonly name: string
  readonly applies: (server: Server) => boolean
  run(url: URL, measure: Measure, server: Server): Promise<void>
}

const ours = (server: Server) => server.name.startsWith('mcp-aot')
const notify = (url: URL) => async () => (await modern(url, 2, 'tools/call', { name: 'notify_tools', arguments: {} })).text()

/**
 * Opens `count` streams (not measured), then measures holding them idle for HOLD_S seconds (per listener-hour),
 * then CHANGES changes where the server makes them (per change), then their closing (per listener).
 */
async function listeners(url: URL, measure: Measure, open: () => Promise<Response>, change: (() => Promise<unknown>) | undefined): Promise<void> {
  let streams: Response[] = []
  await measure('opened', '1,000 listeners', LISTENERS / 1000, async () => (streams = await Promise.all(Array.from({ length: LISTENERS }, open))))
  const readers = streams.map((stream) => stream.body!.getReader())
  const draining = readers.map(async (reader) => {
    for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return
  })
  await measure('held idle', 'listener-hour', (LISTENERS * HOLD_S) / 3600, () => sleep(HOLD_S * 1000))
  if (change) {
    await measure('a change heard by every listener', '1,000 changes', CHANGES / 1000, async () => {
      for (let at = 0; at < CHANGES; at++) await change()
    })
  }
  for (const reader of readers) await reader.cancel()
  await Promise.all(draining)
}

const WORKLOADS: Workload[] = [
  {
    name: 'stateless tools/call (2026-07-28)',
    applies: ours,
    run: (url, measure) =>
      measure('', '1,000 calls', CALLS / 1000, async () => {
        for (let call = 0; call < CALLS; call++) await (await modern(url, call, 'tools/call', { name: 'ping', arguments: {} })).text()
      }),
  },
  {
    name: `a session (2025-11-25): initialize, ${CALLS_PER_SESSION} tools/call, DELETE`,
    applies: () => true,
    run: (url, measure) =>
      measure('', '1,000 sessions', SESSIONS / 1000, async () => {
        for (let one = 0; one < SESSIONS; one++) {
          const session = await openSession(url)
          for (let call = 0; call < CALLS_PER_SESSION; call++) await (await post(url, { id: call + 2, method: 'tools/call', params: { name: 'ping', arguments: {} } }, inSession(session))).text()
          await fetch(url, { method: 'DELETE', headers: inSession(session) })
        }
      }),
  },
  {
    name: 'a listen stream (2026-07-28)',
    applies: ours,
    run: (url, measure) => listeners(url, measure, () => modern(url, 1, 'subscriptions/listen', { notifications: { toolsListChanged: true } }), notify(url)),
  },
  {
    name: "a session's GET stream (2025-11-25)",
    applies: () => true,
    async run(url, measure, server) {
      const sessions = await Promise.all(Array.from({ length: LISTENERS }, () => openSession(url)))
      let next = 0
      await listeners(url, measure, () => fetch(url, { headers: { accept: 'text/event-stream', ...inSession(sessions[next++]!) } }), ours(server) ? notify(url) : undefined)
    },
  },
  {
    name: 'a task (2025-11-25 params.task, stateless)',
    applies: ours,
    run: (url, measure) =>
      measure('', '1,000 tasks', CALLS / 1000, async () => {
        for (let call = 0; call < CALLS; call++) {
          await (await post(url, { id: call, method: 'tools/call', params: { name: 'slow_ping', arguments: {}, task: { ttl: 60_000 } } }, { 'mcp-protocol-version': LEGACY })).text()
        }
        // Their alarms run the tools.
        await sleep(2_000)
      }),
  },
]

const rows: string[] = []
for (const workload of WORKLOADS) {
  for (const server of SERVERS_RUN) {
    if (!workload.applies(server)) {
      rows.push(`| ${workload.name} | ${server.name} | – | – | – | – | n/a |`)
      continue
    }
    log(`${workload.name}: ${server.name}`)
    const running = await start(server)
    const measure: Measure = async (label, unit, units, work) => {
      const before = await running.meter()
      await work()
      await sleep(300)
      const after = await running.meter()
      const requests = (after.requests - before.requests + (after.wsMessages - before.wsMessages) / PRICE.wsMessagesPerRequest) / units
      const seconds = (after.activeMs - before.activeMs) / 1000 / units
      const gbSeconds = seconds * PRICE.gbPerObject
      const dollars = (requests * PRICE.perMillionRequests) / 1e6 + (gbSeconds * PRICE.perMillionGbSeconds) / 1e6
      rows.push(`| ${workload.name}${label ? `: ${label}` : ''} | ${server.name} | ${unit} | ${requests.toFixed(0)} | ${seconds.toFixed(1)} | ${gbSeconds.toFixed(2)} | $${dollars.toFixed(4)} |`)
    }
    try {
      await workload.run(running.url, measure, server)
    } finally {
      await running.dispose()
    }
  }
}

const markdown = [
  `\`npm run bench:costs${quick ? ' -- --quick' : ''}\` — ${new Date().toISOString()} (${os.availableParallelism()} cores; ${SESSIONS} sessions, ${LISTENERS} listeners held ${HOLD_S} s, ${CALLS} calls and tasks; prices: $${PRICE.perMillionRequests} per million requests, $${PRICE.perMillionGbSeconds} per million GB-s at 128 MB an object, WebSocket messages received ${PRICE.wsMessagesPerRequest} to a request)`,
  '',
  '| Workload | Server | per | Durable Object requests | object-seconds | GB-s | dollars |',
  '|---|---|---|---|---|---|---|',
  ...rows,
  '',
].join('\n')
console.log(markdown)
saveResult('costs.md', markdown)
