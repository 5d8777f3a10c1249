/**
 * The amplification and load run of issue 9 (a bench script, not a test): `npm run bench:attack`.
 * Builds examples/incidents, serves it in workerd (bench/lib/miniflare.ts) and measures
 * 1. the reply to oversized invalid arguments: `open_incident` with `tags` = 1,000,000 numbers (2 MB) and
 *    the same within 64 KiB: reply bytes and time;
 * 2. a closed-loop load of mixed normal traffic (≥ 20,000 requests at concurrency 12), alone and with two
 *    attackers posting the 2 MB request back to back: p50/p99 of the normal traffic and workerd's RSS
 *    sampled every 250 ms.
 * Prints a markdown table and writes bench/results/attack.md.
 */
import http from 'node:http'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { MCP_HEADERS } from './lib/http.ts'
import { buildMcpAotEsbuild, ROOT } from './lib/mcp-aot.ts'
import { startWorker } from './lib/miniflare.ts'
import { quantile } from './lib/stats.ts'

const REQUESTS = Number(process.argv.find((a) => a.startsWith('--requests='))?.slice(11) ?? 20_000)
const LOAD = !process.argv.includes('--no-load')
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
    req.on('error', reject)
    req.end(body)
  })
}

function rssKiB(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) : NaN
}

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
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + ATTACKERS })
  const latencies: number[] = []
  let errors = 0
  let next = 0
  let done = false
  let attacks = 0
  let attackBytes = 0
  const rss: number[] = []
  const sampler = setInterval(() => rss.push(rssKiB(pid)), 250)
  const attackers = attackBody === undefined ? [] : Array.from({ length: ATTACKERS }, async () => {
    while (!done) {
      const reply = await send(url, agent, attackBody)
      attacks++
      attackBytes = Math.max(attackBytes, reply.bytes)
    }
  })
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
  done = true
  await Promise.all(attackers)
  clearInterval(sampler)
  rss.push(rssKiB(pid))
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return { label, requests: latencies.length, errors, seconds, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), attacks, attackBytes, rss }
}

async function main(): Promise<void> {
  log('building examples/incidents')
  const script = await buildMcpAotEsbuild(`${ROOT}examples/incidents/src/worker.ts`, `${ROOT}bench/.build/incidents/worker.js`)
  const worker = await startWorker(script)
  const endpoint = new URL('/mcp', worker.url)
  try {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const big = tagsAttack(1_000_000)
    const small = tagsAttack(Math.floor((64 * 1024 - 200) / 2))
    const amplification: { label: string; request: number; reply: number; ms: number }[] = []
    for (const [label, body] of [['2 MB tags (1,000,000 numbers)', big], ['64 KiB tags', small]] as const) {
      const runs: Timed[] = []
      for (let k = 0; k < 5; k++) runs.push(await send(endpoint, agent, body))
      runs.sort((a, b) => a.ms - b.ms)
      amplification.push({ label, request: Buffer.byteLength(body), reply: runs[2]!.bytes, ms: runs[2]!.ms })
    }
    agent.destroy()
    if (!LOAD) return void console.log(report(amplification, []))
    log('normal traffic alone')
    const alone = await phase(endpoint, worker.pid, 'normal traffic alone', undefined)
    log('normal traffic with the attack')
    const attacked = await phase(endpoint, worker.pid, `with ${ATTACKERS} attackers (2 MB invalid tags)`, big)
    const md = report(amplification, [alone, attacked])
    console.log(md)
    mkdirSync(`${ROOT}bench/results`, { recursive: true })
    writeFileSync(`${ROOT}bench/results/attack.md`, md)
  } finally {
    await worker.dispose()
  }
}

function report(amplification: { label: string; request: number; reply: number; ms: number }[], phases: Phase[]): string {
  const mib = (kib: number) => (kib / 1024).toFixed(0)
  const lines = [
    `\`npm run bench:attack\` — ${new Date().toISOString()}, examples/incidents in workerd, ${os.cpus().length} shared cores`,
    '',
    '| Oversized invalid arguments | request bytes | reply bytes | reply ÷ request | ms (median of 5) |',
    '|---|---|---|---|---|',
    ...amplification.map((a) => `| ${a.label} | ${a.request} | ${a.reply} | ${(a.reply / a.request).toFixed(4)} | ${a.ms.toFixed(1)} |`),
    '',
    `| Load (${REQUESTS} mixed requests, concurrency ${CONCURRENCY}) | req/s | p50 ms | p99 ms | errors | attack requests | largest attack reply bytes | workerd RSS MiB (start → max → end) |`,
    '|---|---|---|---|---|---|---|---|',
    ...phases.map((p) => `| ${p.label} | ${(p.requests / p.seconds).toFixed(0)} | ${p.p50.toFixed(2)} | ${p.p99.toFixed(2)} | ${p.errors} | ${p.attacks} | ${p.attackBytes} | ${mib(p.rss[0]!)} → ${mib(Math.max(...p.rss))} → ${mib(p.rss.at(-1)!)} |`),
    '',
  ]
  if (phases.length === 2) {
    const perSecond = (p: Phase) => p.rss.filter((_, i) => i % 4 === 0).map(mib).join(' ')
    lines.push(`p99 with the attack ÷ without: ${(phases[1]!.p99 / phases[0]!.p99).toFixed(2)} (target ≤ 2).`, '')
    lines.push(`workerd RSS each second (MiB): alone ${perSecond(phases[0]!)}; attacked ${perSecond(phases[1]!)}`, '')
  }
  return lines.join('\n')
}

await main()
