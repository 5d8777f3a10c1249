/**
 * `vite dev` only: a page at `/` for a browser, in both dev modes (`mcp({ dev })` and
 * `@cloudflare/vite-plugin`): the server's name, its tools with their schemas, the URL to give a client and
 * a command that connects, with Vite's client script, so a build error shows there as Vite's overlay.
 * The Worker keeps `/` when it serves it itself (anything but a 404); nothing of this is in a build.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { McpClient } from '../testing/client.ts'

/** The header of the page's own request for `/`, asking whether the Worker serves it (so it passes through). */
const PROBE = 'x-mcp-aot-dev-page'

interface Middlewares {
  use(handler: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): void
}

interface Tool {
  name: string
  title?: string
  description?: string
  inputSchema?: unknown
  outputSchema?: unknown
}

/** Serves the page at `/` for a browser (a GET that accepts text/html); `endpoint`: the MCP endpoint's path. */
export function serveDevPage(middlewares: Middlewares, endpoint: string): void {
  middlewares.use((req, res, next) => {
    const pathname = (req.url ?? '/').split('?')[0]
    if (req.method !== 'GET' || (pathname !== '/' && pathname !== '/index.html') || req.headers[PROBE] !== undefined || !String(req.headers.accept ?? '').includes('text/html')) return next()
    const origin = `${(req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`
    void (async () => {
      // The Worker's own `/`, when it has one.
      const own = await fetch(`${origin}${pathname}`, { headers: { [PROBE]: '1', accept: String(req.headers.accept) } }).catch(() => undefined)
      await own?.body?.cancel()
      if (own && own.status !== 404) return next()
      const html = devPage(`${origin}${endpoint}`, await describe(`${origin}${endpoint}`))
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(html)
    })().catch(next)
  })
}

type Described = { ok: true; info: { name?: string; version?: string; title?: string }; tools: Tool[] } | { ok: false; error: string }

/** What the server says of itself and its tools, asked as a 2026-07-28 client asks (mcp-aot/testing's client). */
async function describe(url: string): Promise<Described> {
  try {
    const client = await new McpClient(url, (request) => fetch(request)).connect()
    return { ok: true, info: client.serverInfo ?? {}, tools: (await client.listTools()) as Tool[] }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!)
const json = (value: unknown) => escape(JSON.stringify(value, null, 2))

/** The page: Vite's client first, so the overlay shows even when the server could not answer. */
export function devPage(url: string, described: Described): string {
  const name = described.ok ? (described.info.title ?? described.info.name ?? 'MCP server') : 'MCP server'
  const version = described.ok && described.info.version ? ` ${described.info.version}` : ''
  const tools = described.ok
    ? described.tools
        .map(
          (t) =>
            `<section><h3><code>${escape(t.name)}</code>${t.title ? ` ${escape(t.title)}` : ''}</h3>${t.description ? `<p>${escape(t.description)}</p>` : ''}` +
            `<details><summary>Input schema</summary><pre>${json(t.inputSchema ?? {})}</pre></details>` +
            (t.outputSchema ? `<details><summary>Output schema</summary><pre>${json(t.outputSchema)}</pre></details>` : '') +
            '</section>',
        )
        .join('\n')
    : `<p class="error">The server did not answer at <code>${escape(url)}</code>: ${escape(described.error)}. See the terminal (and the overlay, for a build error).</p>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(name)} (vite dev)</title>
<script type="module" src="/@vite/client"></script>
<style>
body { font: 15px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #222 }
code, pre { font: 13px ui-monospace, monospace; background: #f4f4f4; border-radius: 4px; padding: 0.1rem 0.3rem }
pre { padding: 0.6rem; overflow: auto }
section { border-top: 1px solid #ddd; padding: 0.4rem 0 }
.error { color: #a00 }
</style>
</head>
<body>
<h1>${escape(name)}${escape(version)}</h1>
<p>The MCP endpoint (Streamable HTTP), the URL to give a client: <code id="endpoint">${escape(url)}</code></p>
<p>Connect from a terminal: <code>npx @modelcontextprotocol/inspector --cli ${escape(url)} --transport http --method tools/list</code>,
or Claude Code: <code>claude mcp add --transport http ${escape(described.ok ? (described.info.name ?? 'server') : 'server')} ${escape(url)}</code></p>
<h2>Tools${described.ok ? ` (${described.tools.length})` : ''}</h2>
${tools}
<p><small>Served by mcp-aot under vite dev only; a build has none of this page. Reload it after an edit.</small></p>
</body>
</html>
`
}
