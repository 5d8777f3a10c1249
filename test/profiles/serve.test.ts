/**
 * Serving a profile and lenient input, end to end: modules compiled by the real plugin, bundled as a Worker,
 * called over HTTP. `@lenient` (or an `openai-strict` build) takes a null for an optional argument as absent,
 * at any depth, and validates everything else as strictly as before; `createServer({ profile })` lists the
 * profile's entries.
 */
import { fileURLToPath } from 'node:url'
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js'
import { beforeAll, describe, expect, it } from 'vitest'
import type { McpServer } from '../../src/runtime/shared/api.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'
import { legacyRequest, send } from '../runtime/helpers.ts'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

async function call(server: McpServer<any>, name: string, args: unknown): Promise<any> {
  const reply = await send(server, legacyRequest('tools/call', { name, arguments: args }))
  expect(reply.status).toBe(200)
  return reply.body.result
}

const text = (t: string) => ({ content: [{ type: 'text', text: t }] })

describe('lenient input: @lenient on one tool', () => {
  let server: McpServer<any>
  beforeAll(async () => {
    server = await loadWorker(await bundleWorker(fixture('notes-worker.ts')))
  })
  it('a null optional argument, and a null optional property inside one, arrive absent', async () => {
    expect(await call(server, 'find_notes', { query: 'a', limit: null, filter: { author: null, pinned: true } })).toEqual(text('a|undefined|{"pinned":true}'))
  })
  it('a null where null is not optional is still refused', async () => {
    const out = await call(server, 'find_notes', { query: null })
    expect(out.isError).toBe(true)
    expect(out.content[0].text).toContain("'query'")
  })
  it('a tool without @lenient refuses a null optional argument', async () => {
    const out = await call(server, 'save_note', { text: 'x', tags: null })
    expect(out.isError).toBe(true)
    expect(out.content[0].text).toContain("'tags'")
  })
  it('a parameter whose type takes null keeps its null', async () => {
    expect(await call(server, 'save_note', { text: 'x', due: null })).toEqual(text('x|undefined|null'))
  })
})

describe('the listed schema and the validator', () => {
  let server: McpServer<any>
  beforeAll(async () => {
    server = await loadWorker(await bundleWorker(fixture('notes-worker.ts')))
  })
  it('a plain Int lists without its ±(2^53−1) bounds; a tuple lists items beside prefixItems', async () => {
    const tools = (await send(server, legacyRequest('tools/list'))).body.result.tools
    expect(JSON.stringify(tools.find((t: any) => t.name === 'find_notes').inputSchema.properties.limit)).toBe('{"type":"integer","description":"How many."}')
    expect(JSON.stringify(tools.find((t: any) => t.name === 'pin_note').inputSchema.properties.cell)).toBe(
      '{"type":"array","description":"Board name and slot.","items":{"anyOf":[{"type":"string"},{"type":"integer"}]},"prefixItems":[{"type":"string"},{"type":"integer"}],"minItems":2,"maxItems":2}',
    )
  })
  it('the validator still checks the Int bounds and each tuple position', async () => {
    expect(await call(server, 'find_notes', { query: 'a', limit: 9007199254740992 })).toEqual({ content: [{ type: 'text', text: "Argument 'limit' must be <= 9007199254740991 (got 9007199254740992)." }], isError: true })
    expect(await call(server, 'pin_note', { cell: ['b', 3] })).toEqual(text('b#3'))
    expect((await call(server, 'pin_note', { cell: [3, 'b'] })).isError).toBe(true)
    expect((await call(server, 'pin_note', { cell: ['b', 3, 4] })).isError).toBe(true)
  })
})

describe('an openai-strict build', () => {
  let code: string
  beforeAll(async () => {
    code = await bundleWorker(fixture('notes-openai-worker.ts'), { profiles: ['openai-strict'] })
  })
  it('createServer({ profile }) lists the profile: every property required, optional ones with null', async () => {
    const server = await loadWorker(code)
    const reply = await send(server, legacyRequest('tools/list'))
    const save = reply.body.result.tools.find((t: any) => t.name === 'save_note')
    expect(JSON.stringify(save.inputSchema)).toBe(
      '{"type":"object","properties":{"text":{"type":"string","description":"The note."},"tags":{"type":["array","null"],"description":"Labels.","items":{"type":"string"}},"due":{"type":["string","null"],"description":"When it is due; null for never."}},"required":["text","tags","due"],"additionalProperties":false}',
    )
  })
  it('takes the nulls such a client sends for absent arguments, on every tool', async () => {
    const server = await loadWorker(code)
    expect(await call(server, 'save_note', { text: 'x', tags: null, due: null })).toEqual(text('x|undefined|null'))
  })
  it('the portable listing stays the default', async () => {
    const server = await loadWorker(await bundleWorker(fixture('notes-worker.ts'), { profiles: ['openai-strict'] }))
    const reply = await send(server, legacyRequest('tools/list'))
    const save = reply.body.result.tools.find((t: any) => t.name === 'save_note')
    expect(save.inputSchema.required).toEqual(['text'])
  })
  it('a profile the build did not write is refused by createServer, with the fix', async () => {
    await expect(loadWorker(await bundleWorker(fixture('notes-gemini-worker.ts'), { profiles: ['openai-strict'] }))).rejects.toThrow(
      "createServer: tool 'save_note' (test/profiles/fixtures/notes.ts:10:8) was built without the 'gemini' profile (the build wrote 'openai-strict'). Add 'gemini' to the plugin option profiles, or leave out the profile option.",
    )
  })
})

describe('a gemini build, a tool without parameters', () => {
  it('the profile leaves its parameters out; served over MCP, which requires inputSchema, it is {"type":"object"}, a list the SDK takes', async () => {
    const server = await loadWorker(await bundleWorker(fixture('ping-gemini-worker.ts'), { profiles: ['gemini'] }))
    const { result } = (await send(server, legacyRequest('tools/list'))).body
    expect(result.tools).toEqual([{ name: 'ping', description: 'Answers pong.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }])
    expect(ListToolsResultSchema.safeParse(result).success).toBe(true)
    expect(await call(server, 'ping', {})).toEqual(text('pong'))
  })
})
