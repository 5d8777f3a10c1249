/**
 * Build time with types from `@cloudflare/workers-types` (issue 17 §3): 10 tool files, each importing two
 * of its types (`D1ExecResult`, `D1Meta`) into a parameter and a result, built with esbuild + the plugin by
 * lib/build-cost.ts (one child process per sample), against the same project without the plugin.
 *   npm run build && node bench/workers-types.ts [--reps=5]     (BENCH_FROM=src to take the plugin from src/)
 * Prints a markdown table and writes bench/results/workers-types.md.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import type { BuildCost } from './lib/build-cost.ts'
import { ROOT } from './lib/mcp-aot.ts'
import { summarize } from './lib/stats.ts'
import { saveResult } from './lib/results.ts'

const FILES = 10
const reps = Number(process.argv.find((a) => a.startsWith('--reps='))?.slice(7) ?? 5)
const dir = `${ROOT}bench/.build/workers-types`

/** `from`: the module the two types are imported from: the package, or a local copy of them (the control). */
function generate(from: string): void {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(`${dir}/mcp-aot/tools`, { recursive: true })
  writeFileSync(`${dir}/mcp-aot/tools/d1.ts`, 'export interface D1ExecResult { count: number; duration: number }\nexport interface D1Meta { duration: number; size_after: number; rows_read: number; rows_written: number; last_row_id: number; changed_db: boolean; changes: number; served_by_region?: string }\n')
  for (let i = 0; i < FILES; i++) {
    writeFileSync(`${dir}/mcp-aot/tools/t${i}.ts`, `import type { D1ExecResult, D1Meta } from '${from}'

/**
 * Records a D1 run (variant ${i}).
 * @tool
 * @param run What the statement reported.
 */
export function record${i}(run: D1ExecResult): D1Meta {
  return { duration: run.duration, size_after: 0, rows_read: run.count, rows_written: 0, last_row_id: 0, changed_db: false, changes: 0 }
}
`)
  }
  const imports = Array.from({ length: FILES }, (_, i) => `import * as t${i} from './tools/t${i}.ts'`).join('\n')
  writeFileSync(`${dir}/mcp-aot/worker.ts`, `import { createServer } from 'mcp-aot'\n${imports}\n\nexport default createServer({ name: 'wt', version: '1.0.0' }, ${Array.from({ length: FILES }, (_, i) => `t${i}`).join(', ')})\n`)
}

function sample(withPlugin: boolean): BuildCost {
  const out = execFileSync(process.execPath, [`${ROOT}bench/lib/build-cost.ts`, dir, '1', ...(withPlugin ? [] : ['--no-plugin'])], { encoding: 'utf8', env: process.env })
  return JSON.parse(out.trim().split('\n').pop()!)
}

const fmt = (n: number) => n.toFixed(0)
const rows: string[] = []
for (const [label, from] of [['types from @cloudflare/workers-types', '@cloudflare/workers-types'], ['the same two types declared in the project (control)', './d1.ts']] as const) {
  generate(from)
  const costs = Array.from({ length: reps }, () => sample(true))
  const med = (f: (c: BuildCost) => number) => summarize(costs.map(f)).median
  rows.push(`| esbuild + mcp-aot, ${label} | ${fmt(med((c) => c.buildMs))} | ${fmt(med((c) => c.hookMs))} | ${fmt(med((c) => c.transformMs))} | ${fmt(med((c) => c.cpuMs))} | ${fmt(med((c) => c.peakRssMiB))} | ${fmt(med((c) => c.rebuildMs[0]!))} |`)
}
const base = sample(false)
rows.push(`| esbuild alone | ${fmt(base.buildMs)} | – | – | ${fmt(base.cpuMs)} | ${fmt(base.peakRssMiB)} | ${fmt(base.rebuildMs[0]!)} |`)
const report = `\`node bench/workers-types.ts\` — ${new Date().toISOString()} (${FILES} tool files, each importing D1ExecResult and D1Meta; medians of ${reps} builds, one process each; plugin from ${process.env.BENCH_FROM === 'src' ? 'src/' : 'dist/'})

| | first build ms | plugin hooks ms | transform ms | Node CPU ms | peak RSS MiB | rebuild after one edit ms |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`
process.stdout.write(report)
saveResult('workers-types.md', report)
