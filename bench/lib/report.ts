/** The results' shape and their markdown rendering. */
import type { BundleSize } from './bundle.ts'
import { summarize, type Summary } from './stats.ts'

export interface ColdStart {
  /** `new Miniflare` → first successful tools/call reply, ms. */
  ms: Summary
  /** workerd CPU until that reply, ms: /proc stat ticks and schedstat. */
  cpuMs: Summary
  cpuMsSched: Summary
  /** Per repetition, in repetition order (for ratios paired within a repetition). */
  samples: { ms: number; cpuMs: number; cpuMsSched: number }[]
}

export interface Load {
  rps: Summary
  p50Ms: Summary
  p99Ms: Summary
  cpuUsPerReq: Summary
  cpuUsPerReqSched: Summary
  requests: number
  errors: number
  /** Per repetition, in repetition order. */
  samples: { rps: number; p50Ms: number; p99Ms: number; cpuUsPerReq: number; cpuUsPerReqSched: number; requests: number; errors: number }[]
}

export interface InvalidReply {
  status: number
  /** `isError result` or `JSON-RPC error <code>`. */
  kind: string
  text: string
}

export interface ServerResult {
  label: string
  error?: string
  size?: BundleSize
  correct?: Record<string, boolean>
  invalid?: InvalidReply
  cold?: ColdStart
  load?: Load
}

export interface ScalingRow {
  tools: number
  files: number
  error?: string
  cost?: { buildMs: Summary; transformMs: Summary; hookMs: Summary; cpuMs: Summary; peakRssMiB: Summary; rebuildMs: Summary }
  baseline?: { buildMs: Summary; cpuMs: Summary; peakRssMiB: Summary; rebuildMs: Summary }
  aot?: { size: BundleSize; cold: ColdStart }
  sdk?: { size: BundleSize; cold: ColdStart }
}

export interface Target {
  name: string
  value: number | null
  limit: string
  pass: boolean | null
}

export interface Results {
  date: string
  command: string
  environment: Record<string, string | number>
  settings: Record<string, number>
  servers: Record<string, ServerResult>
  scaling: ScalingRow[]
  targets: Target[]
}

const fmt = (v: number, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '–')
const range = (s: Summary | undefined, digits = 0) =>
  s ? `${fmt(s.median, digits)} (${fmt(s.min, digits)}–${fmt(s.max, digits)})` : '–'
const kb = (n: number | undefined) => (n === undefined ? '–' : (n / 1024).toFixed(1))
const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b ? `×${(a / b).toFixed(2)}` : '–')
const times = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? '–' : `×${v.toFixed(2)}`)

/** The median over repetitions of a[i] ÷ b[i]: both measured in the same repetition, moments apart. */
export function pairedRatio(a: readonly number[] | undefined, b: readonly number[] | undefined): number | undefined {
  if (!a || !b) return undefined
  const n = Math.min(a.length, b.length)
  if (n === 0) return undefined
  return summarize(Array.from({ length: n }, (_, i) => a[i] / b[i])).median
}

export function toMarkdown(r: Results): string {
  const out: string[] = []
  const floor = r.servers.floor
  out.push(`# mcp-aot benchmarks`, '')
  out.push(`\`${r.command}\` — ${r.date}`, '')
  out.push(Object.entries(r.environment).map(([k, v]) => `${k}: ${v}`).join(' · '), '')
  out.push(
    `Medians over repetitions, (min–max) after them; ×floor = the median over repetitions of the ratio to the hand-written ` +
      `floor measured in the same repetition (sizes: plain ratio). ` +
      `Settings: ${Object.entries(r.settings).map(([k, v]) => `${k}=${v}`).join(', ')}.`,
    '',
  )

  out.push('## Targets', '', '| Target | Value | Limit | |', '|---|---|---|---|')
  for (const t of r.targets) out.push(`| ${t.name} | ${t.value === null ? '–' : t.value.toFixed(3)} | ${t.limit} | ${t.pass === null ? 'n/a' : t.pass ? 'PASS' : '**MISS**'} |`)
  out.push('')

  out.push(
    '## Servers (create_order under load)',
    '',
    '| Server | Bundle KiB | gzip KiB | ×floor (gzip) | eval/new Function | Cold start ms | ×floor | workerd CPU to ready ms | ×floor | req/s | p50 ms | p99 ms | workerd CPU µs/req | ×floor |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  )
  for (const [id, s] of Object.entries(r.servers)) {
    if (s.error) {
      out.push(`| ${s.label} | ${s.error} |||||||||||||`)
      continue
    }
    out.push(
      `| ${s.label} | ${kb(s.size?.raw)} | ${kb(s.size?.gzip)} | ${ratio(s.size?.gzip, floor?.size?.gzip)} | ${s.size?.codegen ?? '–'}` +
        ` | ${range(s.cold?.ms)} | ${times(pairedRatio(s.cold?.samples.map((x) => x.ms), floor?.cold?.samples.map((x) => x.ms)))}` +
        ` | ${range(s.cold?.cpuMsSched)} | ${times(pairedRatio(s.cold?.samples.map((x) => x.cpuMsSched), floor?.cold?.samples.map((x) => x.cpuMsSched)))}` +
        ` | ${range(s.load?.rps)} | ${range(s.load?.p50Ms, 2)} | ${range(s.load?.p99Ms, 2)}` +
        ` | ${range(s.load?.cpuUsPerReq)} | ${times(pairedRatio(s.load?.samples.map((x) => x.cpuUsPerReq), floor?.load?.samples.map((x) => x.cpuUsPerReq)))} |`,
    )
    void id
  }
  out.push(
    '',
    'Cold start and CPU to ready include workerd\'s own start and Miniflare\'s services (see the no-op row). ' +
      'CPU µs/req is /proc/<workerd>/stat utime+stime over the measured window ÷ requests; the schedstat reading is in the JSON.',
    '',
  )

  out.push('## Invalid input (create_order with six rule violations)', '', '| Server | Reply | Text |', '|---|---|---|')
  for (const [id, s] of Object.entries(r.servers)) {
    if (!s.invalid || id === 'noop') continue
    out.push(`| ${s.label} | HTTP ${s.invalid.status}, ${s.invalid.kind} | ${s.invalid.text.replace(/\|/g, '\\|').replace(/\n/g, '<br>')} |`)
  }
  const correct = Object.values(r.servers).filter((s) => s.correct && s.label !== 'no-op')
  out.push('', `Same results for echo/add/create_order: ${correct.map((s) => `${s.label} ${Object.values(s.correct!).every(Boolean) ? 'yes' : 'NO ' + JSON.stringify(s.correct)}`).join(', ')}.`, '')

  out.push(
    '## Build cost (esbuild + plugin, generated tools, 10 per file)',
    '',
    '| Tools | Files | Build ms | Transform busy ms | per tool ms | Node CPU ms | Peak RSS MiB | Rebuild after one file ms | Without plugin: build ms / CPU ms / RSS MiB / rebuild ms |',
    '|---|---|---|---|---|---|---|---|---|',
  )
  for (const row of r.scaling) {
    if (row.error && !row.cost) {
      out.push(`| ${row.tools} | ${row.files} | ${row.error} |||||||`)
      continue
    }
    const c = row.cost
    const b = row.baseline
    out.push(
      `| ${row.tools} | ${row.files} | ${range(c?.buildMs)} | ${range(c?.transformMs)} | ${c ? fmt(c.transformMs.median / row.tools, 2) : '–'} | ${range(c?.cpuMs)} | ${range(c?.peakRssMiB)} | ${range(c?.rebuildMs)}` +
        ` | ${b ? `${fmt(b.buildMs.median)} / ${fmt(b.cpuMs.median)} / ${fmt(b.peakRssMiB.median)} / ${fmt(b.rebuildMs.median)}` : '–'} |`,
    )
  }
  out.push('')

  out.push(
    '## Startup cost as tools grow (mcp-aot vs the official SDK, same tools)',
    '',
    '| Tools | mcp-aot KiB (gzip) | SDK KiB (gzip) | SDK ÷ mcp-aot (gzip) | mcp-aot CPU to ready ms | SDK CPU to ready ms | mcp-aot first reply ms | SDK first reply ms |',
    '|---|---|---|---|---|---|---|---|',
  )
  for (const row of r.scaling) {
    const a = row.aot
    const s = row.sdk
    out.push(
      `| ${row.tools} | ${a ? `${kb(a.size.raw)} (${kb(a.size.gzip)})` : '–'} | ${s ? `${kb(s.size.raw)} (${kb(s.size.gzip)})` : '–'} | ${a && s ? `×${(s.size.gzip / a.size.gzip).toFixed(1)}` : '–'}` +
        ` | ${range(a?.cold.cpuMsSched)} | ${range(s?.cold.cpuMsSched)} | ${range(a?.cold.ms)} | ${range(s?.cold.ms)} |`,
    )
  }
  out.push('')
  return out.join('\n')
}
