/**
 * The e2e harness itself: a hand-written module Worker served by the helpers in workerd (Miniflare)
 * and in Deno answers over real HTTP on 127.0.0.1, sees its bindings, and stops when told.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDeno } from '../helpers/deno.ts'
import { freePort } from '../helpers/free-port.ts'
import { startWorkerd } from '../helpers/miniflare.ts'

const WORKER = `export default {
  async fetch(request, env) {
    const url = new URL(request.url)
    return Response.json({ path: url.pathname, secret: env?.MCP_STATE_SECRET ?? null, signal: request.signal instanceof AbortSignal })
  },
}
`

let dir: string
let script: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-aot-harness-'))
  script = join(dir, 'worker.js')
  await writeFile(script, WORKER)
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('e2e harness', () => {
  it('freePort returns a port nobody listens on', async () => {
    const port = await freePort()
    expect(port).toBeGreaterThan(1023)
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow()
  })

  it('serves a Worker in workerd with its bindings, then stops', async () => {
    const server = await startWorkerd(script, { bindings: { MCP_STATE_SECRET: 'harness-secret' } })
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
      const response = await fetch(server.url)
      expect(await response.json()).toEqual({ path: '/mcp', secret: 'harness-secret', signal: true })
    } finally {
      await server.stop()
    }
    await expect(fetch(server.url)).rejects.toThrow()
  })

  it('serves the same Worker under Deno with env from Deno.env, then stops', async () => {
    const server = await startDeno(script, { env: { MCP_STATE_SECRET: 'deno-secret' } })
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
      const response = await fetch(server.url)
      expect(await response.json()).toEqual({ path: '/mcp', secret: 'deno-secret', signal: true })
    } finally {
      await server.stop()
    }
    await expect(fetch(server.url)).rejects.toThrow()
  })
})
