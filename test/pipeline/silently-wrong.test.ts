/**
 * Issue 17, section 1 ("silently wrong") end to end: the fixtures compiled by the esbuild plugin (the real
 * compiler), bundled as a Worker, served by createServer and called through mcp-aot/testing's client.
 */
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, type McpClient } from '../../src/testing.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

let client: McpClient
beforeAll(async () => {
  client = await connect(await loadWorker(await bundleWorker(fixture('silent-worker.ts'))))
})
afterAll(() => client?.close())

describe('results never carry what the declared type lacks (item 1)', () => {
  it('a union inside the result is projected by the branch the row matches: the apiKey stays on the server', async () => {
    const good = await client.callTool('check_row', { id: 'good' })
    expect(good).toEqual({ content: [{ type: 'text', text: '{"result":{"ok":true,"value":"v1"}}' }], structuredContent: { result: { ok: true, value: 'v1' } } })
    const bad = await client.callTool('check_row', { id: 'bad' })
    expect(bad).toEqual({ content: [{ type: 'text', text: '{"result":{"ok":false,"error":"no such value"}}' }], structuredContent: { result: { ok: false, error: 'no such value' } } })
  })

  it('tuples, Map values and union items of arrays are projected too', async () => {
    const result = await client.callTool('people', {})
    const json = '{"pair":[{"name":"Ann"},2],"byName":{"ann":{"name":"Ann"}},"found":[{"kind":"user","name":"Ann"},{"kind":"none"}]}'
    expect(result).toEqual({ content: [{ type: 'text', text: json }], structuredContent: JSON.parse(json) })
  })
})

describe('JSON text results are projected too (item 1)', () => {
  it('an array of rows and a nullable row: the hash stays on the server', async () => {
    expect(await client.callTool('list_users', {})).toEqual({ content: [{ type: 'text', text: '[{"name":"Ann"},{"name":"Bo"}]' }] })
    expect(await client.callTool('one_user', { name: 'Ann' })).toEqual({ content: [{ type: 'text', text: '{"name":"Ann"}' }] })
    expect(await client.callTool('one_user', { name: 'Cy' })).toEqual({ content: [{ type: 'text', text: 'null' }] })
  })
})

describe('a key declared `?: never` is forbidden in that member (item 2)', () => {
  const refused = (...lines: string[]) => ({ content: [{ type: 'text', text: lines.join('\n') }], isError: true })
  it('takes one key or the other', async () => {
    expect(await client.callTool('find_user', { who: { id: 'u1' } })).toEqual({ content: [{ type: 'text', text: 'id u1' }] })
    expect(await client.callTool('find_user', { who: { email: 'a@b.c' }, also: { id: 'u2' } })).toEqual({ content: [{ type: 'text', text: 'email a@b.c, id u2' }] })
  })
  it('refuses both, in either spelling, before the function runs', async () => {
    // No tag tells the two object branches apart, so the line names both (docs/results-and-errors.md).
    expect(await client.callTool('find_user', { who: { id: 'u1', email: 'a@b.c' } })).toEqual(refused("Argument 'who' must be an object {id} or an object {email} (got an object)."))
    expect(await client.callTool('find_user', { who: { id: 'u1' }, also: { id: 'u2', email: 'a@b.c' } })).toEqual(refused("Argument 'also' must be an object {id} or an object {email} (got an object)."))
  })
})

describe('an augmented interface is merged, as tsc merges it (item 3)', () => {
  let augmented: McpClient
  beforeAll(async () => {
    augmented = await connect(await loadWorker(await bundleWorker(fixture('augmented-worker.ts'))))
  })
  afterAll(() => augmented?.close())
  const refused = (...lines: string[]) => ({ content: [{ type: 'text', text: lines.join('\n') }], isError: true })

  it("declare module './settings.ts' { interface Settings { lang: Lang } } in another file: lang is listed and required", async () => {
    const tool = (await augmented.listTools()).find((t) => t.name === 'save')!
    expect(tool.inputSchema.properties.settings).toEqual({
      type: 'object',
      description: 'The new settings.',
      properties: { theme: { type: 'string' }, lang: { type: 'string', enum: ['en', 'de'] } },
      required: ['theme', 'lang'],
      additionalProperties: false,
    })
  })
  it('takes the value tsc takes, refuses the ones it refuses', async () => {
    expect(await augmented.callTool('save', { settings: { theme: 'dark', lang: 'de' } })).toEqual({ content: [{ type: 'text', text: 'dark/de' }] })
    expect(await augmented.callTool('save', { settings: { theme: 'dark' } })).toEqual(refused("Argument 'settings.lang' is required."))
    expect(await augmented.callTool('save', { settings: { theme: 'dark', lang: 'fr' } })).toEqual(refused("Argument 'settings.lang' must be one of: en, de (got \"fr\")."))
  })
})

describe('a tool declared without a body is refused (item 4)', () => {
  it('export declare function: MCP040 at its location, with what to write instead', async () => {
    const failure = await bundleWorker(fixture('declared-worker.ts')).then(() => undefined, (e: Error) => e)
    // esbuild reports the finding at its own location (column counted from 0: the diagnostic's 8:8 is 8:7).
    expect(failure?.message).toContain('test/pipeline/fixtures/declared.ts:8:7: ERROR: [plugin: mcp-aot] ')
    expect(failure?.message).toContain(
      'error MCP040: send is declared without a body (declare function, or a signature alone), so there is no code to run and every call would fail. Put @tool on the function that implements it: export function send(…) { … }.',
    )
  })
})

describe('an empty tuple compiles (item 5)', () => {
  it('ping(args: []) is listed as {"type":"array","maxItems":0} (description in SCHEMA.md keyword order) and takes only []', async () => {
    const tool = (await client.listTools()).find((t) => t.name === 'ping')!
    expect(JSON.stringify(tool.inputSchema.properties)).toBe('{"args":{"type":"array","description":"Nothing: an empty list.","maxItems":0}}')
    expect(await client.callTool('ping', { args: [] })).toEqual({ content: [{ type: 'text', text: 'pong 0' }] })
    expect(await client.callTool('ping', { args: [1] })).toEqual({ content: [{ type: 'text', text: "Argument 'args' must have at most 0 item(s) (got 1)." }], isError: true })
  })
})
