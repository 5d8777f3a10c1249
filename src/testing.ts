/**
 * `mcp-aot/testing`: test your tools the way a model calls them, over MCP, in one line.
 *
 * ```ts
 * import { connect } from 'mcp-aot/testing'
 * import server from '../src/worker.ts'                         // any { fetch } handler: no bundle, no HTTP
 * const client = await connect(server)
 *
 * const client = await connect({ scriptPath: 'dist/worker.js' }) // the built Worker, in workerd (Miniflare)
 * expect(await client.callTool('add', { a: 1, b: 2 })).toEqual({ content: [{ type: 'text', text: '3' }] })
 * await client.close()                                          // stops the Worker it started
 * ```
 *
 * Node only (it starts workerd); the protocol side is plain `fetch`. The client speaks 2026-07-28
 * (stateless) unless `{ legacy: true }` asks for the initialize-based 2025-11-25 era.
 */
import { McpClient, type ClientOptions } from './testing/client.ts'
import { startWorker, type StartedWorker, type WorkerOptions } from './testing/worker.ts'

export { McpClient, textOf, LATEST_PROTOCOL_VERSION, LEGACY_PROTOCOL_VERSION } from './testing/client.ts'
export type { CallToolResult, ClientOptions, GetPromptResult, Prompt, ReadResourceResult, RequestOptions, Resource, ResourceTemplate, Tool } from './testing/client.ts'
export { McpError, type JsonRpcMessage } from './testing/wire.ts'
export { startWorker, COMPATIBILITY_DATE, type StartedWorker, type WorkerOptions } from './testing/worker.ts'

type Handler = (request: Request, env?: any, ctx?: any) => Response | Promise<Response>

/** What `connect` accepts: a URL, a fetch handler or `{ fetch }` (e.g. `createServer(…)`), a started Worker, or Worker options. */
export type Target = string | URL | Handler | { fetch: Handler } | StartedWorker | WorkerOptions

export interface ConnectOptions extends ClientOptions {
  /** The endpoint path for a handler or Worker options; default `/mcp`. */
  path?: string
  /** The `env` passed to a fetch handler (`server.fetch(request, env, ctx)`). */
  env?: unknown
}

const isStarted = (t: object): t is StartedWorker => typeof (t as any).url === 'string' && typeof (t as any).stop === 'function'
const isWorkerOptions = (t: object): t is WorkerOptions =>
  typeof (t as any).fetch !== 'function' && ('scriptPath' in t || 'script' in t || 'wranglerConfig' in t)

/**
 * A connected MCP client. Given Worker options, it starts the Worker in workerd first and `close()`
 * stops it; given a handler, requests go straight to its `fetch` (background work passed to
 * `ctx.waitUntil` is awaited on `close()`).
 */
export async function connect(target: Target, options: ConnectOptions = {}): Promise<McpClient> {
  const path = options.path ?? '/mcp'
  let client: McpClient
  if (typeof target === 'string' || target instanceof URL) {
    client = new McpClient(String(target), (request) => fetch(request), options)
  } else if (typeof target === 'function' || (!isStarted(target) && typeof (target as any).fetch === 'function')) {
    const handler = typeof target === 'function' ? target : (request: Request, env?: unknown, ctx?: unknown) => (target as { fetch: Handler }).fetch(request, env, ctx)
    const pending: Promise<unknown>[] = []
    const ctx = { waitUntil: (p: Promise<unknown>) => void pending.push(p.catch(() => {})), passThroughOnException: () => {}, props: {} }
    const url = new URL(path, 'http://localhost').href
    client = new McpClient(url, async (request) => handler(request, options.env, ctx), options, async () => {
      await Promise.all(pending)
    })
  } else if (isStarted(target)) {
    client = new McpClient(target.url, (request) => fetch(request), options)
  } else if (isWorkerOptions(target)) {
    const worker = await startWorker({ path, ...target })
    client = new McpClient(worker.url, (request) => fetch(request), options, () => worker.stop())
  } else {
    throw new TypeError('connect() takes a URL, a fetch handler or { fetch }, a started Worker, or { scriptPath | script | wranglerConfig }.')
  }
  try {
    return await client.connect()
  } catch (error) {
    await client.close().catch(() => {})
    throw error
  }
}
