/**
 * Issue 17 §2 end to end: the everyday idioms (as const enums, indexed access, keyof, Exclude, template
 * literal types, mapped types, open tuples, symbol brands, bigint defaults, ReturnType results) compiled by
 * the esbuild plugin, bundled as a Worker, served by createServer and called with tools/call.
 */
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import type { McpServer } from '../../src/runtime/shared/api.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'
import { legacyRequest, send } from '../runtime/helpers.ts'

let server: McpServer<any>
beforeAll(async () => {
  server = await loadWorker(await bundleWorker(fileURLToPath(new URL('./fixtures/idioms-worker.ts', import.meta.url))))
})

async function call(name: string, args: unknown): Promise<any> {
  const reply = await send(server, legacyRequest('tools/call', { name, arguments: args }))
  expect(reply.status).toBe(200)
  return reply.body.result
}
const ok = (t: string) => ({ content: [{ type: 'text', text: t }] })
const accepted = async (name: string, args: unknown) => expect((await call(name, args)).isError).toBeUndefined()
const refusedAt = async (name: string, args: unknown, path: string) => {
  const r = await call(name, args)
  expect(r.isError).toBe(true)
  expect(r.content[0].text).toContain(`'${path}'`)
}

describe('the idioms a tool file uses, called', () => {
  it('as const enums and their defaults', async () => {
    expect(await call('grant', {})).toEqual(ok('viewer/m'))
    expect(await call('grant', { role: 'admin', size: 'l' })).toEqual(ok('admin/l'))
    await refusedAt('grant', { role: 'root' }, 'role')
    await refusedAt('grant', { size: 'xl' }, 'size')
  })
  it("Exclude<Order['status'], 'void'> and keyof Order", async () => {
    expect(await call('set_status', { status: 'paid', by: 'items' })).toEqual(ok('paid by items'))
    await refusedAt('set_status', { status: 'void', by: 'id' }, 'status')
    await refusedAt('set_status', { status: 'open', by: 'secret' }, 'by')
  })
  it("Order['items'][number] and a unique-symbol brand", async () => {
    expect(await call('add_item', { item: { sku: 'B', qty: 2 }, user: 'u1' })).toEqual(ok('u1:Bx2'))
    await refusedAt('add_item', { item: { sku: 'B', qty: 2, extra: 1 }, user: 'u1' }, 'item.extra')
    await refusedAt('add_item', { item: { sku: 'B', qty: 2 }, user: 7 }, 'user')
  })
  it('template literal types: patterns and a finite enum', async () => {
    expect(await call('lookup', { key: 'user_7', width: '1.5px', corner: 'top-left' })).toEqual(ok('user_7 1.5px top-left'))
    await refusedAt('lookup', { key: 'admin_7', width: '1px', corner: 'top-left' }, 'key')
    await refusedAt('lookup', { key: 'user_', width: 'wide', corner: 'top-left' }, 'width')
    await refusedAt('lookup', { key: 'user_', width: '1px', corner: 'middle' }, 'corner')
  })
  it('a mapped type over a literal union', async () => {
    expect(await call('perms', { p: { read: true, write: false } })).toEqual(ok('truefalse'))
    await refusedAt('perms', { p: { read: true } }, 'p.write')
  })
  it('tuples with rest and optional elements, and a bigint default', async () => {
    expect(await call('path', { segments: ['a', 'b', 'c'], at: ['x'] })).toEqual(ok('a/b/c 1 bigint'))
    await accepted('path', { segments: ['a'], at: ['x', 3], n: '12' })
    await refusedAt('path', { segments: [], at: ['x'] }, 'segments')
    await refusedAt('path', { segments: ['a'], at: ['x', 3, 4] }, 'at')
  })
  it('Awaited<ReturnType<typeof load>>: the output schema of load, and nothing undeclared sent', async () => {
    const list = await send(server, legacyRequest('tools/list', {}))
    const tool = list.body.result.tools.find((t: any) => t.name === 'order')
    expect(tool.outputSchema.required).toEqual(['id', 'status', 'items'])
    const r = await call('order', { id: '9' })
    expect(r.structuredContent).toEqual({ id: '9', status: 'open', items: [{ sku: 'A', qty: 1 }] })
  })
})
