/**
 * docs/from-the-sdk.md kept true: the same two tools written for the official SDK (fixtures/sdk-notes.ts,
 * registerTool with zod) and as typed functions (fixtures/notes.ts, built through the plugin) list the same
 * tools, and what differs is what the page says; an existing zod schema reaches a tool through
 * `@inputSchema` (fixtures/write-schemas.ts writes z.toJSONSchema's output, the build compiles it), and
 * `z.infer` in a signature is MCP020.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, textOf, type McpClient } from '../../src/testing.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'
import { server as sdkServer } from './fixtures/sdk-notes.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const FIXTURES = join(import.meta.dirname, 'fixtures')

let sdk: Client
let aot: McpClient

beforeAll(async () => {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair()
  await sdkServer.connect(serverSide)
  sdk = new Client({ name: 'from-the-sdk', version: '1.0.0' })
  await sdk.connect(clientSide)
  aot = await connect(await loadWorker(await bundleWorker(join(FIXTURES, 'worker.ts'))))
}, 60_000)

afterAll(async () => {
  await sdk?.close()
  await aot?.close()
})

/** What the page says differs: the SDK's draft-07 `$schema` and `execution`; mcp-aot's closed objects and listed defaults. */
function withoutDifferences(tools: any[]): any[] {
  return JSON.parse(JSON.stringify(tools, (key, value) => (['$schema', 'execution', 'additionalProperties', 'default'].includes(key) ? undefined : value)))
}

describe('registerTool with zod, and the typed function', () => {
  it('list the same tools: names, descriptions, annotations, property schemas, required, output schema', async () => {
    const before = (await sdk.listTools()).tools
    const after = await aot.listTools()
    expect(withoutDifferences(after)).toEqual(withoutDifferences(before))
    expect(after.map((t) => t.name)).toEqual(['save_note', 'list_notes'])
  })

  it('differ where the page says', async () => {
    const [saveBefore, listBefore] = (await sdk.listTools()).tools
    const [saveAfter, listAfter] = await aot.listTools()
    expect(saveBefore!.inputSchema.$schema).toBe('http://json-schema.org/draft-07/schema#')
    expect(saveBefore!.inputSchema).not.toHaveProperty('additionalProperties')
    expect(saveAfter!.inputSchema).not.toHaveProperty('$schema')
    expect(saveAfter!.inputSchema.additionalProperties).toBe(false)
    // A TypeScript default is listed; zod's .optional() with a default in the handler is not.
    expect(listAfter!.inputSchema.properties.limit.default).toBe(20)
    expect(listBefore!.inputSchema.properties!.limit).not.toHaveProperty('default')
  })

  it('answer the same calls; an argument error is one sentence naming the rule', async () => {
    expect(textOf(await sdk.callTool({ name: 'save_note', arguments: { key: 'milk', text: 'two litres' } }) as any)).toBe("Saved 'milk'.")
    expect(textOf(await aot.callTool('save_note', { key: 'milk', text: 'two litres' }))).toBe("Saved 'milk'.")
    expect((await sdk.callTool({ name: 'list_notes', arguments: {} })).structuredContent).toEqual({ keys: ['milk'] })
    expect((await aot.callTool('list_notes', {})).structuredContent).toEqual({ keys: ['milk'] })
    const refusedBefore = await sdk.callTool({ name: 'list_notes', arguments: { limit: 0 } })
    expect(refusedBefore.isError).toBe(true)
    expect(textOf(refusedBefore as any)).toContain('Input validation error')
    expect(textOf(await aot.callTool('list_notes', { limit: 0 }))).toBe("Argument 'limit' must be >= 1 (got 0).")
  })
})

describe('an existing zod schema', () => {
  let dir: string
  let contacts: McpClient

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcp-aot-zod-'))
    // The prebuild step: the zod schema written as JSON Schema next to the tool module.
    execFileSync(join(ROOT, 'node_modules/.bin/node'), [join(FIXTURES, 'write-schemas.ts'), dir], { cwd: ROOT })
    for (const file of ['contacts.ts', 'contacts-worker.ts']) copyFileSync(join(FIXTURES, file), join(dir, file))
    contacts = await connect(await loadWorker(await bundleWorker(join(dir, 'contacts-worker.ts'))))
  }, 60_000)

  afterAll(async () => {
    await contacts?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('@inputSchema lists z.toJSONSchema\'s output as written', async () => {
    const written = JSON.parse(readFileSync(join(dir, 'contact.schema.json'), 'utf8'))
    expect(written.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(written.required).toEqual(['name', 'email'])
    const [tool] = await contacts.listTools()
    expect(tool!.inputSchema).toEqual(written)
  })

  it('the build-time validator holds zod\'s rules, and the typed parameters get the arguments', async () => {
    expect(textOf(await contacts.callTool('add_contact', { name: 'Ada Lovelace', email: 'ada@example.com', tags: ['friend'] }))).toBe('Added Ada Lovelace <ada@example.com> (friend).')
    const refused = await contacts.callTool('add_contact', { name: '', email: 'not an address', phone: '12', tags: ['colleague'] })
    expect(refused.isError).toBe(true)
    const lines = textOf(refused).split('\n')
    expect(lines).toContain("Argument 'name' must have at least 1 character(s) (got 0).")
    expect(lines).toContain('Argument \'email\' must be a valid email, e.g. name@example.com (got "not an address").')
    // zod's email regex (its `pattern` beside `format: email`) is not shown to the client.
    expect(lines.filter((l) => l.startsWith("Argument 'email'"))).toHaveLength(1)
    expect(lines).toContain('Argument \'phone\' must match the pattern ^\\+[0-9]{7,15}$ (got "12").')
    expect(lines).toContain('Argument \'tags[0]\' must be one of: work, family, friend (got "colleague").')
  })

  it('z.infer in a signature is MCP020', async () => {
    await expect(bundleWorker(join(FIXTURES, 'infer.ts'))).rejects.toThrow(/MCP020/)
  })
})
