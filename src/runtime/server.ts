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

/** A tool module as the plugin leaves it: its exports plus the `__mcp` dispatch table. */
export type ToolModule = object

export function createServer<Env = unknown>(info: ServerInfo, ...modulesAndOptions: (ToolModule | ServerOptions<Env>)[]): McpServer<Env> {
  if (typeof info !== 'object' || info === null || typeof info.name !== 'string' || typeof info.version !== 'string') {
    throw new TypeError("createServer: the first argument must be the server's info, { name: string, version: string }.")
  }
  const registry = register(modulesAndOptions)
  const core = buildCore(info, registry)
  const transport = new Transport(core)
  const fetch: TracedServe = (request, env, ctx, visit, trace) => transport.fetch(request, env, ctx, visit, trace)
  // `instrument` times each request around the transport (instrument/requests.ts) when it has an onRequest.
  const serve = core.observer?.serve?.(fetch) ?? fetch
  // A session host (session/front.ts) fronts the transport; without one every request is stateless.
  // It authorizes a request (transport.admit) before it looks the request's session up.
  return { fetch: registry.options.sessions?.(serve, (request, env, ctx) => transport.admit(request, env, ctx)) ?? serve }
}
