/**
 * The `onCall` hook around tools/call: instrument.ts hands rpc/methods.ts `observeCalls(…)` for the method
 * table only when the hooks have an `onCall`, so a server without one runs tools/call untouched. The wrapper
 * times the call from the moment it reaches its tool, lets call/tools.ts note how it ended (`exchange.note`),
 * and hands the event to the hook once the answer is made, without waiting for the hook.
 */
import type { CallEvent, CallOutcome, InstrumentHooks } from '../shared/api.ts'
import type { CallNote } from '../shared/instrument.ts'
import type { Handler } from '../shared/table.ts'
import type { HookRunner } from './hook-runner.ts'
import { RpcError } from '../shared/jsonrpc.ts'

/** The outcome of a note (shared/instrument.ts CallNote): a run's unfinished kind by its outcome's name. */
const OUTCOMES: Readonly<Partial<Record<Parameters<CallNote>[0], CallOutcome>>> = {
  input: 'input_required',
  'legacy-input': 'refused',
}

/** `callTool` with the `onCall` hook told of every call that reached its tool. */
export function observeCalls(callTool: Handler, hooks: InstrumentHooks<any>, runner: HookRunner): Handler {
  const onCall = hooks.onCall!
  const withArguments = hooks.arguments === true
  return (core, exchange, params) => {
    const name = params?.name
    // An unknown tool or a call without a name is a JSON-RPC error: onRequest sees it, no tool ran.
    if (typeof name !== 'string' || !core.tools.has(name)) return callTool(core, exchange, params)
    let noted: CallOutcome | undefined
    let error: unknown
    exchange.note = (outcome, thrown) => {
      noted = OUTCOMES[outcome] ?? (outcome as CallOutcome)
      error = thrown
    }
    const start = performance.now()
    const tell = (answer: string | RpcError | undefined) => {
      const refused = answer instanceof RpcError
      const event: CallEvent = {
        method: 'tools/call',
        name,
        protocolVersion: exchange.version,
        era: exchange.modern ? 'modern' : 'legacy',
        durationMs: performance.now() - start,
        // No note: the tool's value, or a request error before it ran (a requestState this server refused).
        outcome: refused && noted === 'task' ? 'refused' : (noted ?? (refused ? 'refused' : 'ok')),
        errorCode: refused ? answer.code : undefined,
        ...(error !== undefined ? { error } : {}),
        ...(withArguments ? { arguments: params!.arguments } : {}),
      }
      runner.deliver('onCall', onCall, event, exchange.env, exchange.execution)
    }
    const thrown = (failure: unknown): never => {
      noted = 'failure'
      error = failure
      tell(undefined)
      throw failure
    }
    let answer: ReturnType<Handler>
    try {
      answer = callTool(core, exchange, params)
    } catch (failure) {
      return thrown(failure)
    }
    if (!(answer instanceof Promise)) {
      tell(answer)
      return answer
    }
    return answer.then((settled) => {
      tell(settled)
      return settled
    }, thrown)
  }
}
