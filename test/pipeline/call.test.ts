/**
 * The whole pipeline as a server runs it for tools/call: a module compiled by the real compiler (the
 * esbuild plugin: schema, validator, revive plan, result plan), bundled as a Worker, served by its
 * `createServer`: validate → argument lines, or revive → call → shape the result.
 */
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import type { McpServer } from '../../src/runtime/shared/api.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'
import { legacyRequest, modernRequest, send } from '../runtime/helpers.ts'

let server: McpServer<any>
beforeAll(async () => {
  server = await loadWorker(await bundleWorker(fileURLToPath(new URL('./fixtures/booking-worker.ts', import.meta.url))))
})

/** A tools/call of `book` as a 2025-11-25 client sends it: its result is exactly the CallToolResult. */
async function call(args: unknown): Promise<unknown> {
  const reply = await send(server, legacyRequest('tools/call', { name: 'book', arguments: args }))
  expect(reply.status).toBe(200)
  return reply.body.result
}

describe('a tools/call, end to end', () => {
  it('hands the function real values and sends the projected result', async () => {
    const args = { when: '2026-05-01T10:00:00+02:00', seats: [3, 1], ticket: '0042', note: 'aisle' }
    const json = '{"id":"T42","at":"2026-05-01T09:00:00.000Z","seats":[1,3]}'
    expect(await call(args)).toEqual({ content: [{ type: 'text', text: json }], structuredContent: JSON.parse(json) })
    const modern = await send(server, modernRequest('tools/call', { name: 'book', arguments: args }))
    expect(modern.body.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: json }], structuredContent: JSON.parse(json) })
  })

  it('reports every argument error, one a line, as an isError result', async () => {
    expect(await call({ when: '2026-05-01T10:00:00', seats: [0, 0], extra: 1 })).toEqual({
      content: [
        {
          type: 'text',
          text: [
            "Argument 'ticket' is required.",
            "Unknown argument 'extra'.",
            'Argument \'when\' must be a valid date-time, e.g. 2026-01-31T09:00:00Z (got "2026-05-01T10:00:00").',
            "Argument 'seats[0]' must be >= 1 (got 0).",
            "Argument 'seats[1]' must be >= 1 (got 0).",
            "Argument 'seats' must not contain duplicates (seats[0] and seats[1] are equal).",
          ].join('\n'),
        },
      ],
      isError: true,
    })
  })

  it('checks the constraints the parameter types carry as tags', async () => {
    expect(await call({ when: '2026-05-01T10:00:00Z', seats: [2], ticket: '7', note: 'far too long a note' })).toEqual({
      content: [{ type: 'text', text: "Argument 'note' must have at most 10 character(s) (got 19)." }],
      isError: true,
    })
    expect(await call({ when: '2026-05-01T10:00:00Z', seats: [], ticket: '7.5' })).toEqual({
      content: [{ type: 'text', text: 'Argument \'seats\' must have at least 1 item(s) (got 0).\nArgument \'ticket\' must match the pattern ^-?[0-9]+$ (got "7.5").' }],
      isError: true,
    })
  })
})
