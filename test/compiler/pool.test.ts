/**
 * What a module's entries repeat is written once (compiler/table/pool.ts): two tools that take and return the
 * same types hold one constant of each schema text and one result shaper, and the listing the server sends is
 * still every tool's whole entry (written by hand below, from docs/writing-tools.md). A text one tool alone
 * holds stays a single literal. Built by the real plugin under esbuild, and called.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { compileModule } from '../../src/compiler/compile.ts'
import { Project } from '../../src/compiler/source/project.ts'
import { listingParts, ModulePool } from '../../src/compiler/table/pool.ts'
import { bundleWorker, loadWorker, ROOT } from '../runtime/bundle.ts'

const DIR = fileURLToPath(new URL('./fixtures/pool/', import.meta.url))
const FILE = join(DIR, 'parcels.ts')
/** The table appended to the module (after its path constant), as the compiler writes it. */
const table = (options = {}) => compileModule(new Project(ROOT), FILE, readFileSync(FILE, 'utf8'), options)!.code.split('const __mcp_module = ')[1]!

const ADDRESS = {
  type: 'object',
  description: 'Where it goes.',
  properties: { street: { type: 'string' }, postcode: { type: 'string', pattern: '^[0-9]{4}$' } },
  required: ['street', 'postcode'],
  additionalProperties: false,
}
const PARCEL_INPUT = { type: 'object', properties: { to: ADDRESS, kg: { type: 'number' } }, required: ['to', 'kg'], additionalProperties: false }
const RECEIPT = { type: 'object', properties: { id: { type: 'string' }, kg: { type: 'number' } }, required: ['id', 'kg'], additionalProperties: false }
const LISTING = [
  { name: 'ship', description: 'Ships a parcel.', inputSchema: PARCEL_INPUT, outputSchema: RECEIPT },
  { name: 'send_back', description: 'Returns a parcel.', inputSchema: PARCEL_INPUT, outputSchema: RECEIPT },
  { name: 'track', description: 'Tracks a parcel.', inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false } },
]

const post = (method: string, params: object) =>
  new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })

describe('what entries repeat, written once per module', () => {
  it('the shared input schema, output schema and result shaper are three constants; the pattern is written once in the table', () => {
    const code = table()
    expect(code.match(/^const __mcp_s\d+ = /gm)).toHaveLength(3)
    expect(code.split('^[0-9]{4}$')).toHaveLength(2)
    // kg is a number in the input schema and in the output schema: each written once.
    expect(code.split('\\"kg\\":{\\"type\\":\\"number\\"}')).toHaveLength(3)
    // track's listing is its own: one literal, no concatenation.
    expect(code).toMatch(/\n {4}json: "\{\\"name\\":\\"track\\"[^\n]*\}",\n/)
  })

  it('under a profile, the profile’s texts are shared alike', () => {
    const code = table({ profiles: ['portable', 'openai-strict'] })
    // The input schema, portable and strict; the output schema (strict already, so one text for both); the result shaper.
    expect(code.match(/^const __mcp_s\d+ = /gm)).toHaveLength(4)
    expect(code).toMatch(/"openai-strict": "\{\\"name\\":\\"ship\\"[^\n]*" \+ __mcp_s\d+ \+ /)
  })

  it('the server lists every tool whole and calls each with its shaper', async () => {
    const server = await loadWorker(await bundleWorker(join(DIR, 'worker.ts')))
    const reply = async (method: string, params: object) => ((await (await server.fetch(post(method, params), {}, undefined as never)).json()) as any).result
    expect((await reply('tools/list', {})).tools).toEqual(LISTING)
    const shipped = await reply('tools/call', { name: 'ship', arguments: { to: { street: 'Main St', postcode: '0150' }, kg: 2 } })
    expect(shipped.structuredContent).toEqual({ id: 'S-0150', kg: 2 })
    const back = await reply('tools/call', { name: 'send_back', arguments: { to: { street: 'Main St', postcode: '0150' }, kg: 3 } })
    expect(back.structuredContent).toEqual({ id: 'R-0150', kg: 3 })
    expect((await reply('tools/call', { name: 'send_back', arguments: { to: { street: 'Main St', postcode: 'x' }, kg: 3 } })).isError).toBe(true)
  })

  it('listingParts joined is JSON.stringify of the entry; a pool writes a text held once as one literal', () => {
    const entries = [{ name: 'a', inputSchema: { type: 'object' }, skipped: undefined, outputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } }, {}, { name: 'b"\u0000' }]
    for (const entry of entries) {
      const text = listingParts(entry)
        .map((p) => (typeof p === 'string' ? p : p.shared))
        .join('')
      expect(text).toBe(JSON.stringify(entry))
    }
    const pool = new ModulePool()
    const once = pool.text(listingParts(entries[0]!))
    const resolved = pool.resolve(`[${once}]`)
    expect(resolved.constants).toEqual([])
    expect(resolved.code).toBe(`[${JSON.stringify(JSON.stringify(entries[0]))}]`)
  })
})
