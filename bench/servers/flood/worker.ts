/**
 * The flood target of `npm run bench:attack` (bench/flood.ts): the bench tools with in-memory sessions and
 * tasks, bounded, as one Node process serves them. Requests with a bearer token reach the server behind an
 * authorize hook (each token its own principal), requests without one the open server (no principals).
 */
import { createServer, memorySessions, memoryTasks } from 'mcp-aot'
import * as tools from '../mcp-aot/tools.ts'
import * as taskTools from '../mcp-aot-sessions/tasks.ts'
import { LIMITS } from './limits.ts'

const hosts = () => ({
  sessions: memorySessions({ maxSessions: LIMITS.maxSessions, maxSessionsPerPrincipal: LIMITS.maxSessionsPerPrincipal, reclaimIdleMs: LIMITS.reclaimMs }),
  tasks: memoryTasks({ maxTasks: LIMITS.maxTasks, maxTasksPerPrincipal: LIMITS.maxTasksPerPrincipal, reclaimFinishedMs: LIMITS.reclaimMs, ttlMs: 600_000 }),
})
const info = { name: 'mcp-aot-flood', version: '1.0.0' }
const open = createServer(info, tools, taskTools, hosts())
const authorized = createServer(info, tools, taskTools, {
  ...hosts(),
  authorize: (request) => {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '')
    return token ? { token, clientId: 'flood', extra: { userId: token } } : null
  },
})

export default {
  fetch: (request: Request) => (request.headers.has('authorization') ? authorized : open).fetch(request),
}
