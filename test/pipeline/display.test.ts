/**
 * Issue 20 §4 end to end: what a description and a listing carry, built by the esbuild plugin as a Worker and
 * listed over HTTP. Descriptions keep their markdown (docs/writing-tools.md § Descriptions); `@icon` and the
 * server info's icons are listed from 2025-11-25 on (the revision that added them), `@title` once: as `title`
 * from 2025-06-18 on, as `annotations.title` to 2025-03-26 (its only title; 2024-11-05 has none). The expected
 * values are written from the fixture's JSDoc and those revisions' schemas.
 */
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import type { McpServer } from '../../src/runtime/shared/api.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'
import { legacyRequest, modernRequest, send } from '../runtime/helpers.ts'

let server: McpServer<any>
beforeAll(async () => {
  server = await loadWorker(await bundleWorker(fileURLToPath(new URL('./fixtures/display-worker.ts', import.meta.url))))
})

async function list(method: string, key: string, version: string | 'modern' = 'modern'): Promise<any[]> {
  const reply = await send(server, version === 'modern' ? modernRequest(method, {}) : legacyRequest(method, {}, version))
  expect(reply.status).toBe(200)
  return reply.body.result[key]
}

const SEARCH = 'Searches the notes of every board, newest first.\n\nModes:\n- fast: the cached index, a minute old at most\n- full: every board\n\nGlobs match paths: `boards/**/*.md`.'

describe('descriptions keep their markdown', () => {
  it('tools/list: paragraphs and list items keep their line breaks, wrapped lines join, *\\/ reads */', async () => {
    for (const version of ['modern', '2025-11-25', '2025-03-26']) {
      const [search] = await list('tools/list', 'tools', version)
      expect(search.description, version).toBe(SEARCH)
    }
  })
  it('resources/list and prompts/list, as their JSDoc has them', async () => {
    expect((await list('resources/list', 'resources'))[0].description).toBe("The board's notes.\n\nOne per line.")
    expect((await list('prompts/list', 'prompts'))[0].description).toBe('Asks for a summary.\n1. read the notes\n2. summarize them')
  })
})

const SEARCH_ICONS = [
  { src: 'https://example.com/search.svg', mimeType: 'image/svg+xml', sizes: ['any'] },
  { src: 'https://example.com/search-dark.svg', mimeType: 'image/svg+xml', sizes: ['any'], theme: 'dark' },
]
const BOARD_ICONS = [{ src: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png', sizes: ['16x16'] }]
const SUMMARY_ICONS = [{ src: 'https://example.com/summary.webp', mimeType: 'image/webp', sizes: ['48x48'] }]
const NOTE_ICONS = [{ src: 'https://example.com/note.png', mimeType: 'image/png' }]
const LOGO = [{ src: 'https://example.com/logo.png', mimeType: 'image/png', sizes: ['64x64'] }]

async function initialize(version: string): Promise<any> {
  const reply = await send(server, legacyRequest('initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 'test', version: '1.0.0' } }, version))
  expect(reply.status).toBe(200)
  return reply.body.result
}

describe('icons and titles, as each revision has them', () => {
  it('2026-07-28: icons on tools, prompts, resources and templates, and the server info (server/discover, every list)', async () => {
    const [search] = await list('tools/list', 'tools')
    expect(search).toMatchObject({ name: 'search_notes', title: 'Search Notes', annotations: { readOnlyHint: true }, icons: SEARCH_ICONS })
    expect(search.annotations).toEqual({ readOnlyHint: true })
    expect(Object.keys(search)).toEqual(['name', 'title', 'description', 'inputSchema', 'annotations', 'icons'])
    expect(await list('resources/list', 'resources')).toEqual([{ uri: 'notes://board', name: 'board', title: 'Board', description: "The board's notes.\n\nOne per line.", icons: BOARD_ICONS }])
    expect((await list('resources/templates/list', 'resourceTemplates'))[0]).toMatchObject({ uriTemplate: 'notes://board/{id}', icons: NOTE_ICONS })
    expect((await list('prompts/list', 'prompts'))[0].icons).toEqual(SUMMARY_ICONS)
    const discover = (await send(server, modernRequest('server/discover', {}))).body.result
    expect(discover._meta['io.modelcontextprotocol/serverInfo']).toEqual({ name: 'display', version: '1.0.0', icons: LOGO })
    const listed = (await send(server, modernRequest('tools/list', {}))).body.result
    expect(listed._meta['io.modelcontextprotocol/serverInfo'].icons).toEqual(LOGO)
  })
  it('2025-11-25: the same, and serverInfo.icons at initialize; the title once, as title', async () => {
    expect((await initialize('2025-11-25')).serverInfo).toEqual({ name: 'display', version: '1.0.0', icons: LOGO })
    const [search] = await list('tools/list', 'tools', '2025-11-25')
    expect(search).toMatchObject({ title: 'Search Notes', icons: SEARCH_ICONS })
    expect(search.annotations).toEqual({ readOnlyHint: true })
    expect(JSON.stringify(search).split('Search Notes')).toHaveLength(2)
    expect((await list('resources/list', 'resources', '2025-11-25'))[0].icons).toEqual(BOARD_ICONS)
    expect((await list('resources/templates/list', 'resourceTemplates', '2025-11-25'))[0].icons).toEqual(NOTE_ICONS)
    expect((await list('prompts/list', 'prompts', '2025-11-25'))[0].icons).toEqual(SUMMARY_ICONS)
  })
  it('2025-06-18 has titles but no icons: none anywhere', async () => {
    expect((await initialize('2025-06-18')).serverInfo).toEqual({ name: 'display', version: '1.0.0' })
    const [search] = await list('tools/list', 'tools', '2025-06-18')
    expect(Object.keys(search)).toEqual(['name', 'title', 'description', 'inputSchema', 'annotations'])
    expect(search.annotations).toEqual({ readOnlyHint: true })
    expect(await list('resources/list', 'resources', '2025-06-18')).toEqual([{ uri: 'notes://board', name: 'board', title: 'Board', description: "The board's notes.\n\nOne per line." }])
    expect((await list('resources/templates/list', 'resourceTemplates', '2025-06-18'))[0]).not.toHaveProperty('icons')
    expect((await list('prompts/list', 'prompts', '2025-06-18'))[0]).not.toHaveProperty('icons')
  })
  it('2025-03-26 has no title field: annotations.title is the title it gets', async () => {
    const [search] = await list('tools/list', 'tools', '2025-03-26')
    expect(Object.keys(search)).toEqual(['name', 'description', 'inputSchema', 'annotations'])
    expect(search.annotations).toEqual({ title: 'Search Notes', readOnlyHint: true })
    expect(JSON.stringify(search).split('Search Notes')).toHaveLength(2)
    expect(await list('resources/list', 'resources', '2025-03-26')).toEqual([{ uri: 'notes://board', name: 'board', description: "The board's notes.\n\nOne per line." }])
  })
  it('2024-11-05 has no annotations', async () => {
    const [search] = await list('tools/list', 'tools', '2024-11-05')
    expect(Object.keys(search)).toEqual(['name', 'description', 'inputSchema'])
  })
})
