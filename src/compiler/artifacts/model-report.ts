/**
 * What a model reads, per profile: each tool's entry under every profile asked for, its o200k tokens, the
 * tokens of the whole tools/list result, and the warnings (lint, and the parts a profile cannot write, at
 * their TypeScript locations). The manifest, the build summary and `mcp-aot inspect --tokens` read this.
 */
import type { Declaration } from '../declarations/declaration.ts'
import { compareLoc, type Diagnostic } from '../diagnostics.ts'
import { byKind } from './artifact-text.ts'
import { profiledTool, toolEntry } from '../table/emit.ts'
import { lint } from '../model/lint.ts'
import { listProblems, profileFindings, type ProfiledTool, type ProfileName, type RequestProblem } from '../model/profiles/index.ts'
import { locate } from '../model/profiles/locate.ts'
import { jsonTokens } from '../model/tokens.ts'
import type { Warning } from '../model/warnings.ts'

export interface ToolReport {
  name: string
  tokens: Partial<Record<ProfileName, number>>
  profiles: Partial<Record<ProfileName, ProfiledTool>>
}

export interface ListReport {
  listed: number
  leftOut: string[]
  status: 'accepted' | 'refused'
  problems: RequestProblem[]
}

export interface ModelReport {
  profiles: readonly ProfileName[]
  tools: ToolReport[]
  /** Tokens of the tools/list result (`{"tools":[…]}`) per profile (a profile's list holds the tools it does not refuse). */
  totals: Partial<Record<ProfileName, number>>
  /** Per profile, the list it serves: the tools left out (refused) and the verdict on the whole list (per-request limits). */
  lists: Partial<Record<ProfileName, ListReport>>
  warnings: Warning[]
}

/**
 * `tokens: true` counts each entry's o200k tokens (the token report: gpt-tokenizer, loaded then, an optional
 * peer dependency; TokenizerMissing without it); otherwise `tokens` and `totals` stay empty.
 */
export function modelReport(decls: readonly Declaration[], profiles: readonly ProfileName[], tokens = false): ModelReport {
  const tools = byKind(decls, 'tool')
  const entries = tools.map(toolEntry)
  const report: ModelReport = { profiles, tools: entries.map((e) => ({ name: e.name, tokens: {}, profiles: {} })), totals: {}, lists: {}, warnings: lint(decls) }
  for (const p of profiles) {
    const profiled = tools.map((d) => profiledTool(d, p))
    profiled.forEach((t, i) => {
      report.tools[i]!.profiles[p] = t
      if (tokens) report.tools[i]!.tokens[p] = jsonTokens(t.tool)
    })
    const listed = profiled.filter((t) => t.status !== 'refused')
    if (tokens) report.totals[p] = jsonTokens({ tools: listed.map((t) => t.tool) })
    for (const f of profileFindings(p, tools, profiled)) {
      const out = f.code === 'MCP105' ? ` The tool is left out of the ${p} list.` : ''
      report.warnings.push({ code: f.code, message: `${f.profile}: tool '${f.tool}'${f.path ? ` at ${f.path}` : ''}: ${f.message}${out}`, loc: f.loc })
    }
    const problems = listProblems(p, profiled)
    report.lists[p] = { listed: listed.length, leftOut: profiled.filter((t) => t.status === 'refused').map((t) => t.tool.name), status: problems.length > 0 ? 'refused' : 'accepted', problems }
    for (const q of problems) {
      const d = tools[entries.findIndex((e) => e.name === q.tool)]!
      report.warnings.push({ code: 'MCP105', message: `${p}: the list of ${listed.length} tools: ${q.message}`, loc: locate(d, q.path) })
    }
  }
  report.warnings.sort((a, b) => compareLoc(a.loc, b.loc))
  return report
}

/**
 * Under the plugin option `strictProfiles`, a list a strict profile refuses as a whole (Anthropic's
 * per-request limits) as errors MCP042, one per problem, at the part where the list crosses the limit.
 */
export function listRefusals(decls: readonly Declaration[], report: ModelReport, strict: readonly ProfileName[]): Diagnostic[] {
  const tools = byKind(decls, 'tool')
  return strict.flatMap((p) =>
    (report.lists[p]?.problems ?? []).map((q) => ({
      code: 'MCP042' as const,
      message: `${p}: the list of ${report.lists[p]!.listed} tools: ${q.message} The plugin option strictProfiles makes this an error; without ${p} in it the list is served as it is (warning MCP105).`,
      loc: locate(tools.find((d) => d.name === q.tool)!, q.path),
    })),
  )
}

/** The token table: one row per tool, a column per profile, and the tools/list total. */
export function tokenTable(report: ModelReport): string {
  const width = Math.max(10, ...report.tools.map((t) => t.name.length)) + 2
  const head = `${'o200k tokens'.padEnd(width)}${report.profiles.map((p) => p.padStart(18)).join('')}`
  const row = (name: string, cells: Partial<Record<ProfileName, number>>, status?: (p: ProfileName) => string) =>
    `${name.padEnd(width)}${report.profiles.map((p) => `${cells[p] ?? ''}${status ? status(p) : ''}`.padStart(18)).join('')}`
  const mark = (t: ToolReport) => (p: ProfileName) => ({ accepted: '', degraded: ' ~', refused: ' x' })[t.profiles[p]!.status]
  return [head, ...report.tools.map((t) => row(t.name, t.tokens, mark(t))), row('tools/list', report.totals), '(~ degraded, x refused)'].join('\n')
}
