/**
 * Starts a bundled module Worker in workerd through Miniflare, on 127.0.0.1 only, with a direct socket
 * to the worker (`unsafeDirectSockets`), so load goes straight to it and not through Miniflare's entry
 * worker. The workerd process is found as the new `workerd` child of this process.
 */
import { readFileSync } from 'node:fs'
import { Miniflare } from 'miniflare'
import { post, type Reply } from './http.ts'
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

export interface FirstReply {
  /** `new Miniflare` → the first reply received, ms. */
  ms: number
  reply: Reply
}

/**
 * Starts the worker; with `firstBody`, POSTs it to /mcp as soon as the socket is up and times it.
 * `durableObjects`: binding name → class name the bundle exports (storage in memory).
 */
export async function startWorker(scriptPath: string, firstBody?: string, durableObjects?: Record<string, string>): Promise<RunningWorker & { first?: FirstReply }> {
  const before = new Set(childPids(process.pid, 'workerd'))
  const t0 = performance.now()
  const mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    // The one bundled module given as is: with `modules: true` Miniflare would first parse the script
    // with acorn in Node to find its imports, which is Miniflare's cost, not workerd's.
    modules: [{ type: 'ESModule', path: scriptPath, contents: readFileSync(scriptPath) }],
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: COMPATIBILITY_FLAGS,
    unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
    ...(durableObjects ? { durableObjects } : {}),
  })
  let url: URL
  try {
    url = await mf.unsafeGetDirectURL()
  } catch (error) {
    await mf.dispose().catch(() => {})
    throw error
  }
  let first: FirstReply | undefined
  if (firstBody !== undefined) {
    const reply = await post(new URL('/mcp', url), firstBody)
    first = { ms: performance.now() - t0, reply }
  }
  const fresh = childPids(process.pid, 'workerd').filter((p) => !before.has(p))
  if (fresh.length !== 1) {
    await mf.dispose()
    throw new Error(`expected one new workerd child process, found ${fresh.length}`)
  }
  return { mf, url, pid: fresh[0], first, dispose: () => mf.dispose() }
}
