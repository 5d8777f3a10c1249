/**
 * Serves a built module Worker in workerd through Miniflare, on 127.0.0.1, with the
 * `enable_request_signal` flag (so `request.signal` reports a client disconnect). What workerd prints
 * (the Worker's console, "broken pipe" when a client hangs up) is kept for `output()`, not echoed.
 */
import { dirname } from 'node:path'
import type { Readable } from 'node:stream'
import { Miniflare } from 'miniflare'
import { served, type Served } from './served.ts'

export interface WorkerdOptions {
  bindings?: Record<string, string>
  /** KV namespaces to bind (empty, in memory), by binding name. */
  kvNamespaces?: string[]
  /** Defaults to 0: the OS picks a free port, and `mf.ready` reports it. */
  port?: number
  compatibilityDate?: string
  /** Always includes `enable_request_signal`. */
  compatibilityFlags?: string[]
  /** Durable Object bindings: binding name → exported class name (storage in memory). */
  durableObjects?: Record<string, string>
}

export const COMPATIBILITY_DATE = '2026-07-28'

export async function startWorkerd(scriptPath: string, options: WorkerdOptions = {}): Promise<Served> {
  let output = ''
  const mf = new Miniflare({
    modules: true,
    modulesRoot: dirname(scriptPath),
    scriptPath,
    compatibilityDate: options.compatibilityDate ?? COMPATIBILITY_DATE,
    compatibilityFlags: [...new Set(['enable_request_signal', ...(options.compatibilityFlags ?? [])])],
    bindings: options.bindings ?? {},
    kvNamespaces: options.kvNamespaces ?? [],
    durableObjects: options.durableObjects ?? {},
    host: '127.0.0.1',
    port: options.port ?? 0,
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      for (const stream of [stdout, stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => { output += chunk })
    },
  })
  let url: URL
  try {
    url = await mf.ready
  } catch (error) {
    await mf.dispose().catch(() => {})
    throw new Error(`workerd did not start: ${error instanceof Error ? error.message : String(error)}\n${output}`, { cause: error })
  }
  return served(url.origin, () => output, () => mf.dispose())
}
