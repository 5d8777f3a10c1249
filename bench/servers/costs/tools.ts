import type { ToolContext } from 'mcp-aot'

/**
 * Answers at once.
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

/**
 * Answers as a task.
 * @tool
 * @task required
 */
export function slowPing(): string {
  return 'pong'
}
