/**
 * The Tasks extension fixtures (io.modelcontextprotocol/tasks, SEP-2663; conformance: tasks-*). A `@task`
 * tool called by a client that declares the extension answers with a task handle at once and runs on in
 * the task host; `tasks/get` shows its status, its questions (`tasks/update` answers them) and its result.
 * A returned value, an isError result from a `ToolError` too, completes the task; a JSON-RPC error fails it.
 */
import { ToolError } from 'mcp-aot'
import type { InputRequest, Max, Min, ToolContext } from 'mcp-aot'

/** Waits `ms`, or rejects as soon as `signal` aborts (the client cancelled the task). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    }, { once: true })
  })
}

/** An elicitation asking for a name and a confirmation. */
const askName = (message: string): InputRequest => ({
  method: 'elicitation/create',
  params: {
    message,
    requestedSchema: { type: 'object', properties: { name: { type: 'string' }, confirm: { type: 'boolean' } } },
  },
})

/** The name of an accepted answer, or what stands in for it. */
const nameIn = (answer: { action?: string; content?: Record<string, unknown> } | undefined, otherwise: string): string =>
  answer?.action === 'accept' && typeof answer.content?.name === 'string' ? answer.content.name : otherwise

/**
 * Greets someone by name; never a task.
 * @tool
 * @readOnly
 * @param name Who to greet.
 */
export function greet(name: string): string {
  return `Hello, ${name}!`
}

/**
 * Works for the given number of seconds, then reports what it computed. Cancelling the task stops it.
 * @tool
 * @readOnly
 * @task optional
 * @param seconds How long to work (0: at once).
 * @param label What to call the result.
 */
export async function slowCompute(seconds: number & Min<0> & Max<600>, label: string = 'result', ctx: ToolContext): Promise<string> {
  await ctx.progress(0, seconds, `computing ${label}`)
  await sleep(seconds * 1000, ctx.signal)
  return `Computed ${label} in ${seconds} s.`
}

/**
 * A job that runs for a second and then fails with a message for the model (an isError result: its
 * task completes).
 * @tool
 * @readOnly
 * @task required
 */
export async function failingJob(ctx: ToolContext): Promise<string> {
  await sleep(1000, ctx.signal)
  throw new ToolError('The job failed after a second of work.')
}

/**
 * A job that asks for the client's roots, which a client that does not declare `roots` cannot give: the
 * JSON-RPC error (-32021, a missing client capability) fails its task.
 * @tool
 * @readOnly
 * @task optional
 */
export async function protocolErrorJob(ctx: ToolContext): Promise<string> {
  const roots = await ctx.roots()
  return `Found ${roots.length} root(s).`
}

/**
 * Deletes a file once the user confirms (the task waits, input_required, for the answer).
 * @tool
 * @task optional
 * @destructive
 * @param filename The file to delete.
 */
export async function confirmDelete(filename: string, ctx: ToolContext): Promise<string> {
  const answer = await ctx.elicit(`Delete ${filename}?`, { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] })
  return answer.action === 'accept' && answer.content?.confirm === true ? `Deleted ${filename}.` : `Kept ${filename}.`
}

/**
 * Asks two questions at once; the task stays input_required until both are answered.
 * @tool
 * @readOnly
 * @task optional
 */
export async function multiInput(ctx: ToolContext): Promise<string> {
  const { first, second } = await ctx.input({ first: askName('First name?'), second: askName('Second name?') })
  return `Got ${nameIn(first, 'nobody')} and ${nameIn(second, 'nobody')}.`
}

/**
 * Asks for the user's name first, as an input round before any task exists, then greets them from a task
 * (`ask-first`: over 2026-07-28 the call runs inline until `ctx.startTask()`, whose task keeps the answers).
 * @tool test_tool_with_task
 * @readOnly
 * @task required ask-first
 */
export async function testToolWithTask(ctx: ToolContext): Promise<string> {
  const answer = await ctx.elicit('What is your name?', { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] })
  await ctx.startTask()
  return `Hello, ${nameIn(answer, 'stranger')}: your task is done.`
}
