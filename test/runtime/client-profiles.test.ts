/**
 * features/client-profiles.ts: per client, the tools/list of the profile `createServer({ profiles })` names
 * for it, from the JSON the build wrote per profile (entries written by hand here, as the compiler writes them).
 */
import { describe, expect, it } from 'vitest'
import { appsFeature } from '../../src/runtime/apps/apps.ts'
import { profilesFeature } from '../../src/runtime/features/client-profiles.ts'
import { createServer } from '../../src/runtime/server.ts'
import { sessionCapabilities, sessionId, sessionProfile } from '../../src/runtime/shared/session-id.ts'
import type { ToolEntry } from '../../src/runtime/shared/table.ts'
import { fileURLToPath } from 'node:url'
import { bundleWorker } from './bundle.ts'
import { legacyRequest, modernRequest, module, send, tool } from './helpers.ts'

const INFO = { name: 'clients', version: '1.0.0' }

/** A tool with its portable entry and the entries the build wrote under two profiles (null: refused). */
function profiled(name: string, strict: string | null, gemini: string | null): ToolEntry {
  return { ...tool(name, { invoke: () => name, plain: true, title: `The ${name}` }), profiles: { 'openai-strict': strict, gemini } }
}

const SEARCH = profiled('search', '{"name":"search","title":"The search","inputSchema":{"type":"object","properties":{"q":{"type":["string","null"]}},"required":["q"],"additionalProperties":false}}', '{"name":"search","title":"The search","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}}')
const TAG = profiled('tag', null, '{"name":"tag","inputSchema":{"type":"object"}}')
const mod = () => module('src/tools.ts', [SEARCH, TAG], {}, [profilesFeature])

const TABLE = { 'strict-agent': 'openai-strict', 'gemini-agent': 'gemini', 'plain-agent': 'portable' }
const server = () => createServer(INFO, mod(), { profiles: TABLE })

const modernList = async (s: ReturnType<typeof server>, clientInfo?: unknown) => {
  const meta: Record<string, unknown> = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }
  if (clientInfo !== undefined) meta['io.modelcontextprotocol/clientInfo'] = clientInfo
  return (await send(s, modernRequest('tools/list', {}, { meta }))).body.result.tools
}

const PORTABLE_SEARCH = { name: 'search', title: 'The search', inputSchema: { type: 'object', properties: {}, additionalProperties: false } }
const PORTABLE_TAG = { name: 'tag', title: 'The tag', inputSchema: { type: 'object', properties: {}, additionalProperties: false } }

describe('2026-07-28: the client in each request’s _meta', () => {
  it('each client named in the table gets its profile’s entries, as the build wrote them; a refused tool is left out', async () => {
    const s = server()
    expect(await modernList(s, { name: 'strict-agent', version: '1' })).toEqual([
      { name: 'search', title: 'The search', inputSchema: { type: 'object', properties: { q: { type: ['string', 'null'] } }, required: ['q'], additionalProperties: false } },
    ])
    expect(await modernList(s, { name: 'gemini-agent', version: '1' })).toEqual([
      { name: 'search', title: 'The search', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
      { name: 'tag', inputSchema: { type: 'object' } },
    ])
  })

  it('a client the table does not name, one mapped to portable, and one without clientInfo get the portable list', async () => {
    const s = server()
    for (const info of [{ name: 'someone', version: '1' }, { name: 'plain-agent', version: '1' }, undefined, { version: '1' }, 'strict-agent']) {
      expect(await modernList(s, info)).toEqual([PORTABLE_SEARCH, PORTABLE_TAG])
    }
  })

  it('names are matched exactly: no prefix, no case folding', async () => {
    const s = server()
    for (const name of ['strict-agent-2', 'Strict-Agent', 'strict']) expect(await modernList(s, { name, version: '1' })).toEqual([PORTABLE_SEARCH, PORTABLE_TAG])
  })

  it('tools/call is the same for every client: the tool a profile leaves out of its list is still called by name', async () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'strict-agent', version: '1' } }
    const reply = await send(server(), modernRequest('tools/call', { name: 'tag', arguments: {} }, { meta }))
    expect(reply.body.result.content).toEqual([{ type: 'text', text: 'tag' }])
  })
})

describe('with another feature that shapes tools/list', () => {
  it('MCP Apps: a profiled client that hosts no views gets its profile without the view-only tools; a host gets them', async () => {
    const view: ToolEntry = { ...profiled('refresh', '{"name":"refresh","inputSchema":{"type":"object","properties":{},"required":[],"additionalProperties":false}}', null), visibility: ['app'] }
    const s = createServer(INFO, module('src/tools.ts', [SEARCH, view], {}, [appsFeature, profilesFeature]), { profiles: TABLE })
    const meta = (extensions?: object) => ({
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': extensions ? { extensions } : {},
      'io.modelcontextprotocol/clientInfo': { name: 'strict-agent', version: '1' },
    })
    const names = async (m: Record<string, unknown>) => (await send(s, modernRequest('tools/list', {}, { meta: m }))).body.result.tools.map((t: any) => [t.name, t.inputSchema.required])
    expect(await names(meta())).toEqual([['search', ['q']]])
    expect(await names(meta({ 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } }))).toEqual([
      ['search', ['q']],
      ['refresh', []],
    ])
  })
})

describe('legacy: the client named at initialize, its profile carried by the session id', () => {
  async function session(s: ReturnType<typeof server>, name: string, version = '2025-11-25') {
    const init = await send(s, legacyRequest('initialize', { protocolVersion: version, capabilities: { roots: {} }, clientInfo: { name, version: '1' } }, version))
    return init.headers.get('mcp-session-id')!
  }
  const list = async (s: ReturnType<typeof server>, id: string, version = '2025-11-25') =>
    (await send(s, legacyRequest('tools/list', {}, version, { headers: { 'mcp-session-id': id } }))).body.result.tools

  it('a client named in the table gets its profile on every later request of the session', async () => {
    const s = server()
    const id = await session(s, 'strict-agent')
    expect(sessionProfile(id)).toBe('openai-strict')
    expect(sessionCapabilities(id)).toEqual({ roots: {} })
    expect((await list(s, id)).map((t: any) => t.inputSchema.required)).toEqual([['q']])
    expect((await list(s, await session(s, 'gemini-agent'))).map((t: any) => t.name)).toEqual(['search', 'tag'])
  })

  it('an older revision gets the profile’s entries without the fields it lacks, the title as annotations.title', async () => {
    const s = server()
    expect(await list(s, await session(s, 'strict-agent', '2025-03-26'), '2025-03-26')).toEqual([
      { name: 'search', inputSchema: { type: 'object', properties: { q: { type: ['string', 'null'] } }, required: ['q'], additionalProperties: false }, annotations: { title: 'The search' } },
    ])
  })

  it('a client the table does not name has a session id without a profile, and the portable list', async () => {
    const s = server()
    const id = await session(s, 'someone')
    expect(id).toMatch(/^[0-9a-f]{32}\.[A-Za-z0-9_-]+$/)
    expect(await list(s, id)).toEqual([PORTABLE_SEARCH, PORTABLE_TAG])
  })

  it('a session id naming a profile the table does not use, or no session id, gets the portable list', async () => {
    const s = createServer(INFO, mod(), { profiles: { 'strict-agent': 'openai-strict' } })
    expect(await list(s, sessionId({}, 'gemini'))).toEqual([PORTABLE_SEARCH, PORTABLE_TAG])
    expect(await list(s, sessionId({}, 'nonsense'))).toEqual([PORTABLE_SEARCH, PORTABLE_TAG])
    expect((await send(s, legacyRequest('tools/list', {}))).body.result.tools).toEqual([PORTABLE_SEARCH, PORTABLE_TAG])
  })
})

describe('session ids with a profile', () => {
  it('carry the capabilities and the profile apart; ids without a profile read as before', () => {
    const id = sessionId({ sampling: {} }, 'gemini')
    expect(id).toMatch(/^[0-9a-f]{32}\.[A-Za-z0-9_-]+\.gemini$/)
    expect(sessionCapabilities(id)).toEqual({ sampling: {} })
    expect(sessionProfile(sessionId(undefined, 'gemini'))).toBe('gemini')
    expect(sessionCapabilities(sessionId(undefined, 'gemini'))).toEqual({})
    expect(sessionProfile(sessionId({ sampling: {} }))).toBeUndefined()
    expect(sessionProfile(null)).toBeUndefined()
  })
})

describe('createServer checks the table', () => {
  it('refuses a profile the build did not write, naming those it wrote', () => {
    expect(() => createServer(INFO, mod(), { profiles: { 'my-agent': 'anthropic-strict' } })).toThrow(
      "createServer: the profiles option sends client 'my-agent' the profile \"anthropic-strict\", which the build did not write; the build wrote 'openai-strict', 'gemini' (and 'portable'). Add it to the plugin option profiles, or name one of those.",
    )
  })
  it('refuses a table when the build wrote no profile', () => {
    const plain = module('src/plain.ts', [tool('add', { invoke: () => 'x', plain: true })], {}, [])
    expect(() => createServer(INFO, plain, { profiles: { 'my-agent': 'openai-strict' } })).toThrow(
      'createServer: the profiles option needs a build with profiles (the plugin option profiles).',
    )
  })
  it('refuses profile and profiles together', () => {
    expect(() => createServer(INFO, mod(), { profile: 'gemini', profiles: TABLE })).toThrow('createServer: profile lists one profile to every client and profiles picks one per client; give one of the two.')
  })
  it('without the option, a build with profiles serves every client the portable list', async () => {
    const s = createServer(INFO, mod())
    expect(await modernList(s, { name: 'strict-agent', version: '1' })).toEqual([PORTABLE_SEARCH, PORTABLE_TAG])
  })
})

describe('pay for what you use', () => {
  // Text only features/client-profiles.ts has.
  const MARKER = "sends client '"
  const plain = fileURLToPath(new URL('./fixtures/plain-worker.ts', import.meta.url))
  it('a tools-only bundle built without profiles has none of it; the same bundle built with a profile has it', async () => {
    expect((await bundleWorker(plain)).includes(MARKER)).toBe(false)
    expect((await bundleWorker(plain, { profiles: ['gemini'] })).includes(MARKER)).toBe(true)
  })
})
