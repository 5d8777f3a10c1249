/**
 * The runner of a function that takes a `ToolContext` (generated code: `run: __mcp_contextRunner`): an
 * AbortSignal and timeout as for any run, plus the context with its notifications (the SSE channel) and
 * its input rounds (MRTR with the signed request state).
 */
import type { Ending } from '../call/outcomes.ts'
import type { Runner } from '../call/runner.ts'
import { streamed } from '../shared/channel.ts'
import { RunContext } from './context.ts'
import { InputRound } from './input-round.ts'
import { inputRequired, readInputs, SECRET_MESSAGE } from './input-state.ts'
import { RpcError } from '../shared/jsonrpc.ts'
import { errorResult } from '../call/outcomes.ts'
import { INTERNAL_ERROR } from '../shared/protocol.ts'
import { run, signalEnding, type ContextFactory } from '../call/run.ts'

const METHODS = { tool: 'tools/call', prompt: 'prompts/get', resource: 'resources/read' } as const

/** What a function that asks the client for input gets over a legacy revision. */
export const legacyInputMessage = (method: string, version: string): string =>
  `This needs input from the client (${method}), which this server asks for only over MCP 2026-07-28 (stateless input-required rounds); this client speaks ${version}.`

/** Besides a timeout or cancellation: a refused answer, input asked over a legacy revision, or an input-required round. */
const contextEnding: Ending = (core, exchange, entry, outcome, name, args) => {
  // A tool reports a failure as an isError result, a prompt or resource as an error.
  const failure = (text: string) => (entry.kind === 'tool' ? errorResult(core, exchange, text) : new RpcError(INTERNAL_ERROR, text))
  switch (outcome.kind) {
    case 'refused':
      return outcome.error
    case 'legacy-input':
      return failure(legacyInputMessage(outcome.method, exchange.version))
    case 'input':
      return inputRequired(core, exchange, METHODS[entry.kind], name, args, outcome.requests, outcome.answers).then((text) => {
        if (text !== undefined) return text
        core.report(new Error(SECRET_MESSAGE), entry.kind, name)
        return failure(SECRET_MESSAGE)
      })
    default:
      return signalEnding(core, exchange, entry, outcome, name, args)
  }
}

const makeContext: ContextFactory = (exchange, signal, answers, end, report) => {
  let round: InputRound | undefined
  return new RunContext(exchange, signal, () => (round ??= new InputRound(exchange, answers, end)), report)
}

export const contextRunner: Runner = {
  run: (invoke, args, exchange, answers, timeoutMs, report) => run(invoke, args, exchange, answers, timeoutMs, report, makeContext),
  ended: contextEnding,
  input: { readInputs, streamed },
}
