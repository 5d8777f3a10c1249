/**
 * A tool's view is built by the bundler the plugin runs in, with the project's own configuration: each of
 * the five bundlers builds the same project, whose view imports a module only the project's configuration
 * provides ('greeting': an esbuild plugin, a Rollup/Rolldown plugin, a vite.config plugin, a webpack
 * alias), a stylesheet that refers to an image, and TypeScript (Rollup and webpack read it through the
 * project's own plugin and loader, as test/plugin/build.ts sets them up). Expectations are written from
 * docs/apps.md: one self-contained document, its scripts and styles inline, images as data URLs.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { context } from 'esbuild'
import { build as viteBuild, createServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mcpEsbuild from '../../src/esbuild.ts'
import mcpVite from '../../src/vite.ts'
import { BUNDLERS, bundle, load, viewDocument, type Bundler, type ProjectConfig } from '../plugin/build.ts'
import { tempProject } from '../helpers/temp-project.ts'

const TOOLS = `/**
 * Shows a chart.
 * @tool
 * @ui ./views/chart.html
 */
export function chart(): string {
  return 'a chart'
}

/**
 * Shows bars.
 * @tool
 * @ui ./views/bars/index.ts
 */
export function bars(): string {
  return 'bars'
}
`
const FILES: Record<string, string> = {
  'package.json': '{"name":"@acme/charts","type":"module"}',
  'src/tools.ts': TOOLS,
  'src/views/chart.html': '<!doctype html>\n<html>\n  <head>\n    <link rel="stylesheet" href="./page.css">\n  </head>\n  <body>\n    <h1>Chart</h1>\n    <script type="module" src="./chart.ts"></script>\n  </body>\n</html>\n',
  'src/views/page.css': 'h1 {\n  color: #123456;\n  background: url(./dot.svg);\n}\n',
  'src/views/chart.ts': "import greeting from 'greeting'\nimport './chart.css'\n\nconst size: number = 3\ndocument.querySelector('h1')!.textContent = `${greeting}, size ${size}`\n",
  'src/views/chart.css': 'body {\n  margin: 0;\n}\n',
  'src/views/bars/index.ts': "import greeting from 'greeting'\nimport '../chart.css'\n\nconst root: HTMLElement = document.getElementById('root')!\nroot.textContent = `${greeting}: bars`\n",
  'src/views/dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>\n',
  'src/greeting.js': 'export default "hello from webpack\'s alias"\n',
  'vite.config.mjs': "export default { plugins: [{ name: 'greeting', resolveId: (id) => (id === 'greeting' ? '\\0greeting' : null), load: (id) => (id === '\\0greeting' ? 'export default \"hello from vite.config\"' : null) }] }\n",
}

/** The project's configuration that provides 'greeting', for each bundler. */
function projectConfig(bundler: Bundler, root: string): ProjectConfig {
  const rollupShaped = { name: 'greeting', resolveId: (id: string) => (id === 'greeting' ? '\0greeting' : null), load: (id: string) => (id === '\0greeting' ? `export default "hello from the ${bundler} plugins"` : null) }
  switch (bundler) {
    case 'esbuild':
      return {
        esbuildPlugins: [
          {
            name: 'greeting',
            setup(build) {
              build.onResolve({ filter: /^greeting$/ }, () => ({ path: 'greeting', namespace: 'greeting' }))
              build.onLoad({ filter: /./, namespace: 'greeting' }, () => ({ contents: 'export default "hello from the esbuild plugins"', loader: 'js' }))
            },
          },
        ],
      }
    case 'rollup':
    case 'rolldown':
      return { rollupPlugins: [rollupShaped] }
    case 'vite':
      return { viteConfigFile: join(root, 'vite.config.mjs') }
    case 'webpack':
      return { webpackAlias: { greeting$: join(root, 'src/greeting.js') } }
  }
}

const GREETING: Record<Bundler, string> = {
  esbuild: 'hello from the esbuild plugins',
  rollup: 'hello from the rollup plugins',
  rolldown: 'hello from the rolldown plugins',
  vite: 'hello from vite.config',
  webpack: "hello from webpack's alias",
}

/** The view's document as the built bundle's table serves it. */
const viewText = async (code: string, uri: string) => viewDocument(await load(code), uri)

/** The text of the build of `entry` failing ('' when it builds): esbuild's messages (text), Rolldown's errors (message), the others' one error. */
async function failure(bundler: Bundler, root: string, entry: string): Promise<string> {
  try {
    await bundle(bundler, join(root, entry), root, () => {}, {}, projectConfig(bundler, root))
    return ''
  } catch (error) {
    const e = error as { errors?: { text?: string; message?: string }[]; message?: string }
    return e.errors ? e.errors.map((m) => m.text ?? m.message).join('\n') : String(e.message)
  }
}

describe.each(BUNDLERS)('%s builds the view', (bundler) => {
  let root: string
  beforeAll(() => {
    root = tempProject('mcp-aot-views-', FILES)
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('with the project\'s configuration, into one self-contained document', async () => {
    const code = await bundle(bundler, join(root, 'src/tools.ts'), root, () => {}, {}, projectConfig(bundler, root))
    const html = await viewText(code, 'ui://acme-charts/chart')
    expect(html.startsWith('<!doctype html>')).toBe(true)
    // The module only the project's configuration provides is in the bundle: the view was built with it.
    expect(html).toContain(GREETING[bundler])
    // The stylesheet linked from the document and the one the script imports are inline; the image a data URL.
    expect(html).toMatch(/<style>[^<]*color:\s*#123456/)
    expect(html).toMatch(/<style>[^<]*margin:\s*0/)
    expect(html).toMatch(/url\(["']?data:image\/svg\+xml/)
    // Nothing is left to fetch, and the TypeScript is compiled (no annotation is left).
    expect(html).not.toMatch(/<script[^>]*\bsrc=|<link\b|url\(\.\/dot\.svg\)/)
    expect(html).not.toContain('size: number')
    expect(html).toMatch(/<script type="module">[^<]+<\/script>/)
    // A script entry gets a document of its own (docs/apps.md), named after its folder for an index file.
    const bars = await viewText(code, 'ui://acme-charts/bars')
    expect(bars).toMatch(/^<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><style>[^<]*margin:\s*0[^<]*<\/style><\/head><body><div id="root"><\/div><script type="module">[^<]+<\/script><\/body><\/html>$/)
    expect(bars).toContain(GREETING[bundler])
    expect(bars).not.toContain('HTMLElement')
  }, 60_000)

  it('MCP048 at the @ui tag when the view does not build, with the bundler\'s reason', async () => {
    writeFileSync(join(root, 'src/views/chart.ts'), "import './absent.ts'\n")
    const text = await failure(bundler, root, 'src/tools.ts')
    writeFileSync(join(root, 'src/views/chart.ts'), FILES['src/views/chart.ts']!)
    expect(text).toMatch(/src\/tools\.ts:4:4 - error MCP048: The view '\.\/views\/chart\.html' does not build: .*absent/)
    expect(text).toContain('Correct the view')
    // The bundler's reason as plain text (Vite 8 colours its messages).
    expect(text).not.toContain('\u001b')
  }, 60_000)

  it('MCP049 when two modules\' views have one ui:// URI', async () => {
    writeFileSync(join(root, 'src/more.ts'), '/**\n * Shows another chart.\n * @tool\n * @ui ./other/chart.html\n */\nexport function other_chart(): string {\n  return \'another\'\n}\n')
    mkdirSync(join(root, 'src/other'), { recursive: true })
    writeFileSync(join(root, 'src/other/chart.html'), '<p>another</p>')
    writeFileSync(join(root, 'src/both.ts'), "import * as tools from './tools.ts'\nimport * as more from './more.ts'\nexport const modules = [tools, more]\n")
    const text = await failure(bundler, root, 'src/both.ts')
    // Declarations are taken in file order (src/more.ts before src/tools.ts): the later one is told.
    expect(text).toContain("src/tools.ts:4:4 - error MCP049: The views './other/chart.html' (tool 'other_chart' in src/more.ts) and './views/chart.html' both become ui://acme-charts/chart: a view is named after its file. Rename one of the files.")
  }, 60_000)

  it('MCP049 when two modules name one view file (each module serves its tools\' views)', async () => {
    writeFileSync(join(root, 'src/more.ts'), '/**\n * Shows the chart again.\n * @tool\n * @ui ./views/chart.html\n */\nexport function chart_again(): string {\n  return \'again\'\n}\n')
    const text = await failure(bundler, root, 'src/both.ts')
    expect(text).toContain("src/tools.ts:4:4 - error MCP049: The view './views/chart.html' is the view of tool 'chart_again' in src/more.ts too, and each module serves the views of its own tools, so ui://acme-charts/chart would be served twice. Put the tools that share a view in one module.")
  }, 60_000)
})

describe('the server part of a view\'s URI', () => {
  it('under Vite without the plugin\'s root option, is the package.json name of Vite\'s root, not of the working directory', async () => {
    const root = tempProject('mcp-aot-views-', { ...FILES, 'src/views/chart.ts': "document.body.textContent = 'chart'\n", 'src/views/bars/index.ts': "document.body.textContent = 'bars'\n" })
    try {
      // configFile: false and mcp() without root: the plugin learns the root from Vite's config (configResolved).
      const out: any = await viteBuild({ configFile: false, root, logLevel: 'silent', plugins: [mcpVite()], build: { ssr: join(root, 'src/tools.ts'), write: false, minify: false }, ssr: { noExternal: true, target: 'webworker' } })
      const code = (Array.isArray(out) ? out[0] : out).output[0].code as string
      expect(code).toContain('uri: "ui://acme-charts/chart"')
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('a view is built again when one of its files changes', () => {
  let root: string
  beforeAll(() => {
    root = tempProject('mcp-aot-views-', FILES)
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('esbuild: rebuild() after editing the view\'s stylesheet serves the new document', async () => {
    const ctx = await context({ entryPoints: [join(root, 'src/tools.ts')], bundle: true, format: 'esm', write: false, logLevel: 'silent', plugins: [mcpEsbuild({ root }), ...projectConfig('esbuild', root).esbuildPlugins!] })
    try {
      const first = await viewText((await ctx.rebuild()).outputFiles![0]!.text, 'ui://acme-charts/chart')
      expect(first).toContain('#123456')
      writeFileSync(join(root, 'src/views/page.css'), readFileSync(join(root, 'src/views/page.css'), 'utf8').replace('#123456', '#654321'))
      const second = await viewText((await ctx.rebuild()).outputFiles![0]!.text, 'ui://acme-charts/chart')
      expect(second).toContain('#654321')
      expect(second).not.toContain('#123456')
    } finally {
      await ctx.dispose()
    }
  }, 60_000)

  it('vite dev: an edit to the view\'s script reaches the next load of the tool module', async () => {
    const server = await createServer({ configFile: join(root, 'vite.config.mjs'), root, logLevel: 'silent', server: { middlewareMode: true, hmr: false }, plugins: [mcpVite({ root })] })
    try {
      const read = async () => {
        return viewDocument((await server.ssrLoadModule(join(root, 'src/tools.ts'))) as never, 'ui://acme-charts/chart')
      }
      const first = await read()
      expect(first).toContain('hello from vite.config')
      expect(first).toContain(', size ')
      const script = join(root, 'src/views/chart.ts')
      writeFileSync(script, readFileSync(script, 'utf8').replace('size ${size}', 'edited ${size}'))
      let text = ''
      for (let i = 0; i < 50 && !text.includes('edited'); i++) {
        await new Promise((r) => setTimeout(r, 100))
        text = await read()
      }
      expect(text).toContain(', edited ')
      expect(text).not.toContain(', size ')
    } finally {
      await server.close()
    }
  }, 60_000)
})
