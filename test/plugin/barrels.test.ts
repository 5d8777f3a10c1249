import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { tempProject } from '../helpers/temp-project.ts'
import { modernRequest, send } from '../runtime/helpers.ts'
import { bundle, errorText, load, type Bundler } from './build.ts'

const A = `/** Pings. @tool */
export function ping(): string { return 'pong' }
/** Echoes. @tool */
export function echo(text: string): string { return text }
`
const B = `/** Adds. @tool */
export function addNumbers(a: number, b: number): number { return a + b }
/** Looks a docket up. @tool docket */
export function getDocketAsync(id: string): string { return 'docket ' + id }
`
const C = `/** Lists notes. @tool */
export function listNotes(): string[] { return ['n'] }
`
const worker = (from: string) => `import { createServer } from 'mcp-aot'\nimport * as tools from '${from}'\nexport default createServer({ name: 'barrels', version: '1.0.0' }, tools)\n`

const project = tempProject('mcp-aot-barrels-', {
  'package.json': '{ "name": "barrels", "version": "1.0.0", "type": "module" }\n',
  'src/tools/a.ts': A,
  'src/tools/b.ts': B,
  'src/tools/c.ts': C,
  // Two star re-exports: each module's `__mcp` is ambiguous, so neither travels by itself.
  'src/tools/index.ts': "export * from './a.ts'\nexport * from './b.ts'\n",
  // Named re-exports, renamed ones, an import re-exported, and a nested barrel.
  'src/named/index.ts': "export { ping, echo as say } from '../tools/a.ts'\nexport { addNumbers as sum, getDocketAsync as fetchDocket } from '../tools/b.ts'\nimport { listNotes } from '../tools/c.ts'\nexport { listNotes }\n",
  'src/nested/index.ts': "export * from '../tools/index.ts'\nexport * from '../tools/c.ts'\n",
  // Tools gathered into an object at run time: no module carries a table for it.
  'src/object/index.ts': "import * as a from '../tools/a.ts'\nimport * as b from '../tools/b.ts'\nexport const ping = a.ping\nexport const add = b.addNumbers\n",
  'src/bad/index.ts': "export { ping as $ping } from '../tools/a.ts'\n",
  'src/bad.ts': worker('./bad/index.ts'),
  'src/star.ts': worker('./tools/index.ts'),
  'src/named.ts': worker('./named/index.ts'),
  'src/nested.ts': worker('./nested/index.ts'),
  'src/object.ts': worker('./object/index.ts'),
})
afterAll(() => rmSync(project, { recursive: true, force: true }))

async function served(b: Bundler, entry: string) {
  const mod = await load(await bundle(b, join(project, 'src', entry), project))
  return mod.default
}
const names = async (server: any) => (await send(server, modernRequest('tools/list'))).body.result.tools.map((t: any) => t.name)
const call = async (server: any, name: string, args: object) => (await send(server, modernRequest('tools/call', { name, arguments: args }))).body.result.content[0].text

describe('a module that re-exports tool modules serves their tools', () => {
  for (const b of ['esbuild', 'vite', 'webpack'] as const) {
    it(`${b}: export * from two tool modules`, async () => {
      const server = await served(b, 'star.ts')
      expect(await names(server)).toEqual(['ping', 'echo', 'add_numbers', 'docket'])
      expect(await call(server, 'add_numbers', { a: 2, b: 3 })).toBe('5')
      expect(await call(server, 'echo', { text: 'hi' })).toBe('hi')
    }, 120_000)

    it(`${b}: named re-exports take the re-exported name (an explicit @tool name stays), and only what is re-exported`, async () => {
      const server = await served(b, 'named.ts')
      expect(await names(server)).toEqual(['ping', 'say', 'sum', 'docket', 'list_notes'])
      expect(await call(server, 'say', { text: 'hello' })).toBe('hello')
      expect(await call(server, 'sum', { a: 1, b: 2 })).toBe('3')
      expect(await call(server, 'docket', { id: '7' })).toBe('docket 7')
      expect((await send(server, modernRequest('tools/call', { name: 'echo', arguments: { text: 'x' } }))).body.error.message).toMatch(/echo/)
    }, 120_000)

    it(`${b}: a barrel of barrels`, async () => {
      expect(await names(await served(b, 'nested.ts'))).toEqual(['ping', 'echo', 'add_numbers', 'docket', 'list_notes'])
    }, 120_000)

    it(`${b}: tools gathered into values the plugin cannot follow are refused with that cause, not "add the plugin"`, async () => {
      const error = await served(b, 'object.ts').then(() => undefined, (e: Error) => e)
      expect(error?.message).toMatch(/^createServer: argument 2 is a module without an mcp-aot dispatch table \(it exports add\(\), ping\(\)\)\. /)
      expect(error?.message).not.toMatch(/Add the mcp-aot plugin/)
      expect(error?.message).toContain('The mcp-aot plugin built this bundle (it wrote the tables of src/tools/a.ts, src/tools/b.ts)')
    }, 120_000)
  }

  it('an alias that makes no valid tool name is MCP001 at the barrel\'s export', async () => {
    const error = await bundle('esbuild', join(project, 'src', 'bad.ts'), project).then(() => undefined, (e) => e)
    expect(errorText(error)).toContain("src/bad/index.ts:1:10 - error MCP001: '$ping' is not a valid tool name: src/bad/index.ts exports ping as $ping, and a tool is named after the name it is exported under. Use 1 to 128 ASCII letters, digits, _, - or . (export it as _ping), or name it in its tag: @tool <name>.")
  }, 60_000)
})
