import { describe, expect, it } from 'vitest'
import { createServer } from '../../src/runtime/server.ts'
import { resourceLink, text } from '../../src/runtime/call/content.ts'
import type { ToolContext } from '../../src/runtime/shared/api.ts'
import { definitionOf, legacyRequest, module, post, prompt, resource, send, tool } from './helpers.ts'

const info = { name: 'ops', version: '2.1.0', title: 'Ops', description: 'Operations', websiteUrl: 'https://ops.example', instructions: 'Search first.' }
const weather = tool('weather', {
  title: 'Weather',
  description: 'Reads the weather.',
  invoke: () => ({ temperature: 21, extra: 'x' }),
  result: { kind: 'structured', shape: { props: { temperature: 0 } } },
  outputSchema: { type: 'object', properties: { temperature: { type: 'number' } } },
  annotations: { readOnlyHint: true },
})
const linked = tool('linked', { invoke: () => [text('see'), resourceLink('docs://readme', 'readme', { title: 'The readme' })], result: { kind: 'content' } })
const server = createServer(info, module('src/t.ts', [weather, linked]), module('src/p.ts', [prompt('review', () => 'Review it.', { title: 'Review' })]), module('src/r.ts', [resource('docs://readme', () => 'read me', { title: 'Readme', mimeType: 'text/markdown' })]))

const initialize = (protocolVersion: string) =>
  legacyRequest('initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'c', version: '1' } }, null)

describe('legacy era: initialize', () => {
  it('negotiates a supported revision and returns capabilities, serverInfo and instructions', async () => {
    const reply = await send(server, initialize('2025-11-25'))
    expect(reply.status).toBe(200)
    expect(reply.body.result).toEqual({
      protocolVersion: '2025-11-25',
      capabilities: { tools: {}, prompts: {}, resources: {}, completions: {}, logging: {} },
      serverInfo: { name: 'ops', title: 'Ops', version: '2.1.0', description: 'Operations', websiteUrl: 'https://ops.example' },
      instructions: 'Search first.',
    })
    expect(reply.headers.get('mcp-session-id')).toMatch(/^[0-9a-f]{32}\.[A-Za-z0-9_-]+$/)
  })

  it('carries the capabilities the client declared in the session id, for ctx.clientCapabilities', async () => {
    let seen: Record<string, unknown> | undefined
    const look = tool('look', { invoke: (_a, ctx: ToolContext) => ((seen = ctx.clientCapabilities), 'ok') })
    const s = createServer(info, module('src/l.ts', [look]))
    const capabilities = { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } }
    const init = await send(s, legacyRequest('initialize', { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'c', version: '1' } }, null))
    const session = init.headers.get('mcp-session-id')!
    await send(s, legacyRequest('tools/call', { name: 'look', arguments: {} }, '2025-11-25', { headers: { 'mcp-session-id': session } }))
    expect(seen).toEqual(capabilities)
    for (const other of [null, 'plain-session', 'x.!!!', `x.${btoa('[1]')}`]) {
      await send(s, legacyRequest('tools/call', { name: 'look', arguments: {} }, '2025-11-25', { headers: { 'mcp-session-id': other } }))
      expect(seen).toEqual({})
    }
    const huge = { experimental: { blob: { data: 'x'.repeat(5000) } }, sampling: {} }
    const big = await send(s, legacyRequest('initialize', { protocolVersion: '2025-11-25', capabilities: huge, clientInfo: { name: 'c', version: '1' } }, null))
    expect(big.headers.get('mcp-session-id')!.length).toBeLessThan(200)
    await send(s, legacyRequest('tools/call', { name: 'look', arguments: {} }, '2025-11-25', { headers: { 'mcp-session-id': big.headers.get('mcp-session-id') } }))
    // Past 400 bytes: the known capabilities two levels deep (what they declare, not the details).
    expect(seen).toEqual({ experimental: { blob: {} }, sampling: {} })
    // 40,000 capability keys (a 1 MB initialize): the id stays a few hundred bytes, the known ones by name.
    const flood = { ...Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`k${i}`, {}])), sampling: { tools: {} }, extensions: Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`e${i}`, {}])) }
    const flooded = await send(s, legacyRequest('initialize', { protocolVersion: '2025-11-25', capabilities: flood, clientInfo: { name: 'c', version: '1' } }, null))
    const id = flooded.headers.get('mcp-session-id')!
    expect(id.length).toBeLessThan(600)
    await send(s, legacyRequest('tools/call', { name: 'look', arguments: {} }, '2025-11-25', { headers: { 'mcp-session-id': id } }))
    expect(seen).toEqual({ sampling: {}, extensions: {} })
  })

  it('answers an unknown revision with its latest, and older ones with their own serverInfo', async () => {
    expect((await send(server, initialize('2030-01-01'))).body.result.protocolVersion).toBe('2025-11-25')
    expect((await send(server, initialize('2026-07-28'))).body.result.protocolVersion).toBe('2025-11-25')
    const june = await send(server, initialize('2025-06-18'))
    expect(june.body.result.serverInfo).toEqual({ name: 'ops', title: 'Ops', version: '2.1.0' })
    const old = await send(server, initialize('2024-11-05'))
    expect(old.body.result).toMatchObject({ protocolVersion: '2024-11-05', serverInfo: { name: 'ops', version: '2.1.0' } })
    expect(old.body.result.capabilities).not.toHaveProperty('completions')
  })

  it('accepts notifications/initialized and other notifications with 202', async () => {
    const response = await server.fetch(post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'content-type': 'application/json' }))
    expect(response.status).toBe(202)
    const answer = await server.fetch(post({ jsonrpc: '2.0', id: 4, result: { action: 'accept' } }, { 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' }))
    expect(answer.status).toBe(202)
  })
})

describe('legacy era: methods', () => {
  it('answers ping and logging/setLevel with {}', async () => {
    expect((await send(server, legacyRequest('ping'))).body).toEqual({ jsonrpc: '2.0', id: 1, result: {} })
    expect((await send(server, legacyRequest('logging/setLevel', { level: 'debug' }))).body.result).toEqual({})
    expect((await send(server, legacyRequest('logging/setLevel', { level: 'loud' }))).body.error.code).toBe(-32602)
  })

  it('accepts resources/subscribe and unsubscribe', async () => {
    expect((await send(server, legacyRequest('resources/subscribe', { uri: 'docs://readme' }))).body.result).toEqual({})
    expect((await send(server, legacyRequest('resources/unsubscribe', { uri: 'docs://readme' }))).body.result).toEqual({})
  })

  it('answers an unknown method with -32601 in-band', async () => {
    const reply = await send(server, legacyRequest('server/discover', {}, '2025-11-25', { id: 'x' }))
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ id: 'x', error: { code: -32601 } })
  })

  it('answers an unsupported MCP-Protocol-Version header with 400', async () => {
    const reply = await send(server, legacyRequest('tools/list', {}, '2024-01-01'))
    expect(reply.status).toBe(400)
    expect(reply.body.error.code).toBe(-32022)
  })

  it('has no resultType, ttlMs or _meta serverInfo on results', async () => {
    const reply = await send(server, legacyRequest('tools/list'))
    expect(reply.body.result).toEqual({ tools: [definitionOf(weather), definitionOf(linked)] })
  })

  it('says why a missing resource is missing with -32002', async () => {
    const reply = await send(server, legacyRequest('resources/read', { uri: 'docs://nope' }))
    expect(reply.body.error).toEqual({ code: -32002, message: 'Resource not found: docs://nope', data: { uri: 'docs://nope' } })
  })
})

describe('legacy era: fields older revisions lack', () => {
  it('keeps everything for 2025-06-18', async () => {
    const call = await send(server, legacyRequest('tools/call', { name: 'weather', arguments: {} }, '2025-06-18'))
    expect(call.body.result).toEqual({ content: [{ type: 'text', text: '{"temperature":21}' }], structuredContent: { temperature: 21 } })
    const list = await send(server, legacyRequest('tools/list', {}, '2025-06-18'))
    expect(list.body.result.tools[0]).toHaveProperty('outputSchema')
  })

  it('drops outputSchema, structuredContent and resource_link for 2025-03-26 (and without a header); the title is annotations.title', async () => {
    for (const version of ['2025-03-26', null]) {
      const list = await send(server, legacyRequest('tools/list', {}, version))
      expect(list.body.result.tools[0]).toEqual({ name: 'weather', description: 'Reads the weather.', inputSchema: definitionOf(weather).inputSchema, annotations: { title: 'Weather', readOnlyHint: true } })
      const call = await send(server, legacyRequest('tools/call', { name: 'weather', arguments: {} }, version))
      expect(call.body.result).toEqual({ content: [{ type: 'text', text: '{"temperature":21}' }] })
      const links = await send(server, legacyRequest('tools/call', { name: 'linked', arguments: {} }, version))
      expect(links.body.result.content).toEqual([{ type: 'text', text: 'see' }, { type: 'text', text: 'The readme: docs://readme' }])
      const prompts = await send(server, legacyRequest('prompts/list', {}, version))
      expect(prompts.body.result.prompts[0]).not.toHaveProperty('title')
      const resources = await send(server, legacyRequest('resources/list', {}, version))
      expect(resources.body.result.resources[0]).toEqual({ uri: 'docs://readme', name: 'docs://readme', mimeType: 'text/markdown' })
    }
  })

  it('drops tool annotations for 2024-11-05', async () => {
    const list = await send(server, legacyRequest('tools/list', {}, '2024-11-05'))
    expect(list.body.result.tools[0]).toEqual({ name: 'weather', description: 'Reads the weather.', inputSchema: definitionOf(weather).inputSchema })
  })
})
