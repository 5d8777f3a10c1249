/**
 * The `onCall` hook around tools/call: rpc/methods.ts puts `observeCalls(callTool)` in the method tables
 * only when the option has an `onCall`, so a server without one runs tools/call untouched. The wrapper
 * times the call from the moment it reaches its tool, lets tools.ts note how it ended (`exchange.call`),
 * and hands the event to the hook once the answer is made, without waiting for the hook.
 */
import type { CallOutcome, CallEvent, Instrument } from '../shared/api.ts'
import type { CallTrace } from '../shared/instrument.ts'
import type { Handler, Unfinished } from '../shared/table.ts'
import { RpcError } from '../shared/jsonrpc.ts'

const UNFINISHED: Readonly<Record<Unfinished['kind'], CallOutcome>> = {
  timeout: 'timeout',
  cancelled: 'cancelled',
  input: 'input_required',
  refused: 'refused',
  'legacy-input': 'refused',
}

/** Notes how a call ended, for the hook; `error` for a ToolError or a failure. */
export function noteCall(trace: CallTrace, outcome: CallOutcome, error?: unknown): void {
  trace.outcome = outcome
  trace.error = error
}

/** Notes a run that ended without a value or an exception. */
export const noteUnfinished = (trace: CallTrace, outcome: Unfinished): void => noteCall(trace, UNFINISHED[outcome.kind])

/** `callTool` with the `onCall` hook of `instrument` told of every call that reached its tool. */
export function observeCalls(callTool: Handler, instrument: Instrument<any>): Handler {
  const onCall = instrument.onCall!
  const withArguments = instrument.arguments === true
  return (core, exchange, params) => {
    const name = params?.name
    // An unknown tool or a call without a name is a JSON-RPC error: onRequest sees it, no tool ran.
    if (typeof name !== 'string' || !core.tools.has(name)) return callTool(core, exchange, params)
    const trace: CallTrace = (exchange.call = { outcome: undefined, error: undefined })
    const start = performance.now()
    const tell = (answer: string | RpcError | undefined) => {
      const event: CallEvent = {
        method: 'tools/call',
        name,
        protocolVersion: exchange.version,
        era: exchange.modern ? 'modern' : 'legacy',
        durationMs: performance.now() - start,
        // No note: the tool's value, or a request error before it ran (a requestState this server refused).
        outcome: answer instanceof RpcError && trace.outcome === 'task' ? 'refused' : trace.outcome ?? (answer instanceof RpcError ? 'refused' : 'ok'),
        errorCode: answer instanceof RpcError ? answer.code : undefined,
        ...(trace.error !== undefined ? { error: trace.error } : {}),
        ...(withArguments ? { arguments: params!.arguments } : {}),
      }
      core.hooks!.deliver('onCall', onCall, event, exchange.env, exchange.execution)
    }
    const thrown = (error: unknown): never => {
      noteCall(trace, 'failure', error)
      tell(undefined)
      throw error
    }
    let answer: ReturnType<Handler>
    try {
      answer = callTool(core, exchange, params)
    } catch (error) {
      return thrown(error)
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
