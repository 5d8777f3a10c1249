/** The mcp-aot bench server with 2025-11-25 sessions in a Durable Object (bench/sessions.ts). */
import { createServer } from 'mcp-aot'
import { durableSessions } from 'mcp-aot/cloudflare'
import * as tools from '../mcp-aot/tools.ts'

const sessions = durableSessions('MCP_SESSIONS')
export const McpSession = sessions.DurableObject

export default createServer({ name: 'mcp-aot', version: '1.0.0' }, tools, { sessions })
