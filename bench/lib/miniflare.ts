/**
 * Starts a bundled module Worker in workerd through Miniflare, on 127.0.0.1 only, with a direct socket
 * to the worker (`unsafeDirectSockets`), so load goes straight to it and not through Miniflare's entry
 * worker. The workerd process is found as the new `workerd` child of this process.
 */
import { Miniflare } from 'miniflare'
import { childPids } from './proc.ts'

/** The same for every server: no Node compatibility layer, the request-signal flag mcp-aot's templates use. */
export const COMPATIBILITY_DATE = '2026-07-01'
export const COMPATIBILITY_FLAGS = ['enable_request_signal']

export interface RunningWorker {
  mf: Miniflare
  /** The worker's own socket; the MCP endpoint is `new URL('/mcp', url)`. */
  url: URL
  /** The workerd process. */
  pid: number
  dispose(): Promise<void>
}

export async function startWorker(scriptPath: string): Promise<RunningWorker> {
  const before = new Set(childPids(process.pid, 'workerd'))
  const mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    modules: true,
    scriptPath,
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: COMPATIBILITY_FLAGS,
    unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
  })
  let url: URL
  try {
    url = await mf.unsafeGetDirectURL()
  } catch (error) {
    await mf.dispose().catch(() => {})
    throw error
  }
  const fresh = childPids(process.pid, 'workerd').filter((p) => !before.has(p))
  if (fresh.length !== 1) {
    await mf.dispose()
    throw new Error(`expected one new workerd child process, found ${fresh.length}`)
  }
  return { mf, url, pid: fresh[0], dispose: () => mf.dispose() }
}
