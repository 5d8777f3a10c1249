/**
 * bench/costs.ts's peer: Cloudflare's `agents` McpAgent (a Durable Object per session, reached from the Worker
 * over a hibernatable WebSocket), with the SDK's McpServer and the same ping tool, its class metered (meter.ts).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { McpAgent } from 'agents/mcp'
import { metered, meteredEnv, meterResponse } from './meter.ts'

class BenchAgent extends McpAgent {
  server = new McpServer({ name: 'bench-costs', version: '1.0.0' })
  async init() {
    this.server.registerTool('ping', { description: 'Answers at once.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }))
  }
}

export const McpObject = metered('MCP_OBJECT', BenchAgent)
const handler = McpObject.serve('/mcp', { binding: 'MCP_OBJECT' })

export default {
  fetch: (request: Request, env: unknown, ctx: any) => (new URL(request.url).pathname === '/meter' ? meterResponse() : handler.fetch(request, meteredEnv(env as object), ctx)),
}
