/**
 * `createServer(info, ...modules, options?)`: the whole MCP server as a `fetch` handler, Web-standard
 * APIs only. Everything that does not depend on the request is computed here, once.
 *
 * ```ts
 * import { createServer } from 'mcp-aot'
 * import * as incidents from './tools/incidents.ts'
 * export default createServer({ name: 'ops', version: '1.0.0' }, incidents, { allowedOrigins: ['https://app.example'] })
 * ```
 */
import type { McpServer, ServerInfo, ServerOptions } from './shared/api.ts'
import type { TracedServe } from './shared/exchange.ts'
import { buildCore } from './core.ts'
import { Transport } from './http/serve.ts'
import { register } from './registry.ts'
import { iconOk } from './features/icons.ts'

/** A tool module as the plugin leaves it: its exports plus the `__mcp` dispatch table. */
export type ToolModule = object

export function createServer<Env = unknown>(info: ServerInfo, ...modulesAndOptions: (ToolModule | ServerOptions<Env>)[]): McpServer<Env> {
  if (typeof info !== 'object' || info === null || typeof info.name !== 'string' || typeof info.version !== 'string') {
    throw new TypeError("createServer: the first argument must be the server's info, { name: string, version: string }.")
  }
  if (info.icons !== undefined) checkIcons(info.icons)
  const registry = register(modulesAndOptions)
  const core = buildCore(info, registry)
  const transport = new Transport(core)
  const fetch: TracedServe = (request, env, ctx, visit, trace) => transport.fetch(request, env, ctx, visit, trace)
  // `instrument` times each request around the transport (instrument/requests.ts) when it has an onRequest.
  const serve = core.observer?.serve?.(fetch) ?? fetch
  // A session host (session/front.ts) fronts the transport; without one every request is stateless.
  // It authorizes a request (transport.admit) before it looks the request's session up.
  // Where the listeners live apart from the sessions (durableSubscriptions()), the front holds their GET streams.
  return { fetch: registry.options.sessions?.(serve, (request, env, ctx) => transport.admit(request, env, ctx), core.subscriptions?.held) ?? serve }
}

/** The info's icons, as 2025-11-25 and later send them in serverInfo: refused at startup, not shown broken to a client. */
function checkIcons(icons: ServerInfo['icons']): void {
  const bad = Array.isArray(icons) ? icons.findIndex((icon) => !iconOk(icon)) : -1
  if (Array.isArray(icons) && bad < 0) return
  throw new TypeError(`createServer: ${Array.isArray(icons) ? `info.icons[${bad}], ${JSON.stringify(icons[bad])},` : 'info.icons'} is not a list of icons a client can show: give [{ src, sizes?, theme? }] with src an https URL or a data:image/png;base64,… URI (png, jpeg, svg+xml or webp), sizes such as ['48x48'] or ['any'], theme 'light' or 'dark'.`)
}
