/**
 * The flood target of `npm run bench:attack` on Workers (bench/flood.ts, in workerd): the bench tools with
 * `durableSessions()` and `durableTasks()`. Requests with a bearer token reach the server behind an
 * authorize hook (each token its own principal), requests without one the open server; each server has
 * its own bindings (a host serves one server). Built twice: with the bounds of limits.ts (`FLOOD_BOUNDED`),
 * and with every bound Infinity and nothing reclaimed, which is how the hosts behaved before issue 33.
 */
import { createServer } from 'mcp-aot'
import { durableSessions, durableTasks } from 'mcp-aot/cloudflare'
import * as tools from '../mcp-aot/tools.ts'
import * as taskTools from '../mcp-aot-sessions/tasks.ts'
import { LIMITS } from './limits.ts'

declare const FLOOD_BOUNDED: boolean

const bound = (value: number) => (FLOOD_BOUNDED ? value : Infinity)
const sessionBounds = { maxSessionsPerPrincipal: bound(LIMITS.maxSessionsPerPrincipal), maxAnonymousSessions: bound(LIMITS.maxSessions), reclaimIdleMs: bound(LIMITS.reclaimMs) }
const taskBounds = { maxTasksPerPrincipal: bound(LIMITS.maxTasksPerPrincipal), ttlMs: 600_000 }

const openSessions = durableSessions('MCP_SESSIONS', sessionBounds)
const ownedSessions = durableSessions('MCP_OWNED_SESSIONS', sessionBounds)
const openTasks = durableTasks('MCP_TASKS', taskBounds)
const ownedTasks = durableTasks('MCP_OWNED_TASKS', taskBounds)
export const McpSession = openSessions.DurableObject
export const McpOwnedSession = ownedSessions.DurableObject
export const McpTask = openTasks.DurableObject
export const McpOwnedTask = ownedTasks.DurableObject

const info = { name: 'mcp-aot-flood', version: '1.0.0' }
const open = createServer(info, tools, taskTools, { sessions: openSessions, tasks: openTasks })
const authorized = createServer(info, tools, taskTools, {
  sessions: ownedSessions,
  tasks: ownedTasks,
  authorize: (request) => {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '')
    return token ? { token, clientId: 'flood', extra: { userId: token } } : null
  },
})

export default {
  fetch: (request: Request, env: unknown, ctx: any) => (request.headers.has('authorization') ? authorized : open).fetch(request, env, ctx),
}
