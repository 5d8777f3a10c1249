/** Tools that notify the client while they run: log messages and progress (sent over an SSE response). */
import type { ToolContext } from 'mcp-aot'
import { sleep } from '../media.ts'

/**
 * Tests tool that emits log messages during execution.
 * @tool
 * @readOnly
 */
export async function testToolWithLogging(ctx: ToolContext): Promise<string> {
  await ctx.log('info', 'Tool execution started')
  await sleep(50)
  await ctx.log('info', 'Tool processing data')
  await sleep(50)
  await ctx.log('info', 'Tool execution completed')
  return 'Tool with logging executed successfully'
}

/**
 * Tests tool that reports progress notifications: 0, 50 and 100 of 100.
 * @tool
 * @readOnly
 */
export async function testToolWithProgress(ctx: ToolContext): Promise<string> {
  for (const step of [0, 50, 100]) {
    if (step > 0) await sleep(50)
    await ctx.progress(step, 100, `Completed step ${step} of 100`)
  }
  return 'Progress tool completed 100 of 100 steps'
}

/**
 * Diagnostic logging tool: logs one message, which the client receives only if it asked for a log level.
 * @tool
 * @readOnly
 */
export async function testLoggingTool(ctx: ToolContext): Promise<string> {
  await ctx.log('info', 'Diagnostic trace logging activated')
  return 'Logging evaluated'
}

/**
 * Tests SSE polling (SEP-1699): closes the connection of its stream mid-call, then answers; a 2025-11-25
 * client in a session reconnects with GET and Last-Event-ID and receives the result on the new stream.
 * @tool
 * @readOnly
 */
export async function testReconnection(ctx: ToolContext): Promise<string> {
  ctx.closeStream()
  await sleep(100)
  return 'Reconnection test completed: the result arrived after the stream was resumed'
}
