/**
 * mcp-aot/testing: connect() to a fetch handler (in process), to a built Worker in workerd, and to a URL;
 * the 2026-07-28 wire (discover, _meta, Mcp-Method/Mcp-Name), the legacy initialize era, SSE
 * notifications, input-required rounds, JSON-RPC errors as McpError, and close() stopping the Worker.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, McpError, startWorker, textOf, type McpClient } from '../../src/testing.ts'
import { buildFixture, type Built } from './build-fixture.ts'

let built: Built
let server: { fetch(request: Request, env?: unknown): Promise<Response> }

beforeAll(async () => {
  built = await buildFixture()
  server = (await import(pathToFileURL(built.file).href)).default
})
afterAll(() => built?.remove())

const TOOL_NAMES = ['add', 'greet', 'count_to', 'confirm_delete', 'refuse']

describe('connect(handler): straight to a { fetch } handler, in process', () => {
  let client: McpClient
  beforeAll(async () => {
    client = await connect(server, { env: { GREETING: 'Howdy', MCP_STATE_SECRET: 'a-secret-of-at-least-16-chars' } })
  })
  afterAll(() => client.close())

  it('discovers the server and speaks 2026-07-28', () => {
    expect(client.protocolVersion).toBe('2026-07-28')
    expect(client.serverInfo).toMatchObject({ name: 'testing-fixture', version: '1.0.0' })
    expect(client.capabilities).toHaveProperty('tools')
    expect(client.url).toBe('http://localhost/mcp')
  })

  it('lists the tools with their schemas', async () => {
    const tools = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES)
    expect(tools[0]).toEqual({
      name: 'add',
      description: 'Adds two integers.',
      inputSchema: {
        type: 'object',
        properties: {
          a: { type: 'integer' },
          b: { type: 'integer' },
        },
        required: ['a', 'b'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
    })
  })

  it('calls a tool; the result compares whole (no resultType or serverInfo envelope)', async () => {
    expect(await client.callTool('add', { a: 2, b: 40 })).toEqual({ content: [{ type: 'text', text: '42' }] })
    expect(textOf(await client.callTool('greet', { name: 'Ada' }))).toBe('Howdy, Ada!')
  })

  it('returns argument errors and ToolErrors as isError results, one line per problem', async () => {
    expect(await client.callTool('add', { a: 'two', c: 1 })).toEqual({
      content: [{ type: 'text', text: 'Argument \'b\' is required.\nUnknown argument \'c\'; did you mean \'b\'?\nArgument \'a\' must be an integer (got "two").' }],
      isError: true,
    })
    expect(await client.callTool('refuse')).toEqual({ content: [{ type: 'text', text: 'Refused on purpose.' }], isError: true })
  })

  it('throws McpError for JSON-RPC errors (unknown tool: -32602)', async () => {
    const error = await client.callTool('nope').catch((e) => e)
    expect(error).toBeInstanceOf(McpError)
    expect(error.code).toBe(-32602)
    expect(error.message).toContain('nope')
  })

  it('reads a resource (Mcp-Name sent base64-encoded when the URI is not plain ASCII)', async () => {
    expect(await client.readResource('note://plain')).toEqual({ contents: [{ uri: 'note://plain', mimeType: 'text/plain', text: 'note plain' }] })
    const uri = 'note://caf%C3%A9 ünïcode'
    const read = await client.readResource(uri)
    expect(read.contents[0]).toMatchObject({ uri, mimeType: 'text/plain' })
    const missing = await client.readResource('note://missing').catch((e) => e)
    expect(missing).toBeInstanceOf(McpError)
    expect([missing.code, missing.data]).toEqual([-32602, { uri: 'note://missing' }])
  })

  it('gets a prompt and lists templates and prompts', async () => {
    expect(await client.getPrompt('hello', { name: 'Bo' })).toEqual({
      description: 'Says hello.',
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hello to Bo.' } }],
    })
    expect(await client.listResourceTemplates()).toEqual([
      { uriTemplate: 'note://{name}', name: 'note', description: 'A note by name.', mimeType: 'text/plain' },
    ])
    expect((await client.listPrompts()).map((p) => p.name)).toEqual(['hello'])
  })

  it('collects progress notifications from an SSE response', async () => {
    const seen: unknown[] = []
    const progress = await connect(server, { onNotification: (m) => seen.push(m.params?.progress) })
    const result = await progress.callTool('count_to', { n: 3 }, { meta: { progressToken: 'p1' } })
    expect(textOf(result)).toBe('counted to 3')
    expect(seen).toEqual([1, 2, 3])
    expect(progress.notifications.map((m) => m.method)).toEqual(Array(3).fill('notifications/progress'))
    await progress.close()
  })

  it('answers input-required rounds with the elicit handler; without one the server or the client says what is missing', async () => {
    const asked: string[] = []
    const yes = await connect(server, {
      env: { MCP_STATE_SECRET: 'a-secret-of-at-least-16-chars' },
      elicit: (params) => {
        asked.push(params.message)
        return { action: 'accept', content: { ok: true } }
      },
    })
    expect(textOf(await yes.callTool('confirm_delete', { path: '/tmp/x' }))).toBe('deleted /tmp/x')
    expect(asked).toEqual(['Delete /tmp/x?'])
    await yes.close()
    const undeclared = await client.callTool('confirm_delete', { path: '/tmp/x' }).catch((e) => e)
    expect([undeclared.code, undeclared.status]).toEqual([-32021, 400])
    const noHandler = await connect(server, { env: { MCP_STATE_SECRET: 'a-secret-of-at-least-16-chars' }, capabilities: { elicitation: {} } })
    await expect(noHandler.callTool('confirm_delete', { path: '/tmp/x' })).rejects.toThrow('pass an `elicit` handler to connect()')
    await noHandler.close()
  })

  it('speaks the initialize-based era when asked ({ legacy: true })', async () => {
    const legacy = await connect(server, { legacy: true })
    expect(legacy.protocolVersion).toBe('2025-11-25')
    expect(legacy.serverInfo).toMatchObject({ name: 'testing-fixture' })
    expect((await legacy.listTools()).map((t) => t.name)).toEqual(TOOL_NAMES)
    expect(textOf(await legacy.callTool('add', { a: 1, b: 1 }))).toBe('2')
    const missing = await legacy.readResource('note://missing').catch((e) => e)
    expect(missing.code).toBe(-32002)
    await legacy.close()
  })

  it('refuses to use a closed client', async () => {
    const once = await connect(server)
    await once.close()
    await expect(once.listTools()).rejects.toThrow('closed')
  })
})

describe('connect({ scriptPath }): the built Worker in workerd through Miniflare', () => {
  it('starts the Worker on 127.0.0.1, calls tools over HTTP, and close() stops it', async () => {
    const client = await connect({ scriptPath: built.file, bindings: { GREETING: 'Hi' } })
    expect(client.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    expect(await client.callTool('add', { a: 20, b: 22 })).toEqual({ content: [{ type: 'text', text: '42' }] })
    expect(textOf(await client.callTool('greet', { name: 'Lin' }))).toBe('Hi, Lin!')
    expect(textOf(await client.getPrompt('hello', { name: 'Lin' }))).toBe('Say hello to Lin.')
    await client.close()
    await expect(fetch(client.url, { method: 'POST' })).rejects.toThrow()
  })

  it('startWorker + connect(url): a Worker any client can reach, with wrangler config bindings', async () => {
    const config = join(built.dir, 'wrangler.jsonc')
    await writeFile(config, JSON.stringify({ name: 'fixture', main: 'worker.js', compatibility_date: '2026-07-28', vars: { GREETING: 'Ahoy' } }))
    const worker = await startWorker({ wranglerConfig: config })
    try {
      const legacy = await connect(worker.url, { legacy: true })
      expect(textOf(await legacy.callTool('greet', { name: 'Sam' }))).toBe('Ahoy, Sam!')
      await legacy.close()
      const modern = await connect(worker)
      expect((await modern.listTools()).length).toBe(TOOL_NAMES.length)
      await modern.close()
      const response = await worker.fetch('/elsewhere')
      expect(response.status).toBe(404)
    } finally {
      await worker.stop()
    }
  })
})
