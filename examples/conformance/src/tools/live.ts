/**
 * A server whose lists change at run time (server-stateless's subscription checks, SEP-2575): the trigger tools
 * enable or disable an entry (live-state.ts, read by createServer's `visible`) and tell every listening client
 * with `ctx.notify`; test_update_resource changes test://watched-resource and tells the clients subscribed to it.
 */
import type { PromptResult, ToolContext } from 'mcp-aot'
import { toggle, watched } from '../live-state.ts'

/**
 * Enables test_dynamic_tool, or disables it when enabled, and sends notifications/tools/list_changed.
 * @tool
 * @destructive false
 */
export async function testTriggerToolChange(ctx: ToolContext): Promise<string> {
  const shown = toggle('test_dynamic_tool')
  await ctx.notify.toolsChanged()
  return `test_dynamic_tool is ${shown ? 'enabled' : 'disabled'}`
}

/**
 * Enables test_dynamic_prompt, or disables it when enabled, and sends notifications/prompts/list_changed.
 * @tool
 * @destructive false
 */
export async function testTriggerPromptChange(ctx: ToolContext): Promise<string> {
  const shown = toggle('test_dynamic_prompt')
  await ctx.notify.promptsChanged()
  return `test_dynamic_prompt is ${shown ? 'enabled' : 'disabled'}`
}

/**
 * Updates test://watched-resource and sends notifications/resources/updated to the clients subscribed to it.
 * @tool
 * @destructive false
 */
export async function testUpdateResource(ctx: ToolContext): Promise<string> {
  watched.updates += 1
  await ctx.notify.resourceUpdated('test://watched-resource')
  return `test://watched-resource updated (${watched.updates})`
}

/**
 * A tool listed only while test_trigger_tool_change has enabled it.
 * @tool
 * @readOnly
 */
export function testDynamicTool(): string {
  return 'The dynamic tool is enabled.'
}

/**
 * A prompt listed only while test_trigger_prompt_change has enabled it.
 * @prompt
 */
export function testDynamicPrompt(): PromptResult {
  return { messages: [{ role: 'user', content: { type: 'text', text: 'The dynamic prompt is enabled.' } }] }
}
