/**
 * Build and rebuild cost at 10/100/1000 tools (10 per file, their object types in 10 shared type files),
 * through an esbuild context: a cold build, a rebuild after one tool file changed, after a type file changed
 * (the tool files that read it compile again), with nothing changed, and esbuild alone (no plugin) as the
 * peer. With `--before=<checkout>` (another checkout with `npm run build` done, such as a worktree of main)
 * its plugin is measured in the same run, interleaved with this one, for a before/after:
 *
 *   git worktree add --detach /tmp/mcp-aot-main main && ln -s "$PWD/node_modules" /tmp/mcp-aot-main/
 *   (cd /tmp/mcp-aot-main && npx tsc -p tsconfig.build.json)
 *   npm run bench:rebuild -- --before=/tmp/mcp-aot-main
 *
 * Flags: `--reps=N` processes per variant and scale (default 3), each doing `--rebuilds=N` rebuilds of each
 * kind (default 3); `--scales=10,100`. Prints a markdown report and writes bench/results/rebuild.md and
 * rebuild.json (every sample).
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import type { BuildCost } from './lib/build-cost.ts'
import { generateProject } from './lib/gen-tools.ts'
import { ROOT } from './lib/mcp-aot.ts'
import { summarize, type Summary } from './lib/stats.ts'
import { saveResult } from './lib/results.ts'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const REPS = Number(arg('reps') ?? 3)
const REBUILDS = Number(arg('rebuilds') ?? 3)
const SCALES = (arg('scales') ?? '10,100,1000').split(',').map(Number)
const before = arg('before')
const beforePlugin = before ? `${before.replace(/\/$/, '')}/dist/esbuild.js` : undefined
if (beforePlugin && !existsSync(beforePlugin)) throw new Error(`--before: ${beforePlugin} is missing (build that checkout first)`)

interface Variant {
  id: string
  label: string
  args: string[]
}
const VARIANTS: Variant[] = [
  ...(beforePlugin ? [{ id: 'before', label: `before (${describe(before!)})`, args: [`--plugin=${beforePlugin}`] }] : []),
  { id: 'after', label: `after (${describe(ROOT)})`, args: [] },
  { id: 'esbuild', label: 'esbuild alone (no plugin)', args: ['--no-plugin'] },
]

function describe(dir: string): string {
  try {
    const git = (...a: string[]) => execFileSync('git', ['-C', dir, ...a], { encoding: 'utf8' }).trim()
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ', modified' : ''}`
  } catch {
    return dir
  }
}

function run(dir: string, args: string[]): Promise<BuildCost> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${ROOT}bench/lib/build-cost.ts`, dir, String(REBUILDS), ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (c) => (out += c))
    child.stderr.on('data', (c) => (err += c))
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(err.trim().split('\n').slice(-5).join('\n')))))
  })
}

interface Row {
  tools: number
  files: number
  typeReaders: number
  variants: Record<string, BuildCost[]>
}

const rows: Row[] = []
for (const tools of SCALES) {
  const project = generateProject(tools, { sharedTypes: true })
  const row: Row = { tools, files: project.files, typeReaders: project.typeFile!.readers, variants: {} }
  rows.push(row)
  for (let rep = 0; rep < REPS; rep++) {
    for (const v of VARIANTS) {
      const cost = await run(project.dir, [...v.args, `--type-file=${project.typeFile!.path}`])
      ;(row.variants[v.id] ??= []).push(cost)
      process.stderr.write(`${tools} tools, ${v.id}, rep ${rep + 1}/${REPS}: cold ${cost.buildMs.toFixed(0)} ms, edit ${cost.rebuildMs.map((x) => x.toFixed(0)).join('/')} ms\n`)
    }
  }
}

const fmt = (s: Summary) => `${s.median.toFixed(0)} (${s.min.toFixed(0)}–${s.max.toFixed(0)})`
const lines: string[] = []
lines.push(`# Build and rebuild cost (esbuild context)`, '')
lines.push(`${new Date().toISOString()}, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} at the end (2 cores); ${REPS} processes per variant and scale, interleaved, each a cold build then ${REBUILDS} rebuilds of each kind; ms, median (min–max). Tools 10 per file, their object types in 10 type files (a type file is read by files ÷ 10 tool files). Compiles: modules the plugin compiled (its compile probe; main's plugin has none).`, '')
lines.push('| tools | variant | cold build | ms per tool | plugin CPU, cold | rebuild, one tool file edited | rebuild, a type file edited | rebuild, nothing changed | compiles: cold / edit / type edit / none |')
lines.push('|---|---|---|---|---|---|---|---|---|')
for (const row of rows) {
  for (const v of VARIANTS) {
    const costs = row.variants[v.id] ?? []
    const cold = summarize(costs.map((c) => c.buildMs))
    const c = costs.find((x) => x.compiles)?.compiles
    const compiles = c ? `${c.cold} / ${c.edit} / ${c.typeEdit ?? '–'} / ${c.noChange}` : '–'
    const perTool = v.id === 'esbuild' ? '–' : (cold.median / row.tools).toFixed(2)
    lines.push(`| ${row.tools} | ${v.label} | ${fmt(cold)} | ${perTool} | ${fmt(summarize(costs.map((x) => x.cpuMs)))} | ${fmt(summarize(costs.flatMap((x) => x.rebuildMs)))} | ${fmt(summarize(costs.flatMap((x) => x.typeEditMs)))} | ${fmt(summarize(costs.flatMap((x) => x.noChangeMs)))} | ${compiles} |`)
  }
}
lines.push('', 'CPU ms, median: this process (the plugin, and esbuild\'s JS API) / esbuild\'s service process (Go, its own process). Wall time above is what a user waits; on this shared machine it swings with other load, CPU much less.', '')
lines.push('| tools | variant | cold | one tool file edited | a type file edited | nothing changed |')
lines.push('|---|---|---|---|---|---|')
const med = (xs: number[]) => (xs.length === 0 || xs.some((x) => Number.isNaN(x)) ? '–' : summarize(xs).median.toFixed(0))
for (const row of rows) {
  for (const v of VARIANTS) {
    const costs = row.variants[v.id] ?? []
    const cell = (kind: keyof BuildCost['cpu']) => `${med(costs.flatMap((c) => c.cpu[kind].plugin))} / ${med(costs.flatMap((c) => c.cpu[kind].esbuild))}`
    lines.push(`| ${row.tools} | ${v.label} | ${cell('cold')} | ${cell('edit')} | ${cell('typeEdit')} | ${cell('noChange')} |`)
  }
}
const report = lines.join('\n') + '\n'
process.stdout.write('\n' + report)
saveResult('rebuild.md', report)
saveResult('rebuild.json', JSON.stringify({ date: new Date().toISOString(), reps: REPS, rebuilds: REBUILDS, variants: VARIANTS, rows }, null, 2) + '\n')
