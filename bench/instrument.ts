/**
 * The cost of the `instrument` option: `npm run bench:instrument` (`-- --quick` for short windows). One
 * workerd (Miniflare) serves the bench server three ways (bench/servers/mcp-aot-instrument): without
 * `instrument`, with no-op onRequest and onCall hooks, and with the OpenTelemetry recipe; the same legacy
 * create_order tools/call is put under the same closed-loop load for each, interleaved. Prints a markdown
 * table and writes bench/results/instrument.md; the ratio is each row's median CPU over the
 * no-instrument row's, in the same process.
 */
import os from 'node:os'
import { interleavedLoads } from './lib/interleaved.ts'
import { buildMcpAotEsbuild, missingPieces, ROOT } from './lib/mcp-aot.ts'
import { startWorker } from './lib/miniflare.ts'
import { LOAD_BODY } from './lib/workload.ts'
import { saveResult } from './lib/results.ts'

const quick = process.argv.includes('--quick')
const SETTINGS = quick ? { reps: 3, concurrency: 8, warmupMs: 500, durationMs: 1500 } : { reps: 7, concurrency: 8, warmupMs: 1000, durationMs: 3000 }
const log = (...a: unknown[]) => console.error('[bench:instrument]', ...a)

const missing = missingPieces()
if (missing) throw new Error(`${missing}; run npm run build first`)
const file = await buildMcpAotEsbuild(`${ROOT}bench/servers/mcp-aot-instrument/worker.ts`, `${ROOT}bench/.build/mcp-aot-instrument/worker.js`)
const worker = await startWorker(file)
const url = new URL('/mcp', worker.url)
try {
  const variants = [
    { name: 'tools/call, no instrument', headers: { 'x-bench-instrument': 'none' } },
    { name: 'tools/call, no-op onRequest + onCall', headers: { 'x-bench-instrument': 'noop' } },
    { name: 'tools/call, OpenTelemetry recipe (no-op tracer)', headers: { 'x-bench-instrument': 'otel' } },
  ]
  // Rotated, so no variant always follows the same one.
  const runs = await interleavedLoads(url, LOAD_BODY, variants, SETTINGS, worker.pid, log, true)
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const cpu = runs.map((results) => results.map((r) => r.cpuUsPerReq))
  // Paired: each repetition's ratio to the no-instrument run of the same repetition, then the median.
  const ratio = (index: number) => median(cpu[index]!.map((value, rep) => value / cpu[0]![rep]!))
  const lines = [
    `\`npm run bench:instrument${quick ? ' -- --quick' : ''}\` — ${new Date().toISOString()} (${os.availableParallelism()} cores, shared; medians of ${SETTINGS.reps} interleaved windows of ${SETTINGS.durationMs} ms, ${SETTINGS.concurrency} connections)`,
    '',
    '| Server | req/s | p50 ms | workerd CPU µs/req (min–max) | ×no instrument (CPU, paired) |',
    '|---|---|---|---|---|',
    ...variants.map((variant, index) => {
      const results = runs[index]!
      const values = cpu[index]!
      return `| ${variant.name} | ${Math.round(median(results.map((r) => r.rps)))} | ${median(results.map((r) => r.p50Ms)).toFixed(2)} | ${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}) | ×${ratio(index).toFixed(3)} |`
    }),
    '',
  ]
  const markdown = lines.join('\n')
  console.log(markdown)
  saveResult('instrument.md', markdown)
} finally {
  await worker.dispose()
}
