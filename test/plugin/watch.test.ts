import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping'
import { watch, type RollupWatcher } from 'rollup'
import { build, context } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { compileModule } from '../../src/compiler/compile.ts'
import { Project } from '../../src/compiler/source/project.ts'
import mcpEsbuild from '../../src/esbuild.ts'
import mcpRollup from '../../src/rollup.ts'
import { load } from './build.ts'

const fixture = fileURLToPath(new URL('../fixtures/orders/', import.meta.url))

function copyFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-aot-watch-'))
  cpSync(fixture, dir, { recursive: true })
  return dir
}

const nameMinLength = async (code: string) => {
  const mod = await load(code)
  return JSON.parse(mod.__mcp.entries[0].json).inputSchema.properties.customer.properties.name.minLength
}

/**
 * `dir`/tools.ts under Rollup's watch mode: the output of its first build and of the build that `edit` starts
 * (called once the first build is written, with the first build's watch files).
 */
async function rollupRebuild(dir: string, edit: (watchFiles: string[]) => void): Promise<[string, string]> {
  const { transform } = await import('esbuild')
  const strip = { name: 'strip', async transform(code: string, id: string) { return id.endsWith('.ts') ? (await transform(code, { loader: 'ts' })).code : null } }
  const watcher: RollupWatcher = watch({ input: join(dir, 'tools.ts'), plugins: [mcpRollup({ root: dir }), strip], output: { dir: join(dir, 'out'), format: 'es' }, watch: { skipWrite: false, buildDelay: 50 }, onwarn: () => {} })
  const builds: string[] = []
  try {
    await new Promise<void>((resolve, reject) => {
      watcher.on('event', async (event) => {
        if (event.code === 'ERROR') reject(event.error)
        if (event.code === 'BUNDLE_END') {
          await event.result.close()
          builds.push(readFileSync(join(dir, 'out', 'tools.js'), 'utf8'))
          if (builds.length === 1) {
            try {
              edit(event.result.watchFiles)
            } catch (error) {
              reject(error)
            }
          } else resolve()
        }
      })
    })
  } finally {
    await watcher.close()
  }
  return [builds[0]!, builds[1]!]
}

describe('rebuilds when a type file or a tsconfig changes', () => {
  it('esbuild: rebuild() after editing types.ts writes the new schema', async () => {
    const dir = copyFixture()
    const ctx = await context({ entryPoints: [join(dir, 'tools.ts')], bundle: true, format: 'esm', write: false, logLevel: 'silent', plugins: [mcpEsbuild({ root: dir })] })
    try {
      const first = await ctx.rebuild()
      expect(await nameMinLength(first.outputFiles![0]!.text)).toBe(1)
      const types = join(dir, 'types.ts')
      writeFileSync(types, readFileSync(types, 'utf8').replace('MinLength<1>', 'MinLength<3>'))
      const second = await ctx.rebuild()
      expect(await nameMinLength(second.outputFiles![0]!.text)).toBe(3)
    } finally {
      await ctx.dispose()
    }
  })

  it('rollup watch mode: types.ts is a watch file, and editing it rebuilds the tool module', async () => {
    const dir = copyFixture()
    const types = join(dir, 'types.ts')
    const builds = await rollupRebuild(dir, (watchFiles) => {
      expect(watchFiles).toContain(types)
      setTimeout(() => writeFileSync(types, readFileSync(types, 'utf8').replace('MinLength<1>', 'MinLength<2>')), 100)
    })
    expect(await nameMinLength(builds[0])).toBe(1)
    expect(await nameMinLength(builds[1])).toBe(2)
  }, 30_000)

  it('rollup watch mode: the tsconfig files whose paths an import went through (with what they extend) are watch files, and editing one rebuilds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-aot-watch-paths-'))
    const config = (to: string) => JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@shapes/*': [`./${to}/*`] } } })
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: './tsconfig.base.json' }))
    writeFileSync(join(dir, 'tsconfig.base.json'), config('short'))
    for (const [folder, least] of [['short', 1], ['long', 5]] as const) {
      mkdirSync(join(dir, folder))
      writeFileSync(join(dir, folder, 'customer.ts'), `import type { MinLength } from 'mcp-aot'\nexport interface Customer {\n  name: string & MinLength<${least}>\n}\n`)
    }
    writeFileSync(join(dir, 'tools.ts'), `import type { Customer } from '@shapes/customer'\n\n/**\n * Greets a customer.\n * @tool\n */\nexport function greet(customer: Customer): string {\n  return 'hello ' + customer.name\n}\n`)
    const builds = await rollupRebuild(dir, (watchFiles) => {
      expect(watchFiles).toEqual(expect.arrayContaining([join(dir, 'tsconfig.json'), join(dir, 'tsconfig.base.json')]))
      setTimeout(() => writeFileSync(join(dir, 'tsconfig.base.json'), config('long')), 100)
    })
    const least = async (code: string) => JSON.parse((await load(code)).__mcp.entries[0].json).inputSchema.properties.customer.properties.name.minLength
    expect(await least(builds[0])).toBe(1)
    expect(await least(builds[1])).toBe(5)
  }, 30_000)
})

describe('source maps', () => {
  it('esbuild with sourcemap: a tool module\'s code maps to its own lines (the map it is loaded with)', async () => {
    const entry = join(fixture, 'tools.ts')
    const out = await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'neutral', outdir: join(fixture, 'out'), sourcemap: true, write: false, logLevel: 'silent', plugins: [mcpEsbuild({ root: fixture })] })
    const code = out.outputFiles.find((f) => f.path.endsWith('.js'))!.text
    const raw = JSON.parse(out.outputFiles.find((f) => f.path.endsWith('.js.map'))!.text)
    const map = new TraceMap(raw)
    // The source shown is the module as written, not with the table appended.
    expect(raw.sourcesContent[raw.sources.findIndex((s: string) => s.endsWith('tools.ts'))]).toBe(readFileSync(entry, 'utf8'))
    const at = code.split('\n').findIndex((l) => l.includes('function createOrder('))
    const pos = originalPositionFor(map, { line: at + 1, column: code.split('\n')[at]!.indexOf('function createOrder(') })
    expect(pos.source).toMatch(/tools\.ts$/)
    expect(pos.line).toBe(readFileSync(entry, 'utf8').split('\n').findIndex((l) => l.includes('function createOrder(')) + 1)
  })

  it('map every original position to itself (the table is only appended)', () => {
    const id = join(fixture, 'tools.ts')
    const source = readFileSync(id, 'utf8')
    const out = compileModule(new Project(fixture), id, source)!
    const map = new TraceMap(out.map as any)
    const lines = source.split('\n')
    for (const [i, line] of lines.entries()) {
      const column = line.search(/\S/)
      if (column < 0) continue
      const pos = originalPositionFor(map, { line: i + 1, column })
      expect(pos, `line ${i + 1}`).toMatchObject({ line: i + 1, column })
    }
  })
})
