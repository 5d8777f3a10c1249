/**
 * The flood phase of `npm run bench:attack`: sessions and tasks created as fast as one client can, against
 * the in-memory hosts with their bounds (bench/servers/flood: maxSessions, maxSessionsPerPrincipal,
 * maxTasks, maxTasksPerPrincipal), served by one Node process, then against the Durable Object hosts in
 * workerd, with their bounds and with none (as they were before issue 33). Normal traffic (stateless create_order
 * calls) runs alone, then beside a flooder without auth, with one token, and with a new token per request
 * (as many principals as requests: only the totals hold), then alone again with the stores full. Reported:
 * the normal traffic's p50/p99 and its p99 ÷ alone, what the flooder got (opened, refused), the serving
 * process's RSS, and what a new anonymous client gets right after the flood and a phase later.
 */
import { spawn } from 'node:child_process'
import http from 'node:http'
import { Worker } from 'node:worker_threads'
import { MCP_HEADERS } from './lib/http.ts'
import { bundleWithEsbuild } from './lib/bundle.ts'
import { buildMcpAotEsbuild, esbuildPlugin, PACKAGE_ALIASES, ROOT } from './lib/mcp-aot.ts'
import { startWorker } from './lib/miniflare.ts'
import { quantile } from './lib/stats.ts'
import { rssKiB } from './lib/rss.ts'
import { LOAD_BODY, ORDER_ARGS } from './lib/workload.ts'
import { LIMITS } from './servers/flood/limits.ts'

const CONCURRENCY = 12
const FLOODERS = 4

/** The flooder's thread: `count` loops of initialize and a 2025-11-25 task call, each with `token(n)`'s bearer. */
const FLOODER = `
const http = require('node:http')
const { parentPort, workerData } = require('node:worker_threads')
const { url, bodies, count, token } = workerData
let stop = false
const tally = { opened: 0, refused: 0, other: 0 }
let n = 0
parentPort.on('message', () => (stop = true))
const agent = new http.Agent({ keepAlive: true, maxSockets: count })
const once = (body) => new Promise((resolve) => {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', 'content-length': String(Buffer.byteLength(body)) }
  if (token === 'one') headers.authorization = 'Bearer flooder'
  else if (token === 'many') headers.authorization = 'Bearer flooder-' + n++
  const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
    let text = ''
    res.on('data', (c) => (text += c))
    res.on('end', () => {
      if (res.statusCode === 429 || res.statusCode === 503 || text.includes('as many')) tally.refused++
      else if (res.headers['mcp-session-id'] || text.includes('"task"')) tally.opened++
      else tally.other++
      resolve()
    })
    res.on('error', () => resolve())
  })
  req.on('error', () => resolve())
  req.end(body)
})
Promise.all(Array.from({ length: count }, async (_, k) => {
  for (let i = k; !stop; i++) await once(bodies[i % bodies.length])
})).then(() => parentPort.postMessage(tally))
`

const FLOOD_BODIES = [
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: { name: 'flooder', version: '1' } } }),
  JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_order_task', arguments: ORDER_ARGS, task: { ttl: 600_000 } } }),
]

export interface FloodPhase {
  label: string
  requests: number
  errors: number
  seconds: number
  p50: number
  p99: number
  tally: { opened: number; refused: number; other: number } | undefined
  rss: number[]
}

function send(url: URL, agent: http.Agent, body: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now()
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...MCP_HEADERS, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function phase(url: URL, pid: number, requests: number, label: string, token: 'none' | 'one' | 'many' | undefined): Promise<FloodPhase> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  const latencies: number[] = []
  const rss: number[] = [rssKiB(pid)]
  const sampler = setInterval(() => rss.push(rssKiB(pid)), 250)
  const flooder = token === undefined ? undefined : new Worker(FLOODER, { eval: true, workerData: { url: url.href, bodies: FLOOD_BODIES, count: FLOODERS, token } })
  const flooded = flooder && new Promise<FloodPhase['tally']>((resolve) => flooder.once('message', resolve))
  let next = 0
  let errors = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < requests) {
        const reply = await send(url, agent, LOAD_BODY)
        if (reply.status !== 200) errors++
        latencies.push(reply.ms)
      }
    }),
  )
  const seconds = (performance.now() - t0) / 1000
  let tally: FloodPhase['tally']
  if (flooder) {
    flooder.postMessage('stop')
    tally = await flooded
    await flooder.terminate()
  }
  clearInterval(sampler)
  rss.push(rssKiB(pid))
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return { label, requests: latencies.length, errors, seconds, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), tally, rss }
}

/** A server the flood runs against: its endpoint and the process whose memory is sampled. */
interface FloodTarget {
  readonly title: string
  readonly url: URL
  readonly pid: number
  readonly processName: string
  stop(): Promise<void>
}

/** The memory hosts, served by one Node process (bench/servers/flood/worker.ts, serve.ts). */
async function nodeTarget(): Promise<FloodTarget> {
  const bundle = await buildMcpAotEsbuild(`${ROOT}bench/servers/flood/worker.ts`, `${ROOT}bench/.build/flood/worker.js`)
  const child = spawn(process.execPath, [`${ROOT}bench/servers/flood/serve.ts`, bundle], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (line: string) => {
      const match = /listening (\d+)/.exec(line)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`the flood server exited (${code})`)))
  })
  const title = `one Node process serving memorySessions() and memoryTasks() with maxSessions ${LIMITS.maxSessions}, maxSessionsPerPrincipal ${LIMITS.maxSessionsPerPrincipal}, maxTasks ${LIMITS.maxTasks}, maxTasksPerPrincipal ${LIMITS.maxTasksPerPrincipal}, reclaimIdleMs and reclaimFinishedMs ${LIMITS.reclaimMs}`
  return { title, url: new URL(`http://127.0.0.1:${port}/mcp`), pid: child.pid!, processName: 'Node', stop: async () => void child.kill() }
}

/** The Durable Object hosts in workerd (bench/servers/flood/durable.ts), with the bounds of limits.ts or with none. */
async function workerdTarget(bounded: boolean): Promise<FloodTarget> {
  const outfile = `${ROOT}bench/.build/flood/durable-${bounded ? 'bounded' : 'unbounded'}.js`
  await bundleWithEsbuild(`${ROOT}bench/servers/flood/durable.ts`, outfile, { plugins: [await esbuildPlugin()], alias: PACKAGE_ALIASES, define: { FLOOD_BOUNDED: String(bounded) } })
  const worker = await startWorker(outfile, undefined, { MCP_SESSIONS: 'McpSession', MCP_OWNED_SESSIONS: 'McpOwnedSession', MCP_TASKS: 'McpTask', MCP_OWNED_TASKS: 'McpOwnedTask' })
  const title = bounded
    ? `workerd (Miniflare, storage in memory) serving durableSessions() and durableTasks() with maxSessionsPerPrincipal ${LIMITS.maxSessionsPerPrincipal}, maxAnonymousSessions ${LIMITS.maxSessions} (16 shards), reclaimIdleMs ${LIMITS.reclaimMs}, maxTasksPerPrincipal ${LIMITS.maxTasksPerPrincipal} (an anonymous task has an object of its own)`
    : 'workerd serving durableSessions() and durableTasks() with every bound Infinity and nothing reclaimed: the Durable Object hosts as they were before issue 33 (no bound on sessions)'
  return { title, url: new URL('/mcp', worker.url), pid: worker.pid, processName: 'workerd', stop: () => worker.dispose() }
}

/** What a new anonymous client gets: its initialize's status (and Retry-After), and whether a task call made a task. */
async function newcomer(url: URL): Promise<string> {
  const headers = { ...MCP_HEADERS, 'mcp-protocol-version': '2025-11-25' }
  const init = await fetch(url, { method: 'POST', headers, body: FLOOD_BODIES[0] })
  await init.text()
  const retry = init.headers.get('retry-after')
  const task = await (await fetch(url, { method: 'POST', headers, body: FLOOD_BODIES[1] })).text()
  return `initialize ${init.status}${retry === null ? '' : ` (Retry-After ${retry})`}, task ${task.includes('"task"') ? 'made' : 'refused'}`
}

/** The five phases against one target, and a new anonymous client after the flood; the report's markdown lines. */
async function floodTable(target: FloodTarget, requests: number, log: (...a: unknown[]) => void): Promise<string[]> {
  // Warm-up (not reported): the JIT settles before the first measured phase.
  await phase(target.url, target.pid, requests, 'warm-up', undefined)
  const phases: FloodPhase[] = []
  const newcomers: string[] = []
  for (const [label, token] of [
    ['normal traffic alone', undefined],
    ['with a flooder, one token (one principal)', 'one'],
    ['with a flooder, a new token per request (a principal each)', 'many'],
    ['with a flooder, no authorization (the open server)', 'none'],
    ['normal traffic alone again, the stores full', undefined],
  ] as const) {
    log(`flood (${target.processName}): ${label}`)
    phases.push(await phase(target.url, target.pid, requests, label, token))
    if (token === 'none' || phases.length === 5) newcomers.push(await newcomer(target.url))
  }
  const mib = (kib: number) => (kib / 1024).toFixed(0)
  const alone = phases[0]!
  return [
    `Flood (bench/flood.ts): ${target.title}; ${FLOODERS} flooding connections alternate initialize and a 2025-11-25 task call; normal traffic: ${requests} stateless create_order calls at concurrency ${CONCURRENCY}.`,
    '',
    `| Phase | req/s | p50 ms | p99 ms | p99 ÷ alone | errors | flooder: opened / refused / other | ${target.processName} RSS MiB (start → max → end) |`,
    '|---|---|---|---|---|---|---|---|',
    ...phases.map((p) => {
      const t = p.tally ? `${p.tally.opened} / ${p.tally.refused} / ${p.tally.other}` : '–'
      return `| ${p.label} | ${(p.requests / p.seconds).toFixed(0)} | ${p.p50.toFixed(2)} | ${p.p99.toFixed(2)} | ×${(p.p99 / alone.p99).toFixed(2)} | ${p.errors} | ${t} | ${mib(p.rss[0]!)} → ${mib(Math.max(...p.rss))} → ${mib(p.rss.at(-1)!)} |`
    }),
    '',
    `A new anonymous client right after the anonymous flood: ${newcomers[0]}; after the last phase (${phases[4]!.seconds.toFixed(1)} s later): ${newcomers[1]}.`,
    '',
  ]
}

/** The phases against the memory hosts (Node), the Durable Object hosts bounded, and unbounded (as before); the report's markdown lines. */
export async function floodReport(requests: number, log: (...a: unknown[]) => void): Promise<string[]> {
  const lines: string[] = []
  for (const start of [nodeTarget, () => workerdTarget(true), () => workerdTarget(false)]) {
    const target = await start()
    try {
      lines.push(...(await floodTable(target, requests, log)))
    } finally {
      await target.stop()
    }
  }
  return lines
}
