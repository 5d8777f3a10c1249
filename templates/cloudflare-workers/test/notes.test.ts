/**
 * Calls the tools of the built Worker (dist/worker.js, `npm run build`) the way a model does: over MCP,
 * in workerd through Miniflare, with the bindings wrangler.jsonc declares (NOTES is an empty, local KV).
 */
import { connect, type McpClient } from 'mcp-aot/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

let client: McpClient

beforeAll(async () => {
  client = await connect({ wranglerConfig: 'wrangler.jsonc' })
})

afterAll(async () => {
  await client?.close()
})

describe('notes', () => {
  it('lists the tools with their schemas', async () => {
    const tools = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(['save_note', 'read_note', 'list_notes', 'export_notes', 'delete_note', 'show_notes'])
    const save = tools.find((t) => t.name === 'save_note')!
    expect(save.annotations).toEqual({ destructiveHint: true, idempotentHint: true })
    expect(save.inputSchema.required).toEqual(['key', 'text'])
  })

  it('saves a note in KV and reads it back', async () => {
    const saved = await client.callTool('save_note', { key: 'groceries', text: 'eggs, flour' })
    expect(saved.isError).toBeUndefined()
    expect(saved.structuredContent).toMatchObject({ key: 'groceries', text: 'eggs, flour' })

    const read = await client.callTool('read_note', { key: 'groceries' })
    expect(read.structuredContent).toMatchObject({ key: 'groceries', text: 'eggs, flour' })
    expect(Date.parse(read.structuredContent!.updatedAt)).not.toBeNaN()

    expect((await client.callTool('list_notes', {})).structuredContent).toEqual({ keys: ['groceries'] })
  })

  it('show_notes names its view (MCP Apps), which the server serves as one HTML document', async () => {
    const shown = await client.callTool('show_notes', {})
    expect(shown.structuredContent).toMatchObject({ notes: [{ key: 'groceries', text: 'eggs, flour' }] })
    const uri = (await client.listTools()).find((t) => t.name === 'show_notes')!._meta?.ui as { resourceUri: string }
    expect(uri.resourceUri).toMatch(/^ui:\/\/[a-z0-9.-]+\/board$/)
    const view = (await client.readResource(uri.resourceUri)).contents[0] as { mimeType: string; text: string }
    expect(view.mimeType).toBe('text/html;profile=mcp-app')
    // Built by Vite (the template's bundler), which puts the module script in the head: it runs once the page is parsed.
    expect(view.text).toMatch(/^<!doctype html>.*<\/html>$/s)
    expect(view.text).toContain('<ul id="notes">')
    expect(view.text).toMatch(/<script type="module">(?:(?!<\/script>)[\s\S])*ui\/initialize/)
  })

  it('refuses arguments the schema does not allow, naming them', async () => {
    const result = await client.callTool('save_note', { key: 'Not A Key', text: 'x', color: 'red' })
    expect(result.isError).toBe(true)
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
    expect(text).toContain("Argument 'key' must match the pattern")
    expect(text).toContain("Unknown argument 'color'.")
  })

  it('reports a missing note as a tool error the model can act on', async () => {
    const result = await client.callTool('read_note', { key: 'nothing-here' })
    expect(result).toEqual({ content: [{ type: 'text', text: "There is no note 'nothing-here'. Call list_notes to see the keys." }], isError: true })
  })

  it('exports the notes as one document (a plain call; with the MCP_TASKS binding a task where the client asks)', async () => {
    await client.callTool('save_note', { key: 'todo', text: 'water the plants' })
    const exported = await client.callTool('export_notes', { prefix: 'to' })
    expect(exported.isError).toBeUndefined()
    const text = exported.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
    expect(text).toMatch(/^## todo\n\nwater the plants\n\n_Updated \d{4}-\d\d-\d\dT[\d:.]+Z_$/)
    expect(await client.callTool('export_notes', { prefix: 'nothing-' })).toMatchObject({ content: [{ type: 'text', text: 'There are no notes to export.' }] })
  })
})
