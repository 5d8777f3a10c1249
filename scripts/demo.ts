/**
 * `npm run demo`: builds examples/incidents with Vite and the mcp-aot plugin, serves the Worker in
 * workerd (through Miniflare) on 127.0.0.1, prints its URL and how to connect, and serves until Ctrl-C.
 * PORT picks the port (default 8787).
 */
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { connect, startWorker } from '../src/testing.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const EXAMPLE = join(ROOT, 'examples/incidents')
// MCP_AOT_DEMO_OUT: where to build (the tests use a temp folder, so they never write into the repository).
const OUT = process.env.MCP_AOT_DEMO_OUT ?? join(EXAMPLE, 'dist')
const port = Number(process.env.PORT ?? 8787)

console.log('Building examples/incidents with Vite and the mcp-aot plugin…')
await build({ root: EXAMPLE, configFile: join(EXAMPLE, 'vite.config.ts'), logLevel: 'warn', build: { outDir: OUT, emptyOutDir: true } })

// Miniflare stops workerd itself on Ctrl-C (SIGINT) or SIGTERM, and exits with 128 + the signal.
const worker = await startWorker({ scriptPath: join(OUT, 'worker.js'), port })

// A first real MCP exchange, so what is printed below is what the server serves.
const client = await connect(worker.url)
const tools = await client.listTools()
const templates = await client.listResourceTemplates()
const resources = await client.listResources()
const prompts = await client.listPrompts()
await client.close()

const out = relative(process.cwd(), OUT) || '.'
console.log(`
mcp-aot demo: ${client.serverInfo?.title ?? client.serverInfo?.name} ${client.serverInfo?.version ?? ''}, served by workerd (Miniflare)

  MCP endpoint: ${worker.url}

  Tools:      ${tools.map((t) => t.name).join(', ')}
  Resources:  ${[...resources.map((r) => r.uri), ...templates.map((t) => t.uriTemplate)].join(', ')}
  Prompts:    ${prompts.map((p) => p.name).join(', ')}
  Built:      ${out}/worker.js, with mcp-manifest.json, SKILL.md and llms.txt next to it

Connect the MCP Inspector:
  npx @modelcontextprotocol/inspector
  then choose Transport Type "Streamable HTTP", URL ${worker.url}, and Connect.

Or from code (Node):
  import { connect } from 'mcp-aot/testing'
  const client = await connect('${worker.url}')
  console.log(await client.callTool('search_incidents', { service: 'billing-api' }))

Or with curl (2026-07-28, stateless):
  curl -s ${worker.url} -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\
    -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' -H 'Mcp-Name: get_incident' \\
    -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_incident","arguments":{"id":"INC-0002"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}'

Serving until Ctrl-C.`)
