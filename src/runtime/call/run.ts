/**
 * Runs one tool, resource or prompt function. `callPlain` is for a function that takes neither a
 * ToolContext nor an AbortSignal and has no `@timeout`: a call, nothing else. `run` hands it an
 * `AbortSignal` (and a `ToolContext` when `context` is given), and ends the run at the first of: its
 * value, its exception, the `@timeout`, the client going away, or a question to the client that has no
 * answer yet (MRTR). A function that returns synchronously is answered without any timer or listener.
 */
import type { Invoke, Outcome } from '../shared/table.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { RoundEnd } from '../shared/table.ts'
import type { Ending } from '../shared/table.ts'
import type { Runner } from '../shared/table.ts'
import { RpcError } from '../shared/jsonrpc.ts'
import { errorResult } from './outcomes.ts'
import { INTERNAL_ERROR } from '../shared/protocol.ts'

function reason(outcome: Outcome, exchange: Exchange): unknown {
  if (outcome.kind === 'timeout') return new DOMException('The function timed out.', 'TimeoutError')
  if (outcome.kind === 'cancelled') return exchange.request.signal?.reason ?? new DOMException('The client cancelled the request.', 'AbortError')
  return new DOMException('The run ended to wait for input from the client.', 'AbortError')
}

/** Makes the `ToolContext` of one run; `end` stops the run (a question without an answer yet). */
export type ContextFactory = (
  exchange: Exchange,
  signal: AbortSignal,
  answers: Record<string, unknown> | undefined,
  end: (outcome: RoundEnd) => void,
  report: (error: unknown) => void,
) => unknown

/** A plain call: the value, the exception, or a promise of either. */
export function callPlain(invoke: Invoke, args: Record<string, any>): Outcome | Promise<Outcome> {
  let value: unknown
  try {
    value = invoke(args, undefined, undefined as unknown as AbortSignal)
  } catch (error) {
    return { kind: 'error', error }
  }
  if (typeof (value as any)?.then !== 'function') return { kind: 'value', value }
  return (value as Promise<unknown>).then(
    (result): Outcome => ({ kind: 'value', value: result }),
    (error): Outcome => ({ kind: 'error', error }),
  )
}

/**
 * A runner's `run` (Runner in shared/seams.ts: `answers` are the client's answers to earlier questions, `report`
 * receives exceptions of background work such as `ctx.waitUntil`) plus `context`, which makes the
 * function's ToolContext (undefined: it takes none).
 */
export const run: (...args: [...Parameters<Runner['run']>, context?: ContextFactory]) => ReturnType<Runner['run']> = (
  invoke,
  args,
  exchange,
  answers,
  timeoutMs,
  report,
  context,
) => {
  const controller = new AbortController()
  let finish: ((outcome: Outcome) => void) | undefined
  let early: Outcome | undefined
  const end = (outcome: RoundEnd) => (finish ? finish(outcome) : (early ??= outcome))
  const ctx = context?.(exchange, controller.signal, answers, end, report)

  let value: unknown
  try {
    value = invoke(args, ctx, controller.signal)
  } catch (error) {
    return early ?? { kind: 'error', error }
  }
  if (early) {
    controller.abort(reason(early, exchange))
    return early
  }
  if (typeof (value as any)?.then !== 'function') return { kind: 'value', value }

  const pending = value as PromiseLike<unknown>
  return new Promise<Outcome>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    // A session's resumable stream (exchange.pause) is cancelled by its connections only: the POST's signal
    // may abort once its connection is closed on purpose (Deno aborts it when a response completes).
    const signal = exchange.pause ? undefined : (exchange.request.signal as AbortSignal | undefined)
    const cancel = () => finish!({ kind: 'cancelled' })
    finish = (outcome) => {
      finish = () => {}
      if (timer !== undefined) clearTimeout(timer)
      signal?.removeEventListener('abort', cancel)
      exchange.onCancel = undefined
      if (outcome.kind !== 'value' && outcome.kind !== 'error') controller.abort(reason(outcome, exchange))
      resolve(outcome)
    }
    if (timeoutMs !== undefined && timeoutMs > 0) timer = setTimeout(() => finish!({ kind: 'timeout' }), timeoutMs)
    exchange.onCancel = cancel
    if (signal) {
      if (signal.aborted) return cancel()
      signal.addEventListener('abort', cancel)
    }
    pending.then(
      (result) => finish!({ kind: 'value', value: result }),
      (error) => finish!({ kind: 'error', error }),
    )
  })
}

/** `5000` → `5`, `500` → `0.5`. */
export const seconds = (ms: number): string => String(Number((ms / 1000).toFixed(3)))

/** A timeout or the client going away: an `isError` result for a tool's timeout, else an error. */
export const signalEnding: Ending = (core, exchange, entry, outcome) => {
  if (outcome.kind === 'timeout' && entry.kind === 'tool') {
    return errorResult(core, exchange, `Tool '${entry.name}' timed out after ${seconds(entry.timeoutMs!)} s.`)
  }
  return new RpcError(INTERNAL_ERROR, 'The client cancelled the request.')
}

/** For a function that takes an AbortSignal or has a `@timeout`, and no ToolContext. */
export const signalRunner: Runner = {
  run: (invoke, args, exchange, answers, timeoutMs, report) => run(invoke, args, exchange, answers, timeoutMs, report),
  ended: signalEnding,
}
