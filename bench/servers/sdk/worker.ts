/**
 * The official SDK as its stateless Web-standard examples serve it: a new McpServer and
 * WebStandardStreamableHTTPServerTransport per request, JSON responses, no sessions.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { registerTools } from './tools.ts'

export default {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== '/mcp') return new Response('Not Found', { status: 404 })
    const server = new McpServer({ name: 'sdk', version: '1.0.0' })
    registerTools(server)
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
    await server.connect(transport)
    return transport.handleRequest(request)
  },
}
