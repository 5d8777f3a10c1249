/**
 * Validators emitted once per bundle (compiler/schema/validator-modules.ts): a tool whose validator shares
 * no fragment with another tool of its module imports it as a module named by its text, so modules whose
 * tools check alike (other names, words and defaults) import the same one and the bundle holds it once;
 * tools that share a named type are compiled together in their module. Built by the real plugin under
 * esbuild, and called.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'
import { describe, expect, it } from 'vitest'
import mcp from '../../src/esbuild.ts'
import { compileModule } from '../../src/compiler/compile.ts'
import { Project } from '../../src/compiler/source/project.ts'
import { validatorSource } from '../../src/compiler/schema/validator-modules.ts'
import { loadWorker, ROOT } from '../runtime/bundle.ts'

const DIR = fileURLToPath(new URL('./fixtures/validator-modules/', import.meta.url))
const generated = (file: string) => compileModule(new Project(ROOT), join(DIR, file), readFileSync(join(DIR, file), 'utf8'))!.code
const importOf = (code: string) => /\nimport __mcp_v0 from "mcp-aot\/validator:(\w+)";\n/.exec(code)?.[1]

async function build(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [join(DIR, 'worker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
    plugins: [mcp({ root: ROOT })],
    alias: { 'mcp-aot': `${ROOT}src/index.ts`, 'mcp-aot/internal': `${ROOT}src/runtime/internal.ts` },
  })
  return result.outputFiles[0]!.text
}

const call = (name: string, args: unknown) =>
  new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  })

describe('validators emitted once per bundle', () => {
  it('two modules whose tools check alike import one validator module; its text is a module with a default export', () => {
    const a = importOf(generated('a.ts'))
    const b = importOf(generated('b.ts'))
    expect(a).toMatch(/^\w{20}$/)
    expect(b).toBe(a)
    const text = validatorSource(a!)
    expect(text).toMatch(/^(?:import \{ [^}]+ \} from 'mcp-aot\/internal';\n)?\/\/ standalone ajv validator \(mcp-aot\)\n/)
    expect(text).toMatch(/\nexport default validate\d+\n$/)
    // Nothing of a tool's words or name is in it: only its rules.
    expect(text).not.toMatch(/find_books|find_films|look for|title/)
  })

  it('tools that share a named type are compiled together, in their module', () => {
    const c = generated('c.ts')
    expect(c).not.toContain('mcp-aot/validator:')
    expect(c).toMatch(/\nconst \[__mcp_v0, __mcp_v1\] = \(\(\) => \{\n/)
  })

  it('the bundle holds the shared validator once, and each tool checks its arguments with it', async () => {
    const code = await build()
    // esbuild marks each module it bundles with a comment naming it.
    expect(code.match(/^\/\/ mcp-aot-validator:\w+$/gm)).toHaveLength(1)
    const server = await loadWorker(code)
    const reply = async (name: string, args: unknown) => (await (await server.fetch(call(name, args), {}, undefined as never)).json()) as any
    expect((await reply('find_books', { query: 'dune' })).result.content[0].text).toBe('books: dune (10)')
    expect((await reply('find_films', { query: 'dune' })).result.content[0].text).toBe('films: dune (5)')
    for (const name of ['find_books', 'find_films']) {
      const bad = (await reply(name, { query: 7, limit: 51 })).result
      expect(bad.isError).toBe(true)
      expect(bad.content[0].text).toMatch(/query/)
      expect(bad.content[0].text).toMatch(/limit/)
    }
    expect((await reply('ship', { to: { street: 'Main St', city: 'Oslo' }, weight: 2 })).result.content[0].text).toBe('to Oslo, 2 kg')
    expect((await reply('return_parcel', { from: { street: 'Main St' } })).result.isError).toBe(true)
  })
})
