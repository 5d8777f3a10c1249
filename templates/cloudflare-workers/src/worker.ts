/**
 * The Worker: an MCP server at /mcp (Streamable HTTP) serving the tools of the modules listed here.
 * To add tools, write another module under src/tools/ and pass it to createServer as well.
 */
import { createServer } from 'mcp-aot'
import * as notes from './tools/notes.ts'

export default createServer({ name: 'mcp-aot-cloudflare-workers', version: '0.1.0' }, notes)
