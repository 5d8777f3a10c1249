/**
 * `instrument({ onRequest, onCall, arguments })`: the `instrument` option of createServer, carrying its own
 * code, as `sessions: memorySessions()` and `tasks: memoryTasks()` do. createServer attaches it once with
 * the server's core (`core.observer`): server.ts wraps the transport with `serve` when there is an
 * `onRequest`, rpc/methods.ts wraps tools/call with `callTool` when there is an `onCall`. A server without
 * the option bundles none of this folder: no timing call, no trace, no event.
 *
 * ```ts
 * import { createServer, instrument } from 'mcp-aot'
 * export default createServer(info, tools, { instrument: instrument({ onCall: (event) => console.log(event.name, event.outcome) }) })
 * ```
 *
 * Stage instrument/: beside features/, input/ and tasks/; it imports only its own folder and the shared/
 * leaves, and no stage imports it (the stages reach it through `core.observer`, typed in shared/seams.ts).
 */
import type { Instrument, InstrumentHooks } from '../shared/api.ts'
import type { AttachObserver } from '../shared/table.ts'
import { observeCalls } from './calls.ts'
import { HookRunner } from './hook-runner.ts'
import { timeRequests } from './requests.ts'

/** The hooks' problem, or undefined: functions for the hooks, a boolean for `arguments`, nothing else. */
function hooksProblem(hooks: unknown): string | undefined {
  if (typeof hooks !== 'object' || hooks === null) return 'instrument() takes the hooks as an object: instrument({ onRequest?, onCall?, arguments? })'
  for (const [key, value] of Object.entries(hooks)) {
    if (key === 'arguments') {
      if (typeof value !== 'boolean') return 'instrument(): arguments must be true or false'
    } else if (key !== 'onRequest' && key !== 'onCall') {
      return `instrument() has no option '${key}'; it takes onRequest, onCall and arguments`
    } else if (typeof value !== 'function') return `instrument(): ${key} must be a function`
  }
  return undefined
}

/**
 * The `instrument` option: `onRequest` told of every request, `onCall` of every tool call that reached its
 * tool, once answered (docs/observability.md). Throws a TypeError naming the key of malformed hooks.
 */
export function instrument<Env = unknown>(hooks: InstrumentHooks<Env>): Instrument<Env> {
  const problem = hooksProblem(hooks)
  if (problem) throw new TypeError(`${problem}.`)
  // A copy: what was checked is what runs.
  const checked: InstrumentHooks<Env> = { ...hooks }
  const attach: AttachObserver = (core) => {
    // One per server: each server logs its hooks' first failures.
    const runner = new HookRunner()
    return {
      serve: checked.onRequest ? (serve) => timeRequests(serve, checked, runner, core.options.env) : undefined,
      callTool: checked.onCall ? (callTool) => observeCalls(callTool, checked, runner) : undefined,
    }
  }
  return attach as Instrument<Env>
}
