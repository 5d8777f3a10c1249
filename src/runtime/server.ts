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
import type { Execution, LiveSession, RequestEvent, SessionServe } from './shared/api.ts'
import type { Core } from './shared/table.ts'
import type { RequestTrace } from './shared/instrument.ts'
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
  const serve = core.options.instrument?.onRequest
    ? timed(transport, core)
    : (request: Request, env?: unknown, ctx?: Execution, session?: LiveSession) => transport.fetch(request, env, ctx, session)
  // A session host (session/front.ts) fronts the transport; without one every request is stateless.
  return { fetch: registry.options.sessions?.(serve) ?? serve }
}

/** The transport with the `onRequest` hook told of each request once its response is made. */
function timed(transport: Transport, core: Core): SessionServe {
  const onRequest = core.options.instrument!.onRequest!
  return async (request, env, ctx, session) => {
    const start = performance.now()
    const trace: RequestTrace = { method: undefined, protocolVersion: undefined, era: undefined, errorCode: undefined }
    const response = await transport.fetch(request, env, ctx, session, trace)
    const { status } = response
    const event: RequestEvent = {
      method: trace.method,
      protocolVersion: trace.protocolVersion,
      era: trace.era,
      durationMs: performance.now() - start,
      outcome: status >= 400 || trace.errorCode !== undefined ? 'error' : 'ok',
      status,
      errorCode: trace.errorCode,
    }
    core.hooks!.deliver('onRequest', onRequest, event, env ?? core.options.env, ctx)
    return response
  }
}
