/**
 * Runs one tool, resource or prompt function: hands it a `ToolContext` and an `AbortSignal`, and ends
 * the run at the first of: its value, its exception, the `@timeout`, the client going away, or a
 * question to the client that has no answer yet (MRTR). A function that returns synchronously is
 * answered without any timer or listener.
 */
import type { Exchange } from './exchange.ts'
import { RunContext } from './context.ts'
import { InputRound, type RoundEnd } from './input-round.ts'

export type Outcome =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'error'; readonly error: unknown }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'cancelled' }
  | RoundEnd

export type Invoke = (args: Record<string, any>, ctx: any, signal: AbortSignal) => unknown

function reason(outcome: Outcome, exchange: Exchange): unknown {
  if (outcome.kind === 'timeout') return new DOMException('The function timed out.', 'TimeoutError')
  if (outcome.kind === 'cancelled') return exchange.request.signal?.reason ?? new DOMException('The client cancelled the request.', 'AbortError')
  return new DOMException('The run ended to wait for input from the client.', 'AbortError')
}

/**
 * `answers`: the client's answers to earlier questions; `report`: receives exceptions of background work
 * (`ctx.waitUntil`).
 */
export function run(
  invoke: Invoke,
  args: Record<string, any>,
  exchange: Exchange,
  answers: Record<string, unknown> | undefined,
  timeoutMs: number | undefined,
  report: (error: unknown) => void,
): Outcome | Promise<Outcome> {
  const controller = new AbortController()
  let finish: ((outcome: Outcome) => void) | undefined
  let early: Outcome | undefined
  let round: InputRound | undefined
  const end = (outcome: RoundEnd) => (finish ? finish(outcome) : (early ??= outcome))
  const ctx = new RunContext(exchange, controller.signal, () => (round ??= new InputRound(exchange, answers, end)), report)

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
    const signal = exchange.request.signal as AbortSignal | undefined
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
