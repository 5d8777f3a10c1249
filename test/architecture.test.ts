import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

const src = fileURLToPath(new URL('../src/', import.meta.url))
const runtime = join(src, 'runtime')

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))
}

function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? m[2] ?? m[3]!)
}

describe('src/runtime runs on the edge', () => {
  const all = files(runtime)

  it('has files to check', () => {
    expect(all.length).toBeGreaterThan(10)
  })

  for (const file of all) {
    it(`${relative(src, file)} imports only Web-standard code of src/runtime`, () => {
      for (const spec of specifiers(file)) {
        expect(spec, `${relative(src, file)} imports ${spec}`).toMatch(/^\.\.?\//)
        const target = join(file, '..', spec)
        expect(relative(runtime, target).startsWith('..'), `${relative(src, file)} reaches outside src/runtime: ${spec}`).toBe(false)
      }
      expect(readFileSync(file, 'utf8')).not.toMatch(/\bprocess\.|\bBuffer\b|\brequire\(|new Function\(|\beval\(/)
    })
  }

  it('the package root bundles for a neutral platform with nothing build-time in it', async () => {
    const out = await build({ entryPoints: [join(src, 'index.ts')], bundle: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'silent', metafile: true })
    const inputs = Object.keys(out.metafile.inputs)
    expect(inputs.every((i) => i.startsWith('src/runtime/') || i === 'src/index.ts' || i === 'src/types.ts'), inputs.join(', ')).toBe(true)
    const code = out.outputFiles[0]!.text
    expect(code).not.toMatch(/from ['"]node:|@babel|ajv\/dist\/compile|new Function\(|\beval\(/)
  })
})
