/**
 * The Worker: an MCP server at /mcp (Streamable HTTP) serving the tools of the modules listed here.
 * To add tools, write another module under src/tools/ and pass it to createServer as well.
 *
 * Sessions for 2025-11-25 clients: with the MCP_SESSIONS Durable Object binding (one line in
 * wrangler.jsonc), `ctx.elicit` (delete_note's confirmation) reaches those clients too, whichever isolate
 * takes their answer. Without the binding the server stays stateless and asks only 2026-07-28 clients.
 *
 * Tasks: with the MCP_TASKS binding (the same line), a client that runs tools as tasks gets export_notes
 * (`@task optional`) as a task, which runs on in its own Durable Object while the client polls or goes
 * away. Without the binding export_notes runs as a plain call for every client.
 */
import { createServer } from 'mcp-aot'
import { durableSessions, durableTasks } from 'mcp-aot/cloudflare'
import * as notes from './tools/notes.ts'

const sessions = durableSessions('MCP_SESSIONS')
const tasks = durableTasks('MCP_TASKS')

/** The Durable Object classes the MCP_SESSIONS and MCP_TASKS bindings name (wrangler.jsonc). */
export const McpSession = sessions.DurableObject
export const McpTask = tasks.DurableObject

export default createServer({ name: 'mcp-aot-cloudflare-workers', version: '0.1.0' }, notes, { sessions, tasks })

// Optional: OAuth with Cloudflare's provider in front (mcp-aot's examples/oauth is this, complete and tested).
// `npm install @cloudflare/workers-oauth-provider`, bind a KV namespace as OAUTH_KV in wrangler.jsonc, serve a
// consent page at /authorize (examples/oauth/src/consent.ts), then replace the export above with:
//
// import { OAuthProvider } from '@cloudflare/workers-oauth-provider'
// import { createServer, fromOAuthProvider, scopesOf } from 'mcp-aot'
// import { consent } from './consent.ts'
//
// const server = createServer({ name: 'mcp-aot-cloudflare-workers', version: '0.1.0' }, notes, { sessions, tasks, authorize: fromOAuthProvider })
// const origin = 'https://mcp-aot-cloudflare-workers.<your-subdomain>.workers.dev'
// export default new OAuthProvider({
//   apiRoute: '/mcp',
//   apiHandler: server, // tools see the grant as ctx.auth (scopes, clientId, extra.userId, extra.props)
//   defaultHandler: { fetch: consent },
//   authorizeEndpoint: '/authorize',
//   tokenEndpoint: '/token',
//   clientRegistrationEndpoint: '/register',
//   scopesSupported: scopesOf(notes), // every @scope your tools declare; a token without one gets 403
//   resourceMetadata: { resource: `${origin}/mcp`, authorization_servers: [origin] },
// })
