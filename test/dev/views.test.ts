/**
 * An MCP Apps view under `vite dev` with @cloudflare/vite-plugin: the Worker runs in workerd, the view is
 * built by Vite in the dev server (src/compiler/views/vite.ts), and an edit to the view's script reaches
 * the next resources/read without a restart (the view module's watch files).
 */
import { join } from 'node:path'
import { cloudflare } from '@cloudflare/vite-plugin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mcp from '../../src/vite.ts'
import { connect, type McpClient } from '../../src/testing.ts'
import { startDevProject, until, type DevProject } from './project.ts'

const FILES = {
  'package.json': '{"name":"dev-fixture","type":"module"}',
  'src/worker.ts': "import { createServer } from 'mcp-aot'\nimport * as board from './board.ts'\n\nexport default createServer({ name: 'dev-fixture', version: '1.0.0' }, board)\n",
  'src/board.ts': '/**\n * Shows the board.\n * @tool\n * @ui ./views/board.html\n */\nexport function show_board(): string {\n  return \'the board\'\n}\n',
  'src/views/board.html': '<!doctype html>\n<html>\n  <head><link rel="stylesheet" href="./board.css"></head>\n  <body>\n    <h1>Board</h1>\n    <script type="module" src="./board.ts"></script>\n  </body>\n</html>\n',
  'src/views/board.css': 'h1 { color: #123456 }\n',
  'src/views/board.ts': "const title: string = 'first title'\ndocument.querySelector('h1')!.textContent = title\n",
}

let project: DevProject
let client: McpClient

beforeAll(async () => {
  project = await startDevProject((root) => [mcp({ root }), cloudflare({ configPath: join(root, 'wrangler.jsonc'), inspectorPort: false, persistState: false })], FILES)
  client = await connect(project.url)
}, 60_000)
afterAll(async () => {
  await client?.close()
  await project?.close()
})

const view = async (uri: string) => (await client.readResource(uri)).contents[0] as { mimeType: string; text: string }

describe('a view under vite dev with @cloudflare/vite-plugin', () => {
  it('is built by Vite and served from workerd; an edit to its script is served on the next read', async () => {
    const tool = (await client.listTools()).find((t) => t.name === 'show_board')!
    const uri = (tool._meta?.ui as { resourceUri: string }).resourceUri
    expect(uri).toBe('ui://dev-fixture/board')
    const first = await view(uri)
    expect(first.mimeType).toBe('text/html;profile=mcp-app')
    expect(first.text).toMatch(/^<!doctype html>.*<\/html>$/s)
    expect(first.text).toMatch(/<style>[^<]*#123456[^<]*<\/style>/)
    expect(first.text).toMatch(/<script type="module">[^<]*first title[^<]*<\/script>/)
    expect(first.text).not.toMatch(/<script[^>]*\ssrc=|<link\b|: string/)
    await project.write('src/views/board.ts', "const title: string = 'second title'\ndocument.querySelector('h1')!.textContent = title\n")
    const second = await until(async () => {
      const now = await view(uri)
      return now.text.includes('second title') ? now : undefined
    }, 20_000)
    expect(second.text).not.toContain('first title')
  }, 60_000)
})
