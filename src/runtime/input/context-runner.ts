/**
 * The runner of a function that takes a `ToolContext` (generated code: `run: __mcp_contextRunner`): an
 * AbortSignal and timeout as for any run, plus the context with its notifications (the SSE channel) and
 * its input rounds (MRTR with the signed request state).
 *
 * Stage input/ (beside features/): the `ToolContext`, input-required rounds (MRTR) with the sealed
 * requestState, and SSE streaming of notifications; generated code hands it in as `contextRunner`, so only
 * a server with a ToolContext function bundles it. It may import call/ (it wraps call/run.ts) and the
 * shared/ leaves, never features/ (its peer).
 */
import type { Ending } from '../shared/table.ts'
import type { InputKit, Runner } from '../shared/table.ts'
import { Channel, sseHeaders } from '../shared/channel.ts'
import { RunContext } from './context.ts'
import { InputRound } from './input-round.ts'
import { inputRequired, readInputs, SECRET_MESSAGE } from './input-state.ts'
import { errorText, resultText, RpcError } from '../shared/jsonrpc.ts'
import { errorResult } from '../call/outcomes.ts'
import { invokeTool } from '../call/tools.ts'
import type { ToolEntry } from '../shared/table.ts'
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
    case 'task': {
      // An ask-first tool's questions are answered: its task begins (with those answers), or, for a client
      // that takes no task, the call runs again to the end, inline, with the same answers.
      const task = entry.kind === 'tool' ? core.tasks?.call(exchange, entry, { name, arguments: args }, outcome.answers) : undefined
      if (task !== undefined) return task
      exchange.asksFirst = false
      return invokeTool(core, exchange, entry as ToolEntry, args, outcome.answers)
    }
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

const STREAMING: ReadonlySet<string> = /* @__PURE__ */ new Set(['tools/call', 'prompts/get', 'resources/read'])

/**
 * Serves a request whose notifications may stream (the client accepts SSE, asked for progress or log
 * messages, and the method can notify): the exchange gets its channel before the call, and the response
 * is the SSE stream at the first notification or the JSON reply at the end. Undefined, without calling,
 * when the request cannot stream. Reached only through the context runner's input kit, so a server whose
 * functions take no ToolContext bundles none of it.
 */
export const streamed: InputKit['streamed'] = (exchange, incoming, method, id, call, json, internal) => {
  if (!incoming.sse || (exchange.progressToken === undefined && exchange.logLevel === Infinity) || !STREAMING.has(method)) return undefined
  const { cors } = incoming
  const channel = (exchange.channel = new Channel(sseHeaders(cors), () => exchange.onCancel?.()))
  // In a session, numbered events the client can resume after the server closes the connection (session/streams.ts).
  const resumable = exchange.session?.resumable?.(channel, exchange.execution)
  exchange.pause = resumable?.pause
  const finish = (value: string | RpcError) =>
    channel.finish(() => (typeof value === 'string' ? resultText(id, value) : errorText(id, value)), () => json(value))
  const result = call()
  if (typeof result === 'string' || result instanceof RpcError) finish(result)
  else result.catch(internal).then(finish)
  return resumable?.response ?? channel.response
}

export const contextRunner: Runner = {
  run: (invoke, args, exchange, answers, timeoutMs, report) => run(invoke, args, exchange, answers, timeoutMs, report, makeContext),
  ended: contextEnding,
  input: { readInputs, streamed },
}
