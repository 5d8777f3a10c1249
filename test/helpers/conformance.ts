/**
 * Runs the official MCP conformance suite (@modelcontextprotocol/conformance, its own CLI, on the repo's
 * Node 22) against a server URL and reads back every scenario's checks.json.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../..')
const NODE = join(ROOT, 'node_modules/.bin/node')
const PACKAGE = join(ROOT, 'node_modules/@modelcontextprotocol/conformance')
const CLI = join(PACKAGE, 'dist/index.js')

export type CheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO'

export interface Check {
  id: string
  name: string
  status: CheckStatus
  errorMessage?: string
  details?: unknown
}

export interface ConformanceRun {
  /** The CLI's exit code: 0 when every scored scenario passed or failed as the baseline expects. */
  code: number
  stdout: string
  stderr: string
  /** Each scenario that ran, with its checks. */
  scenarios: Map<string, Check[]>
}

export interface ConformanceOptions {
  /** `--requirements <revision>`: exactly what that revision requires, at its own wire version. */
  requirements?: string
  /**
   * `--scenario <name>` instead: one scenario, an extension's (which no requirement set lists) at 2026-07-28,
   * or at `specVersion` (`--spec-version <v> --force`).
   */
  scenario?: string
  specVersion?: string
  /** Per-scenario timeout. */
  timeoutMs?: number
  /** The whole run is killed after this long (a hung server must not outlive the test). */
  runTimeoutMs?: number
}

export async function runConformance(url: string, options: ConformanceOptions): Promise<ConformanceRun> {
  const outputDir = await mkdtemp(join(tmpdir(), `mcp-aot-conformance-${options.requirements ?? options.scenario}-`))
  const args = [CLI, 'server', '--url', url, '-o', outputDir]
  if (options.requirements) args.push('--requirements', options.requirements)
  if (options.scenario) args.push('--scenario', options.scenario)
  if (options.specVersion) args.push('--spec-version', options.specVersion, '--force')
  args.push('--timeout', String(options.timeoutMs ?? 15000))
  try {
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      execFile(NODE, args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, timeout: options.runTimeoutMs ?? 50_000, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1 // -1: killed (timeout) or not started
        done({ code, stdout, stderr })
      })
    })
    return { code, stdout, stderr, scenarios: await readResults(outputDir) }
  } finally {
    await rm(outputDir, { recursive: true, force: true })
  }
}

/** `-o DIR` writes `server-<scenario>-<ISO timestamp with : and . as ->/checks.json`. */
async function readResults(outputDir: string): Promise<Map<string, Check[]>> {
  const scenarios = new Map<string, Check[]>()
  for (const entry of await readdir(outputDir, { withFileTypes: true })) {
    const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/.exec(entry.name)
    if (!entry.isDirectory() || !match) continue
    const text = await readFile(join(outputDir, entry.name, 'checks.json'), 'utf8').catch(() => null)
    const checks: Check[] = text === null
      ? [{ id: 'checks-json', name: 'ChecksJson', status: 'FAILURE', errorMessage: 'the scenario wrote no checks.json (it crashed or timed out)' }]
      : JSON.parse(text)
    scenarios.set(match[1], [...(scenarios.get(match[1]) ?? []), ...checks])
  }
  return scenarios
}

/** The `server:` list of a conformance YAML file (a requirement set). */
export function serverList(yaml: string): string[] {
  const list: string[] = []
  let inServer = false
  for (const raw of yaml.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').replace(/^#.*$/, '')
    if (/^\S/.test(line)) inServer = /^server:\s*$/.test(line)
    else if (inServer) {
      const item = /^\s+-\s+(\S+)\s*$/.exec(line)
      if (item) list.push(item[1])
    }
  }
  return list
}

/** The suite's frozen requirement set of a revision (`requirements/<revision>.yaml`). */
const requirementSet = (revision: string): Promise<string> => readFile(join(PACKAGE, 'requirements', `${revision}.yaml`), 'utf8')

/** The server scenarios a spec revision requires (scored), from the suite's own frozen requirement set. */
export async function requiredServerScenarios(revision: string): Promise<string[]> {
  return serverList(await requirementSet(revision))
}

/** The `not_scored` list of a requirement set: each entry's scenario and leg. */
export function notScoredList(yaml: string): { scenario: string; leg: string }[] {
  const entries: { scenario: string; leg: string }[] = []
  let inList = false
  for (const raw of yaml.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').replace(/^#.*$/, '')
    if (/^\S/.test(line)) inList = /^not_scored:\s*$/.test(line)
    else if (inList) {
      const scenario = /^\s+-\s+scenario:\s*(\S+)\s*$/.exec(line)
      const leg = /^\s+leg:\s*(\S+)\s*$/.exec(line)
      if (scenario) entries.push({ scenario: scenario[1], leg: '' })
      else if (leg && entries.length > 0) entries[entries.length - 1].leg = leg[1]
    }
  }
  return entries
}

/** The server scenarios a revision runs but does not score (extensions, pending, added after its release). */
export async function notScoredServerScenarios(revision: string): Promise<string[]> {
  return notScoredList(await requirementSet(revision)).filter((entry) => entry.leg === 'server').map((entry) => entry.scenario)
}

export interface FailedCheck {
  scenario: string
  check: string
  message: string
}

/** Every check of the given statuses among the given scenarios, one line each, for readable assertion diffs. */
export function checksWith(run: ConformanceRun, scenarios: readonly string[], statuses: readonly CheckStatus[]): FailedCheck[] {
  return scenarios.flatMap((scenario) =>
    (run.scenarios.get(scenario) ?? [])
      .filter((check) => statuses.includes(check.status))
      .map((check) => ({ scenario, check: `${check.status} ${check.id}`, message: check.errorMessage ?? '' })),
  )
}

/** Every FAILURE among the given scenarios. */
export const failedChecks = (run: ConformanceRun, scenarios: readonly string[]): FailedCheck[] => checksWith(run, scenarios, ['FAILURE'])

/** The scenarios among the given ones that ran no successful check at all. */
export function withoutSuccess(run: ConformanceRun, scenarios: readonly string[]): string[] {
  return scenarios.filter((scenario) => !(run.scenarios.get(scenario) ?? []).some((check) => check.status === 'SUCCESS'))
}
