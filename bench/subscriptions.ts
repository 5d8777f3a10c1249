/**
 * What listeners cost: `npm run bench:subscriptions` (`-- --quick`: smaller steps). One workerd (Miniflare) per
 * step serves bench/servers/mcp-aot-subscriptions with durableSubscriptions(); the same server built against the
 * previous release (`--before=<rev>`, default 0c00a22: one object holding every listener as a streamed
 * response) is the peer, measured in the same run.
 *
 * - Fan-out at 10/100/1,000/10,000 listeners (2026-07-28 listen streams over real sockets): the notifying
 *   tool call's own latency beside a plain call's (medians of interleaved rounds), when the last listener
 *   hears the change, workerd CPU per listener per change, workerd memory per listener, and the largest
 *   shard's count against its share.
 * - Churn: open and abort listen streams in a bounded loop (100,000; 10,000 with --quick), a change published
 *   every 1,000; afterwards the listener counts, and whether a new listen is served.
 * - Flood: a normal client's plain-call p99 alone, and while listeners are opened as fast as the machine can.
 *
 * Prints markdown and writes bench/results/subscriptions.md.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import os from 'node:os'
import { buildMcpAotEsbuild, missingPieces, ROOT } from './lib/mcp-aot.ts'
import { bundleWithEsbuild } from './lib/bundle.ts'
import { startWorker, type RunningWorker } from './lib/miniflare.ts'
import { schedCpuUs } from './lib/proc.ts'
import { rssKiB } from './lib/rss.ts'
import { quantile } from './lib/stats.ts'
import { call, listen, open } from './lib/listeners.ts'
import { Worker } from 'node:worker_threads'
import { saveResult } from './lib/results.ts'

const quick = process.argv.includes('--quick')
const BEFORE = process.argv.find((arg) => arg.startsWith('--before='))?.slice('--before='.length) ?? '0c00a22'
const SIZES = quick ? [10, 100, 1_000] : [10, 100, 1_000, 10_000]
const ROUNDS = quick ? 3 : 5
const CHURN = quick ? 10_000 : 100_000
const FLOOD = quick ? 2_000 : 5_000
const log = (...a: unknown[]) => console.error('[bench:subscriptions]', ...a)
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

const missing = missingPieces()
if (missing) throw new Error(`${missing}; run npm run build first`)

const SERVER = `${ROOT}bench/servers/mcp-aot-subscriptions/worker.ts`
const afterFile = await buildMcpAotEsbuild(SERVER, `${ROOT}bench/.build/subscriptions/after.js`)
// The previous release's runtime, from git, built with today's plugin (the tables it reads are the same).
const beforeRoot = `${ROOT}bench/.build/subscriptions-before/`
rmSync(beforeRoot, { recursive: true, force: true })
mkdirSync(beforeRoot, { recursive: true })
execFileSync('sh', ['-c', `git -C "${ROOT}" archive ${BEFORE} src | tar -x -C "${beforeRoot}"`])
// Its own plugin too: the plugin always links the runtime next to it.
const beforePlugin = (await import(pathToFileURL(`${beforeRoot}src/esbuild.ts`).href)).default()
const beforeFile = await bundleWithEsbuild(SERVER, `${ROOT}bench/.build/subscriptions/before.js`, { plugins: [beforePlugin] })
const VERSIONS = [
  { name: `previous release (${BEFORE}): one object`, file: beforeFile },
  { name: 'mcp-aot now: 16 hibernating shards', file: afterFile },
]

const counts = async (worker: RunningWorker): Promise<number[] | null> => {
  const response = await fetch(new URL('/listeners', worker.url))
  return (await response.json()) as number[] | null
}

const median = (values: number[]) => quantile([...values].sort((a, b) => a - b), 0.5)
const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–')

interface FanOut {
  version: string
  listeners: number
  plainMs: number
  notifyMs: number
  lastHeardMs: number
  cpuUsPerListener: number
  kibPerListener: number
  maxShard: string
}

async function fanOut(version: (typeof VERSIONS)[number], size: number): Promise<FanOut> {
  const worker = await startWorker(version.file, undefined, { MCP_SUBSCRIPTIONS: 'McpSubscriptions' })
  const url = new URL('/mcp', worker.url)
  try {
    for (let warm = 0; warm < 20; warm++) await call(url, 'ping')
    await call(url, 'notify_tools')
    await sleep(200)
    const rssBefore = rssKiB(worker.pid)
    const { held, refused } = await open(url, size)
    if (refused > 0) throw new Error(`${version.name}: ${refused} of ${size} listeners refused`)
    await sleep(500)
    const rssAfter = rssKiB(worker.pid)
    const shards = await counts(worker)
    const plain: number[] = []
    const notify: number[] = []
    const last: number[] = []
    const cpu: number[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      for (let sample = 0; sample < 5; sample++) plain.push(await call(url, 'ping'))
      const cpu0 = schedCpuUs(worker.pid)
      const start = performance.now()
      notify.push(await call(url, 'notify_tools'))
      const deadline = start + 30_000
      while (held.some((listener) => listener.heard < round) && performance.now() < deadline) await sleep(2)
      if (held.some((listener) => listener.heard < round)) throw new Error(`${version.name}: a listener did not hear change ${round} within 30 s`)
      last.push(Math.max(...held.map((listener) => listener.lastAt)) - start)
      await sleep(100)
      cpu.push((schedCpuUs(worker.pid) - cpu0) / size)
    }
    for (const listener of held) listener.close()
    return {
      version: version.name,
      listeners: size,
      plainMs: median(plain),
      notifyMs: median(notify),
      lastHeardMs: median(last),
      cpuUsPerListener: median(cpu),
      kibPerListener: (rssAfter - rssBefore) / size,
      maxShard: shards ? `${Math.max(...shards)} of ${Math.ceil(20_000 / shards.length)}` : 'one object',
    }
  } finally {
    await worker.dispose()
  }
}

async function churn(version: (typeof VERSIONS)[number]): Promise<string> {
  const worker = await startWorker(version.file, undefined, { MCP_SUBSCRIPTIONS: 'McpSubscriptions' })
  const url = new URL('/mcp', worker.url)
  try {
    let opened = 0
    let refused = 0
    const started = performance.now()
    for (let batch = 0; batch < CHURN; batch += 1_000) {
      const { held, refused: no } = await open(url, Math.min(1_000, CHURN - batch), 100)
      opened += held.length
      refused += no
      for (const listener of held) listener.close()
      await call(url, 'notify_tools')
    }
    const seconds = (performance.now() - started) / 1000
    // The last aborted streams are noticed at the next writes.
    for (let attempt = 0; attempt < 3; attempt++) {
      await call(url, 'notify_tools')
      await sleep(200)
    }
    const left = await counts(worker)
    const again = await listen(url)
    const served = typeof again !== 'number'
    if (served) again.close()
    return `| ${version.name} | ${CHURN} | ${fmt(seconds, 0)} s | ${opened} | ${refused} | ${left ? left.reduce((a, b) => a + b, 0) : 'not reported'} | ${served ? 'served' : `refused (${again})`} |`
  } finally {
    await worker.dispose()
  }
}

async function flood(version: (typeof VERSIONS)[number]): Promise<string> {
  const worker = await startWorker(version.file, undefined, { MCP_SUBSCRIPTIONS: 'McpSubscriptions' })
  const url = new URL('/mcp', worker.url)
  try {
    for (let warm = 0; warm < 20; warm++) await call(url, 'ping')
    const p99 = async (until: () => boolean, atMost: number) => {
      const samples: number[] = []
      while (samples.length < atMost && !until()) samples.push(await call(url, 'ping'))
      return { p99: quantile([...samples].sort((a, b) => a - b), 0.99), n: samples.length }
    }
    const alone = await p99(() => false, 400)
    // The flood is opened from a worker thread: on another core than this client, as another client would be.
    let done = false
    const flooding = new Worker(new URL('./lib/listen-flood.ts', import.meta.url), { workerData: { url: url.href, count: FLOOD } })
    const flooded = new Promise<void>((finished, failed) => {
      flooding.once('message', () => finished())
      flooding.once('error', failed)
    }).then(() => void (done = true))
    const during = await p99(() => done, 10_000)
    await flooded
    await flooding.terminate()
    return `| ${version.name} | ${FLOOD} | ${fmt(alone.p99, 2)} (${alone.n}) | ${fmt(during.p99, 2)} (${during.n}) | ×${fmt(during.p99 / alone.p99, 2)} |`
  } finally {
    await worker.dispose()
  }
}

const fanOuts: FanOut[] = []
for (const size of SIZES) {
  for (const version of VERSIONS) {
    log(`fan-out: ${version.name}, ${size} listeners`)
    fanOuts.push(await fanOut(version, size))
  }
}
const churns: string[] = []
const floods: string[] = []
for (const version of VERSIONS) {
  log(`churn: ${version.name}`)
  churns.push(await churn(version))
  log(`flood: ${version.name}`)
  floods.push(await flood(version))
}

const lines = [
  `\`npm run bench:subscriptions${quick ? ' -- --quick' : ''}\` — ${new Date().toISOString()} (${os.availableParallelism()} cores, shared; one workerd per step; medians of ${ROUNDS} changes)`,
  '',
  '### Fan-out: one change to every listener',
  '',
  '| Listeners | Host | plain call ms | notifying call ms | ×plain | last listener heard, ms | workerd CPU µs per listener per change | workerd KiB per listener | largest object |',
  '|---|---|---|---|---|---|---|---|---|',
  ...fanOuts.map((row) => `| ${row.listeners} | ${row.version} | ${fmt(row.plainMs, 2)} | ${fmt(row.notifyMs, 2)} | ×${fmt(row.notifyMs / row.plainMs, 2)} | ${fmt(row.lastHeardMs, 0)} | ${fmt(row.cpuUsPerListener, 0)} | ${fmt(row.kibPerListener, 1)} | ${row.maxShard} |`),
  '',
  '### Churn: listen streams opened and aborted',
  '',
  '| Host | streams | took | opened | refused | listeners left after | a new listen |',
  '|---|---|---|---|---|---|---|',
  ...churns,
  '',
  '### A normal client during a listener flood',
  '',
  '| Host | listeners opened | plain call p99 ms alone (calls) | p99 during the flood (calls) | ×alone |',
  '|---|---|---|---|---|',
  ...floods,
  '',
]
const markdown = lines.join('\n')
console.log(markdown)
saveResult('subscriptions.md', markdown)
