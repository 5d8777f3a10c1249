/**
 * Issue 20 §4 end to end: what a description and a listing carry, built by the esbuild plugin as a Worker and
 * listed over HTTP. Descriptions keep their markdown (docs/writing-tools.md § Descriptions). The expected
 * texts are written from the fixture's JSDoc and that rule.
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
