/** The conformance prompts (prompts-*, completion-complete, input-required-result-non-tool-request). */
import { image, resource, text } from 'mcp-aot'
import type { PromptResult, ToolContext } from 'mcp-aot'
import { RED_PIXEL_PNG } from './media.ts'

/**
 * A simple prompt without arguments.
 * @prompt
 * @title Simple Test Prompt
 */
export function testSimplePrompt(): PromptResult {
  return { messages: [{ role: 'user', content: text('This is a simple prompt for testing.') }] }
}

/**
 * A prompt with required arguments.
 * @prompt
 * @title Prompt With Arguments
 * @param arg1 First test argument
 * @param arg2 Second test argument
 */
export function testPromptWithArguments(arg1: string, arg2: string): PromptResult {
  return { messages: [{ role: 'user', content: text(`Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`) }] }
}

/**
 * A prompt that includes an embedded resource.
 * @prompt
 * @title Prompt With Embedded Resource
 * @param resourceUri URI of the resource to embed
 */
export function testPromptWithEmbeddedResource(resourceUri: string): PromptResult {
  return {
    messages: [
      { role: 'user', content: resource(resourceUri, 'Embedded resource content for testing.', 'text/plain') },
      { role: 'user', content: text('Please process the embedded resource above.') },
    ],
  }
}

/**
 * A prompt that includes image content.
 * @prompt
 * @title Prompt With Image
 */
export function testPromptWithImage(): PromptResult {
  return {
    messages: [
      { role: 'user', content: image(RED_PIXEL_PNG, 'image/png') },
      { role: 'user', content: text('Please analyze the image above.') },
    ],
  }
}

/**
 * MRTR: a prompt that asks the user for context (input key user_context) before it is built.
 * @prompt
 */
export async function testInputRequiredResultPrompt(ctx: ToolContext): Promise<PromptResult> {
  const { user_context } = await ctx.input({
    user_context: {
      method: 'elicitation/create',
      params: {
        message: 'What context should the prompt use?',
        requestedSchema: { type: 'object', properties: { context: { type: 'string' } }, required: ['context'] },
      },
    },
  })
  const context = user_context?.content?.context
  return { messages: [{ role: 'user', content: text(`Prompt with context: ${typeof context === 'string' ? context : 'unknown'}`) }] }
}
