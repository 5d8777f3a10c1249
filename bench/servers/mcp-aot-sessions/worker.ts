/**
 * The mcp-aot bench server with 2025-11-25 sessions in a Durable Object and tasks in Durable Objects
 * (bench/sessions.ts). Two servers over the same tools: requests without `authorization` reach the open
 * one (no principals: a Durable Object per task), requests with a bearer token reach one behind an
 * authorize hook (each caller's tasks in that caller's Durable Object).
 */
import { createServer } from 'mcp-aot'
import { durableSessions, durableTasks } from 'mcp-aot/cloudflare'
import * as tools from '../mcp-aot/tools.ts'
import * as taskTools from './tasks.ts'
import { floors } from './floors.ts'

const sessions = durableSessions('MCP_SESSIONS')
export const McpSession = sessions.DurableObject
// A short time to live: the bench creates thousands of tasks, each kept until it ends; as many per caller as it creates.
const tasks = durableTasks('MCP_TASKS', { ttlMs: 60_000 })
export const McpTask = tasks.DurableObject
const ownedTasks = durableTasks('MCP_OWNED_TASKS', { ttlMs: 60_000, maxTasksPerPrincipal: 1_000_000 })
export const McpOwnedTask = ownedTasks.DurableObject

const open = createServer({ name: 'mcp-aot', version: '1.0.0' }, tools, taskTools, { sessions, tasks })
const authorized = createServer({ name: 'mcp-aot', version: '1.0.0' }, tools, taskTools, {
  tasks: ownedTasks,
  authorize: (request) => {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '')
    return token ? { token, clientId: 'bench', extra: { userId: token } } : null
  },
})

const floor = floors((request, env, ctx) => open.fetch(request, env, ctx as any))
export const McpFloor = floor.FloorObject

export default {
  fetch: (request: Request, env: unknown, ctx: any) =>
    request.headers.has('x-floor') ? floor.route(request, env) : (request.headers.has('authorization') ? authorized : open).fetch(request, env, ctx),
}
