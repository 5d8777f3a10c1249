/**
 * Prompts, a feature (`promptsFeature`, passed by the table of a module with @prompt declarations):
 * prompts/list, completion/complete, and prompts/get: the prompt's arguments validated (argument lines
 * as a -32602 error) and revived, the function run, and its value made into messages: a string is one
 * user text message, a content part one user message with it, an array a message each, a
 * `{ description?, messages }` object passes through. A `ToolError` is the client's request being wrong:
 * -32602 with its message.
 */
import type { Core } from '../shared/table.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { Feature } from '../shared/table.ts'
import type { PromptEntry } from '../shared/table.ts'
import { messagesFor } from '../shared/compat.ts'
import { complete } from './completion.ts'
import { isObject, RpcError } from '../shared/jsonrpc.ts'
import { listPages, promptItems } from '../shared/lists.ts'
import { isToolError } from '../call/errors.ts'
import { answersFor, withTail } from '../call/outcomes.ts'
import { INTERNAL_ERROR, INVALID_PARAMS } from '../shared/protocol.ts'
import { toJson } from '../call/results.ts'
import { validateAndRun } from '../call/validate-run.ts'
import type { Outcome } from '../shared/table.ts'

/** One message from an element of what a prompt function returned. */
function message(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return { role: 'user', content: { type: 'text', text: value } }
  if (isObject(value) && typeof value.role === 'string' && isObject(value.content)) return value
  if (isObject(value) && typeof value.type === 'string') return { role: 'user', content: value }
  return { role: 'user', content: { type: 'text', text: toJson(value) } }
}

/** `{ description?, messages }` for what a prompt function returned. */
export function promptResult(entry: PromptEntry, value: unknown): { description?: string; messages: Record<string, unknown>[] } {
  let description = entry.description
  let messages: Record<string, unknown>[]
  if (Array.isArray(value)) messages = value.map(message)
  else if (isObject(value) && Array.isArray(value.messages)) {
    messages = value.messages.map(message)
    if (typeof value.description === 'string') description = value.description
  } else messages = [message(value)]
  return description === undefined ? { messages } : { description, messages }
}

export async function getPrompt(core: Core, exchange: Exchange, params: Record<string, any> | undefined): Promise<string | RpcError> {
  const name = params?.name
  if (typeof name !== 'string') return new RpcError(INVALID_PARAMS, 'prompts/get needs params.name, the prompt to get.')
  const prompt = core.prompts.get(name)
  if (!prompt) return new RpcError(INVALID_PARAMS, `Unknown prompt '${name}'.`, { name })
  const raw = params!.arguments ?? {}
  const answers = await answersFor(core, exchange, prompt.run, 'prompts/get', name, raw, params!)
  if (answers instanceof RpcError) return answers
  const outcome = await validateAndRun(core, exchange, prompt, name, raw, answers, {})
  return outcome instanceof RpcError ? outcome : finish(core, exchange, prompt, raw, outcome)
}

async function finish(core: Core, exchange: Exchange, prompt: PromptEntry, raw: unknown, outcome: Outcome): Promise<string | RpcError> {
  switch (outcome.kind) {
    case 'value': {
      try {
        const result = promptResult(prompt, outcome.value)
        if (!exchange.modern) return JSON.stringify({ ...result, messages: messagesFor(result.messages, exchange.flavour) })
        return withTail(JSON.stringify(result), core.completeTail)
      } catch (error) {
        core.report(error, 'prompt', prompt.name)
        return new RpcError(INTERNAL_ERROR, 'The prompt failed.')
      }
    }
    case 'error':
      if (isToolError(outcome.error)) return new RpcError(INVALID_PARAMS, outcome.error.message)
      core.report(outcome.error, 'prompt', prompt.name)
      return new RpcError(INTERNAL_ERROR, 'The prompt failed.')
    default:
      return prompt.run!.ended(core, exchange, prompt, outcome, prompt.name, raw)
  }
}

export const promptsFeature: Feature = {
  methods(core, methods) {
    if (core.prompts.size === 0) return
    const prompts = [...core.prompts.values()]
    methods.set('prompts/list', listPages('prompts', (flavour) => promptItems(prompts, flavour), core.listTail))
    methods.set('prompts/get', getPrompt)
    methods.set('completion/complete', complete)
  },
}
