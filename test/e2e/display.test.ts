/**
 * What a listing carries (issue 20 §4), read by the official SDK clients from a Worker in workerd: v1
 * (2025-11-25) and v2 (2026-07-28) parse the icons of the server info, tools, prompts, resources and templates,
 * the tool's title and annotations.title, and the markdown of a description, as the SDKs' schemas define them.
 * The fixture is test/pipeline/fixtures/display.ts; expected values are written from its JSDoc.
 */
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { connectV1, connectV2 } from '../helpers/mcp-clients.ts'
import { servedInWorkerd } from '../helpers/served-example.ts'

const FIXTURE = resolve(import.meta.dirname, '../fixtures/display-worker')

const served = servedInWorkerd(FIXTURE)
const open = served.open

const LOGO = [{ src: 'https://example.com/logo.png', mimeType: 'image/png', sizes: ['64x64'] }]
const SEARCH = 'Searches the notes of every board, newest first.\n\nModes:\n- fast: the cached index, a minute old at most\n- full: every board\n\nGlobs match paths: `boards/**/*.md`.'

describe.each([
  ['SDK v1 (2025-11-25)', connectV1],
  ['SDK v2 (2026-07-28)', connectV2],
])('%s', (_label, connect) => {
  it('reads the server icons, and each listing with its icons, titles and markdown', async () => {
    const session = await connect(served.server.url)
    open.push(session)
    const client = session.client as any
    expect(client.getServerVersion()).toMatchObject({ name: 'display', version: '1.0.0', icons: LOGO })
    const { tools } = await client.listTools()
    expect(tools).toHaveLength(1)
    // The title once: `title` (2025-06-18 on); annotations.title is for 2025-03-26 clients only.
    expect(tools[0].annotations).toEqual({ readOnlyHint: true })
    expect(tools[0]).toMatchObject({
      name: 'search_notes',
      title: 'Search Notes',
      description: SEARCH,
      annotations: { readOnlyHint: true },
      icons: [
        { src: 'https://example.com/search.svg', mimeType: 'image/svg+xml', sizes: ['any'] },
        { src: 'https://example.com/search-dark.svg', mimeType: 'image/svg+xml', sizes: ['any'], theme: 'dark' },
      ],
    })
    const { resources } = await client.listResources()
    expect(resources).toEqual([{ uri: 'notes://board', name: 'board', title: 'Board', description: "The board's notes.\n\nOne per line.", icons: [{ src: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png', sizes: ['16x16'] }] }])
    const { resourceTemplates } = await client.listResourceTemplates()
    expect(resourceTemplates[0]).toMatchObject({ uriTemplate: 'notes://board/{id}', icons: [{ src: 'https://example.com/note.png', mimeType: 'image/png' }] })
    const { prompts } = await client.listPrompts()
    expect(prompts[0]).toMatchObject({ name: 'summarize', description: 'Asks for a summary.\n1. read the notes\n2. summarize them', icons: [{ src: 'https://example.com/summary.webp', mimeType: 'image/webp', sizes: ['48x48'] }] })
  })
})
