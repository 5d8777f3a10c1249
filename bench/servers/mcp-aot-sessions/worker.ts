/**
 * The mcp-aot bench server with 2025-11-25 sessions in a Durable Object and tasks in Durable Objects
 * (one per task) (bench/sessions.ts).
 */
import { createServer } from 'mcp-aot'
import { durableSessions, durableTasks } from 'mcp-aot/cloudflare'
import * as tools from '../mcp-aot/tools.ts'
import * as taskTools from './tasks.ts'

const sessions = durableSessions('MCP_SESSIONS')
export const McpSession = sessions.DurableObject
// A short time to live: the bench creates thousands of tasks, each an object kept until it ends.
const tasks = durableTasks('MCP_TASKS', { ttlMs: 60_000 })
export const McpTask = tasks.DurableObject

export default createServer({ name: 'mcp-aot', version: '1.0.0' }, tools, taskTools, { sessions, tasks })
