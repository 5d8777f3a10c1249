import { describe, expect, it, vi } from 'vitest'
import { createServer } from '../../src/runtime/server.ts'
import { legacyRequest, modernRequest, module, send, tool } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }
const names = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}_${String(i).padStart(3, '0')}`)
const server = createServer(
  info,
  module('src/b.ts', names(150, 'b').map((name) => tool(name, { invoke: () => name }))),
  module('src/a.ts', names(60, 'a').map((name) => tool(name, { invoke: () => name }))),
)

describe('tools/list', () => {
  it('lists in module order then declaration order, 100 a page, with an opaque cursor', async () => {
    const seen: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const reply = await send(server, modernRequest('tools/list', cursor === undefined ? {} : { cursor }))
      const result = reply.body.result
      expect(result).toMatchObject({ resultType: 'complete', ttlMs: 3600000, cacheScope: 'public' })
      seen.push(...result.tools.map((t: any) => t.name))
      cursor = result.nextCursor
      pages++
    } while (cursor !== undefined)
    expect(pages).toBe(3)
    expect(seen).toEqual([...names(150, 'b'), ...names(60, 'a')])
  })

  it('pages the same way in the legacy era', async () => {
    const first = (await send(server, legacyRequest('tools/list'))).body.result
    expect(first.tools).toHaveLength(100)
    const second = (await send(server, legacyRequest('tools/list', { cursor: first.nextCursor }))).body.result
    expect(second.tools[0].name).toBe('b_100')
    expect(second).not.toHaveProperty('resultType')
  })

  it('refuses a cursor it did not issue with -32602', async () => {
    for (const cursor of ['bogus', 42, btoa('tools:1000')]) {
      const reply = await send(server, modernRequest('tools/list', { cursor }))
      expect(reply.body.error.code).toBe(-32602)
    }
  })

  it('finds the page a cursor names without computing cursors again', async () => {
    const fresh = createServer(info, module('src/c.ts', names(250, 'c').map((name) => tool(name, { invoke: () => name }))))
    const first = (await send(fresh, modernRequest('tools/list'))).body.result
    const btoa = vi.spyOn(globalThis, 'btoa')
    try {
      const second = (await send(fresh, modernRequest('tools/list', { cursor: first.nextCursor }))).body.result
      const third = (await send(fresh, modernRequest('tools/list', { cursor: second.nextCursor }))).body.result
      expect(third.tools[0].name).toBe('c_200')
      expect((await send(fresh, modernRequest('tools/list', { cursor: 'bogus' }))).body.error.code).toBe(-32602)
      expect(btoa).not.toHaveBeenCalled()
    } finally {
      btoa.mockRestore()
    }
  })

  it('serves the entries as the compiler wrote them', async () => {
    const entry = tool('weird', { invoke: () => '', description: 'Keeps "quotes" & order' })
    const s = createServer(info, module('src/w.ts', [{ ...entry, json: '{"name":"weird","inputSchema":{"type":"object"},"description":"as built"}' }]))
    const reply = await send(s, modernRequest('tools/list'))
    expect(reply.text).toContain('"tools":[{"name":"weird","inputSchema":{"type":"object"},"description":"as built"}]')
  })
})
