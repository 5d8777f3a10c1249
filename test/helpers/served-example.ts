/**
 * A fixture or example built (helpers/build.ts) and served in workerd (helpers/miniflare.ts) for one test
 * file: made in its beforeAll, and after its tests every client the tests opened is closed, then the server
 * stopped and the build removed.
 */
import { afterAll, beforeAll } from 'vitest'
import { buildExample, type BuiltWorker } from './build.ts'
import { startWorkerd } from './miniflare.ts'
import type { Served } from './served.ts'

export interface ServedExample {
  /** The running server (set once the beforeAll ran). */
  readonly server: Served
  /** Clients to close after the file's tests: push each one opened. */
  readonly open: { close(): Promise<void> }[]
}

export function servedInWorkerd(dir: string): ServedExample {
  let worker: BuiltWorker | undefined
  let server: Served | undefined
  const open: { close(): Promise<void> }[] = []
  beforeAll(async () => {
    worker = await buildExample(dir)
    server = await startWorkerd(worker.file)
  }, 120_000)
  afterAll(async () => {
    for (const client of open) await client.close()
    await server?.stop()
    await worker?.remove()
  })
  return {
    get server() {
      if (!server) throw new Error('servedInWorkerd: the server is not started yet (use it inside a test or hook)')
      return server
    },
    open,
  }
}
