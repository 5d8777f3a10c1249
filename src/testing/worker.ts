/**
 * Serves a built Worker bundle in workerd through Miniflare, on 127.0.0.1 (a free port unless one is
 * given). Miniflare is imported only when a Worker is started (it ships with wrangler), and wrangler only
 * when its config is read.
 */
import { dirname, resolve } from 'node:path'

export const COMPATIBILITY_DATE = '2026-07-28'
/** workerd reports a client disconnect on `request.signal` (a tool's `ctx.signal`) only with this flag. */
export const REQUEST_SIGNAL_FLAG = 'enable_request_signal'

export interface WorkerOptions {
  /** The bundle to run (an ES module Worker with a default `{ fetch }` export). */
  scriptPath?: string
  /** Or the bundle's code itself. */
  script?: string
  /**
   * A wrangler.jsonc/wrangler.toml to take `main`, the compatibility settings and the bindings from
   * (KV, D1, vars…, through wrangler's own reader); the options below override it.
   */
  wranglerConfig?: string
  /** Plain bindings: `env.NAME` in the Worker (strings, or JSON values). */
  bindings?: Record<string, unknown>
  compatibilityDate?: string
  /** `enable_request_signal` is always added. */
  compatibilityFlags?: string[]
  /** Default 0: the OS picks a free port. */
  port?: number
  /** The MCP endpoint's path; default `/mcp`. */
  path?: string
  /** Any other Miniflare option (`kvNamespaces`, `d1Databases`, …), passed through. */
  miniflare?: Record<string, unknown>
}

export interface StartedWorker {
  /** The MCP endpoint, e.g. `http://127.0.0.1:40123/mcp`. */
  readonly url: string
  /** `http://127.0.0.1:40123`. */
  readonly origin: string
  /** Sends a request to the Worker over HTTP (a relative URL is resolved against the origin). */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>
  /** The Miniflare instance, for bindings (`getKVNamespace`, `getD1Database`, …). */
  readonly miniflare: any
  stop(): Promise<void>
}

/** A sentence saying what to install when the package itself is missing; any other failure as it is. */
function missing(error: any, name: string, sentence: string): Error {
  const notFound = error?.code === 'ERR_MODULE_NOT_FOUND' && String(error?.message).includes(`'${name}'`)
  return notFound ? new Error(sentence, { cause: error }) : error
}

async function fromWrangler(configPath: string): Promise<{ scriptPath?: string; options: Record<string, unknown> }> {
  const wrangler: any = await import('wrangler' as string).catch((error) => {
    throw missing(error, 'wrangler', 'startWorker({ wranglerConfig }) reads the config with wrangler: install it (npm install -D wrangler).')
  })
  const { workerOptions, main } = wrangler.unstable_getMiniflareWorkerOptions(configPath)
  const { rootPath: _root, modulesRules: _rules, ...options } = workerOptions
  return { scriptPath: main ? resolve(dirname(configPath), main) : undefined, options }
}

export async function startWorker(options: WorkerOptions): Promise<StartedWorker> {
  const fromConfig: { scriptPath?: string; options: Record<string, unknown> } = options.wranglerConfig ? await fromWrangler(resolve(options.wranglerConfig)) : { options: {} }
  const scriptPath = options.scriptPath ? resolve(options.scriptPath) : options.script === undefined ? fromConfig.scriptPath : undefined
  if (!scriptPath && options.script === undefined) throw new Error('startWorker needs scriptPath (the built bundle), script (its code) or wranglerConfig (with main).')
  // Miniflare 5 (the one wrangler 4.15x ships) takes `workers: [...]`; it converts the flat v4 options below.
  const { Miniflare, convertV4MiniflareOptions } = await import('miniflare' as string).catch((error) => {
    throw missing(error, 'miniflare', 'startWorker runs the Worker in workerd through Miniflare: install it (npm install -D miniflare).')
  })
  const base = fromConfig.options as Record<string, any>
  const flags = [...new Set([REQUEST_SIGNAL_FLAG, ...(base.compatibilityFlags ?? []), ...(options.compatibilityFlags ?? [])])]
  const source = scriptPath
    ? { scriptPath, modulesRoot: dirname(scriptPath) }
    : { script: options.script, modulesRoot: process.cwd() }
  const flat = {
    ...base,
    ...options.miniflare,
    modules: true,
    ...source,
    compatibilityDate: options.compatibilityDate ?? base.compatibilityDate ?? COMPATIBILITY_DATE,
    compatibilityFlags: flags,
    bindings: { ...base.bindings, ...options.bindings },
    host: '127.0.0.1',
    port: options.port ?? 0,
  }
  const mf = new Miniflare(typeof convertV4MiniflareOptions === 'function' ? convertV4MiniflareOptions(flat) : flat)
  let ready: URL
  try {
    ready = await mf.ready
  } catch (error) {
    await mf.dispose().catch(() => {})
    throw error
  }
  const origin = ready.origin
  const path = options.path ?? '/mcp'
  let stopped: Promise<void> | undefined
  return {
    url: origin + (path.startsWith('/') ? path : `/${path}`),
    origin,
    miniflare: mf,
    fetch: (input, init) => fetch(typeof input === 'string' && !/^[a-z]+:/i.test(input) ? new URL(input, origin) : input, init),
    stop: () => (stopped ??= mf.dispose()),
  }
}

