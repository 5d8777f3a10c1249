/**
 * completion/complete: the values a prompt argument may take (from its literal union type, written at
 * build time), filtered by what the user typed so far. Resource template variables have no known
 * values, so they complete to nothing.
 */
import type { Core } from '../shared/table.ts'
import type { Exchange } from '../shared/exchange.ts'
import { RpcError } from '../shared/jsonrpc.ts'
import { withTail } from '../call/outcomes.ts'
import { INVALID_PARAMS } from '../shared/protocol.ts'

/** The most values one completion result may carry. */
const MAX_VALUES = 100

export function complete(core: Core, exchange: Exchange, params: Record<string, any> | undefined): string | RpcError {
  const ref = params?.ref
  const argument = params?.argument
  if (typeof argument?.name !== 'string') return new RpcError(INVALID_PARAMS, 'completion/complete needs params.argument.name.')
  let candidates: readonly string[] = []
  if (ref?.type === 'ref/prompt') {
    const prompt = core.prompts.get(ref.name)
    if (!prompt) return new RpcError(INVALID_PARAMS, `Unknown prompt '${ref.name}'.`, { name: ref.name })
    const completions = prompt.completions
    candidates = completions && Object.hasOwn(completions, argument.name) ? completions[argument.name]! : []
  } else if (ref?.type === 'ref/resource') {
    const known = core.resources.has(ref.uri) || core.templates.some((template) => template.uri === ref.uri)
    if (!known) return new RpcError(INVALID_PARAMS, `Unknown resource template '${ref.uri}'.`, { uri: ref.uri })
  } else {
    return new RpcError(INVALID_PARAMS, "completion/complete needs params.ref of type 'ref/prompt' or 'ref/resource'.")
  }
  const typed = typeof argument.value === 'string' ? argument.value.toLowerCase() : ''
  const matches = candidates.filter((value) => value.toLowerCase().startsWith(typed))
  const json = JSON.stringify({
    completion: { values: matches.slice(0, MAX_VALUES), total: matches.length, hasMore: matches.length > MAX_VALUES },
  })
  return exchange.modern ? withTail(json, core.completeTail) : json
}
