/**
 * tools/call: look the tool up, validate and revive its arguments, run it, and shape what it returned
 * (or how it failed) into a CallToolResult by the rules of SCHEMA.md ("Results", "Errors become results").
 *
 * Stage call/ (the last): look a tool up, validate, revive, run (run.ts), shape the result (results.ts) or
 * the failure (outcomes.ts, arg-errors.ts), and note how it ended for an `onCall` hook (`exchange.note`). It
 * imports only its own folder and the shared/ leaves; what it answers goes back up to rpc/dispatch.ts as
 * JSON text or an RpcError.
 */
import type { ToolResult } from '../shared/api.ts'
import type { Core } from '../shared/table.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { ToolEntry } from '../shared/table.ts'
import { argumentErrors } from './arg-errors.ts'
import { boundLines } from './bound-lines.ts'
import { toolResultFor, untitled } from '../shared/compat.ts'
import { RpcError, unknownTool } from '../shared/jsonrpc.ts'
import { isToolError } from './errors.ts'
import { answersFor, errorResult, withTail } from './outcomes.ts'
import { INVALID_PARAMS } from '../shared/protocol.ts'
import { callPlain } from './run.ts'
import type { Outcome } from '../shared/table.ts'

function resultJson(core: Core, exchange: Exchange, result: ToolResult): string {
  if (!exchange.modern) return JSON.stringify(toolResultFor(result, exchange.flavour))
  if (result._meta !== undefined) return JSON.stringify({ ...result, resultType: 'complete' })
  return withTail(JSON.stringify(result), core.completeTail)
}

const failed = (core: Core, exchange: Exchange, error: unknown, name: string): string => {
  exchange.note?.('failure', error)
  core.report(error, 'tool', name)
  return errorResult(core, exchange, 'The tool failed.')
}

type Answer = string | RpcError | Promise<string | RpcError>

/** Synchronous all the way for a tool that returns synchronously: no promise is made on that path. */
export function callTool(core: Core, exchange: Exchange, params: Record<string, any> | undefined): Answer {
  const name = params?.name
  if (typeof name !== 'string') return new RpcError(INVALID_PARAMS, 'tools/call needs params.name, the tool to call.')
  const tool = core.tools.get(name)
  if (!tool) return unknownTool(name)
  // An ask-first tool runs inline over 2026-07-28 (its questions by MRTR) until ctx.startTask() (input/context-runner.ts).
  if (tool.asksFirst && exchange.modern && core.tasks) exchange.asksFirst = true
  else if (tool.task) {
    // A `@task` tool: a task handle (or a refusal) when the client can take one (tasks/support.ts).
    const task = core.tasks?.call(exchange, tool, params!)
    if (task !== undefined) {
      // Answered with a task handle: the run itself goes on in the task host.
      exchange.note?.('task')
      return task
    }
  }
  const raw = params!.arguments ?? {}
  const answers = answersFor(core, exchange, tool.run, 'tools/call', name, raw, params!)
  if (answers instanceof RpcError) return answers
  if (answers instanceof Promise) return answers.then((read) => (read instanceof RpcError ? read : invokeTool(core, exchange, tool, raw, read)))
  return invokeTool(core, exchange, tool, raw, answers)
}

/** Validates, revives, runs and shapes one call (also a task's, tasks/run-task.ts). */
export function invokeTool(core: Core, exchange: Exchange, tool: ToolEntry, sent: any, answers: Record<string, unknown> | undefined): Answer {
  const raw = tool.lenient ? tool.lenient(sent) : sent
  const validate = tool.validate
  if (!validate(raw)) {
    exchange.note?.('argument_error')
    return errorResult(core, exchange, argumentErrors(validate.errors ?? [], tool.rules).join('\n'))
  }
  let args = raw
  if (tool.revive) {
    const revived = tool.revive(raw)
    if (!revived.ok) {
      exchange.note?.('argument_error')
      return errorResult(core, exchange, boundLines(revived.errors).join('\n'))
    }
    args = revived.value
  }
  const runner = tool.run
  const running = runner ? runner.run(tool.invoke, args, exchange, answers, tool.timeoutMs, (error) => core.report(error, 'tool', tool.name)) : callPlain(tool.invoke, args)
  return running instanceof Promise ? running.then((outcome) => finish(core, exchange, tool, raw, outcome)) : finish(core, exchange, tool, raw, running)
}

function finish(core: Core, exchange: Exchange, tool: ToolEntry, raw: unknown, outcome: Outcome): Answer {
  switch (outcome.kind) {
    case 'value': {
      try {
        const result = tool.result(outcome.value, untitled(exchange.flavour))
        if (typeof result === 'string') return exchange.modern ? withTail(result, core.completeTail) : result
        return resultJson(core, exchange, result)
      } catch (error) {
        return failed(core, exchange, error, tool.name)
      }
    }
    case 'error':
      if (!isToolError(outcome.error)) return failed(core, exchange, outcome.error, tool.name)
      exchange.note?.('tool_error', outcome.error)
      return errorResult(core, exchange, outcome.error.message)
    default:
      exchange.note?.(outcome.kind)
      return tool.run!.ended(core, exchange, tool, outcome, tool.name, raw)
  }
}
