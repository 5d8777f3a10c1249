/**
 * How a view's build behaves over time and with what the project brings: the view modules' cache
 * (src/view-modules.ts) never keeps a build a save raced with; a view that failed builds again when the
 * file its error names is fixed (esbuild's watch mode); a project's Rollup CSS plugin keeps the stylesheets
 * it takes; webpack builds the view for the browser whatever the Worker's target, and says a loader's reason.
 */
import { rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { context, type BuildResult } from 'esbuild'
import webpack from 'webpack'
import { afterAll, describe, expect, it } from 'vitest'
import { inlineStylesheet, type ViewBundler } from '../../src/compiler/views/document.ts'
import { webpackViews } from '../../src/compiler/views/webpack.ts'
import mcpEsbuild from '../../src/esbuild.ts'
import { ViewModules } from '../../src/view-modules.ts'
import { tempProject } from '../helpers/temp-project.ts'
import { bundle, load, viewDocument } from '../plugin/build.ts'

const roots: string[] = []
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})
const project = (files: Record<string, string>) => {
  const root = tempProject('mcp-aot-view-builds-', files)
  roots.push(root)
  return root
}
const TOOL = '/**\n * Shows.\n * @tool\n * @ui ./views/show.ts\n */\nexport function show(): string {\n  return \'shown\'\n}\n'

describe('the view modules\' cache', () => {
  it('builds again after a save that came while the view was building, and not otherwise', async () => {
    const root = project({ 'src/views/show.ts': 'one' })
    const entry = join(root, 'src/views/show.ts')
    // An old time for the file as it is before the first build.
    utimesSync(entry, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    let builds = 0
    let saveDuringBuild = true
    const bundler: ViewBundler = {
      async bundle(path) {
        builds++
        const { readFileSync } = await import('node:fs')
        const js = readFileSync(path, 'utf8')
        if (saveDuringBuild) writeFileSync(path, 'two') // saved after the build read it
        return { js, css: '', inputs: [path] }
      },
    }
    const views = new ViewModules(new Map(), () => new Map(), () => root)
    const first = await views.load(entry, async () => bundler)
    expect(first.code).toContain('one')
    saveDuringBuild = false
    const second = await views.load(entry, async () => bundler)
    expect(second.code).toContain('two')
    // Saved a moment ago (within the second a file's time may lag), the build is not kept either; once the
    // files are older than the build, it is.
    expect(builds).toBe(2)
    utimesSync(entry, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    const third = await views.load(entry, async () => bundler)
    expect(await views.load(entry, async () => bundler)).toBe(third)
    expect(builds).toBe(3)
  })

  it('builds again for a load that comes after a save, while the build before the save still runs', async () => {
    const root = project({ 'src/views/show.ts': 'v1' })
    const entry = join(root, 'src/views/show.ts')
    const { readFileSync } = await import('node:fs')
    const bundler: ViewBundler = { bundle: async (path) => { const js = readFileSync(path, 'utf8'); await new Promise((r) => setTimeout(r, 150)); return { js, css: '', inputs: [path] } } }
    const views = new ViewModules(new Map(), () => new Map(), () => root)
    const before = views.load(entry, async () => bundler)
    await new Promise((r) => setTimeout(r, 40))
    writeFileSync(entry, 'v2')
    const after = views.load(entry, async () => bundler)
    expect((await before).code).toContain('v1')
    expect((await after).code).toContain('v2')
  })

  it('builds a view asked for twice at once one time', async () => {
    const root = project({ 'src/views/show.ts': 'once' })
    const entry = join(root, 'src/views/show.ts')
    let builds = 0
    const bundler: ViewBundler = { bundle: async (path) => (builds++, await new Promise((r) => setTimeout(r, 50)), { js: 'once', css: '', inputs: [path] }) }
    const views = new ViewModules(new Map(), () => new Map(), () => root)
    const [a, b] = await Promise.all([views.load(entry, async () => bundler), views.load(entry, async () => bundler)])
    expect(a).toBe(b)
    expect(builds).toBe(1)
  })
})

describe('a stylesheet mcp-aot inlines itself (Rollup, Rolldown; watch files under Vite)', () => {
  it('takes its @imports, quoted or not, with their media, and its images as data URLs; every file read is a watch file', () => {
    const root = project({ 'a.css': '@import "b.css" print;\n@import url(c.css);\n@import "https://fonts.example.com/x.css";\nh1 { background: url(./dot.svg) }\n', 'b.css': 'p { color: red }\n', 'c.css': 'i { color: blue }\n', 'dot.svg': '<svg/>' })
    const read = new Set<string>()
    expect(inlineStylesheet(join(root, 'a.css'), read)).toBe('@media print{p { color: red }\n}\ni { color: blue }\n\n@import "https://fonts.example.com/x.css";\nh1 { background: url("data:image/svg+xml;base64,PHN2Zy8+") }\n')
    expect([...read].map((f) => f.slice(root.length + 1)).sort()).toEqual(['a.css', 'b.css', 'c.css', 'dot.svg'])
  })
})

describe('a view that failed', () => {
  it('esbuild watch mode: fixing the file its error names builds it again (and a project plugin\'s onEnd hears only the Worker\'s builds)', async () => {
    const root = project({ 'package.json': '{"name":"shows"}', 'src/tools.ts': TOOL, 'src/views/show.ts': "import { label } from './util.ts'\ndocument.body.textContent = label\n", 'src/views/util.ts': "export const label = 'first'\n" })
    const results: BuildResult[] = []
    let wake = () => {}
    const ctx = await context({
      entryPoints: [join(root, 'src/tools.ts')],
      bundle: true,
      format: 'esm',
      write: false,
      logLevel: 'silent',
      plugins: [mcpEsbuild({ root }), { name: 'results', setup: (b) => b.onEnd((r) => void (results.push(r), wake())) }],
    })
    // The first result after the last one looked at that `holds` (a watcher may rebuild more often than asked).
    let seen = 0
    const until = async (holds: (r: BuildResult) => boolean) => {
      const deadline = Date.now() + 15_000
      for (;;) {
        while (seen < results.length) if (holds(results[seen++]!)) return results[seen - 1]!
        if (Date.now() > deadline) return undefined
        await new Promise<void>((r) => ((wake = r), setTimeout(r, 200)))
      }
    }
    const failed = (r: BuildResult) => r.errors.length > 0
    try {
      await ctx.watch()
      expect(await until(() => true)).toMatchObject({ errors: [] })
      writeFileSync(join(root, 'src/views/util.ts'), 'export const label = \n')
      const broken = await until(failed)
      expect(broken?.errors.map((e) => e.text).join('\n')).toMatch(/MCP048: The view '\.\/views\/show\.ts' does not build: src\/views\/util\.ts:\d+:\d+: /)
      writeFileSync(join(root, 'src/views/util.ts'), "export const label = 'fixed'\n")
      // Only util.ts changed: without it among the failed view's watch files, no build comes.
      expect(await until((r) => !failed(r))).toMatchObject({ errors: [] })
    } finally {
      await ctx.dispose()
    }
  }, 40_000)
})

describe('Rollup and Rolldown with a project CSS plugin', () => {
  // A plugin of the kind rollup-plugin-postcss is: it turns a stylesheet into a module that adds it to the page.
  const cssPlugin = {
    name: 'css-as-module',
    transform: (code: string, id: string) => (id.endsWith('.css') ? `document.head.append(Object.assign(document.createElement("style"), { textContent: ${JSON.stringify(code.replace(/\s+/g, ''))} }))` : null),
  }
  it.each(['rollup', 'rolldown'] as const)('%s: without one, a stylesheet saved with a byte order mark is inlined (Rollup strips the mark from what a plugin loads)', async (bundler) => {
    const root = project({ 'package.json': '{"name":"shows"}', 'src/tools.ts': TOOL, 'src/views/show.ts': "import './show.css'\ndocument.body.textContent = 'shown'\n", 'src/views/show.css': '\uFEFFbody { margin: 0 }\r\n' })
    const html = await viewDocument(await load(await bundle(bundler, join(root, 'src/tools.ts'), root)), 'ui://shows/show')
    expect(html).toMatch(/<style>body\{margin:0\}<\/style>/)
  }, 60_000)

  it.each(['rollup', 'rolldown'] as const)('%s: the stylesheets it takes stay its own (nothing inlined twice or emptied)', async (bundler) => {
    const root = project({ 'package.json': '{"name":"shows"}', 'src/tools.ts': TOOL, 'src/views/show.ts': "import './show.css'\ndocument.body.textContent = 'shown'\n", 'src/views/show.css': 'body { margin: 0 }\n' })
    const html = await viewDocument(await load(await bundle(bundler, join(root, 'src/tools.ts'), root, () => {}, {}, { rollupPlugins: [cssPlugin] })), 'ui://shows/show')
    expect(html).toMatch(/createElement\(["`]style["`]\)/)
    expect(html).toContain('body{margin:0}')
    expect(html).not.toContain('<style>')
  }, 60_000)
})

describe('webpack', () => {
  it('builds the view for the browser although the Worker\'s compiler targets Node, and tells a loader\'s reason', async () => {
    const root = project({
      'node_modules/dual/package.json': '{"name":"dual","exports":{"node":"./node.js","browser":"./browser.js","default":"./node.js"}}',
      'node_modules/dual/node.js': 'export default "NODE BUILD"\n',
      'node_modules/dual/browser.js': 'export default "BROWSER BUILD"\n',
      'src/views/show.js': "import which from 'dual'\ndocument.body.textContent = which\n",
      'src/views/bad.js': "import './data.bad'\n",
      'src/views/data.bad': 'anything\n',
      'bad-loader.cjs': "module.exports = function () { throw new Error('the data file is not valid') }\n",
    })
    const compiler = webpack({ context: root, mode: 'production', target: 'node', module: { rules: [{ test: /\.bad$/, use: [{ loader: join(root, 'bad-loader.cjs') }] }] } })
    const views = webpackViews(compiler, root)
    const built = await views.bundle(join(root, 'src/views/show.js'))
    expect(built.js).toContain('BROWSER BUILD')
    expect(built.js).not.toContain('NODE BUILD')
    await expect(views.bundle(join(root, 'src/views/bad.js'))).rejects.toThrow(/data\.bad: (Error: )?the data file is not valid/)
  }, 60_000)
})
