/**
 * gpt-tokenizer (30 MB installed) is an optional peer dependency: only the token report (`tokens: true`,
 * `mcp-aot inspect --tokens`) loads it. Each case runs in a Node of its own where gpt-tokenizer cannot be
 * resolved, as in a project that installed mcp-aot alone (fixtures/without-tokenizer.ts counts every
 * attempt); test/profiles/report.test.ts and test/examples/artifacts.test.ts check the report with it.
 */
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { TOKENIZER_MISSING } from '../../src/compiler/model/tokens.ts'

const CHILD = fileURLToPath(new URL('./fixtures/without-tokenizer.ts', import.meta.url))
const SRC = fileURLToPath(new URL('../../src/', import.meta.url))

async function without(...args: string[]): Promise<any> {
  const { stdout } = await promisify(execFile)(process.execPath, [CHILD, ...args], { timeout: 60_000 })
  return JSON.parse(stdout.trim().split('\n').at(-1)!)
}

describe('without gpt-tokenizer installed', () => {
  it('a build with the manifest but no token report never asks for it, and its manifest has no counts', async () => {
    const out = await without('build', JSON.stringify({ manifest: true, profiles: ['gemini'] }))
    expect(out.errors).toEqual([])
    expect(out.asked).toBe(0)
    expect(out.manifest.tools.map((t: any) => t.name)).toEqual(['count_items'])
    expect('tokens' in out.manifest).toBe(false)
    expect(out.manifest.tools.some((t: any) => 'tokens' in t)).toBe(false)
  })

  it('tokens: true fails the build with one error, MCP043 at package.json, saying what to install', async () => {
    const out = await without('build', JSON.stringify({ manifest: true, tokens: true }))
    expect(out.errors).toEqual([`mcp-aot: 1 error\n\npackage.json:1:1 - error MCP043: ${TOKENIZER_MISSING}`])
    expect(TOKENIZER_MISSING).toContain('npm install -D gpt-tokenizer@^4')
  })

  it('mcp-aot inspect works without --tokens; with it, one sentence and exit code 2', async () => {
    const plain = await without('inspect', 'inspect', '--json', '.')
    expect(plain).toMatchObject({ code: 0, stderr: '', asked: 0 })
    expect(JSON.parse(plain.stdout).tools.map((t: any) => t.name)).toEqual(['count_items'])
    const tokens = await without('inspect', 'inspect', '--tokens', '.')
    expect(tokens).toMatchObject({ code: 2, stdout: '', stderr: `mcp-aot inspect --tokens: ${TOKENIZER_MISSING}\n` })
  })
})

describe('where gpt-tokenizer is named', () => {
  it('only src/compiler/model/tokens.ts, which loads it on the first count, never in an import', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))
    const naming = files.filter((f) => readFileSync(join(SRC, f), 'utf8').includes('gpt-tokenizer/'))
    expect(naming).toEqual([join('compiler', 'model', 'tokens.ts')])
    const text = readFileSync(join(SRC, naming[0]!), 'utf8')
    expect(text).not.toMatch(/^\s*import[^\n]*gpt-tokenizer/m)
    expect(text).not.toMatch(/import\(\s*['"]gpt-tokenizer/)
  })

  it('package.json: an optional peer dependency, not a dependency', () => {
    const pkg = JSON.parse(readFileSync(join(SRC, '..', 'package.json'), 'utf8'))
    expect(pkg.dependencies['gpt-tokenizer']).toBeUndefined()
    expect(pkg.peerDependencies['gpt-tokenizer']).toBe('^4.0.0')
    expect(pkg.peerDependenciesMeta['gpt-tokenizer']).toEqual({ optional: true })
  })
})
