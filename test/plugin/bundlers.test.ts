import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { BUNDLERS, bundle, load, type Bundler } from './build.ts'

const root = fileURLToPath(new URL('../fixtures/orders/', import.meta.url))
const entry = `${root}tools.ts`

const outputs = new Map<Bundler, string>()
async function output(b: Bundler): Promise<string> {
  if (!outputs.has(b)) outputs.set(b, await bundle(b, entry, root))
  return outputs.get(b)!
}

describe('the same fixture through every bundler', () => {
  for (const b of BUNDLERS) {
    it(`${b}: builds a table with the four tools, and nothing build-time in the bundle`, async () => {
      const code = await output(b)
      const mod = await load(code)
      expect(mod.__mcp.entries.map((e: any) => e.name)).toEqual(['create_order', 'echo', 'add', 'span_of'])
      expect(code).not.toMatch(/new Function\s*\(|\beval\s*\(|\brequire\s*\(/)
      expect(code).not.toMatch(/@babel|babel|tokTypes/i)
      expect(code).not.toMatch(/KeywordCxt|SchemaEnv|compileSchema|ajv\/dist\/compile|codegen/)
    }, 120_000)
  }

  it('yields byte-identical schemas from every bundler', async () => {
    const schemas = new Map<string, string>()
    for (const b of BUNDLERS) {
      const mod = await load(await output(b))
      schemas.set(b, mod.__mcp.entries.map((e: any) => e.json).join('\n'))
    }
    const reference = schemas.get('esbuild')!
    expect(reference).toContain('"name":"create_order"')
    for (const [b, text] of schemas) expect(text, b).toBe(reference)
  }, 180_000)

  it('rollup bundles the generated validators as true ESM, with no CommonJS plugin', async () => {
    const code = await output('rollup')
    expect(code).not.toContain('require(')
    const mod = await load(code)
    const validate = mod.__mcp.entries[0].validate
    expect(validate({ customer: { name: 'A', email: 'a@b.co' }, items: [{ sku: 'ABC-1234', qty: 2 }] })).toBe(true)
    expect(validate({ customer: { name: '', email: 'nope' }, items: [] })).toBe(false)
    expect(validate.errors.map((e: any) => `${e.instancePath} ${e.keyword}`)).toEqual(['/customer/name minLength', '/customer/email format', '/items minItems'])
  }, 120_000)

  it('without the plugin the module still imports as plain functions', async () => {
    const { transform } = await import('esbuild')
    const plain = await transform(readFileSync(entry, 'utf8'), { loader: 'ts', format: 'esm' })
    const mod = await load(plain.code)
    expect(mod.__mcp).toBeUndefined()
    expect(mod.echo('hi')).toBe('hi')
    expect(mod.addNumbers(2, 3)).toBe('5')
  })
})
