/**
 * Discovery (issue 22 §7): `mcp({ registry: { url } })` writes the MCP registry's server.json (schema
 * 2025-12-11) beside the bundle and the module `mcp-aot/server-card`, whose Server Card (SEP-2127, schema
 * v2) the Worker serves at `<endpoint>/server-card`, both from package.json. The expected documents are
 * written by hand from the two schemas and fixtures/registry/package.json; neither may contradict what the
 * server says of itself in `server/discover` (2026-07-28) and `initialize`.
 */
import { mkdtempSync, rmSync, writeFileSync, cpSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'
import mcp from '../../src/esbuild.ts'
import type { McpAotOptions } from '../../src/plugin.ts'
import { SUPPORTED } from '../../src/runtime/shared/protocol.ts'
import { serverCard } from '../../src/runtime/http/server-card.ts'
import { createServer } from '../../src/runtime/server.ts'
import { loadWorker } from '../runtime/bundle.ts'
import { legacyRequest, modernRequest, send } from '../runtime/helpers.ts'

const FIXTURE = fileURLToPath(new URL('./fixtures/registry/', import.meta.url))
const SRC = fileURLToPath(new URL('../../src/', import.meta.url))
const URL_ = 'https://notes.example.com/mcp'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** The fixture project built with esbuild and the plugin from src/: the Worker's code and the other files by name. */
async function built(options: Partial<McpAotOptions> = {}, root = FIXTURE): Promise<{ code: string; files: Record<string, string>; errors: string[] }> {
  try {
    const result = await build({
      entryPoints: [join(root, 'src/worker.ts')], bundle: true, format: 'esm', platform: 'neutral', outdir: '/out', write: false, logLevel: 'silent',
      plugins: [mcp({ root, registry: { url: URL_ }, ...options })],
      alias: { 'mcp-aot': `${SRC}index.ts` },
    })
    const files = Object.fromEntries(result.outputFiles.map((f) => [f.path.slice('/out/'.length), f.text]))
    return { code: files['worker.js']!, files, errors: [] }
  } catch (error) {
    return { code: '', files: {}, errors: (error as { errors: { text: string }[] }).errors.map((e) => e.text) }
  }
}

/** A copy of the fixture with another package.json. */
function withPackage(pkg: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-aot-registry-'))
  dirs.push(dir)
  cpSync(FIXTURE, dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), pkg)
  return dir
}

// What package.json says, as both documents state it: the name from the GitHub repository (io.github.<owner>/<name>).
const ABOUT = {
  name: 'io.github.acme/notes',
  version: '1.2.0',
  description: 'Keeps short notes and finds them again.',
  websiteUrl: 'https://notes.example.com',
  repository: { url: 'https://github.com/acme/notes-mcp', source: 'github', subfolder: 'server' },
}

const SERVER_JSON = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
  ...ABOUT,
  remotes: [{ type: 'streamable-http', url: URL_ }],
}

const CARD = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json',
  ...ABOUT,
  remotes: [{ type: 'streamable-http', url: URL_, supportedProtocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] }],
}

const card = (init?: RequestInit) => new Request(`${URL_}/server-card`, init)

describe('mcp({ registry: { url } })', async () => {
  const out = await built()
  const server = await loadWorker(out.code)

  it('writes server.json beside the bundle (schema 2025-12-11: reverse-DNS name, description, version, remotes)', () => {
    expect(out.errors).toEqual([])
    expect(Object.keys(out.files).sort()).toEqual(['server.json', 'worker.js'])
    expect(JSON.parse(out.files['server.json']!)).toEqual(SERVER_JSON)
    expect(out.files['server.json']!.endsWith('}\n')).toBe(true)
  })

  it('serves the Server Card at <endpoint>/server-card: its media type, CORS, Cache-Control and a strong ETag', async () => {
    const response = await server.fetch(card({ headers: { accept: 'application/mcp-server-card+json', origin: 'https://elsewhere.example' } }))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/mcp-server-card+json')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(response.headers.get('etag')).toMatch(/^"[\w-]{27}"$/)
    expect(JSON.parse(await response.text())).toEqual(CARD)
  })

  it('answers 304 to If-None-Match with its ETag (also in a list or weak), 200 to another; HEAD, OPTIONS and 405', async () => {
    const etag = (await server.fetch(card())).headers.get('etag')!
    for (const asked of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const again = await server.fetch(card({ headers: { 'if-none-match': asked } }))
      expect(again.status, asked).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('etag')).toBe(etag)
      expect(again.headers.get('cache-control')).toBe('public, max-age=3600')
    }
    expect((await server.fetch(card({ headers: { 'if-none-match': '"other"' } }))).status).toBe(200)
    const head = await server.fetch(card({ method: 'HEAD' }))
    expect([head.status, await head.text(), head.headers.get('etag')]).toEqual([200, '', etag])
    const preflight = await server.fetch(card({ method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' } }))
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, '*'])
    const post = await server.fetch(card({ method: 'POST', body: '{}' }))
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS'])
  })

  it('neither document contradicts server/discover (2026-07-28) or initialize (2025-11-25)', async () => {
    const served = JSON.parse(await (await server.fetch(card())).text())
    const registry = JSON.parse(out.files['server.json']!)
    const discover = (await send(server, modernRequest('server/discover'))).body.result
    const info = discover._meta['io.modelcontextprotocol/serverInfo']
    const init = (await send(server, legacyRequest('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }))).body.result
    for (const stated of [served, registry]) {
      for (const runtime of [info, init.serverInfo]) {
        expect(runtime.name).toBe(stated.name)
        expect(runtime.version).toBe(stated.version)
        expect(runtime.description).toBe(stated.description)
        expect(runtime.websiteUrl).toBe(stated.websiteUrl)
        expect(runtime.title).toBe(stated.title)
      }
      // The remote is the endpoint that answered: its path, Streamable HTTP.
      expect(stated.remotes.map((r: any) => [r.type, new URL(r.url).pathname])).toEqual([['streamable-http', '/mcp']])
    }
    expect(served.remotes[0].supportedProtocolVersions).toEqual(discover.supportedVersions)
    expect(discover.supportedVersions).toEqual(SUPPORTED)
    expect(served.remotes[0].supportedProtocolVersions).toContain(init.protocolVersion)
  })

  it('mcpName in package.json is the registry name, and the server still answers its tools', async () => {
    const dir = withPackage(JSON.stringify({ name: 'notes', mcpName: 'com.example/notes', version: '2.0.0', description: 'Notes.' }))
    const other = await built({}, dir)
    expect(JSON.parse(other.files['server.json']!)).toEqual({ $schema: SERVER_JSON.$schema, name: 'com.example/notes', version: '2.0.0', description: 'Notes.', remotes: SERVER_JSON.remotes })
    const worker = await loadWorker(other.code)
    expect((await send(worker, modernRequest('tools/call', { name: 'save_note', arguments: { text: 'hi' } }))).body.result.content).toEqual([{ type: 'text', text: 'saved: hi' }])
  })

  it('a package.json without a registry name, with a range for a version or without a description fails the build at that field', async () => {
    const dir = withPackage('{\n  "name": "notes",\n  "version": "^1.0.0"\n}\n')
    const { errors } = await built({}, dir)
    expect(errors).toHaveLength(1)
    const lines = errors[0]!.split('\n').filter((l) => / - error /.test(l))
    expect(lines.map((l) => l.split(': ')[0])).toEqual(['package.json:2:3 - error MCP044', 'package.json:3:3 - error MCP045', 'package.json:1:1 - error MCP046'])
    expect(lines[1]).toContain('"^1.0.0" is a range or a tag, which the registry refuses: write the exact version this build serves ("1.0.0").')
  })

  it('a registry.url that is not an absolute http(s) URL is refused when the plugin is made', () => {
    expect(() => mcp({ registry: { url: '/mcp' } })).toThrow('mcp-aot: registry.url must be the MCP endpoint\'s absolute http(s) URL (https://notes.example.com/mcp), not "/mcp".')
  })
})

describe('createServer({ serverCard })', () => {
  const text = JSON.stringify({ ...CARD, title: 'Notes' })
  const route = serverCard(text, '"abc"')

  it('refuses an info that contradicts the card (version, name, title), naming both values', () => {
    expect(() => createServer({ name: 'io.github.acme/notes', version: '1.1.0' }, { serverCard: route })).toThrow(
      `createServer: the Server Card and the server's info disagree: the info has version "1.1.0" (the card's is "1.2.0"). Pass the serverInfo that mcp-aot/server-card exports, or rebuild after changing package.json.`,
    )
    expect(() => createServer({ name: 'tasks', version: '1.2.0' }, { serverCard: route })).toThrow('the info has name "tasks" (the card\'s is "io.github.acme/notes")')
    expect(() => createServer({ name: 'notes', version: '1.2.0', title: 'Other' }, { serverCard: route })).toThrow('the info has title "Other" (the card\'s is "Notes")')
  })

  it('takes the bare name the reverse-DNS name ends with, and leaves every other path as it was', async () => {
    const server = createServer({ name: 'notes', version: '1.2.0' }, { serverCard: route, path: '/api/mcp' })
    expect((await server.fetch(new Request('https://h.example/api/mcp/server-card'))).status).toBe(200)
    expect((await server.fetch(new Request('https://h.example/mcp/server-card'))).status).toBe(404)
    expect((await server.fetch(new Request('https://h.example/api/mcp/server-card/x'))).status).toBe(404)
  })
})
