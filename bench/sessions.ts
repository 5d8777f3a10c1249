/**
 * The cost of the stateful tier: `npm run bench:sessions` (`-- --quick` for short windows). One workerd
 * (Miniflare) serves the bench server with `durableSessions()` and `durableTasks()`; the same legacy
 * create_order tools/call is put under the same closed-loop load three ways: without a session id (served
 * statelessly by the front Worker), with one (routed to the session's Durable Object, which runs the tool),
 * as a task (2025-11-25 `params.task`: without authorize each call creates a task in a Durable Object of
 * its own, which answers with the handle and runs the tool in its alarm), and as a task of one authorized
 * caller (every task in that caller's Durable Object). Beside them, the platform's floors for the same
 * shapes (servers/mcp-aot-sessions/floors.ts): the hop to an object, a record written there, an alarm run,
 * a new object per call. A previous revision (`--before=<rev>`, default 2bec5d1; `--before=` for none) is
 * built from git with its own plugin and served in a workerd of its own, its windows alternating with the
 * current code's. Prints a markdown table and writes bench/results/sessions.md. CPU is the whole workerd
 * process (front Worker and objects together, the tasks' alarms included).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import { pathToFileURL } from 'node:url'
import { bundleWithEsbuild } from './lib/bundle.ts'
import { post } from './lib/http.ts'
import { interleavedLoads, type Variant } from './lib/interleaved.ts'
import type { LoadResult } from './lib/load.ts'
import { buildMcpAotEsbuild, missingPieces, ROOT } from './lib/mcp-aot.ts'
import { type RunningWorker, startWorker } from './lib/miniflare.ts'
import { INITIALIZE_BODY, LOAD_BODY, ORDER_ARGS } from './lib/workload.ts'
import { saveResult } from './lib/results.ts'

const quick = process.argv.includes('--quick')
const SETTINGS = quick ? { reps: 2, concurrency: 8, warmupMs: 500, durationMs: 1500 } : { reps: 5, concurrency: 8, warmupMs: 1000, durationMs: 3000 }
/** The revision measured beside the current code (`--before=<rev>`; `--before=` alone: none). */
const BEFORE = process.argv.find((arg) => arg.startsWith('--before='))?.slice('--before='.length) ?? '2bec5d1'
const log = (...a: unknown[]) => console.error('[bench:sessions]', ...a)

const missing = missingPieces()
if (missing) throw new Error(`${missing}; run npm run build first`)
const SERVER = `${ROOT}bench/servers/mcp-aot-sessions/worker.ts`
const OBJECTS = { MCP_SESSIONS: 'McpSession', MCP_TASKS: 'McpTask', MCP_OWNED_TASKS: 'McpOwnedTask', MCP_FLOOR: 'McpFloor' }
const versions = [{ name: 'now', file: await buildMcpAotEsbuild(SERVER, `${ROOT}bench/.build/mcp-aot-sessions/worker.js`) }]
if (BEFORE) {
  // The revision's runtime and plugin, from git (the plugin always links the runtime next to it); the same bench server.
  const beforeRoot = `${ROOT}bench/.build/sessions-before/`
  rmSync(beforeRoot, { recursive: true, force: true })
  mkdirSync(beforeRoot, { recursive: true })
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive ${BEFORE} src | tar -x -C "${beforeRoot}"`])
  const plugin = (await import(pathToFileURL(`${beforeRoot}src/esbuild.ts`).href)).default()
  versions.push({ name: BEFORE, file: await bundleWithEsbuild(SERVER, `${ROOT}bench/.build/mcp-aot-sessions/before.js`, { plugins: [plugin] }) })
}
/** The same order, to the `@task optional` copy of create_order, asking for a task. */
const TASK_BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_order_task', arguments: ORDER_ARGS, task: { ttl: 60_000 } } })
const workers: RunningWorker[] = []
try {
  for (const version of versions) workers.push(await startWorker(version.file, undefined, OBJECTS))
  const served = await Promise.all(
    workers.map(async (worker) => {
      const url = new URL('/mcp', worker.url)
      const init = await post(url, INITIALIZE_BODY)
      const session = String(init.headers['mcp-session-id'] ?? '')
      if (init.status !== 200 || !session) throw new Error(`initialize did not open a session: ${init.status} ${init.body.slice(0, 200)}`)
      return { worker, url, paths: pathsOf(session) }
    }),
  )
  // Each repetition loads every path of every version in turn, so drift on the shared machine hits all alike.
  const runs = served[0]!.paths.map(() => served.map(() => [] as LoadResult[]))
  for (let rep = 0; rep < SETTINGS.reps; rep++) {
    for (const [v, { worker, url, paths }] of served.entries()) {
      const windows = await interleavedLoads(url, LOAD_BODY, paths, { ...SETTINGS, reps: 1 }, worker.pid, (...a) => log(versions[v]!.name, ...a))
      windows.forEach((results, index) => runs[index]![v]!.push(...results))
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const cpu = runs.map((byVersion) => byVersion.map((results) => median(results.map((r) => r.cpuUsPerReq))))
  const rows = runs.map((byVersion) => ({
    rps: median(byVersion[0]!.map((r) => r.rps)),
    p50: median(byVersion[0]!.map((r) => r.p50Ms)),
    p99: median(byVersion[0]!.map((r) => r.p99Ms)),
  }))
  const paths = served[0]!.paths
  const lines = [
    `\`npm run bench:sessions${quick ? ' -- --quick' : ''}\` — ${new Date().toISOString()} (${os.availableParallelism()} cores, shared; medians of ${SETTINGS.reps} interleaved windows of ${SETTINGS.durationMs} ms, ${SETTINGS.concurrency} connections${BEFORE ? `; ${BEFORE} served beside in its own workerd, windows alternating` : ''})`,
    '',
    `| Path | req/s | p50 ms | p99 ms | workerd CPU µs/req | ×stateless (CPU) |${BEFORE ? ` ${BEFORE}: µs/req | ${BEFORE}: ×stateless |` : ''}`,
    `|---|---|---|---|---|---|${BEFORE ? '---|---|' : ''}`,
    ...paths.map((path, index) => {
      const row = rows[index]!
      const [now, before] = cpu[index]!
      const tail = before === undefined ? '' : ` ${Math.round(before)} | ×${(before / cpu[0]![1]!).toFixed(2)} |`
      return `| ${path.name} | ${Math.round(row.rps)} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${Math.round(now!)} | ×${(now! / cpu[0]![0]!).toFixed(2)} |${tail}`
    }),
    '',
  ]
  const markdown = lines.join('\n')
  console.log(markdown)
  saveResult('sessions.md', markdown)
} finally {
  await Promise.all(workers.map((worker) => worker.dispose()))
}

/** The paths loaded, for a server whose open session is `session`. */
function pathsOf(session: string): Variant[] {
  return [
    { name: 'tools/call, stateless (no session id)', body: LOAD_BODY, headers: {} as Record<string, string> },
    { name: 'floor: the front → one Durable Object, constant reply', body: LOAD_BODY, headers: { 'x-floor': 'constant' } as Record<string, string> },
    { name: 'floor: the front → one Durable Object serving it statelessly', body: LOAD_BODY, headers: { 'x-floor': 'serve' } as Record<string, string> },
    { name: 'tools/call, routed to the Durable Object', body: LOAD_BODY, headers: { 'mcp-session-id': session } },
    { name: 'floor: the front → one Durable Object writing a record, constant reply', body: LOAD_BODY, headers: { 'x-floor': 'task-record' } as Record<string, string> },
    { name: 'floor: … writing the record and call, an alarm running the call and writing its result', body: LOAD_BODY, headers: { 'x-floor': 'task-alarm' } as Record<string, string> },
    { name: 'floor: the front → a new Durable Object per call writing a record, constant reply', body: LOAD_BODY, headers: { 'x-floor': 'task-object' } as Record<string, string> },
    {
      name: 'tools/call as a task (a Durable Object per task)',
      body: TASK_BODY,
      headers: {} as Record<string, string>,
      check: (result: any) => (result.task?.status === 'working' ? undefined : 'not a task handle'),
    },
    {
      name: "tools/call as a task, authorized (the caller's Durable Object)",
      body: TASK_BODY,
      headers: { authorization: 'Bearer tenant-1' } as Record<string, string>,
      check: (result: any) => (result.task?.status === 'working' ? undefined : 'not a task handle'),
    },
  ]
}
