/**
 * Helpers the tools/call, prompts/get and resources/read handlers share: the answers a request brings,
 * and turning how a run ended into response text.
 */
import type { Core } from '../shared/table.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { Runner } from '../shared/table.ts'
import { RpcError } from '../shared/jsonrpc.ts'
import { INVALID_PARAMS } from '../shared/protocol.ts'

/** Appends `tail` (`,"key":…`) to a JSON object's text. */
export const withTail = (json: string, tail: string): string => (json === '{}' ? `{${tail.slice(1)}}` : json.slice(0, -1) + tail + '}')

/** A tool's `isError` result with one text part, as JSON text. */
export function errorResult(core: Core, exchange: Exchange, text: string): string {
  const json = `{"content":[{"type":"text","text":${JSON.stringify(text)}}],"isError":true}`
  return exchange.modern ? withTail(json, core.completeTail) : json
}

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
