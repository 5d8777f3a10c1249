/**
 * The amplification and load run of issue 9 (a bench script, not a test): `npm run bench:attack`.
 * Builds examples/incidents, serves it in workerd (bench/lib/miniflare.ts) and measures
 * 1. the reply to oversized invalid arguments: `open_incident` with `tags` = 1,000,000 numbers (2 MB) and
 *    the same within 64 KiB: reply bytes and time;
 * 2. a closed-loop load of mixed normal traffic (≥ 20,000 requests at concurrency 12), alone, then with two
 *    attackers posting the 2 MB request back to back, then the 64 KiB one: p50/p99 of the normal traffic
 *    and workerd's RSS sampled every 250 ms.
 * For the default body limit (1 MiB, where the attackers also post invalid tags just under it), and for
 * Workers with `maxBodyBytes` 4 MiB (the default before) and 64 KiB (entries written into bench/.build).
 * 3. the flood phase (bench/flood.ts): sessions and tasks created as fast as one client can against the
 *    bounded in-memory hosts, beside normal traffic (`--no-flood` leaves it out).
 * Prints markdown tables and writes bench/results/attack.md.
 */
import http from 'node:http'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { MCP_HEADERS } from './lib/http.ts'
import { buildMcpAotEsbuild, ROOT } from './lib/mcp-aot.ts'
import { startWorker } from './lib/miniflare.ts'
import { quantile } from './lib/stats.ts'
import { rssKiB } from './lib/rss.ts'
import { floodReport } from './flood.ts'
import { saveResult } from './lib/results.ts'

const REQUESTS = Number(process.argv.find((a) => a.startsWith('--requests='))?.slice(11) ?? 20_000)
const LOAD = !process.argv.includes('--no-load')
const FLOOD = !process.argv.includes('--no-flood')
const CONCURRENCY = 12
const ATTACKERS = 2
const log = (...a: unknown[]) => console.error('[attack]', ...a)

const call = (id: number, name: string, args: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })

/** open_incident with `tags` made of `count` numbers (each `0,`: two bytes). */
const tagsAttack = (count: number) => call(1, 'open_incident', { title: 'Checkout is down', service: 'checkout', severity: 'sev2', tags: new Array(count).fill(0) })

/** The normal traffic, in turn: a list, two searches, a lookup, a small invalid call. */
const NORMAL = [
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  call(2, 'search_incidents', { service: 'billing-api' }),
  call(3, 'search_incidents', { query: 'certificate', limit: 2 }),
  call(4, 'get_incident', { id: 'INC-1001' }),
  call(5, 'get_incident', { id: 42 }),
]

interface Timed {
  status: number
  bytes: number
  ms: number
}

function send(url: URL, agent: http.Agent, body: string): Promise<Timed> {
  const t0 = performance.now()
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { ...MCP_HEADERS, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let bytes = 0
      res.on('data', (c: Buffer) => (bytes += c.length))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - t0 }))
      res.on('error', reject)
    })
    // A refusal from the headers (413 for a declared length over the limit) can close the connection
    // before the upload is written: counted as status 0 (reset).
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve({ status: 0, bytes: 0, ms: performance.now() - t0 }) : reject(error)))
    req.end(body)
  })
}

/** The attackers' thread (CommonJS, evaluated): `count` loops posting `body`, until told to stop. */
const ATTACKER = `
const http = require('node:http')
const { parentPort, workerData } = require('node:worker_threads')
const { url, body, count } = workerData
let stop = false
let attacks = 0
let bytes = 0
parentPort.on('message', () => (stop = true))
const once = () => new Promise((resolve) => {
  const req = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
    let n = 0
    res.on('data', (c) => (n += c.length))
    res.on('end', () => resolve(n))
    res.on('error', () => resolve(0))
  })
  req.on('error', () => resolve(0))
  req.end(body)
})
Promise.all(Array.from({ length: count }, async () => {
  while (!stop) {
    bytes = Math.max(bytes, await once())
    attacks++
  }
})).then(() => parentPort.postMessage({ attacks, bytes }))
`

interface Phase {
  label: string
  requests: number
  errors: number
  seconds: number
  p50: number
  p99: number
  attacks: number
  attackBytes: number
  rss: number[]
}

async function phase(url: URL, pid: number, label: string, attackBody: string | undefined): Promise<Phase> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  const latencies: number[] = []
  let errors = 0
  let next = 0
  let attacks = 0
  let attackBytes = 0
  const rss: number[] = []
  const sampler = setInterval(() => rss.push(rssKiB(pid)), 250)
  // The attackers run in a thread of their own, so writing their bodies does not delay this thread's
  // measurements, each on a fresh connection (the server may close one it refused without reading it).
  const attacker = attackBody === undefined ? undefined : new Worker(ATTACKER, { eval: true, workerData: { url: url.href, body: attackBody, count: ATTACKERS } })
  const attackerDone = attacker && new Promise<{ attacks: number; bytes: number }>((resolve) => attacker.once('message', resolve))
  const t0 = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < REQUESTS) {
      const body = NORMAL[next++ % NORMAL.length]!
      const reply = await send(url, agent, body)
      if (reply.status !== 200) errors++
      latencies.push(reply.ms)
    }
  }))
  const seconds = (performance.now() - t0) / 1000
  if (attacker) {
    attacker.postMessage('stop')
    const result = await attackerDone!
    attacks = result.attacks
    attackBytes = result.bytes
    await attacker.terminate()
  }
  clearInterval(sampler)
  rss.push(rssKiB(pid))
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return { label, requests: latencies.length, errors, seconds, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), attacks, attackBytes, rss }
}

async function main(): Promise<void> {
  log('building examples/incidents (default 1 MiB body limit, 4 MiB and 64 KiB)')
  const script = await buildMcpAotEsbuild(`${ROOT}examples/incidents/src/worker.ts`, `${ROOT}bench/.build/incidents/worker.js`)
  const largeScript = await buildMcpAotEsbuild(limitedEntry('4mib', 4 * 1024 * 1024), `${ROOT}bench/.build/incidents-4mib/worker.js`)
  const limitedScript = await buildMcpAotEsbuild(limitedEntry('64kib', 64 * 1024), `${ROOT}bench/.build/incidents-64kib/worker.js`)
  const big = tagsAttack(1_000_000)
  const small = tagsAttack(Math.floor((64 * 1024 - 200) / 2))
  const underDefault = tagsAttack(Math.floor((1024 * 1024 - 200) / 2))
  const amplification: Amplification[] = []
  const phases: Phase[] = []
  for (const [limit, file] of [['1 MiB (default)', script], ['4 MiB', largeScript], ['64 KiB', limitedScript]] as const) {
    const worker = await startWorker(file)
    const endpoint = new URL('/mcp', worker.url)
    try {
      const agent = new http.Agent({ keepAlive: false, maxSockets: 1 })
      const bodies: (readonly [string, string])[] = [['2 MB tags (1,000,000 numbers)', big], ['64 KiB tags', small]]
      if (limit === '1 MiB (default)') bodies.push(['1 MiB − 200 B tags', underDefault])
      for (const [label, body] of bodies) {
        const runs: Timed[] = []
        for (let k = 0; k < 5; k++) runs.push(await send(endpoint, agent, body))
        runs.sort((a, b) => a.ms - b.ms)
        amplification.push({ label: `${label}, maxBodyBytes ${limit}`, status: runs[2]!.status, request: Buffer.byteLength(body), reply: runs[2]!.bytes, ms: runs[2]!.ms })
      }
      agent.destroy()
      if (!LOAD) continue
      const attacks: (readonly [string, string])[] = [['2 MB', big]]
      if (limit === '1 MiB (default)') attacks.push(['1 MiB − 200 B', underDefault])
      log(`maxBodyBytes ${limit}: normal traffic alone`)
      phases.push(await phase(endpoint, worker.pid, `maxBodyBytes ${limit}: normal traffic alone`, undefined))
      for (const [size, body] of attacks) {
        log(`maxBodyBytes ${limit}: with the ${size} attack`)
        phases.push(await phase(endpoint, worker.pid, `maxBodyBytes ${limit}: with ${ATTACKERS} attackers (${size} invalid tags)`, body))
      }
    } finally {
      await worker.dispose()
    }
  }
  const flood = LOAD && FLOOD ? await floodReport(Math.min(REQUESTS, 10_000), log) : []
  const md = [report(amplification, phases), ...flood].join('\n')
  console.log(md)
  if (!LOAD) return
  saveResult('attack.md', md)
}

/** examples/incidents with `maxBodyBytes: bytes`, as an entry written into bench/.build (plain JS, so the typecheck never sees it). */
function limitedEntry(name: string, bytes: number): string {
  const dir = `${ROOT}bench/.build/incidents-${name}`
  const src = `${ROOT}examples/incidents/src`
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    `${dir}/entry.js`,
    [
      `import { createServer } from 'mcp-aot'`,
      `import { info } from '${src}/info.ts'`,
      `import * as incidents from '${src}/tools/incidents.ts'`,
      `import * as runbooks from '${src}/tools/runbooks.ts'`,
      `import * as prompts from '${src}/prompts.ts'`,
      `export default createServer(info, incidents, runbooks, prompts, { maxBodyBytes: ${bytes} })`,
      '',
    ].join('\n'),
  )
  return `${dir}/entry.js`
}

interface Amplification {
  label: string
  status: number
  request: number
  reply: number
  ms: number
}

function report(amplification: Amplification[], phases: Phase[]): string {
  const mib = (kib: number) => (kib / 1024).toFixed(0)
  const lines = [
    `\`npm run bench:attack\` — ${new Date().toISOString()}, examples/incidents in workerd, ${os.cpus().length} shared cores`,
    '',
    '| Oversized invalid arguments | status (0: reset after a 413) | request bytes | reply bytes | reply ÷ request | ms (median of 5) |',
    '|---|---|---|---|---|---|',
    ...amplification.map((a) => `| ${a.label} | ${a.status} | ${a.request} | ${a.reply} | ${(a.reply / a.request).toFixed(4)} | ${a.ms.toFixed(1)} |`),
    '',
    `| Load (${REQUESTS} mixed requests, concurrency ${CONCURRENCY}) | req/s | p50 ms | p99 ms | errors | attack requests | largest attack reply bytes | workerd RSS MiB (start → max → end) |`,
    '|---|---|---|---|---|---|---|---|',
    ...phases.map((p) => `| ${p.label} | ${(p.requests / p.seconds).toFixed(0)} | ${p.p50.toFixed(2)} | ${p.p99.toFixed(2)} | ${p.errors} | ${p.attacks} | ${p.attackBytes} | ${mib(p.rss[0]!)} → ${mib(Math.max(...p.rss))} → ${mib(p.rss.at(-1)!)} |`),
    '',
  ]
  if (phases.length > 1) {
    const perSecond = (p: Phase) => p.rss.filter((_, i) => i % 4 === 0).map(mib).join(' ')
    for (const p of phases) {
      const alone = phases.find((q) => q.attacks === 0 && q.label.split(':')[0] === p.label.split(':')[0])!
      if (p !== alone) lines.push(`p99 ${p.label} ÷ alone: ${(p.p99 / alone.p99).toFixed(2)} (target ≤ 2).`, '')
    }
    lines.push(`workerd RSS each second (MiB), phase after phase: ${phases.map((p) => `${p.label}: ${perSecond(p)}`).join('; ')}`, '')
  }
  return lines.join('\n')
}

await main()
