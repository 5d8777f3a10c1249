/**
 * The benchmark suite: `npm run bench` (or `npm run bench -- --quick`). Builds the four servers (mcp-aot
 * with esbuild and with Vite, the official SDK, the hand-written floor, a no-op), checks they answer
 * alike, then measures bundle size, cold start, load and build cost, judges issue 5's targets, prints a
 * markdown table and writes bench/results/latest.{json,md}. See bench/README.md for the method.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { bundleWithEsbuild, measureBundle } from './lib/bundle.ts'
import type { BuildCost } from './lib/build-cost.ts'
import { runBuildCost } from './lib/build-cost-process.ts'
import { generateProject } from './lib/gen-tools.ts'
import { jsonRpc, post } from './lib/http.ts'
import { runLoad, type LoadResult } from './lib/load.ts'
import { buildMcpAotEsbuild, buildMcpAotVite, missingPieces, ROOT } from './lib/mcp-aot.ts'
import { startWorker, type RunningWorker } from './lib/miniflare.ts'
import { cpuUs } from './lib/proc.ts'
import { pairedRatio, toMarkdown, type ColdStart, type Load, type Results, type ScalingRow, type ServerResult, type Target } from './lib/report.ts'
import { summarize } from './lib/stats.ts'
import { BAD_BODY, CASES, call, comparable, LOAD_BODY } from './lib/workload.ts'
import { buildFloorValidators } from './servers/floor/build.ts'
import { saveResult } from './lib/results.ts'

const quick = process.argv.includes('--quick')
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',')
const rate = Number(process.argv.find((a) => a.startsWith('--rate='))?.slice(7) ?? 0) || undefined
const SETTINGS = quick
  ? { coldReps: 3, loadReps: 2, concurrency: 8, warmupMs: 500, durationMs: 1500, buildReps: 1, rebuilds: 2, scaleColdReps: 2 }
  : { coldReps: 11, loadReps: 9, concurrency: 8, warmupMs: 1000, durationMs: 3000, buildReps: 3, rebuilds: 5, scaleColdReps: 5 }
const SCALES = quick ? [10, 100, 1000] : [10, 100, 1000]
const OUT = `${ROOT}bench/.build`
const log = (...a: unknown[]) => console.error('[bench]', ...a)

const running = new Set<RunningWorker>()
const stopAll = async () => {
  await Promise.all([...running].map((w) => w.dispose().catch(() => {})))
  running.clear()
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => void stopAll().then(() => process.exit(130)))

interface Server {
  id: string
  label: string
  build: () => Promise<string>
}

const SERVERS: Server[] = [
  { id: 'noop', label: 'no-op', build: () => bundleWithEsbuild(`${ROOT}bench/servers/noop/worker.ts`, `${OUT}/noop/worker.js`) },
  {
    id: 'floor',
    label: 'floor (hand-written + ajv standalone)',
    build: async () => {
      buildFloorValidators()
      return bundleWithEsbuild(`${ROOT}bench/servers/floor/worker.ts`, `${OUT}/floor/worker.js`)
    },
  },
  { id: 'mcp-aot', label: 'mcp-aot (esbuild)', build: () => buildMcpAotEsbuild(`${ROOT}bench/servers/mcp-aot/worker.ts`, `${OUT}/mcp-aot/worker.js`) },
  { id: 'mcp-aot-vite', label: 'mcp-aot (Vite)', build: () => buildMcpAotVite(`${ROOT}bench/servers/mcp-aot/worker.ts`, `${OUT}/mcp-aot-vite/worker.js`) },
  { id: 'sdk', label: 'official SDK 1.32 + zod', build: () => bundleWithEsbuild(`${ROOT}bench/servers/sdk/worker.ts`, `${OUT}/sdk/worker.js`) },
]

/** Starts a worker and times its first reply to `body`, which must be a successful tools/call. */
async function coldStart(file: string, body: string): Promise<{ ms: number; cpuMs: number; cpuMsSched: number }> {
  const w = await startWorker(file, body)
  running.add(w)
  try {
    const cpu = cpuUs(w.pid)
    const reply = w.first!.reply
    const msg = reply.status === 200 ? jsonRpc(reply) : undefined
    if (!msg?.result || msg.result.isError) throw new Error(`first reply was not a successful tools/call: ${reply.status} ${reply.body.slice(0, 300)}`)
    return { ms: w.first!.ms, cpuMs: cpu.stat / 1000, cpuMsSched: cpu.sched / 1000 }
  } finally {
    running.delete(w)
    await w.dispose()
  }
}

function summarizeCold(samples: { ms: number; cpuMs: number; cpuMsSched: number }[]): ColdStart {
  return {
    ms: summarize(samples.map((s) => s.ms)),
    cpuMs: summarize(samples.map((s) => s.cpuMs)),
    cpuMsSched: summarize(samples.map((s) => s.cpuMsSched)),
    samples,
  }
}

function summarizeLoad(samples: LoadResult[]): Load {
  return {
    rps: summarize(samples.map((s) => s.rps)),
    p50Ms: summarize(samples.map((s) => s.p50Ms)),
    p99Ms: summarize(samples.map((s) => s.p99Ms)),
    cpuUsPerReq: summarize(samples.map((s) => s.cpuUsPerReq)),
    cpuUsPerReqSched: summarize(samples.map((s) => s.cpuUsPerReqSched)),
    requests: samples.reduce((n, s) => n + s.requests, 0),
    errors: samples.reduce((n, s) => n + s.errors, 0),
    samples,
  }
}

/** Rotates the order each repetition, so no server always runs first or last. */
const rotate = <T>(xs: T[], k: number) => xs.map((_, i) => xs[(i + k) % xs.length])

async function benchServers(results: Results): Promise<void> {
  const built: { server: Server; file: string }[] = []
  const missing = missingPieces()
  for (const server of SERVERS) {
    const entry: ServerResult = { label: server.label }
    results.servers[server.id] = entry
    if (only && !only.includes(server.id)) {
      entry.error = 'skipped (--only)'
      continue
    }
    if (server.id.startsWith('mcp-aot') && missing) {
      entry.error = missing
      continue
    }
    try {
      const file = await server.build()
      entry.size = measureBundle(file)
      built.push({ server, file })
    } catch (error) {
      entry.error = `build failed: ${String((error as Error).message ?? error).split('\n')[0]}`
      log(server.id, error)
    }
  }

  // Same answers everywhere, and what each says to a bad create_order.
  const live: { server: Server; worker: RunningWorker; expectedLength: number }[] = []
  for (const { server, file } of built) {
    const entry = results.servers[server.id]
    try {
      const worker = await startWorker(file)
      running.add(worker)
      const mcp = new URL('/mcp', worker.url)
      entry.correct = {}
      for (const c of CASES) {
        const reply = await post(mcp, c.body)
        entry.correct[c.name] = reply.status === 200 && JSON.stringify(comparable(jsonRpc(reply)?.result)) === JSON.stringify(c.result)
      }
      const bad = await post(mcp, BAD_BODY)
      const msg = bad.body ? jsonRpc(bad) : undefined
      entry.invalid = msg?.error
        ? { status: bad.status, kind: `JSON-RPC error ${msg.error.code}`, text: String(msg.error.message) }
        : { status: bad.status, kind: msg?.result?.isError ? 'isError result' : 'result (not an error!)', text: String(msg?.result?.content?.[0]?.text ?? bad.body) }
      const ref = await post(mcp, LOAD_BODY)
      if (ref.status !== 200) throw new Error(`create_order answered ${ref.status}: ${ref.body.slice(0, 200)}`)
      live.push({ server, worker, expectedLength: Buffer.byteLength(ref.body) })
    } catch (error) {
      entry.error = `did not serve: ${String((error as Error).message ?? error).split('\n')[0]}`
      log(server.id, error)
    }
  }

  // Load: every server alive, repetitions interleaved.
  const loadSamples = new Map<string, LoadResult[]>()
  for (let rep = 0; rep < SETTINGS.loadReps; rep++) {
    for (const { server, worker, expectedLength } of rotate(live, rep)) {
      log(`load ${server.id} rep ${rep + 1}/${SETTINGS.loadReps}`)
      const r = await runLoad(new URL('/mcp', worker.url), LOAD_BODY, {
        concurrency: SETTINGS.concurrency,
        warmupMs: SETTINGS.warmupMs,
        durationMs: SETTINGS.durationMs,
        pid: worker.pid,
        expectedLength,
        rate,
      })
      if (!loadSamples.has(server.id)) loadSamples.set(server.id, [])
      loadSamples.get(server.id)!.push(r)
    }
  }
  for (const [id, samples] of loadSamples) results.servers[id].load = summarizeLoad(samples)
  await stopAll()

  // Cold start: a fresh workerd per sample, interleaved.
  const coldSamples = new Map<string, { ms: number; cpuMs: number; cpuMsSched: number }[]>()
  const servable = built.filter(({ server }) => !results.servers[server.id].error)
  for (let rep = 0; rep < SETTINGS.coldReps; rep++) {
    for (const { server, file } of rotate(servable, rep)) {
      try {
        const s = await coldStart(file, LOAD_BODY)
        if (!coldSamples.has(server.id)) coldSamples.set(server.id, [])
        coldSamples.get(server.id)!.push(s)
      } catch (error) {
        log(server.id, 'cold start', error)
      }
    }
    log(`cold start rep ${rep + 1}/${SETTINGS.coldReps}`)
  }
  for (const [id, samples] of coldSamples) results.servers[id].cold = summarizeCold(samples)
}

async function benchScaling(results: Results): Promise<void> {
  const missing = missingPieces()
  for (const tools of SCALES) {
    const project = generateProject(tools)
    const row: ScalingRow = { tools, files: project.files }
    results.scaling.push(row)
    const body = call('search0', { query: 'incident' })
    try {
      const sdkFile = await bundleWithEsbuild(project.sdkEntry, `${project.dir}/out/sdk.js`)
      const cold = []
      for (let k = 0; k < SETTINGS.scaleColdReps; k++) cold.push(await coldStart(sdkFile, body))
      row.sdk = { size: measureBundle(sdkFile), cold: summarizeCold(cold) }
    } catch (error) {
      log('sdk scaling', tools, error)
    }
    if (missing) {
      row.error = missing
      continue
    }
    try {
      log(`build cost ${tools} tools`)
      const costs: BuildCost[] = []
      for (let k = 0; k < SETTINGS.buildReps; k++) costs.push(await runBuildCost(project.dir, SETTINGS.rebuilds, true))
      const base = await runBuildCost(project.dir, SETTINGS.rebuilds, false)
      const all = (f: (c: BuildCost) => number) => summarize(costs.map(f))
      row.cost = {
        buildMs: all((c) => c.buildMs),
        transformMs: all((c) => c.transformMs),
        hookMs: all((c) => c.hookMs),
        cpuMs: all((c) => c.cpuMs),
        peakRssMiB: all((c) => c.peakRssMiB),
        rebuildMs: summarize(costs.flatMap((c) => c.rebuildMs)),
      }
      row.baseline = {
        buildMs: summarize([base.buildMs]),
        cpuMs: summarize([base.cpuMs]),
        peakRssMiB: summarize([base.peakRssMiB]),
        rebuildMs: summarize(base.rebuildMs),
      }
      const aotFile = await buildMcpAotEsbuild(project.mcpAotEntry, `${project.dir}/out/mcp-aot.js`)
      const cold = []
      for (let k = 0; k < SETTINGS.scaleColdReps; k++) cold.push(await coldStart(aotFile, body))
      row.aot = { size: measureBundle(aotFile), cold: summarizeCold(cold) }
    } catch (error) {
      row.error = `failed: ${String((error as Error).message ?? error).split('\n')[0]}`
      log('mcp-aot scaling', tools, error)
    }
  }
}

function judge(results: Results): Target[] {
  const s = results.servers
  const aot = s['mcp-aot']
  const floor = s.floor
  const sdk = s.sdk
  const noop = s.noop
  const t = (name: string, value: number | undefined | null, limit: string, ok: (v: number) => boolean): Target => ({
    name,
    value: value ?? null,
    limit,
    pass: value === undefined || value === null || !Number.isFinite(value) ? null : ok(value),
  })
  const div = (a?: number, b?: number) => (a !== undefined && b ? a / b : undefined)
  const cpu = (x?: ServerResult) => x?.load?.samples.map((r) => r.cpuUsPerReq)
  const netRatio = () => {
    const a = cpu(aot)
    const b = cpu(sdk)
    const z = cpu(noop)
    if (!a || !b || !z) return undefined
    const n = Math.min(a.length, b.length, z.length)
    return summarize(Array.from({ length: n }, (_, i) => (a[i] - z[i]) / (b[i] - z[i]))).median
  }
  const cold = (x: ServerResult | undefined, f: 'ms' | 'cpuMsSched') => x?.cold?.samples.map((r) => r[f])
  return [
    t('CPU/request ÷ floor', pairedRatio(cpu(aot), cpu(floor)), '≤ 1.15', (v) => v <= 1.15),
    t('bundle (gzip) ÷ floor', div(aot?.size?.gzip, floor?.size?.gzip), '≤ 2', (v) => v <= 2),
    t('bundle (raw) ÷ floor', div(aot?.size?.raw, floor?.size?.raw), '≤ 2', (v) => v <= 2),
    t('cold start (first reply) ÷ floor', pairedRatio(cold(aot, 'ms'), cold(floor, 'ms')), '≤ 1.1', (v) => v <= 1.1),
    t('workerd CPU to ready ÷ floor', pairedRatio(cold(aot, 'cpuMsSched'), cold(floor, 'cpuMsSched')), '≤ 1.1', (v) => v <= 1.1),
    t('SDK bundle (gzip) ÷ mcp-aot', div(sdk?.size?.gzip, aot?.size?.gzip), '≥ 10', (v) => v >= 10),
    t('SDK bundle (raw) ÷ mcp-aot', div(sdk?.size?.raw, aot?.size?.raw), '≥ 10', (v) => v >= 10),
    t('(mcp-aot − no-op) ÷ (SDK − no-op) CPU/request', netRatio(), '≤ 0.333', (v) => v <= 1 / 3),
    t('eval/new Function in our bundles', (aot?.size?.codegen ?? NaN) + (s['mcp-aot-vite']?.size?.codegen ?? 0) + (floor?.size?.codegen ?? 0), '= 0', (v) => v === 0),
  ]
}

async function main(): Promise<void> {
  const started = performance.now()
  const pkg = (name: string) => JSON.parse(readFileSync(`${ROOT}node_modules/${name}/package.json`, 'utf8')).version
  let commit = ''
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
  } catch {}
  const results: Results = {
    date: new Date().toISOString(),
    command: `npm run bench${quick ? ' -- --quick' : ''}`,
    environment: {
      commit,
      cpu: `${os.cpus().length}× ${os.cpus()[0]?.model ?? '?'}`,
      node: process.version,
      workerd: pkg('workerd'),
      miniflare: pkg('miniflare'),
      esbuild: pkg('esbuild'),
      vite: pkg('vite'),
      '@modelcontextprotocol/sdk': pkg('@modelcontextprotocol/sdk'),
      zod: pkg('zod'),
    },
    settings: { ...SETTINGS, rate: rate ?? 0 },
    servers: {},
    scaling: [],
    targets: [],
  }
  try {
    await benchServers(results)
    if (!process.argv.includes('--no-scaling')) await benchScaling(results)
  } finally {
    await stopAll()
  }
  results.targets = judge(results)
  results.environment.seconds = Math.round((performance.now() - started) / 1000)
  const md = toMarkdown(results)
  saveResult('latest.json', JSON.stringify(results, null, 2) + '\n')
  saveResult('latest.md', md)
  console.log(md)
}

await main()
