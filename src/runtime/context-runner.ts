/**
 * The runner of a function that takes a `ToolContext` (generated code: `run: __mcp_contextRunner`): an
 * AbortSignal and timeout as for any run, plus the context with its notifications (the SSE channel) and
 * its input rounds (MRTR with the signed request state).
 */
import type { Runner } from './runner.ts'
import { Channel } from './channel.ts'
import { RunContext } from './context.ts'
import { InputRound } from './input-round.ts'
import { inputRequired, readInputs, SECRET_MESSAGE } from './input-state.ts'
import { run, type ContextFactory } from './run.ts'

const makeContext: ContextFactory = (exchange, signal, answers, end, report) => {
  let round: InputRound | undefined
  return new RunContext(exchange, signal, () => (round ??= new InputRound(exchange, answers, end)), report)
}

export const contextRunner: Runner = {
  run: (invoke, args, exchange, answers, timeoutMs, report) => run(invoke, args, exchange, answers, timeoutMs, report, makeContext),
  input: { readInputs, inputRequired, secretMessage: SECRET_MESSAGE, channel: (headers, onCancel) => new Channel(headers, onCancel) },
}
