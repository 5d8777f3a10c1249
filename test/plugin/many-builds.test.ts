/**
 * One plugin instance, many builds: what a build reports (MCP027) and writes (mcp-manifest.json) is what
 * that build contains, not every module the instance ever compiled: two Workers built one after the other,
 * and a tool moved to another file between two builds of an esbuild context, of `vite build --watch` and
 * of webpack's watch mode.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { context } from 'esbuild'
import { build as viteBuild } from 'vite'
import webpack from 'webpack'
import { afterAll, describe, expect, it } from 'vitest'
import mcpEsbuild from '../../src/esbuild.ts'
import mcpVite from '../../src/vite.ts'
import mcpWebpack from '../../src/webpack.ts'
import { tempProject, writeFiles } from '../helpers/temp-project.ts'
import { modernRequest, send } from '../runtime/helpers.ts'
import { bundle, errorText, load } from './build.ts'

const require = createRequire(import.meta.url)
const PING = (reply: string) => `/** Answers. @tool */\nexport function ping(): string { return '${reply}' }\n`
const NOTE = '/** Lists notes. @tool */\nexport function listNotes(): string[] { return [] }\n'
const worker = (...modules: string[]) =>
  `import { createServer } from 'mcp-aot'\n${modules.map((m, i) => `import * as m${i} from './${m}'`).join('\n')}\nexport default createServer({ name: 'w', version: '1.0.0' }${modules.map((_, i) => `, m${i}`).join('')})\n`

const roots: string[] = []
const project = (files: Record<string, string>) => {
  const root = tempProject('mcp-aot-builds-', { 'package.json': '{ "name": "w", "version": "1.0.0", "type": "module" }\n', ...files })
  roots.push(root)
  return root
}
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })))

// Two Workers side by side, each with a tool `ping` of its own.
const TWO_WORKERS = { 'one/tools.ts': PING('one'), 'one/worker.ts': worker('tools.ts'), 'two/tools.ts': PING('two'), 'two/worker.ts': worker('tools.ts') }
// A tool in a.ts; the second build has it in b.ts, and the worker no longer imports a.ts (left on disk).
const BEFORE_MOVE = { 'src/a.ts': PING('a') + NOTE, 'src/worker.ts': worker('a.ts') }
const AFTER_MOVE = { 'src/b.ts': PING('b'), 'src/worker.ts': worker('b.ts') }

const tools = (manifest: string) => JSON.parse(manifest).tools.map((t: { name: string }) => t.name)

describe('one plugin instance builds two Workers that each have a tool ping', () => {
  for (const b of ['esbuild', 'vite', 'webpack'] as const) {
    it(`${b}: neither build reports a duplicate`, async () => {
      const root = project(TWO_WORKERS)
      const make = { esbuild: mcpEsbuild, vite: mcpVite, webpack: mcpWebpack }[b]
      const instance = make({ root })
      for (const w of ['one', 'two']) {
        const code = await bundle(b, join(root, w, 'worker.ts'), root, undefined, {}, { instance }).catch((e) => expect.fail(errorText(e)))
        const server = (await load(code)).default
        expect((await send(server, modernRequest('tools/call', { name: 'ping', arguments: {} }))).body.result.content[0].text).toBe(w)
      }
    }, 120_000)
  }
  it('still refuses two tools ping in one build', async () => {
    const root = project({ ...TWO_WORKERS, 'both.ts': "import { createServer } from 'mcp-aot'\nimport * as one from './one/tools.ts'\nimport * as two from './two/tools.ts'\nexport default createServer({ name: 'w', version: '1.0.0' }, one, two)\n" })
    const instance = mcpEsbuild({ root })
    await bundle('esbuild', join(root, 'one', 'worker.ts'), root, undefined, {}, { instance })
    const error = await bundle('esbuild', join(root, 'both.ts'), root, undefined, {}, { instance }).then(() => undefined, (e) => e)
    expect(errorText(error)).toMatch(/two\/tools\.ts:2:8 - error MCP027: tool 'ping' is also declared at one\/tools\.ts:2:8/)
  }, 120_000)
})

describe('a tool moved to another file, the old import dropped, between two builds of one instance', () => {
  it('esbuild context: rebuild() reports no duplicate, and the manifest lists what the bundle has', async () => {
    const root = project(BEFORE_MOVE)
    const ctx = await context({ entryPoints: [join(root, 'src/worker.ts')], bundle: true, format: 'esm', platform: 'neutral', outdir: join(root, 'dist'), write: false, logLevel: 'silent', plugins: [mcpEsbuild({ root, manifest: true })] })
    try {
      const manifestOf = (result: { outputFiles?: { path: string; text: string }[] }) => result.outputFiles!.find((f) => f.path.endsWith('mcp-manifest.json'))!.text
      expect(tools(manifestOf(await ctx.rebuild()))).toEqual(['ping', 'list_notes'])
      writeFiles(root, AFTER_MOVE)
      const second = await ctx.rebuild().catch((e) => expect.fail(errorText(e)))
      expect(tools(manifestOf(second))).toEqual(['ping'])
    } finally {
      await ctx.dispose()
    }
  }, 120_000)

  it('vite build --watch: the second build reports no duplicate, and its manifest lists what the bundle has', async () => {
    const root = project(BEFORE_MOVE)
    const watcher: any = await viteBuild({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [mcpVite({ root, manifest: true })],
      build: { ssr: join(root, 'src/worker.ts'), outDir: join(root, 'dist'), minify: false, watch: {} },
      ssr: { noExternal: true, target: 'webworker' },
    })
    const manifests: string[] = []
    try {
      await new Promise<void>((resolve, reject) => {
        watcher.on('event', async (event: any) => {
          if (event.code === 'ERROR') reject(event.error)
          if (event.code !== 'BUNDLE_END') return
          await event.result?.close?.()
          manifests.push(readFileSync(join(root, 'dist', 'mcp-manifest.json'), 'utf8'))
          if (manifests.length === 1) writeFiles(root, AFTER_MOVE)
          else resolve()
        })
      })
    } finally {
      await watcher.close()
    }
    expect(tools(manifests[0]!)).toEqual(['ping', 'list_notes'])
    expect(tools(manifests[1]!)).toEqual(['ping'])
  }, 120_000)

  it('webpack watch mode: the second compilation reports no duplicate, and its manifest lists what the bundle has', async () => {
    const root = project(BEFORE_MOVE)
    const loader = join(root, 'strip-types.cjs')
    writeFileSync(loader, `const { transformSync } = require(${JSON.stringify(require.resolve('esbuild'))})\nmodule.exports = function (code) { return transformSync(code, { loader: 'ts', format: 'esm' }).code }\n`)
    const compiler = webpack({
      mode: 'production',
      entry: join(root, 'src/worker.ts'),
      context: root,
      target: 'webworker',
      devtool: false,
      experiments: { outputModule: true },
      output: { path: join(root, 'dist'), filename: 'worker.mjs', library: { type: 'module' } },
      resolve: { extensions: ['.ts', '.js'] },
      module: { rules: [{ test: /\.ts$/, use: [{ loader }] }] },
      plugins: [mcpWebpack({ root, manifest: true })],
    })
    const manifests: string[] = []
    const watching = await new Promise<any>((resolve, reject) => {
      const w = compiler.watch({ aggregateTimeout: 50 }, (err, stats) => {
        if (err) return reject(err)
        if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })))
        manifests.push(readFileSync(join(root, 'dist', 'mcp-manifest.json'), 'utf8'))
        if (manifests.length === 1) writeFiles(root, AFTER_MOVE)
        else resolve(w)
      })
    })
    await new Promise<void>((resolve) => watching.close(() => resolve()))
    expect(tools(manifests[0]!)).toEqual(['ping', 'list_notes'])
    expect(tools(manifests[1]!)).toEqual(['ping'])
  }, 120_000)
})
