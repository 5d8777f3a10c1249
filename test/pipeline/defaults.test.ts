/**
 * Defaults written as consts, enum members, `[]` and an `as const` object, end to end: folded into the listed schema, checked
 * against it at build time, and at call time the function's own default applies (never a refused value).
 */
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import type { McpServer } from '../../src/runtime/shared/api.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'
import { legacyRequest, send } from '../runtime/helpers.ts'

let server: McpServer<any>
beforeAll(async () => {
  server = await loadWorker(await bundleWorker(fileURLToPath(new URL('./fixtures/listing-worker.ts', import.meta.url))))
})

const call = async (args: unknown) => (await send(server, legacyRequest('tools/call', { name: 'list_items', arguments: args }))).body.result

describe('const and enum-member defaults through tools/list and tools/call', () => {
  it('lists the folded values as default (LIMIT = PAGE * 2 + 10, Flag.All = Read | Write, [], SORT)', async () => {
    const reply = await send(server, legacyRequest('tools/list', {}))
    const schema = reply.body.result.tools[0].inputSchema
    expect(schema.properties.n).toEqual({ type: 'integer', maximum: 100, default: 50 })
    expect(schema.properties.access).toEqual({ type: 'integer', enum: [1, 2, 3], default: 3 })
    expect(schema.properties.tags).toEqual({ type: 'array', items: { type: 'string' }, default: [] })
    expect(schema.properties.sort).toEqual({
      type: 'object',
      properties: { by: { type: 'string', enum: ['name', 'date'] }, desc: { type: 'boolean' } },
      required: ['by', 'desc'],
      additionalProperties: false,
      default: { by: 'name', desc: false },
    })
    expect(schema).not.toHaveProperty('required')
  })
  it('an omitted argument reaches the function as undefined, so its own default (the listed one) applies', async () => {
    expect(await call({})).toEqual({ content: [{ type: 'text', text: '50 items, access 3, tags [], by name' }] })
  })
  it('values are checked against the folded schema', async () => {
    expect(await call({ n: 7, access: 2, tags: ['a', 'b'], sort: { by: 'date', desc: true } })).toEqual({ content: [{ type: 'text', text: '7 items, access 2, tags [a, b], by date desc' }] })
    const refused = (await call({ n: 101, access: 4 })) as { isError: boolean; content: { text: string }[] }
    expect(refused.isError).toBe(true)
    expect(refused.content[0]!.text).toContain("Argument 'n' must be <= 100 (got 101).")
    expect(refused.content[0]!.text).toContain("Argument 'access' must be one of")
  })
})
