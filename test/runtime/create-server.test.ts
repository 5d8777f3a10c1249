import { describe, expect, it, vi } from 'vitest'
import { createServer } from '../../src/runtime/server.ts'
import { reexport } from '../../src/runtime/shared/table.ts'
import { modernRequest, module, prompt, resource, send, tool } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }
const echo = tool('echo', { invoke: () => 'hi' })

describe('createServer arguments', () => {
  it('takes tool modules and a trailing options object', async () => {
    const server = createServer(info, module('src/a.ts', [echo]), { path: '/api/mcp' })
    const reply = await send(server, new Request('http://127.0.0.1/api/mcp', modernRequest('tools/list')))
    expect(reply.status).toBe(200)
    expect(reply.body.result.tools.map((t: any) => t.name)).toEqual(['echo'])
  })

  it('refuses a module the plugin did not transform, naming its functions and the plugin', async () => {
    // A bundle the plugin did not build has made no table: the runtime as loaded afresh.
    vi.resetModules()
    const fresh = (await import('../../src/runtime/server.ts')).createServer
    const plain = { searchIncidents() {}, closeIncident() {}, LIMIT: 5 }
    expect(() => fresh(info, plain)).toThrow(
      /argument 2 is a module without an mcp-aot dispatch table \(it exports searchIncidents\(\), closeIncident\(\)\)\. Add the mcp-aot plugin to the bundler config .*plugins: \[mcp\(\)\]/,
    )
  })

  it('in a bundle that made tables, names them and what reaches a table instead of the plugin', () => {
    module('src/tools/a.ts', [echo])
    const message = (() => {
      try {
        createServer(info, { ping() {} })
      } catch (e) {
        return (e as Error).message
      }
    })()
    expect(message).toMatch(/^createServer: argument 2 is a module without an mcp-aot dispatch table \(it exports ping\(\)\)\. The mcp-aot plugin built this bundle \(it wrote the tables of [^)]*src\/tools\/a\.ts[^)]*\), but none for this module\. A table is written into a module that declares/)
    expect(message).not.toContain('Add the mcp-aot plugin')
  })

  it("serves a barrel's table: the entries it keeps, renamed in the listing and in each profile's", async () => {
    const a = module('src/a.ts', [tool('echo', { invoke: () => 'hi', loc: 'src/a.ts:2:1' }), tool('other', { invoke: () => 'no' })])
    const profiled = { ...a.__mcp, entries: a.__mcp.entries.map((e: any) => ({ ...e, profiles: { gemini: e.json, 'openai-strict': null } })) }
    const barrel = { __mcp: reexport('src/index.ts', [[profiled, { echo: 'say' }]]) }
    const reply = await send(createServer(info, barrel), modernRequest('tools/list'))
    expect(reply.body.result.tools.map((t: any) => t.name)).toEqual(['say'])
    const entry = barrel.__mcp.entries[0] as any
    expect(JSON.parse(entry.profiles.gemini).name).toBe('say')
    expect(entry.profiles['openai-strict']).toBeNull()
    expect(Object.keys(JSON.parse(entry.json))[0]).toBe('name')
    expect((await send(createServer(info, barrel), modernRequest('tools/call', { name: 'say', arguments: {} }))).body.result.content[0].text).toBe('hi')
  })

  it('refuses a real module namespace object without a table', () => {
    const namespace = Object.create(null, { [Symbol.toStringTag]: { value: 'Module' }, run: { value: () => 1, enumerable: true } })
    expect(() => createServer(info, namespace)).toThrow(/without an mcp-aot dispatch table \(it exports run\(\)\)/)
  })

  it('names both declarations of a duplicate tool name', () => {
    const a = module('src/a.ts', [tool('search', { invoke: () => '', loc: 'src/a.ts:3:1' })])
    const b = module('src/b.ts', [tool('search', { invoke: () => '', loc: 'src/b.ts:9:1' })])
    expect(() => createServer(info, a, b)).toThrow("createServer: duplicate tool name 'search': declared at src/a.ts:3:1 and at src/b.ts:9:1. Rename one of them.")
  })

  it('names both declarations of a duplicate prompt name and resource URI', () => {
    const p1 = prompt('review', () => '', { loc: 'src/p.ts:1:1' })
    const p2 = prompt('review', () => '', { loc: 'src/q.ts:2:1' })
    expect(() => createServer(info, module('src/p.ts', [p1]), module('src/q.ts', [p2]))).toThrow(/duplicate prompt name 'review': declared at src\/p.ts:1:1 and at src\/q.ts:2:1/)
    const r1 = resource('docs://readme', () => '', { loc: 'src/r.ts:1:1' })
    const r2 = resource('docs://readme', () => '', { loc: 'src/s.ts:5:1' })
    expect(() => createServer(info, module('src/r.ts', [r1]), module('src/s.ts', [r2]))).toThrow(/duplicate resource URI 'docs:\/\/readme': declared at src\/r.ts:1:1 and at src\/s.ts:5:1/)
  })

  it('allows a tool and a prompt to share a name', () => {
    expect(() => createServer(info, module('src/a.ts', [echo, prompt('echo', () => '')]))).not.toThrow()
  })

  it('refuses the same module twice, options that are not last, and unknown options', () => {
    const a = module('src/a.ts', [echo])
    expect(() => createServer(info, a, a)).toThrow('createServer: the module src/a.ts is passed twice.')
    expect(() => createServer(info, { path: '/x' }, a)).toThrow(/options object must be the last argument/)
    expect(() => createServer(info, a, { pathh: '/x' } as any)).toThrow(/unknown option 'pathh'/)
    expect(() => createServer(info, a, null as any)).toThrow(/must be a tool module/)
  })

  it('refuses missing server info', () => {
    expect(() => createServer({ name: 'x' } as any)).toThrow(/first argument must be the server's info/)
  })

  it('refuses server icons a client could not show, at startup, naming the icon and what to give', () => {
    const fix = "is not a list of icons a client can show: give [{ src, sizes?, theme? }] with src an https URL or a data:image/png;base64,… URI (png, jpeg, svg+xml or webp), sizes such as ['48x48'] or ['any'], theme 'light' or 'dark'."
    const good = { src: 'https://example.com/logo.png' }
    const refused = (icon: Record<string, unknown>) => expect(() => createServer({ ...info, icons: [good, icon] } as any)).toThrow(`createServer: info.icons[1], ${JSON.stringify(icon)}, ${fix}`)
    refused({ src: 'http://example.com/logo.png' })
    refused({ src: 'data:image/gif;base64,R0lGOD==' })
    refused({ src: 'data:image/svg+xml,<svg/>' })
    refused({ src: 'https://example.com/a.png', mimeType: 'image/gif' })
    refused({ src: 'https://example.com/a.png', sizes: '48x48' })
    refused({ src: 'https://example.com/a.png', sizes: ['big'] })
    refused({ src: 'https://example.com/a.png', theme: 'dim' })
    refused({})
    expect(() => createServer({ ...info, icons: good } as any)).toThrow(`createServer: info.icons ${fix}`)
    expect(() => createServer({ ...info, icons: [good, { src: 'data:image/svg+xml;base64,PHN2Zy8+', sizes: ['any'], theme: 'dark' }] })).not.toThrow()
  })

  it('returns a fetch that works unbound', async () => {
    const { fetch } = createServer(info, module('src/a.ts', [echo]))
    const response = await fetch(modernRequest('tools/call', { name: 'echo', arguments: {} }))
    expect((await response.json()).result.content).toEqual([{ type: 'text', text: 'hi' }])
  })
})
