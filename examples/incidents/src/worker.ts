/**
 * The incident server: a Cloudflare Worker whose default export is `{ fetch }`, serving MCP at /mcp.
 * Build it with `vite build` (the mcp-aot plugin compiles the tools), then `wrangler deploy`.
 */
import { createServer } from 'mcp-aot'
import { info } from './info.ts'
import * as incidents from './tools/incidents.ts'
import * as runbooks from './tools/runbooks.ts'
import * as prompts from './prompts.ts'

export default createServer(
  { ...info, instructions: 'Search incidents before opening one; read the runbook of a service before acting on it.' },
  incidents,
  runbooks,
  prompts,
)
