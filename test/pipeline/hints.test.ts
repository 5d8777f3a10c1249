/**
 * Issue 31 §3: the hints hosts require. With the plugin option `explicitHints`, every tool's entry states
 * readOnlyHint, destructiveHint and openWorldHint: those its source gives, and where it says nothing the
 * spec's default (ToolAnnotations: readOnlyHint false, destructiveHint true, openWorldHint true; a read-only
 * tool destructiveHint false, which the spec does not read there), so no tool means anything else. The
 * expected entries are written from the fixture's JSDoc and the spec's defaults.
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'
import { legacyRequest, send } from '../runtime/helpers.ts'

const FIXTURE = fileURLToPath(new URL('./fixtures/hints-worker.ts', import.meta.url))

async function annotations(explicitHints: boolean, version = '2025-11-25'): Promise<Record<string, unknown>> {
  const server = await loadWorker(await bundleWorker(FIXTURE, { explicitHints }))
  const reply = await send(server, legacyRequest('tools/list', {}, version))
  expect(reply.status).toBe(200)
  return Object.fromEntries(reply.body.result.tools.map((t: any) => [t.name, t.annotations]))
}

describe('explicitHints', () => {
  it('writes the three hints on every tool: as the source says, else the spec default', async () => {
    expect(await annotations(true)).toEqual({
      send_message: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
      find_messages: { readOnlyHint: true, destructiveHint: false, openWorldHint: true },
      append_log: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      delete_message: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    })
  })
  it('a 2025-03-26 client gets the same hints, and the title once, as annotations.title', async () => {
    expect((await annotations(true, '2025-03-26')).send_message).toEqual({ title: 'Send Message', readOnlyHint: false, destructiveHint: true, openWorldHint: true })
  })
  it('without the option, only the hints the source gives', async () => {
    expect(await annotations(false)).toEqual({
      send_message: undefined,
      find_messages: { readOnlyHint: true },
      append_log: { destructiveHint: false, idempotentHint: true, openWorldHint: false },
      delete_message: { destructiveHint: true },
    })
  })
})
