/**
 * Helpers the tools/call, prompts/get and resources/read handlers share to turn how a run ended into
 * response text.
 */
import type { Core } from './core.ts'
import type { Exchange } from './exchange.ts'
import type { Outcome } from './run.ts'
import type { Runner } from './runner.ts'
import { ToolError } from './errors.ts'
import { RpcError } from './jsonrpc.ts'
import { INTERNAL_ERROR, INVALID_PARAMS } from './protocol.ts'

/** A `ToolError` (also one from another copy of the package, recognised by its name). */
export const isToolError = (error: unknown): error is Error =>
  error instanceof ToolError || (error instanceof Error && error.name === 'ToolError')

/** Appends `tail` (`,"key":…`) to a JSON object's text. */
export const withTail = (json: string, tail: string): string => (json === '{}' ? `{${tail.slice(1)}}` : json.slice(0, -1) + tail + '}')

/** What a function that asks the client for input gets over a legacy revision. */
export const legacyInputMessage = (method: string, version: string): string =>
  `This needs input from the client (${method}), which this server asks for only over MCP 2026-07-28 (stateless input-required rounds); this client speaks ${version}.`

type Answers = Record<string, unknown> | undefined | RpcError

/**
 * The answers to earlier questions a 2026-07-28 request brings (`requestState`, `inputResponses`), read
 * by the runner of a function that can ask; undefined when there are none. A function that takes no
 * ToolContext never asks, so no requestState this server issued can name it.
 */
export function answersFor(
  core: Core,
  exchange: Exchange,
  runner: Runner | undefined,
  method: string,
  name: string,
  args: unknown,
  params: Record<string, any>,
): Answers | Promise<Answers> {
  if (!exchange.modern || (params.requestState === undefined && params.inputResponses === undefined)) return undefined
  const input = runner?.input
  if (input) return input.readInputs(core, exchange, method, name, args, params)
  if (params.requestState === undefined) return undefined
  return new RpcError(INVALID_PARAMS, 'The requestState is invalid: it was not issued by this server or it was modified.')
}

/** A run of a prompt or resource function that ended without a value or exception, as the JSON-RPC answer. */
export async function unfinished(
  runner: Runner | undefined,
  core: Core,
  exchange: Exchange,
  outcome: Exclude<Outcome, { kind: 'value' } | { kind: 'error' }>,
  method: string,
  name: string,
  args: unknown,
  kind: string,
): Promise<string | RpcError> {
  switch (outcome.kind) {
    case 'timeout':
    case 'cancelled':
      return new RpcError(INTERNAL_ERROR, 'The client cancelled the request.')
    case 'refused':
      return outcome.error
    case 'legacy-input':
      return new RpcError(INTERNAL_ERROR, legacyInputMessage(outcome.method, exchange.version))
    case 'input': {
      const input = runner!.input!
      const text = await input.inputRequired(core, exchange, method, name, args, outcome.requests, outcome.answers)
      if (text !== undefined) return text
      core.report(new Error(input.secretMessage), kind, name)
      return new RpcError(INTERNAL_ERROR, input.secretMessage)
    }
  }
}
