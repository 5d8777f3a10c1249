/**
 * Tools that ask the client for input: the model (sampling) or the user (elicitation).
 *
 * Each function is written once and serves both protocol eras. On 2026-07-28 the answer arrives
 * statelessly: the first run ends with an input-required result, the client answers and calls again,
 * and the function runs again from the start, this time getting the answer from `await ctx.…`.
 * On 2025-11-25 the request goes out on the tool call's SSE stream and the answer comes back on another
 * POST of the same session, which the session host (the Durable Object on Workers, memory in one Deno
 * process; see ../worker.ts) hands to the waiting `await ctx.…`.
 */
import type { ToolContext } from 'mcp-aot'

/**
 * Tests server-initiated sampling (LLM completion request).
 * @tool
 * @readOnly
 * @param prompt The prompt to send to the LLM
 */
export async function testSampling(prompt: string, ctx: ToolContext): Promise<string> {
  const reply = await ctx.sample({
    messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
    maxTokens: 100,
  })
  return `LLM response: ${reply.content?.text ?? 'No response'}`
}

/**
 * Tests server-initiated elicitation (user input request).
 * @tool
 * @readOnly
 * @param message The message to show the user
 */
export async function testElicitation(message: string, ctx: ToolContext): Promise<string> {
  const answer = await ctx.elicit(message, {
    type: 'object',
    properties: {
      username: { type: 'string', description: "User's response" },
      email: { type: 'string', description: "User's email address" },
    },
    required: ['username', 'email'],
  })
  return `User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`
}

/**
 * Tests elicitation with default values for every primitive type (SEP-1034).
 * @tool
 * @readOnly
 */
export async function testElicitationSep1034Defaults(ctx: ToolContext): Promise<string> {
  const answer = await ctx.elicit('Please review and update the form fields with defaults', {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'User name', default: 'John Doe' },
      age: { type: 'integer', description: 'User age', default: 30 },
      score: { type: 'number', description: 'User score', default: 95.5 },
      status: { type: 'string', description: 'User status', enum: ['active', 'inactive', 'pending'], default: 'active' },
      verified: { type: 'boolean', description: 'Verification status', default: true },
    },
    required: [],
  })
  return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`
}

/**
 * Tests elicitation with the five enum schema variants (SEP-1330).
 * @tool
 * @readOnly
 */
export async function testElicitationSep1330Enums(ctx: ToolContext): Promise<string> {
  const answer = await ctx.elicit('Please select options from the enum fields', {
    type: 'object',
    properties: {
      untitledSingle: { type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] },
      titledSingle: {
        type: 'string',
        description: 'Select one option with titles',
        oneOf: [
          { const: 'value1', title: 'First Option' },
          { const: 'value2', title: 'Second Option' },
          { const: 'value3', title: 'Third Option' },
        ],
      },
      legacyEnum: {
        type: 'string',
        description: 'Select one option (legacy)',
        enum: ['opt1', 'opt2', 'opt3'],
        enumNames: ['Option One', 'Option Two', 'Option Three'],
      },
      untitledMulti: {
        type: 'array',
        description: 'Select multiple options',
        minItems: 1,
        maxItems: 3,
        items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
      },
      titledMulti: {
        type: 'array',
        description: 'Select multiple options with titles',
        minItems: 1,
        maxItems: 3,
        items: {
          anyOf: [
            { const: 'value1', title: 'First Choice' },
            { const: 'value2', title: 'Second Choice' },
            { const: 'value3', title: 'Third Choice' },
          ],
        },
      },
    },
    required: [],
  })
  return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`
}
