/**
 * What prompts/get and resources/read share: the arguments validated (argument lines as a -32602 error,
 * its `data` carrying them beside `data`'s own fields) and revived, then the function run by its runner or
 * plainly. tools/call keeps its own copy (tools.ts): it answers refusals as `isError` results and stays
 * synchronous for a synchronous tool, and a tools-only Worker bundles none of this.
 */
import type { Core } from '../shared/table.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { Outcome } from '../shared/table.ts'
import type { PromptEntry, ResourceEntry } from '../shared/table.ts'
import { argumentErrors } from './arg-errors.ts'
import { boundLines } from './bound-lines.ts'
import { RpcError } from '../shared/jsonrpc.ts'
import { INVALID_PARAMS } from '../shared/protocol.ts'
import { callPlain } from './run.ts'

/** The lines go in `data.errors` once; the message is the first of them (and how many follow). */
function refuse(errors: string[], data: Record<string, unknown>): RpcError {
  const more = errors.length - 1
  const message = more > 0 ? `${errors[0]} (${more} more line(s) in data.errors)` : errors[0]!
  return new RpcError(INVALID_PARAMS, message, { ...data, errors })
}

/** `name` is the prompt name or the resource URI (what failures are reported under). */
export async function validateAndRun(
  core: Core,
  exchange: Exchange,
  entry: PromptEntry | ResourceEntry,
  name: string,
  raw: any,
  answers: Record<string, unknown> | undefined,
  data: Record<string, unknown>,
): Promise<Outcome | RpcError> {
  const validate = entry.validate
  if (validate && !validate(raw)) return refuse(argumentErrors(validate.errors ?? []), data)
  let args = raw
  if (entry.revive) {
    const revived = entry.revive(raw)
    if (!revived.ok) return refuse(boundLines(revived.errors), data)
    args = revived.value
  }
  const runner = entry.run
  return runner ? runner.run(entry.invoke, args, exchange, answers, undefined, (error) => core.report(error, entry.kind, name)) : callPlain(entry.invoke, args)
}
