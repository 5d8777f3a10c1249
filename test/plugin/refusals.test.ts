/**
 * Every refusal through a real build (the esbuild plugin): a stable code, file:line:column in the file it
 * points into, a code frame of that file, and never a raw Babel or ajv message or a stack.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { bundle, errorText, load } from './build.ts'
import { tempProject } from '../helpers/temp-project.ts'

const roots: string[] = []
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true })
})

function project(files: Record<string, string>): string {
  const root = tempProject('mcp-aot-refusals-', files)
  roots.push(root)
  return root
}

async function buildError(files: Record<string, string>, entry = 'tools.ts'): Promise<string> {
  const root = project(files)
  const error = await bundle('esbuild', join(root, entry), root).then(() => undefined, (e: Error) => e)
  expect(error).toBeInstanceOf(Error)
  return errorText(error)
}

const IMP = "import type { Int, Max } from 'mcp-aot'\n"
const PKG = { 'node_modules/pkg/package.json': '{"name":"pkg","types":"index.d.ts"}', 'node_modules/pkg/index.d.ts': 'declare function make(): void\nexport = make\n' }

// [what, files (tools.ts is the entry), code, file:line:column, the line the code frame marks]
const cases: [string, Record<string, string>, string, string, string][] = [
  ['a syntax error in the module', { 'tools.ts': '/** @tool */\nexport function t(a: string {}\n' }, 'MCP032', 'tools.ts:2:29', '> 2 | export function t(a: string {}'],
  ['JSX in a .ts module', { 'tools.ts': 'const v = <div>x</div>\n/** @tool */\nexport function t(a: string) {}\n' }, 'MCP032', 'tools.ts:1:19', '> 1 | const v = <div>x</div>'],
  ['a syntax error in an imported types file', { 'tools.ts': "import type { A } from './types.ts'\n/** @tool */\nexport function t(a: A) {}\n", 'types.ts': 'export interface A {\n  a: = 1\n}\n' }, 'MCP032', 'types.ts:2:6', '> 2 |   a: = 1'],
  ['a misspelt @Tool', { 'tools.ts': '/** @Tool */\nexport function t(a: string) {}\n' }, 'MCP002', 'tools.ts:1:5', '> 1 | /** @Tool */'],
  ['a // @tool line comment', { 'tools.ts': '// @tool\nexport function t(a: string) {}\n' }, 'MCP003', 'tools.ts:1:1', '> 1 | // @tool'],
  ['@tool on a static method', { 'tools.ts': 'export class K {\n  /** @tool */\n  static m(a: string) {}\n}\n' }, 'MCP003', 'tools.ts:3:3', '> 3 |   static m(a: string) {}'],
  ['an async generator', { 'tools.ts': '/** @tool */\nexport async function* t(a: string) {}\n' }, 'MCP033', 'tools.ts:2:8', '> 2 | export async function* t(a: string) {}'],
  ['a generic default that names nothing, in its own file', { 'tools.ts': "import type { Page } from './types.ts'\n/** @tool */\nexport function t(p: Page) {}\n", 'types.ts': 'export interface Page<T = Missing> { items: T[] }\n' }, 'MCP018', 'types.ts:1:27', '> 1 | export interface Page<T = Missing> { items: T[] }'],
  ['an `export =` package that assigns a function', { 'tools.ts': "import type { Foo } from 'pkg'\n/** @tool */\nexport function t(p: Foo) {}\n", ...PKG }, 'MCP034', 'tools.ts:3:22', '> 3 | export function t(p: Foo) {}'],
  ['a const default its schema refuses', { 'tools.ts': `${IMP}const LIMIT = 50\n/** @tool */\nexport function t(n: Int & Max<10> = LIMIT) {}\n` }, 'MCP022', 'tools.ts:4:38', '> 4 | export function t(n: Int & Max<10> = LIMIT) {}'],
  ['a default that is a call', { 'tools.ts': '/** @tool */\nexport function t(n: number = Date.now()) {}\n' }, 'MCP035', 'tools.ts:2:31', '> 2 | export function t(n: number = Date.now()) {}'],
  ['overloads that differ', { 'tools.ts': '/** @tool */\nexport function t(a: string): void\nexport function t(a: number): void\nexport function t(a: unknown) {}\n' }, 'MCP036', 'tools.ts:2:8', '> 2 | export function t(a: string): void'],
  ['a tool in a .js module (esbuild loads it through the plugin too)', { 'tools.ts': "export * from './legacy.js'\n", 'legacy.js': '/**\n * Greets.\n * @tool\n * @param {string} name\n */\nexport function greet(name) {}\n' }, 'MCP041', 'legacy.js:3:4', '> 3 |  * @tool'],
  ['a duplicate @param', { 'tools.ts': '/**\n * @tool\n * @param a One.\n * @param a Two.\n */\nexport function t(a: string) {}\n' }, 'MCP030', 'tools.ts:4:4', '> 4 |  * @param a Two.'],
]

describe('refusals through the esbuild plugin', () => {
  for (const [what, files, code, at, frame] of cases) {
    it(`${what}: ${code} at ${at}, with a code frame`, async () => {
      const text = await buildError(files)
      expect(text).toContain('mcp-aot: 1 error')
      expect(text).toContain(`${at} - error ${code}: `)
      expect(text).toContain(frame)
      expect(text).not.toMatch(/\(\d+:\d+\)|SyntaxError|BABEL_|strict mode|schema is invalid|\n\s+at \S+ \(/)
    }, 30_000)
  }
})

describe('a module whose only tag is misspelt', () => {
  it('fails the build with the did-you-mean, so createServer never reports a missing plugin', async () => {
    const text = await buildError({
      'worker.ts': "import { createServer } from 'mcp-aot'\nimport * as tools from './tools.ts'\nexport default createServer({ name: 'x', version: '1.0.0' }, tools)\n",
      'tools.ts': '/**\n * Adds.\n * @tools\n */\nexport function add(a: number, b: number) { return a + b }\n',
    }, 'worker.ts')
    expect(text).toContain('tools.ts:3:4 - error MCP002: Unknown tag @tools, so add is no tool. Did you mean @tool?')
    expect(text).not.toContain('Add the mcp-aot plugin')
  }, 30_000)
})

describe('what now builds', () => {
  it('a .ts module with a generic arrow, a <T>x assertion and a folded default: listed and called', async () => {
    const root = project({
      'tools.ts': `${IMP}import { LIMIT } from './limits.ts'\nconst first = <T,>(xs: T[]) => xs[0]\n/** @tool */\nexport function pick(xs: string[], n: Int & Max<10> = LIMIT) { return <string>first(xs) + n }\n`,
      'limits.ts': 'export const LIMIT = 3\n',
    })
    const mod = await load(await bundle('esbuild', join(root, 'tools.ts'), root))
    expect(mod.pick(['a'])).toBe('a3')
    const entry = mod.__mcp.entries.find((t: any) => t.name === 'pick')
    expect(JSON.parse(entry.json).inputSchema.properties.n).toEqual({ type: 'integer', maximum: 10, default: 3 })
  }, 30_000)
  it('decorators and accessor fields in the module and in an imported file', async () => {
    const root = project({
      'tools.ts': "import type { A } from './types.ts'\nimport { dec } from './types.ts'\n@dec export class Store { accessor size = 1 }\n/** @tool */\nexport function get(a: A) { return a.id }\n",
      'types.ts': 'export const dec = (v: unknown, _c: unknown) => v\nexport interface A { id: string }\n@dec export class Other { @dec accessor n = 2 }\n',
    })
    const code = await bundle('esbuild', join(root, 'tools.ts'), root)
    expect(code).toMatch(/__mcp/)
    expect(code).toContain('"name":"get"')
  }, 30_000)
})
