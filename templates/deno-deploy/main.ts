/**
 * The server: MCP over Streamable HTTP at /mcp, for Deno and Deno Deploy. `npm run build` bundles this
 * file into dist/main.js; `npm start` serves it on http://127.0.0.1:8000/mcp (PORT to change the port).
 */
import { createServer } from 'mcp-aot'
import * as time from './src/tools/time.ts'

const server = createServer({ name: 'mcp-aot-deno-deploy', version: '0.1.0' }, time)

// Variables the tools read as `ctx.env` (MCP_STATE_SECRET signs the rounds of tools that ask the user).
const env = { MCP_STATE_SECRET: Deno.env.get('MCP_STATE_SECRET') }

// Deno Deploy chooses the address itself; locally, listen on 127.0.0.1 only.
const local = Deno.env.get('DENO_DEPLOYMENT_ID') === undefined
const address = local ? { hostname: '127.0.0.1', port: Number(Deno.env.get('PORT') ?? 8000) } : {}

Deno.serve(address, (request) => server.fetch(request, env))
