/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance@0.2.0-alpha.12) against
 * examples/conformance, built with Vite and the mcp-aot plugin and served on 127.0.0.1 by workerd through
 * Miniflare (with the Durable Object binding of its wrangler.jsonc: 2025-11-25 sessions live there) and by
 * Deno (the in-memory session host, one process), at both wire eras: every scenario a revision requires
 * passes — no failure, no warning, no expected-failures baseline. The scenarios a revision runs without
 * scoring them (the Tasks extension's ten among them, with durableTasks() in workerd and memoryTasks() in
 * Deno) pass every check as well, but for the few listed in NOT_YET with what each still waits for.
 */
import { execFile } from 'node:child_process'
import { access, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildExample, type BuiltWorker } from '../helpers/build.ts'
import {
  checksWith,
  failedChecks,
  notScoredServerScenarios,
  requiredServerScenarios,
  runConformance,
  withoutSuccess,
  type ConformanceRun,
  type FailedCheck,
} from '../helpers/conformance.ts'
import { startDeno } from '../helpers/deno.ts'
import { startWorkerd } from '../helpers/miniflare.ts'
import type { Served } from '../helpers/served.ts'
import { durableObjectsOf, readWranglerConfig } from '../helpers/wrangler.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const EXAMPLE = resolve(ROOT, 'examples/conformance')
/** The 2025-11-25 scenarios whose server→client request is answered on another POST: they need a session. */
const SHARED_STATE = ['tools-call-sampling', 'tools-call-elicitation', 'elicitation-sep1034-defaults', 'elicitation-sep1330-enums']
/**
 * server-stateless's subscription checks (SEP-2575), which it skips for a server that declares no listChanged:
 * the example's listeners live in durableSubscriptions() (workerd) or memorySubscriptions() (Deno), and its
 * trigger tools enable and disable entries at run time (src/tools/live.ts).
 */
const SUBSCRIPTION_CHECKS = [
  'sep-2575-server-sends-subscription-ack',
  'sep-2575-server-tags-subscription-id',
  'sep-2575-server-honors-notification-filter',
  'sep-2575-server-sends-prompts-list-changed-on-subscription',
  'sep-2575-server-sends-tools-list-changed-on-subscription',
]

/**
 * The unscored scenarios whose checks do not all pass yet, each with the checks it reports (issue 19).
 * tasks-status-notifications is skipped by the suite itself (pending its subscriptions/listen rewrite).
 */
const NOT_YET: Record<string, FailedCheck[]> = {
  'tasks-status-notifications': [
    { scenario: 'tasks-status-notifications', check: 'SKIPPED tasks-status-notifications', message: expect.stringMatching(/^Skipped: SEP-2663 delivers notifications\/tasks via the SEP-2575 subscriptions\/listen stream/) },
  ],
}

/**
 * The Skills extension's three scenarios (SEP-2640; examples/conformance serves skills/release-notes), which no
 * requirement set lists: each runs on its own, at 2026-07-28 (an extension's revision) and at 2025-11-25,
 * where the suite itself does not apply its two cache-attribute checks (ttlMs and cacheScope are 2026-07-28's).
 */
/**
 * server-sse-polling (SEP-1699, 2025-11-25, unscored): the example's test_reconnection closes its stream's
 * connection mid-call (ctx.closeStream()); the client resumes with GET and Last-Event-ID and gets the result
 * there (session/streams.ts; in workerd the session and its kept events live in the MCP_SESSIONS object).
 */
const SSE_POLLING_CHECKS = ['SUCCESS server-sse-priming-event', 'SUCCESS server-sse-retry-field', 'SUCCESS server-sse-disconnect-resume']

const SKILLS_SCENARIOS = ['sep-2640-skills-enumeration', 'sep-2640-skills-manifest', 'sep-2640-skills-directory']
const SKILLS_LEGACY_NOT_APPLICABLE = ['sep-2640-skills-list-cache-attributes', 'sep-2640-skills-get-cache-attributes'].map((id) => ({
  scenario: 'sep-2640-skills-enumeration',
  check: `SKIPPED ${id}`,
  message: 'not applicable on negotiated protocol 2025-11-25: ttlMs and cacheScope are defined from 2026-07-28',
}))
/** The MCP Inspector's CLI (2.12), for its SEP-2640 verification (`--verify --require-digests`). */
const INSPECTOR = resolve(ROOT, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js')
const SKILL_FILES = ['skill://release-notes/SKILL.md', 'skill://release-notes/references/style.md', 'skill://release-notes/templates/notes.md']

const SECRET = { MCP_STATE_SECRET: 'conformance-e2e-state-secret' }

/** Serves the bundle with the example's own wrangler.jsonc settings (compatibility date and flags). */
async function workerd(file: string, bindings: Record<string, string>): Promise<Served> {
  const wrangler = await readWranglerConfig(resolve(EXAMPLE, 'wrangler.jsonc'))
  return startWorkerd(file, {
    compatibilityDate: wrangler.compatibility_date,
    compatibilityFlags: wrangler.compatibility_flags,
    bindings,
    durableObjects: durableObjectsOf(wrangler),
  })
}

const RUNTIMES = [
  { name: 'workerd (Miniflare)', start: (file: string) => workerd(file, SECRET) },
  { name: 'Deno', start: (file: string) => startDeno(file, { env: SECRET }) },
]

let worker: BuiltWorker

beforeAll(async () => {
  worker = await buildExample(EXAMPLE)
})

afterAll(async () => {
  await worker?.remove()
})

describe('examples/conformance', () => {
  it('there is no expected-failures baseline; the shared-state scenarios are scored by 2025-11-25; workerd binds both objects', async () => {
    await expect(access(resolve(EXAMPLE, 'expected-failures.yml'))).rejects.toThrow(/ENOENT/)
    // Each is scored by 2025-11-25, and none exists in 2026-07-28, where input-required rounds replace them.
    const legacy = await requiredServerScenarios('2025-11-25')
    const modern = await requiredServerScenarios('2026-07-28')
    expect(SHARED_STATE.filter((scenario) => !legacy.includes(scenario))).toEqual([])
    expect(SHARED_STATE.filter((scenario) => modern.includes(scenario))).toEqual([])
    // workerd serves every Durable Object, so its tasks live in durableTasks() and its listeners in durableSubscriptions(); Deno has no binding (the memory hosts).
    expect(durableObjectsOf(await readWranglerConfig(resolve(EXAMPLE, 'wrangler.jsonc')))).toEqual({ MCP_SESSIONS: 'McpSession', MCP_TASKS: 'McpTask', MCP_SUBSCRIPTIONS: 'McpSubscriptions' })
  })

  it('the example type-checks as user code against the public types', async () => {
    const tsc = resolve(ROOT, 'node_modules/.bin/tsc')
    const result = await promisify(execFile)(tsc, ['-p', EXAMPLE]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    )
    expect(result).toEqual({ code: 0, stdout: '' })
  })

  it('the suite sees a broken server: without MCP_STATE_SECRET, input-required rounds fail closed', async () => {
    const server = await workerd(worker.file, {})
    try {
      const run = await runConformance(server.url, { requirements: '2026-07-28' })
      expect(run.code).toBe(1)
      expect(failedChecks(run, ['input-required-result-basic-elicitation'])).toEqual([
        {
          scenario: 'input-required-result-basic-elicitation',
          check: 'FAILURE sep-2322-elicitation-incomplete',
          message: expect.stringMatching(/^Expected InputRequiredResult but got a complete result/),
        },
      ])
      expect(server.output()).toContain('set MCP_STATE_SECRET')
    } finally {
      await server.stop()
    }
  })
})

describe.each(RUNTIMES)('official conformance suite, examples/conformance in $name', (runtime) => {
  let server: Served

  beforeAll(async () => {
    server = await runtime.start(worker.file)
  })

  afterAll(async () => {
    await server?.stop()
  })

  /** What to show when an assertion fails: the CLI's summary and what the server printed. */
  const context = (run: ConformanceRun) => `${run.stdout.slice(-3000)}\n--- ${runtime.name} ---\n${server.output().slice(-3000)}`

  /**
   * Every unscored scenario ran, and all its checks passed (at least one), but for NOT_YET's, which report
   * exactly what they list: skipped or "not testable" counts as failed.
   */
  const unscoredPass = (run: ConformanceRun, scenarios: string[]) => {
    expect(scenarios.filter((scenario) => !run.scenarios.has(scenario)), context(run)).toEqual([])
    expect(checksWith(run, scenarios, ['FAILURE', 'WARNING', 'SKIPPED']), context(run)).toEqual(scenarios.flatMap((scenario) => NOT_YET[scenario] ?? []))
    expect(withoutSuccess(run, scenarios.filter((scenario) => !(scenario in NOT_YET))), context(run)).toEqual([])
  }

  it('--requirements 2026-07-28: every required scenario passes, and every unscored one (the Tasks extension too) but NOT_YET', async () => {
    const required = await requiredServerScenarios('2026-07-28')
    const run = await runConformance(server.url, { requirements: '2026-07-28' })
    expect(required.filter((scenario) => !run.scenarios.has(scenario)), context(run)).toEqual([])
    expect(checksWith(run, required, ['FAILURE', 'WARNING', 'SKIPPED']), context(run)).toEqual([])
    expect(withoutSuccess(run, required), context(run)).toEqual([])
    const stateless = new Map(run.scenarios.get('server-stateless')!.map((check) => [check.id, check.status]))
    expect(SUBSCRIPTION_CHECKS.map((id) => `${stateless.get(id)} ${id}`)).toEqual(SUBSCRIPTION_CHECKS.map((id) => `SUCCESS ${id}`))
    expect(run.code, context(run)).toBe(0)
    const unscored = await notScoredServerScenarios('2026-07-28')
    unscoredPass(run, unscored)
    // The Tasks extension's ten, against this runtime's task host: e.g. a task made, polled, failed and cancelled.
    expect(unscored.filter((scenario) => scenario.startsWith('tasks-'))).toHaveLength(10)
    expect(run.scenarios.get('tasks-lifecycle')!.map((check) => `${check.status} ${check.id}`)).toEqual([
      'SUCCESS tasks-sync-tool-call',
      'SUCCESS sep-2663-result-type-task-on-create',
      'SUCCESS sep-2663-tasks-get-status-working',
      'SUCCESS sep-2663-tasks-get-status-completed',
      'SUCCESS sep-2663-tool-error-uses-completed-status',
      'SUCCESS sep-2663-tasks-get-status-failed',
      'SUCCESS sep-2663-cancel-ack-empty-result',
      'SUCCESS tasks-cancel-terminal-idempotent-ack',
      'SUCCESS wire-schema-valid',
    ])
  })

  it('--requirements 2025-11-25: every required scenario passes, sampling and elicitation in a session included, and every unscored one but NOT_YET', async () => {
    const required = await requiredServerScenarios('2025-11-25')
    const run = await runConformance(server.url, { requirements: '2025-11-25' })
    expect(required.filter((scenario) => !run.scenarios.has(scenario)), context(run)).toEqual([])
    expect(checksWith(run, required, ['FAILURE', 'WARNING', 'SKIPPED']), context(run)).toEqual([])
    expect(withoutSuccess(run, required), context(run)).toEqual([])
    expect(withoutSuccess(run, SHARED_STATE), context(run)).toEqual([])
    expect(run.code, context(run)).toBe(0)
    unscoredPass(run, await notScoredServerScenarios('2025-11-25'))
  })

  it('server-sse-polling (SEP-1699): a priming event first, a retry field, the connection closed mid-call and the result on the resumed GET stream', async () => {
    const run = await runConformance(server.url, { scenario: 'server-sse-polling', specVersion: '2025-11-25' })
    const checks = run.scenarios.get('server-sse-polling') ?? []
    expect(checks.filter((check) => check.status !== 'INFO').map((check) => `${check.status} ${check.id}`), context(run)).toEqual(SSE_POLLING_CHECKS)
    // The POST stream ended after the priming event alone; the response came on the GET stream.
    expect(checks.find((check) => check.id === 'stream-closed')?.details, context(run)).toMatchObject({ eventCount: 1, receivedToolResponse: false })
    expect(run.code, context(run)).toBe(0)
  })

  it('the Skills extension (SEP-2640): its three scenarios pass every check, at 2026-07-28 and at 2025-11-25', async () => {
    for (const specVersion of [undefined, '2025-11-25']) {
      for (const scenario of SKILLS_SCENARIOS) {
        const run = await runConformance(server.url, { scenario, specVersion })
        expect([...run.scenarios.keys()], context(run)).toEqual([scenario])
        const expected = specVersion && scenario === 'sep-2640-skills-enumeration' ? SKILLS_LEGACY_NOT_APPLICABLE : []
        expect(checksWith(run, [scenario], ['FAILURE', 'WARNING', 'SKIPPED', 'INFO']), context(run)).toEqual(expected)
        expect(run.code, context(run)).toBe(0)
      }
    }
    // The checks that need the build's work: digests, the frontmatter as the file has it, a subdirectory.
    const checks = async (scenario: string) => (await runConformance(server.url, { scenario })).scenarios.get(scenario)!.map((check) => `${check.status} ${check.id}`)
    expect(await checks('sep-2640-skills-enumeration')).toEqual(expect.arrayContaining(['SUCCESS sep-2640-resources-digest-format', 'SUCCESS sep-2640-resources-complete', 'SUCCESS sep-2640-entry-frontmatter-identical', 'SUCCESS sep-2640-skills-get-unknown-uri-invalid-params']))
    expect(await checks('sep-2640-skills-directory')).toEqual(expect.arrayContaining(['SUCCESS sep-2640-directory-read-subdir-mimetype', 'SUCCESS sep-2640-directory-read-invalid-params']))
  }, 120_000)

  it('the MCP Inspector CLI (2.12) verifies every skill file (digest, size, frontmatter), --protocol-era modern and legacy', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-aot-inspector-'))
    const inspector = async (args: string[]) => {
      const { stdout } = await promisify(execFile)(process.execPath, [INSPECTOR, '--cli', server.url, ...args], { timeout: 60_000, cwd: dir, env: { ...process.env, MCP_CATALOG_PATH: join(dir, 'catalog.json') } })
      return stdout.trim().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line))
    }
    try {
      for (const era of ['modern', 'legacy']) {
        // Exit 0: every file read back matched its digest and size, and no skill is "dynamic" (exit 9 then).
        for (const args of [['--method', 'skills/list'], ['--method', 'skills/get', '--uri', SKILL_FILES[0]!]]) {
          const reports = await inspector([...args, '--verify', '--require-digests', '--protocol-era', era])
          expect(reports, `${era} ${args.join(' ')}`).toEqual([expect.objectContaining({ uri: SKILL_FILES[0], name: 'release-notes', conformance: [], frontmatter: [], ok: true, outcome: 'verified' })])
          expect(reports[0].files.map((file: { uri: string; status: string; actualSize: number; expectedSize: number }) => `${file.status} ${file.uri} ${file.actualSize === file.expectedSize}`)).toEqual(SKILL_FILES.map((uri) => `verified ${uri} true`))
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
