/**
 * The Vite dev loop. Two things, both only under Vite's dev server:
 * - a module that stops compiling keeps its last good output: the diagnostic (with its code frame) goes
 *   to the terminal, and the server goes on serving the tools as they were until the source is fixed;
 * - with `mcp({ dev: 'src/worker.ts' })`, a middleware serves the MCP endpoint from that entry, loaded
 *   through Vite's SSR module loading (so an edit to a tool or to a type file it uses is picked up on the
 *   next request, without a restart). With `@cloudflare/vite-plugin` instead, the Worker runs in workerd
 *   and this middleware is not needed.
 */
import { existsSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, relative, resolve } from 'node:path'
import { DevObjects, localObjectBindings, type LocalObjectBinding } from './objects.ts'

/**
 * What `mcp({ dev })` takes: the Worker entry, or the entry with the endpoint path and the bindings. `env`
 * is what tools see as `ctx.env`; without it, the bindings of the project's wrangler config (KV, D1, R2,
 * vars, `.dev.vars` secrets…) through wrangler's own platform proxy, as `wrangler dev` has them, local and
 * kept in `.wrangler/state`. `wranglerConfig` names the config (default: wrangler.jsonc, wrangler.json or
 * wrangler.toml in Vite's root); `env: false` serves with no bindings.
 */
export type DevOptions = string | { entry: string; path?: string; env?: Record<string, unknown> | false; wranglerConfig?: string }

interface Logger {
  info(message: string, options?: { timestamp?: boolean }): void
  warn(message: string, options?: { timestamp?: boolean }): void
  error(message: string, options?: { timestamp?: boolean }): void
}

/** The parts of Vite's dev server the middleware uses. */
interface DevServer {
  config: { root: string; logger: Logger }
  httpServer?: { once(event: 'close', listener: () => void): unknown } | null
  middlewares: { use(handler: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): void }
  ssrLoadModule(url: string): Promise<Record<string, any>>
  ssrFixStacktrace?(error: Error): void
}

type Handler = { fetch(request: Request, env?: unknown, ctx?: unknown): Response | Promise<Response> }

/** Vite's error overlay payload (its `ErrorPayload`), as the HMR client shows it. */
interface OverlayError {
  type: 'error'
  err: { message: string; stack: string; id: string; plugin: string; pluginCode?: string; loc?: { file: string; line: number; column: number } }
}

/** The HMR channel to the browser that Vite's overlay listens on. */
interface HotChannel {
  send(payload: OverlayError): void
}

/** What the plugin keeps between transforms while Vite's dev server runs. */
export class DevLoop<Transformed> {
  serving = false
  logger: Logger | undefined
  root = process.cwd()
  readonly #lastGood = new Map<string, Transformed>()
  readonly #stale = new Set<string>()
  /** Each module's text and warnings as last printed (another environment compiling it again prints nothing). */
  readonly #linted = new Map<string, string>()
  #overlay: HotChannel | undefined
  /** Under vitest (mode `test`) the warnings are not printed per module. */
  #testing = false

  /** Vite's `configureServer`: the client environment's HMR channel (Vite 6+), else `server.ws`, for the error overlay. */
  configureServer(server: { environments?: { client?: { hot?: HotChannel } }; ws?: HotChannel }): void {
    this.#overlay = server.environments?.client?.hot ?? server.ws
  }

  /** Vite's `configResolved`. */
  configResolved(config: { command: string; mode?: string; root: string; logger: Logger }): void {
    this.serving = config.command === 'serve'
    this.logger = config.logger
    this.root = config.root
    this.#testing = config.mode === 'test'
  }

  /**
   * A module compiled under the dev server: its warnings (MCP1nn: lint, profiles) in the terminal, through
   * Vite's logger, once for each text of the module and its warnings (an edited type file can change them
   * alone); the build prints them at its end, which a dev server never reaches.
   */
  linted(id: string, code: string, warnings: () => readonly string[]): void {
    if (!this.serving || this.#testing) return
    const found = warnings()
    const seen = `${code}\0${found.join('\n')}`
    if (this.#linted.get(id) === seen) return
    this.#linted.set(id, seen)
    for (const text of found) this.logger?.warn(`mcp-aot: ${text}`, { timestamp: true })
  }

  /** A module compiled (null: it declares nothing now): remember its output, and say so when it had been failing. */
  compiled(id: string, out: Transformed | null): void {
    if (!this.serving) return
    if (out) this.#lastGood.set(id, out)
    else this.#lastGood.delete(id)
    if (this.#stale.delete(id)) this.logger?.info(`mcp-aot: ${this.#display(id)} compiles again; serving the new build.`, { timestamp: true })
  }

  /**
   * A module failed: under the dev server, show it in Vite's overlay (an open page's, if any), log the error
   * and hand back its last good output (if any).
   */
  failed(id: string, error: unknown): Transformed | undefined {
    if (this.serving) this.#showInOverlay(id, error)
    const last = this.serving ? this.#lastGood.get(id) : undefined
    if (!last) return undefined
    this.#stale.add(id)
    const text = error instanceof Error ? error.message : String(error)
    this.logger?.error(`${text}\n\nmcp-aot: still serving the last good build of ${this.#display(id)} until this is fixed.`, { timestamp: true })
    return last
  }

  /** The first diagnostic's code and location, and the whole text (every finding with its code frame). */
  #showInOverlay(id: string, error: unknown): void {
    const first = (error as { diagnostics?: { code: string; loc: { file: string; line: number; column: number } }[] }).diagnostics?.[0]
    const message = error instanceof Error ? error.message : String(error)
    const loc = first ? { file: resolve(this.root, first.loc.file), line: first.loc.line, column: first.loc.column } : undefined
    this.#overlay?.send({ type: 'error', err: { message, stack: '', id, plugin: 'mcp-aot', ...(first ? { pluginCode: first.code, loc } : {}) } })
  }

  #display(id: string): string {
    return relative(this.root, id).split('\\').join('/')
  }
}

/**
 * Vite's `config` hook under the dev server: the modules the plugin writes (`mcp-aot/skills`,
 * `mcp-aot/server-card`) are resolved by the plugin in Vite's server environment too. Vite leaves an
 * installed package to Node there (an SSR external), whose stand-ins would throw; inlining mcp-aot makes
 * every import of it go through the plugin's resolveId, as in a build.
 */
export function devConfig(command: string, writesModules: boolean): Record<string, unknown> | undefined {
  if (command !== 'serve' || !writesModules) return undefined
  return { ssr: { noExternal: ['mcp-aot'] } }
}

/** The `configureServer` hook for `mcp({ dev })`: the MCP endpoint served from the entry, in Node. */
export function serveEntry(server: DevServer, options: DevOptions): void {
  const { entry, path = '/mcp', env, wranglerConfig } = typeof options === 'string' ? { entry: options, env: undefined, wranglerConfig: undefined } : options
  const paths = [path, '/.well-known/oauth-protected-resource']
  let lastGood: Handler | undefined
  let lastModule: Record<string, unknown> | undefined
  const logger = server.config.logger
  // The bindings: given, none, or the wrangler config's through wrangler's platform proxy (started on the
  // first request), with the Worker's own Durable Object classes hosted here (src/dev/objects.ts).
  let platform: Promise<{ env: unknown; ctx: unknown }> | undefined
  const bindings = () =>
    (platform ??=
      env !== undefined
        ? Promise.resolve({ env: env || undefined, ctx: NO_CTX })
        : platformProxy(server, wranglerConfig).then(({ env: proxied, ctx, objects }) => {
            if (objects.length === 0) return { env: proxied, ctx }
            let bound: Record<string, unknown> = {}
            const hosted = new DevObjects(objects, () => lastModule, () => bound, (message) => logger.error(message, { timestamp: true }))
            bound = hosted.bind(proxied as Record<string, unknown> | undefined)
            server.httpServer?.once('close', () => hosted.stop())
            const list = objects.map((o) => `${o.name} (${o.class_name})`).join(', ')
            logger.info(`mcp-aot: the Durable Objects ${list} run in this process, from ${entry}, their storage in memory until the dev server stops (wrangler's platform proxy cannot run a Worker's own classes).`, { timestamp: true })
            return { env: bound, ctx }
          }))

  const load = async (): Promise<Handler | undefined> => {
    try {
      const mod = await server.ssrLoadModule(entry)
      const handler = mod.default
      if (typeof handler?.fetch !== 'function') throw new Error(`${entry} must export default the server: export default createServer(…).`)
      lastGood = handler
      lastModule = mod
    } catch (error) {
      if (error instanceof Error) server.ssrFixStacktrace?.(error)
      const text = error instanceof Error ? error.message : String(error)
      logger.error(`mcp-aot: could not load ${entry}: ${text}${lastGood ? '\nmcp-aot: still serving the last good build.' : ''}`, { timestamp: true })
    }
    return lastGood
  }

  server.middlewares.use((req, res, next) => {
    const pathname = (req.url ?? '/').split('?')[0]!
    if (!paths.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return next()
    void (async () => {
      const handler = await load()
      if (!handler) {
        res.writeHead(500, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: `The dev server could not load ${entry}; see the terminal.` } }))
        return
      }
      const abort = new AbortController()
      res.on('close', () => {
        if (!res.writableFinished) abort.abort()
      })
      const { env: bound, ctx } = await bindings()
      const response = await handler.fetch(await toRequest(req, abort.signal), bound, ctx)
      await sendResponse(response, res)
    })().catch(next)
  })
}

const NO_CTX = { waitUntil: () => {}, passThroughOnException: () => {} }
const CONFIGS = ['wrangler.jsonc', 'wrangler.json', 'wrangler.toml']

interface Wrangler {
  getPlatformProxy(options: { configPath: string }): Promise<{ env: unknown; ctx: unknown; dispose(): Promise<void> }>
  unstable_readConfig?(args: { config: string }, options?: { hideWarnings?: boolean }): { durable_objects?: { bindings?: { name: string; class_name: string; script_name?: string }[] } }
}

/**
 * wrangler's `getPlatformProxy` for the project's config, disposed with the dev server; no bindings when
 * there is no config. `objects`: the config's Durable Object bindings to classes of the Worker itself.
 */
async function platformProxy(server: DevServer, configPath?: string): Promise<{ env: unknown; ctx: unknown; objects: LocalObjectBinding[] }> {
  const none = { env: undefined, ctx: NO_CTX, objects: [] }
  const root = server.config.root
  const config = configPath !== undefined ? resolve(root, configPath) : CONFIGS.map((name) => join(root, name)).find((file) => existsSync(file))
  if (config === undefined) return none
  const shown = relative(root, config)
  let wrangler: Wrangler
  try {
    wrangler = await import('wrangler' as string)
  } catch {
    server.config.logger.warn(`mcp-aot: ${shown} declares the bindings, but wrangler is not installed, so ctx.env is empty in vite dev: npm install -D wrangler.`, { timestamp: true })
    return none
  }
  let proxy
  try {
    proxy = await wrangler.getPlatformProxy({ configPath: config })
  } catch (error) {
    server.config.logger.error(`mcp-aot: wrangler could not start the bindings of ${shown}, so ctx.env is empty in vite dev: ${error instanceof Error ? error.message : String(error)}`, { timestamp: true })
    return none
  }
  server.httpServer?.once('close', () => void proxy.dispose())
  server.config.logger.info(`mcp-aot: ctx.env has the bindings of ${shown} (wrangler's platform proxy, local).`, { timestamp: true })
  let objects: LocalObjectBinding[] = []
  try {
    objects = wrangler.unstable_readConfig ? localObjectBindings(wrangler.unstable_readConfig({ config }, { hideWarnings: true })) : []
  } catch (error) {
    server.config.logger.error(`mcp-aot: could not read the Durable Object bindings of ${shown}, so the Worker's own classes do not run in vite dev: ${error instanceof Error ? error.message : String(error)}`, { timestamp: true })
  }
  return { env: proxy.env, ctx: proxy.ctx, objects }
}

async function toRequest(req: IncomingMessage, signal: AbortSignal): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value !== undefined) headers.set(name, value)
  }
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`)
  const method = req.method ?? 'GET'
  let body: Uint8Array<ArrayBuffer> | undefined
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    body = new Uint8Array(Buffer.concat(chunks))
  }
  return new Request(url, { method, headers, body, signal })
}

async function sendResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    const prior = headers[name]
    headers[name] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value]
  })
  res.writeHead(response.status, headers)
  if (!response.body) return void res.end()
  // Streamed as it comes, so an SSE response's progress notifications arrive before its result.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk)
  res.end()
}
