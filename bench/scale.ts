/**
 * How a server grows with its tools: `npm run bench:scale` (`-- --quick` for short windows). At 10, 100 and
 * 1000 tools (bench/lib/gen-tools.ts, 10 per file, three shapes) the same project is built three ways: mcp-aot
 * now, mcp-aot at a previous revision (`--before=<rev>`, default 2bec5d1; built from git with its own
 * plugin; `--before=` for none), and the official SDK with zod. For each it measures, in one run:
 * - the Worker bundle (raw and gzip bytes, esbuild, minified);
 * - workerd startup: CPU to the first reply of a tools/call, over a no-op Worker's, starts interleaved;
 * - the workerd CPU of a tools/call and of a tools/list under closed-loop load;
 * - mcp-aot now only: the build (bench/lib/build-cost.ts: cold, each rebuild after one tool file changed,
 *   in an esbuild context) beside the same build without the plugin.
 * Prints a markdown table and writes bench/results/scale.md. Never a timed test: figures for docs/benchmarks.md.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import { pathToFileURL } from 'node:url'
import { bundleWithEsbuild, measureBundle } from './lib/bundle.ts'
import type { BuildCost } from './lib/build-cost.ts'
import { runBuildCost } from './lib/build-cost-process.ts'
import { generateProject } from './lib/gen-tools.ts'
import { jsonRpc, MCP_HEADERS, post } from './lib/http.ts'
import { runLoad } from './lib/load.ts'
import { buildMcpAotEsbuild, missingPieces, PACKAGE_ALIASES, ROOT } from './lib/mcp-aot.ts'
import { startWorker } from './lib/miniflare.ts'
import { cpuUs } from './lib/proc.ts'
import { call } from './lib/workload.ts'
import { saveResult } from './lib/results.ts'

const quick = process.argv.includes('--quick')
const BEFORE = process.argv.find((arg) => arg.startsWith('--before='))?.slice('--before='.length) ?? '2bec5d1'
const SETTINGS = quick
  ? { startups: 5, windows: 2, concurrency: 8, warmupMs: 300, durationMs: 1000, rebuilds: 2 }
  : { startups: 11, windows: 3, concurrency: 8, warmupMs: 500, durationMs: 2000, rebuilds: 5 }
const SCALES = [10, 100, 1000]
const OUT = `${ROOT}bench/.build/scale`
const log = (...a: unknown[]) => console.error('[bench:scale]', ...a)
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const missing = missingPieces()
if (missing) throw new Error(`${missing}; run npm run build first`)
mkdirSync(OUT, { recursive: true })

/** A previous revision's plugin (with the runtime beside it), from git. */
async function beforePlugin(): Promise<unknown> {
  const root = `${ROOT}bench/.build/scale-before/`
  rmSync(root, { recursive: true, force: true })
  mkdirSync(root, { recursive: true })
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive ${BEFORE} src | tar -x -C "${root}"`])
  return (await import(pathToFileURL(`${root}src/esbuild.ts`).href)).default()
}

/** workerd CPU (ms, schedstat) from start to the first reply of `body`, which must be a successful tools/call. */
async function startup(file: string, body: string): Promise<number> {
  const worker = await startWorker(file, body)
  try {
    const reply = worker.first!.reply
    const message = reply.status === 200 ? jsonRpc(reply) : undefined
    if (!message?.result || message.result.isError) throw new Error(`${file}: the first reply was not a successful tools/call: ${reply.status} ${reply.body.slice(0, 200)}`)
    return cpuUs(worker.pid).sched / 1000
  } finally {
    await worker.dispose()
  }
}

/** Median workerd CPU per request (µs) of each body under load, windows interleaved. */
async function loads(file: string, bodies: readonly string[]): Promise<number[]> {
  const worker = await startWorker(file)
  try {
    const url = new URL('/mcp', worker.url)
    const lengths = await Promise.all(
      bodies.map(async (body) => {
        const reply = await post(url, body, undefined, MCP_HEADERS)
        if (reply.status !== 200 || !jsonRpc(reply)?.result) throw new Error(`${file}: not a successful reply: ${reply.status} ${reply.body.slice(0, 200)}`)
        return Buffer.byteLength(reply.body)
      }),
    )
    const samples = bodies.map(() => [] as number[])
    for (let w = 0; w < SETTINGS.windows; w++) {
      for (const [k, body] of bodies.entries()) {
        const result = await runLoad(url, body, { ...SETTINGS, pid: worker.pid, expectedLength: lengths[k]! })
        if (result.errors > 0) throw new Error(`${file}: ${result.errors} failed replies`)
        // A window too short for one reply (the SDK's tools/list at 1000 tools) says nothing.
        if (result.requests > 0) samples[k]!.push(result.cpuUsPerReqSched)
      }
    }
    return samples.map((values) => (values.length > 0 ? median(values) : NaN))
  } finally {
    await worker.dispose()
  }
}

interface Column {
  bytes: number
  gzip: number
  startupMs: number
  callUs: number
  listUs: number
}

const noop = await bundleWithEsbuild(`${ROOT}bench/servers/noop/worker.ts`, `${OUT}/noop.js`)
const before = BEFORE ? await beforePlugin() : undefined
const CALL = call('search0', { query: 'incident' })
const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
const rows: { tools: number; columns: Record<string, Column>; build?: BuildCost; baseline?: BuildCost }[] = []
for (const tools of SCALES) {
  const project = generateProject(tools)
  log(`${tools} tools: building`)
  const files: Record<string, string> = {
    now: await buildMcpAotEsbuild(project.mcpAotEntry, `${OUT}/now-${tools}.js`),
    ...(before ? { [BEFORE]: await bundleWithEsbuild(project.mcpAotEntry, `${OUT}/before-${tools}.js`, { plugins: [before as never], alias: PACKAGE_ALIASES }) } : {}),
    sdk: await bundleWithEsbuild(project.sdkEntry, `${OUT}/sdk-${tools}.js`),
  }
  log(`${tools} tools: startup`)
  const starts: Record<string, number[]> = { noop: [] }
  for (let rep = 0; rep < SETTINGS.startups; rep++) {
    // The no-op Worker answers anything; its first reply is not a tools/call.
    const worker = await startWorker(noop, CALL)
    starts.noop!.push(cpuUs(worker.pid).sched / 1000)
    await worker.dispose()
    for (const [name, file] of Object.entries(files)) (starts[name] ??= []).push(await startup(file, CALL))
  }
  const columns: Record<string, Column> = {}
  for (const [name, file] of Object.entries(files)) {
    log(`${tools} tools: load, ${name}`)
    const [callUs, listUs] = await loads(file, [CALL, LIST])
    const size = measureBundle(file)
    columns[name] = { bytes: size.raw, gzip: size.gzip, startupMs: median(starts[name]!) - median(starts.noop!), callUs: callUs!, listUs: listUs! }
  }
  log(`${tools} tools: build cost`)
  rows.push({ tools, columns, build: await runBuildCost(project.dir, SETTINGS.rebuilds, true), baseline: await runBuildCost(project.dir, SETTINGS.rebuilds, false) })
}

const us = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : '–')
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`
const names = Object.keys(rows[0]!.columns)
const lines = [
  `\`npm run bench:scale${quick ? ' -- --quick' : ''}\` — ${new Date().toISOString()} (${os.availableParallelism()} cores, shared; startup: medians of ${SETTINGS.startups} starts over a no-op Worker's; CPU per request: medians of ${SETTINGS.windows} windows of ${SETTINGS.durationMs} ms, ${SETTINGS.concurrency} connections)`,
  '',
  `| tools | ${names.map((n) => `${n}: bundle (gzip) | ${n}: startup CPU | ${n}: call µs | ${n}: list µs`).join(' | ')} |`,
  `|---|${names.map(() => '---|---|---|---|').join('')}`,
  ...rows.map(
    (row) =>
      `| ${row.tools} | ${names
        .map((n) => {
          const c = row.columns[n]!
          return `${kib(c.bytes)} (${kib(c.gzip)}) | ${c.startupMs.toFixed(1)} ms | ${us(c.callUs)} | ${us(c.listUs)}`
        })
        .join(' | ')} |`,
  ),
  '',
  '| tools | build (plugin) | per tool | rebuild after an edit (median) | no plugin: build | no plugin: rebuild |',
  '|---|---|---|---|---|---|',
  ...rows.map((row) => {
    const b = row.build!
    const base = row.baseline!
    return `| ${row.tools} | ${Math.round(b.buildMs)} ms | ${(b.buildMs / row.tools).toFixed(2)} ms | ${Math.round(median(b.rebuildMs))} ms | ${Math.round(base.buildMs)} ms | ${Math.round(median(base.rebuildMs))} ms |`
  }),
  '',
]
const markdown = lines.join('\n')
console.log(markdown)
saveResult('scale.md', markdown)
