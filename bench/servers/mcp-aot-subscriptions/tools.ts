import type { ToolContext } from 'mcp-aot'

/**
 * Answers at once: the plain call a notifying call is compared with.
 * @tool
 * @readOnly
 */
export function ping(): string {
  return 'pong'
}

/**
 * Tells every listener that the tool list changed.
 * @tool
 */
export async function notifyTools(ctx: ToolContext): Promise<string> {
  await ctx.notify.toolsChanged()
  return 'notified'
}
