/**
 * Runs a task's tool call in the task's owner (this process, or the task's Durable Object), detached
 * from the request that created it: the tool gets a ToolContext whose `progress` sets the task's status
 * message, whose `elicit`/`sample`/`roots`/`input` make the task input_required until `tasks/update`
 * answers, and whose signal `tasks/cancel` aborts. The tool is validated, revived, run and shaped by the
 * same code as a plain tools/call (invokeTool), as a 2025-11-25 call with a live session: the task.
 */
import type { Channel } from '../shared/channel.ts'
import type { Core } from '../shared/table.ts'
import type { Execution, InputRequest, LiveSession } from '../shared/api.ts'
import type { ResultBudget, TaskCall } from './store.ts'
import type { Task } from './task.ts'
import { Exchange } from '../shared/exchange.ts'
import { invokeTool } from '../call/tools.ts'
import { flavourOf } from '../shared/compat.ts'
import { RpcError } from '../shared/jsonrpc.ts'
import { INTERNAL_ERROR, INVALID_PARAMS, MODERN } from '../shared/protocol.ts'

/**
 * The task as the legacy input path sees a session: `ask` makes the task input_required, but for the
 * questions an ask-first tool had answered before its task began (`answered`, by key), which resolve at once.
 */
function taskSession(task: Task, capabilities: Record<string, any>, answered: Record<string, unknown> = {}): LiveSession {
  const ask = (requests: Record<string, InputRequest>) => {
    const open = Object.fromEntries(Object.entries(requests).filter(([key]) => !Object.hasOwn(answered, key)))
    const known = Object.fromEntries(Object.keys(requests).filter((key) => Object.hasOwn(answered, key)).map((key) => [key, answered[key]]))
    return Object.keys(open).length === 0 ? Promise.resolve(known) : task.ask(open).then((more) => ({ ...known, ...more }))
  }
  return {
    id: task.record.taskId,
    capabilities,
    // Log messages are not part of a task (the spec: progress and messages are not sent for tasks); progress is its status message.
    logLevel: Infinity,
    setLevel() {},
    ask: (_channel, requests) => ask(requests),
    answer() {},
    other: () => new Response(null, { status: 405 }),
    subscribed: new Set(),
  }
}

/** Where the tool's notifications go: a progress notification becomes the task's status message. */
function taskChannel(task: Task): Channel {
  const notify = (method: string, params: Record<string, any>) => {
    if (method !== 'notifications/progress') return
    const { progress, total, message } = params
    const count = total === undefined ? `${progress}` : `${progress}/${total}`
    task.status(message === undefined ? count : `${message} (${count})`)
  }
  // Only notify is reached: the task's session never writes requests to a stream.
  return { notify, send() {}, finish() {} } as unknown as Channel
}

const encoder = /* @__PURE__ */ new TextEncoder()

/**
 * Runs the call to the end and settles the task with its result or error; never rejects. A result is
 * counted in `budget` first (its JSON's UTF-8 bytes): one that does not fit fails the task instead.
 */
export async function runTask(core: Core, task: Task, call: TaskCall, env: unknown, execution: Execution | undefined, budget?: ResultBudget): Promise<void> {
  const tool = core.tools.get(call.name)
  try {
    if (!tool) return task.fail({ code: INVALID_PARAMS, message: `Unknown tool '${call.name}'.` })
    const request = new Request(call.url, { method: 'POST', headers: call.headers, signal: task.signal })
    // A 2026-07-28 client's result is shaped as 2025-11-25's CallToolResult, the same fields, plus the
    // `resultType: "complete"` every 2026-07-28 result carries (the ext-tasks requester checks it).
    // A 2025-11-25 task has no tasks/update to answer input through: its tool's question ends it as that revision's calls end (an isError result).
    const modern = call.version === MODERN
    const session = modern ? taskSession(task, call.capabilities, call.answers) : undefined
    const exchange = new Exchange({ request, env, execution, auth: call.auth, session }, call.version, modern ? '2025-11-25' : flavourOf(call.version), false, call.capabilities, call.progressToken ?? 'task', Infinity)
    exchange.channel = taskChannel(task)
    exchange.notify = core.subscriptions?.notifier(env, execution)
    const answer = await invokeTool(core, exchange, tool, call.arguments ?? {}, undefined)
    if (answer instanceof RpcError) task.fail({ code: answer.code, message: answer.message, ...(answer.data === undefined ? {} : { data: answer.data }) })
    else {
      // A task cancelled or expired meanwhile keeps nothing: its result is not counted.
      const refused = task.terminal ? undefined : budget?.(encoder.encode(answer).byteLength)
      if (refused) task.fail(refused)
      else task.complete(modern ? { resultType: 'complete', ...JSON.parse(answer) } : JSON.parse(answer))
    }
  } catch (error) {
    core.report(error, 'tool', call.name)
    task.fail({ code: INTERNAL_ERROR, message: 'The task failed.' })
  }
}
