/**
 * The conformance fixture server: every tool, resource and prompt the official MCP conformance suite
 * (@modelcontextprotocol/conformance) calls by name, written as ordinary mcp-aot functions.
 * Deploy it as a Worker (wrangler.jsonc) or serve it anywhere with `Deno.serve((req) => server.fetch(req, env))`.
 * Input-required rounds (elicitation, sampling, roots) sign their state with the MCP_STATE_SECRET binding.
 *
 * 2025-11-25 clients get real sessions, so the same `ctx.elicit`/`ctx.sample` reach them too: on Workers in
 * the Durable Object bound as MCP_SESSIONS (wrangler.jsonc), in a single Deno process in its memory.
 * Tasks (tools/tasks.ts) live the same way: in the Durable Object bound as MCP_TASKS, or in memory, and so do
 * the listeners of subscriptions/listen (and of a 2025-11-25 session's GET stream): in MCP_SUBSCRIPTIONS, so a
 * change made in any isolate (tools/live.ts) reaches every stream.
 */
import { createServer, memorySessions, memorySubscriptions, memoryTasks } from 'mcp-aot'
import { durableSessions, durableSubscriptions, durableTasks } from 'mcp-aot/cloudflare'
import * as content from './tools/content.ts'
import * as notifications from './tools/notifications.ts'
import * as clientInput from './tools/client-input.ts'
import * as inputRequired from './tools/input-required.ts'
import * as tasked from './tools/tasks.ts'
import * as schemas from './tools/schemas.ts'
import * as resources from './resources.ts'
import * as prompts from './prompts.ts'
import * as live from './tools/live.ts'
import { visible } from './live-state.ts'
// The skill folders of skills/ (the plugin's skills option in vite.config.ts): Skills over MCP.
import * as skills from 'mcp-aot/skills'

const sessions = durableSessions('MCP_SESSIONS', { fallback: memorySessions() })

/** The Durable Object class wrangler.jsonc binds as MCP_SESSIONS. */
export const McpSession = sessions.DurableObject

/** `@task` tools run as tasks: on Workers in the Durable Object bound as MCP_TASKS, in one Deno process in its memory. */
const tasks = durableTasks('MCP_TASKS', { fallback: memoryTasks() })

/** The Durable Object class wrangler.jsonc binds as MCP_TASKS. */
export const McpTask = tasks.DurableObject

/** Listen streams hear changes made in any isolate: their listeners live in the Durable Object bound as MCP_SUBSCRIPTIONS. */
const subscriptions = durableSubscriptions('MCP_SUBSCRIPTIONS', { fallback: memorySubscriptions() })

/** The Durable Object class wrangler.jsonc binds as MCP_SUBSCRIPTIONS. */
export const McpSubscriptions = subscriptions.DurableObject

export default createServer(
  {
    name: 'mcp-aot-conformance',
    title: 'mcp-aot conformance fixtures',
    version: '1.0.0',
    instructions: 'Fixtures for the official MCP conformance suite; every tool is safe to call.',
  },
  content,
  notifications,
  clientInput,
  inputRequired,
  tasked,
  schemas,
  resources,
  prompts,
  skills,
  live,
  { sessions, tasks, subscriptions, visible },
)
