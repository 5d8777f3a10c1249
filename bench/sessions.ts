/**
 * The cost of the stateful tier: `npm run bench:sessions` (`-- --quick` for short windows). One workerd
 * (Miniflare) serves the bench server with `durableSessions()` and `durableTasks()`; the same legacy
 * create_order tools/call is put under the same closed-loop load three ways: without a session id (served
 * statelessly by the front Worker), with one (routed to the session's Durable Object, which runs the tool),
 * as a task (2025-11-25 `params.task`: without authorize each call creates a task in a Durable Object of
 * its own, which answers with the handle and runs the tool in its alarm), and as a task of one authorized
 * caller (every task in that caller's Durable Object). Prints a markdown table and writes
 * bench/results/sessions.md. CPU is the whole workerd process (front Worker and objects together, the
 * tasks' alarms included).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { post } from './lib/http.ts'
import { interleavedLoads } from './lib/interleaved.ts'
import { buildMcpAotEsbuild, missingPieces, ROOT } from './lib/mcp-aot.ts'
import { startWorker } from './lib/miniflare.ts'
import { INITIALIZE_BODY, LOAD_BODY, ORDER_ARGS } from './lib/workload.ts'

const quick = process.argv.includes('--quick')
const SETTINGS = quick ? { reps: 2, concurrency: 8, warmupMs: 500, durationMs: 1500 } : { reps: 5, concurrency: 8, warmupMs: 1000, durationMs: 3000 }
const log = (...a: unknown[]) => console.error('[bench:sessions]', ...a)

const missing = missingPieces()
if (missing) throw new Error(`${missing}; run npm run build first`)
const file = await buildMcpAotEsbuild(`${ROOT}bench/servers/mcp-aot-sessions/worker.ts`, `${ROOT}bench/.build/mcp-aot-sessions/worker.js`)
const worker = await startWorker(file, undefined, { MCP_SESSIONS: 'McpSession', MCP_TASKS: 'McpTask', MCP_OWNED_TASKS: 'McpOwnedTask', MCP_FLOOR: 'McpFloor' })
/** The same order, to the `@task optional` copy of create_order, asking for a task. */
const TASK_BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_order_task', arguments: ORDER_ARGS, task: { ttl: 60_000 } } })
const url = new URL('/mcp', worker.url)
try {
  const init = await post(url, INITIALIZE_BODY)
  const session = String(init.headers['mcp-session-id'] ?? '')
  if (init.status !== 200 || !session) throw new Error(`initialize did not open a session: ${init.status} ${init.body.slice(0, 200)}`)
  const paths = [
    { name: 'tools/call, stateless (no session id)', body: LOAD_BODY, headers: {} as Record<string, string> },
    { name: 'floor: the front → one Durable Object, constant reply', body: LOAD_BODY, headers: { 'x-floor': 'constant' } as Record<string, string> },
    { name: 'floor: the front → one Durable Object serving it statelessly', body: LOAD_BODY, headers: { 'x-floor': 'serve' } as Record<string, string> },
    { name: 'tools/call, routed to the Durable Object', body: LOAD_BODY, headers: { 'mcp-session-id': session } },
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
  const runs = await interleavedLoads(url, LOAD_BODY, paths, SETTINGS, worker.pid, log)
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  const rows = runs.map((results) => ({
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50Ms)),
    p99: median(results.map((r) => r.p99Ms)),
    cpu: median(results.map((r) => r.cpuUsPerReq)),
  }))
  const lines = [
    `\`npm run bench:sessions${quick ? ' -- --quick' : ''}\` — ${new Date().toISOString()} (${os.availableParallelism()} cores, shared; medians of ${SETTINGS.reps} interleaved windows of ${SETTINGS.durationMs} ms, ${SETTINGS.concurrency} connections)`,
    '',
    '| Path | req/s | p50 ms | p99 ms | workerd CPU µs/req | ×stateless (CPU) |',
    '|---|---|---|---|---|---|',
    ...paths.map((path, index) => {
      const row = rows[index]
      return `| ${path.name} | ${Math.round(row.rps)} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${Math.round(row.cpu)} | ×${(row.cpu / rows[0].cpu).toFixed(2)} |`
    }),
    '',
  ]
  const markdown = lines.join('\n')
  console.log(markdown)
  mkdirSync(`${ROOT}bench/results`, { recursive: true })
  writeFileSync(`${ROOT}bench/results/sessions.md`, markdown)
} finally {
  await worker.dispose()
}
