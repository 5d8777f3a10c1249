/**
 * `mcp-aot inspect`: the tools, resources and prompts a project's sources declare, read by the plugin's
 * own compiler, as text or JSON, and every diagnostic with its code, location and code frame. Expected
 * output written by hand from SCHEMA.md (names, keyword order, defaults, annotations).
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cli } from './io.ts'

const SHOP = join(import.meta.dirname, 'fixtures/shop')
const BROKEN = join(import.meta.dirname, 'fixtures/broken')
const NOTES = join(import.meta.dirname, 'fixtures/notes')

const FIND_ORDER_INPUT =
  '{"type":"object","properties":{"orderId":{"type":"string","description":"The order\'s id."},"detail":{"type":"string","description":"How much to tell.","enum":["short","full"],"default":"short"}},"required":["orderId"],"additionalProperties":false}'
const FIND_ORDER_OUTPUT =
  '{"type":"object","properties":{"id":{"type":"string","description":"The order\'s id."},"quantity":{"type":"number","description":"How many items it holds."}},"required":["id","quantity"],"additionalProperties":false}'
const CANCEL_ORDER_INPUT =
  '{"type":"object","properties":{"orderId":{"type":"string","description":"The order\'s id."},"retries":{"type":"integer","description":"How many times to try.","minimum":1,"maximum":5,"default":3}},"required":["orderId"],"additionalProperties":false}'
const SKU_PARAMETERS = '{"type":"object","properties":{"sku":{"type":"string","description":"The item\'s SKU."}},"required":["sku"],"additionalProperties":false}'

/** How the text output shows a schema longer than a line: pretty-printed, indented by four. */
const block = (label: string, json: string) => `  ${label}:\n${JSON.stringify(JSON.parse(json), null, 2).split('\n').map((l) => `    ${l}`).join('\n')}`

describe('mcp-aot inspect --json', () => {
  it('lists what the sources under src/ declare, in the manifest shapes, with no diagnostics (exit code 0)', async () => {
    const ran = await cli(SHOP, 'inspect', '--json')
    expect(ran.code).toBe(0)
    expect(ran.stderr).toBe('')
    const report = JSON.parse(ran.stdout)
    // No token counts without --tokens (they need gpt-tokenizer, an optional peer dependency).
    expect(Object.keys(report)).toEqual(['server', 'tools', 'resources', 'resourceTemplates', 'prompts', 'diagnostics', 'warnings'])
    expect(report.server).toEqual({ name: 'shop', version: '1.2.0' })
    expect(report.tools.map((t: any) => t.name)).toEqual(['find_order', 'cancel_order'])
    const [find, cancel] = report.tools
    expect(Object.keys(find)).toEqual(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', 'source'])
    expect(find).toMatchObject({ title: 'Find Order', description: 'Looks up an order.', source: 'src/tools/orders.ts:19:8' })
    expect(find.annotations).toEqual({ readOnlyHint: true, openWorldHint: false })
    expect(JSON.stringify(find.inputSchema)).toBe(FIND_ORDER_INPUT)
    expect(JSON.stringify(find.outputSchema)).toBe(FIND_ORDER_OUTPUT)
    expect(cancel).toMatchObject({ name: 'cancel_order', annotations: { destructiveHint: true }, timeoutMs: 5000, source: 'src/tools/orders.ts:31:8' })
    expect(cancel.outputSchema).toBeUndefined()
    expect(JSON.stringify(cancel.inputSchema)).toBe(CANCEL_ORDER_INPUT)
    expect(report.resources).toEqual([{ uri: 'catalog://items', name: 'catalog', description: 'The whole catalog.', mimeType: 'text/plain', source: 'src/catalog.ts:6:8' }])
    expect(report.resourceTemplates).toEqual([
      { uriTemplate: 'catalog://items/{sku}', name: 'catalog_item', description: 'One item of the catalog.', mimeType: 'application/json', parameters: JSON.parse(SKU_PARAMETERS), source: 'src/catalog.ts:16:8' },
    ])
    expect(report.prompts).toEqual([
      {
        name: 'summarize_order',
        description: 'Asks for a summary of an order.',
        arguments: [
          { name: 'orderId', description: "The order's id.", required: true },
          { name: 'tone', description: 'How to write it.', required: false },
        ],
        source: 'src/catalog.ts:26:8',
      },
    ])
    expect(report.diagnostics).toEqual([])
  })

  it('reads only the files and folders it is given', async () => {
    const report = JSON.parse((await cli(SHOP, 'inspect', 'src/catalog.ts', '--json')).stdout)
    expect(report.tools).toEqual([])
    expect(report.prompts.map((p: any) => p.name)).toEqual(['summarize_order'])
    const tools = JSON.parse((await cli(SHOP, 'inspect', 'src/tools', '--json')).stdout)
    expect(tools.tools.map((t: any) => t.name)).toEqual(['find_order', 'cancel_order'])
    expect(tools.resources).toEqual([])
  })

  it('reports every diagnostic with its code and location, leaves refused modules out, and exits with 1', async () => {
    const ran = await cli(BROKEN, 'inspect', '--json')
    expect(ran.code).toBe(1)
    const report = JSON.parse(ran.stdout)
    expect(report.diagnostics.map(({ code, file, line, column }: any) => [code, file, line, column])).toEqual([
      ['MCP002', 'src/c.ts', 4, 4],
      ['MCP004', 'src/c.ts', 6, 37],
      ['MCP032', 'src/d.ts', 5, 35],
      ['MCP027', 'src/b.ts', 5, 8],
    ])
    expect(report.diagnostics[0].message).toContain('Did you mean @readOnly?')
    expect(report.diagnostics[2].message).toBe('This file does not parse as TypeScript (Unexpected token, expected ","), so its declarations cannot be read. Correct the syntax here (JSX is read in .tsx and .jsx files only).')
    expect(report.diagnostics[3].message).toContain("tool 'list_items' is also declared at src/a.ts:5:8")
    // c.ts and d.ts are refused by the build; a.ts and b.ts compile (their clash is a build-end error).
    expect(report.tools.map((t: any) => t.source)).toEqual(['src/a.ts:5:8', 'src/b.ts:5:8'])
  })
})

describe('mcp-aot inspect', () => {
  it('indents the further lines of a description of several lines under its label', async () => {
    const ran = await cli(NOTES, 'inspect')
    expect(ran.code).toBe(0)
    expect(ran.stdout.split('\n').slice(0, 6)).toEqual([
      'tool search_notes  (src/notes.ts:10:8)',
      '  description: Searches the notes.',
      '',
      '    Modes:',
      '    - fast: the cached index',
      '    - full: every board',
    ])
  })
  it('prints each tool, resource and prompt with its annotations and schemas', async () => {
    const ran = await cli(SHOP, 'inspect')
    expect(ran.stderr).toBe('')
    expect(ran.code).toBe(0)
    expect(ran.stdout).toBe(
      [
        'tool find_order  (src/tools/orders.ts:19:8)',
        '  title: Find Order',
        '  description: Looks up an order.',
        '  annotations: readOnlyHint: true, openWorldHint: false',
        block('inputSchema', FIND_ORDER_INPUT),
        block('outputSchema', FIND_ORDER_OUTPUT),
        '',
        'tool cancel_order  (src/tools/orders.ts:31:8)',
        '  description: Cancels an order.',
        '  annotations: destructiveHint: true',
        '  timeoutMs: 5000',
        block('inputSchema', CANCEL_ORDER_INPUT),
        '',
        'resource catalog://items  (src/catalog.ts:6:8)',
        '  name: catalog',
        '  description: The whole catalog.',
        '  mimeType: text/plain',
        '',
        'resource template catalog://items/{sku}  (src/catalog.ts:16:8)',
        '  name: catalog_item',
        '  description: One item of the catalog.',
        '  mimeType: application/json',
        block('parameters', SKU_PARAMETERS),
        '',
        'prompt summarize_order  (src/catalog.ts:26:8)',
        '  description: Asks for a summary of an order.',
        "  argument orderId: The order's id.",
        '  argument tone (optional): How to write it.',
        '',
        '2 tools, 2 resources, 1 prompt in 3 files; 0 errors.',
        '',
      ].join('\n'),
    )
  })

  it('prints a short schema on one line', async () => {
    const ran = await cli(BROKEN, 'inspect', 'src/a.ts')
    expect(ran.stdout).toBe(
      [
        'tool list_items  (src/a.ts:5:8)',
        '  description: Lists things.',
        '  annotations: readOnlyHint: true',
        '  inputSchema: {"type":"object","properties":{},"additionalProperties":false}',
        '',
        '1 tool, 0 resources, 0 prompts in 1 file; 0 errors.',
        '',
      ].join('\n'),
    )
  })

  it('prints the diagnostics on stderr with codes, locations and code frames, and exits with 1', async () => {
    const ran = await cli(BROKEN, 'inspect')
    expect(ran.code).toBe(1)
    expect(ran.stdout).toMatch(/\n2 tools, 0 resources, 0 prompts in 4 files \(2 modules with errors left out\); 4 errors\.\n$/)
    expect(ran.stderr).toMatch(/^mcp-aot: 4 errors\n\n/)
    expect(ran.stderr).toContain(
      [
        'src/c.ts:4:4 - error MCP002: Unknown tag @readonly in a @tool block. Did you mean @readOnly?',
        '  2 |  * Greets.',
        '  3 |  * @tool',
        '> 4 |  * @readonly',
        '    |    ^',
        '  5 |  */',
      ].join('\n'),
    )
    expect(ran.stderr).toContain('src/c.ts:6:37 - error MCP004: ')
    expect(ran.stderr).toContain(
      [
        'src/d.ts:5:35 - error MCP032: This file does not parse as TypeScript (Unexpected token, expected ","), so its declarations cannot be read. Correct the syntax here (JSX is read in .tsx and .jsx files only).',
        '  3 |  * @tool',
        '  4 |  */',
        '> 5 | export function half(name: string {',
        '    |                                   ^',
        '  6 |   return name',
      ].join('\n'),
    )
    expect(ran.stderr).toContain("src/b.ts:5:8 - error MCP027: tool 'list_items' is also declared at src/a.ts:5:8.")
  })

  it('refuses a path that does not exist, and a project without src/ when given none (exit code 2)', async () => {
    expect(await cli(SHOP, 'inspect', 'src/nope.ts')).toEqual({ code: 2, stdout: '', stderr: 'mcp-aot inspect: src/nope.ts does not exist.\n' })
    expect(await cli(join(SHOP, 'src'), 'inspect')).toEqual({ code: 2, stdout: '', stderr: 'mcp-aot inspect: There is no src/ folder here: name the files or folders to inspect.\n' })
  })
})
