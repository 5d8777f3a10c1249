/**
 * The 2026-07-28 input-required (MRTR) fixtures. Each tool asks with `ctx.input({key: request})` when the
 * suite names the key it answers, or with `ctx.elicit` / `ctx.sample` / `ctx.roots` when any key will do.
 * The function re-runs from the start on every round; everything before an `await ctx.…` is repeatable.
 */
import type { InputRequest, ToolContext } from 'mcp-aot'

const askName: InputRequest = {
  method: 'elicitation/create',
  params: {
    message: 'What is your name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  },
}

const askConfirm: InputRequest = {
  method: 'elicitation/create',
  params: {
    message: 'Please confirm',
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  },
}

/** The text of a field of an accepted elicitation answer. */
function field(answer: { content?: Record<string, unknown> } | undefined, name: string): string {
  const value = answer?.content?.[name]
  return typeof value === 'string' ? value : 'unknown'
}

/**
 * MRTR: asks the user's name (input key user_name), then greets them.
 * @tool
 * @readOnly
 */
export async function testInputRequiredResultElicitation(ctx: ToolContext): Promise<string> {
  const { user_name } = await ctx.input({ user_name: askName })
  return `Hello, ${field(user_name, 'name')}!`
}

/**
 * MRTR: asks the client's model a question, then reports its answer.
 * @tool
 * @readOnly
 */
export async function testInputRequiredResultSampling(ctx: ToolContext): Promise<string> {
  const reply = await ctx.sample({
    messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
    maxTokens: 100,
  })
  return `Sampling result: ${reply.content?.text ?? 'no response'}`
}

/**
 * MRTR: asks for the client's roots, then counts them.
 * @tool
 * @readOnly
 */
export async function testInputRequiredResultListRoots(ctx: ToolContext): Promise<string> {
  const roots = await ctx.roots()
  return `Found ${roots.length} root(s)`
}

/**
 * MRTR: asks for a confirmation; the answer comes back with the signed requestState.
 * @tool
 * @readOnly
 */
export async function testInputRequiredResultRequestState(ctx: ToolContext): Promise<string> {
  const { confirm } = await ctx.input({ confirm: askConfirm })
  return confirm?.action === 'accept' && confirm.content?.ok === true
    ? 'state-ok: requestState validated'
    : `state-ok: requestState validated; not confirmed (${confirm?.action})`
}

/**
 * MRTR: asks the user, the model and the client's roots in one round.
 * @tool
 * @readOnly
 */
export async function testInputRequiredResultMultipleInputs(ctx: ToolContext): Promise<string> {
  const answers = await ctx.input({
    user_name: askName,
    greeting: {
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }], maxTokens: 50 },
    },
    client_roots: { method: 'roots/list', params: {} },
  })
  const greeting = answers.greeting?.content?.text ?? 'Hello there!'
  const roots = Array.isArray(answers.client_roots?.roots) ? answers.client_roots.roots.length : 0
  return `Name: ${field(answers.user_name, 'name')}; Greeting: ${greeting}; Roots: ${roots}`
}

/**
 * MRTR: two rounds, the second question depending on the first answer.
 * @tool
 * @readOnly
 */
export async function testInputRequiredResultMultiRound(ctx: ToolContext): Promise<string> {
  const { step1 } = await ctx.input({
    step1: {
      method: 'elicitation/create',
      params: {
        message: 'Step 1: What is your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
    },
  })
  const name = field(step1, 'name')
  const { step2 } = await ctx.input({
    step2: {
      method: 'elicitation/create',
      params: {
        message: `Step 2: What is your favorite color, ${name}?`,
        requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
      },
    },
  })
  return `Multi-round complete for ${name} who likes ${field(step2, 'color')}`
}

/**
 * MRTR: its requestState is signed, so a tampered one is refused before the tool runs again.
 * @tool
 * @readOnly
 */
export async function testInputRequiredResultTamperedState(ctx: ToolContext): Promise<string> {
  await ctx.input({ confirm: askConfirm })
  return 'integrity-ok: state verified'
}

/**
 * MRTR: asks only for what the client declared it can answer (elicitation, sampling).
 * @tool
 * @readOnly
 */
export async function testInputRequiredResultCapabilities(ctx: ToolContext): Promise<string> {
  const requests: Record<string, InputRequest> = {}
  if (ctx.clientCapabilities.elicitation) {
    requests.elicit_input = {
      method: 'elicitation/create',
      params: {
        message: 'Elicitation input',
        requestedSchema: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
      },
    }
  }
  if (ctx.clientCapabilities.sampling) {
    requests.sample_input = {
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: 'Sample request' } }], maxTokens: 50 },
    }
  }
  if (Object.keys(requests).length === 0) return 'No supported capabilities declared'
  const answers = await ctx.input(requests)
  return `capabilities-ok: received ${Object.keys(answers).join(',')}`
}

/**
 * Needs the client's model (sampling): a client that did not declare sampling gets -32021.
 * @tool
 * @readOnly
 */
export async function testMissingCapability(ctx: ToolContext): Promise<string> {
  const reply = await ctx.sample({
    messages: [{ role: 'user', content: { type: 'text', text: 'Say something' } }],
    maxTokens: 20,
  })
  return `Success: ${reply.content?.text ?? 'no response'}`
}

/**
 * Diagnostic: reports progress, then asks the user on the same response stream (an input-required result,
 * never a server→client request).
 * @tool
 * @readOnly
 */
export async function testStreamingElicitation(ctx: ToolContext): Promise<string> {
  await ctx.progress(50, 100, 'Halfway there')
  const answer = await ctx.elicit('Continue streaming?', {
    type: 'object',
    properties: { ok: { type: 'boolean' } },
    required: ['ok'],
  })
  return `Streaming complete: ${answer.action}`
}
