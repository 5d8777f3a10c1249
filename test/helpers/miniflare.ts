/**
 * Serves a built module Worker in workerd through Miniflare, on 127.0.0.1, with the
 * `enable_request_signal` flag (so `request.signal` reports a client disconnect).
 */
import { dirname } from 'node:path'
import { Miniflare } from 'miniflare'
import { freePort } from './free-port.ts'
import { served, type Served } from './served.ts'

export interface WorkerdOptions {
  bindings?: Record<string, string>
  /** Defaults to a port the OS picks. */
  port?: number
  compatibilityDate?: string
}

export const COMPATIBILITY_DATE = '2026-07-01'

export async function startWorkerd(scriptPath: string, options: WorkerdOptions = {}): Promise<Served> {
  const mf = new Miniflare({
    modules: true,
    modulesRoot: dirname(scriptPath),
    scriptPath,
    compatibilityDate: options.compatibilityDate ?? COMPATIBILITY_DATE,
    compatibilityFlags: ['enable_request_signal'],
    bindings: options.bindings ?? {},
    host: '127.0.0.1',
    port: options.port ?? (await freePort()),
  })
  let url: URL
  try {
    url = await mf.ready
  } catch (error) {
    await mf.dispose().catch(() => {})
    throw error
  }
  return served(url.origin, () => mf.dispose())
}
