/**
 * How a function runs when a plain call is not enough. The compiler picks one per declaration and the
 * table entry carries it (`run: __mcp_signalRunner` or `run: __mcp_contextRunner`), so the machinery
 * (AbortController, timers, ToolContext, input rounds, sealed state, the SSE channel and streamed responses) is bundled only
 * when some function uses it. A function without `run` is called plainly (see `callPlain` in run.ts).
 */
import type { streamed } from '../shared/channel.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { readInputs } from '../input/input-state.ts'
import type { Ending } from './outcomes.ts'
import type { Invoke, Outcome } from './run.ts'

export interface Runner {
  /** `answers`: the client's answers to earlier questions; `report`: exceptions of background work. */
  run(
    invoke: Invoke,
    args: Record<string, any>,
    exchange: Exchange,
    answers: Record<string, unknown> | undefined,
    timeoutMs: number | undefined,
    report: (error: unknown) => void,
  ): Outcome | Promise<Outcome>
  /** The answer when the run ended without a value or exception (timeout, cancellation, input). */
  readonly ended: Ending
  /** Present when the function takes a ToolContext: it may ask the client for input and notify. */
  readonly input?: InputKit
}

export interface InputKit {
  readonly readInputs: typeof readInputs
  /** Serves a request whose notifications may stream over SSE (see channel.ts). */
  readonly streamed: typeof streamed
}
