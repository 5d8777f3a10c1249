/**
 * bench/costs.ts's mcp-aot server: sessions, listeners and tasks in Durable Objects, each class metered
 * (meter.ts). Built against today's runtime and against the previous release's (its listeners in one object).
 */
import { createServer } from 'mcp-aot'
import { durableSessions, durableSubscriptions, durableTasks } from 'mcp-aot/cloudflare'
import { metered, meteredEnv, meterResponse } from './meter.ts'
import * as tools from './tools.ts'

const sessions = durableSessions('MCP_SESSIONS')
const subscriptions = durableSubscriptions('MCP_SUBSCRIPTIONS', { maxListeners: 20_000 })
const tasks = durableTasks('MCP_TASKS', { ttlMs: 60_000 })
export const McpSession = metered('MCP_SESSIONS', sessions.DurableObject)
export const McpSubscriptions = metered('MCP_SUBSCRIPTIONS', subscriptions.DurableObject)
export const McpTask = metered('MCP_TASKS', tasks.DurableObject)

const server = createServer({ name: 'bench-costs', version: '1.0.0' }, tools, { sessions, subscriptions, tasks })

export default {
  fetch: (request: Request, env: unknown, ctx: { waitUntil(promise: Promise<unknown>): void }) =>
    new URL(request.url).pathname === '/meter' ? meterResponse() : server.fetch(request, meteredEnv(env as object), ctx),
}
