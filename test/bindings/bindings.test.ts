/**
 * Bindings from a tool, as docs/bindings.md shows them: test/bindings/fixtures (a library: D1, R2 and fetch)
 * built as a Worker and served in workerd by `startWorker` with the fixture's own wrangler.jsonc (wrangler's
 * reader: a local D1 database and R2 bucket), the books API being a server this test starts on 127.0.0.1.
 * Each tool is called over MCP and what it did is read back from the binding itself.
 */
import { createServer, type Server } from 'node:http'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, textOf, type McpClient } from '../../src/testing.ts'
import { startWorker, type StartedWorker } from '../../src/testing/worker.ts'
import { bundleWorker } from '../runtime/bundle.ts'

const FIXTURE = join(import.meta.dirname, 'fixtures')
const BOOK = { title: 'Middlemarch', year: 1871, author: 'George Eliot' }

let dir: string
let api: Server
let seen: { url: string; authorization: string | undefined }[]
let worker: StartedWorker
let client: McpClient

beforeAll(async () => {
  seen = []
  api = createServer((request, response) => {
    seen.push({ url: request.url!, authorization: request.headers.authorization })
    const [status, body] = request.url === '/isbn/9780141439549' ? [200, BOOK] : request.url === '/isbn/9780000000000' ? [503, { error: 'down' }] : [404, { error: 'not found' }]
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((ready) => api.listen(0, '127.0.0.1', ready))
  const port = (api.address() as { port: number }).port
  dir = mkdtempSync(join(tmpdir(), 'mcp-aot-bindings-'))
  writeFileSync(join(dir, 'worker.js'), await bundleWorker(join(FIXTURE, 'src/worker.ts')))
  worker = await startWorker({
    wranglerConfig: join(FIXTURE, 'wrangler.jsonc'),
    scriptPath: join(dir, 'worker.js'),
    // The test's books API instead of the config's, and the secret .dev.vars would hold.
    bindings: { BOOKS_API: `http://127.0.0.1:${port}`, BOOKS_API_KEY: 'test-key' },
  })
  const db = await worker.miniflare.getD1Database('DB')
  // What `wrangler d1 execute library --local --file schema.sql` runs (one statement a line).
  for (const statement of readFileSync(join(FIXTURE, 'schema.sql'), 'utf8').split('\n').filter(Boolean)) await db.exec(statement)
  client = await connect(worker.url)
}, 120_000)

afterAll(async () => {
  await client?.close()
  await worker?.stop()
  await new Promise((done) => (api ? api.close(done) : done(undefined)))
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('D1', () => {
  it('add_book inserts a row, find_books selects them in order', async () => {
    expect(textOf(await client.callTool('add_book', { title: 'Daniel Deronda', author: 'George Eliot', year: 1876 }))).toBe("Added 'Daniel Deronda'.")
    expect(textOf(await client.callTool('add_book', { title: 'Middlemarch', author: 'George Eliot', year: 1871 }))).toBe("Added 'Middlemarch'.")
    const found = await client.callTool('find_books', { author: 'George Eliot' })
    expect(found.structuredContent).toEqual({ books: [{ title: 'Middlemarch', year: 1871 }, { title: 'Daniel Deronda', year: 1876 }] })
    const rows = await (await worker.miniflare.getD1Database('DB')).prepare('SELECT count(*) AS n FROM books').first()
    expect(rows).toEqual({ n: 2 })
  })
})

describe('R2', () => {
  it('save_file puts an object with its content type, read_file gets it back, a missing one is a ToolError', async () => {
    expect(textOf(await client.callTool('save_file', { name: 'reading-list.md', text: '# To read\n\n- Middlemarch\n' }))).toBe('Saved reading-list.md (25 bytes).')
    const object = await (await worker.miniflare.getR2Bucket('FILES')).get('reading-list.md')
    expect(object.httpMetadata).toEqual({ contentType: 'text/markdown' })
    expect(await object.text()).toBe('# To read\n\n- Middlemarch\n')
    expect(textOf(await client.callTool('read_file', { name: 'reading-list.md' }))).toBe('# To read\n\n- Middlemarch\n')
    expect(await client.callTool('read_file', { name: 'other.md' })).toMatchObject({ isError: true, content: [{ type: 'text', text: "There is no file 'other.md'." }] })
  })
})

describe('fetch', () => {
  it('lookup_isbn calls the API with the secret; its 404 is a ToolError, its 503 "The tool failed."', async () => {
    const found = await client.callTool('lookup_isbn', { isbn: '9780141439549' })
    expect(found.structuredContent).toEqual(BOOK)
    expect(seen.at(-1)).toEqual({ url: '/isbn/9780141439549', authorization: 'Bearer test-key' })
    expect(textOf(await client.callTool('lookup_isbn', { isbn: '9781111111111' }))).toBe('No book has the ISBN 9781111111111.')
    const failed = await client.callTool('lookup_isbn', { isbn: '9780000000000' })
    expect(failed.isError).toBe(true)
    expect(textOf(failed)).toBe('The tool failed.')
  })
})
