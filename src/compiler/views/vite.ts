/**
 * Views built by Vite: the project's Vite (the one the plugin runs in) with the project's vite.config,
 * loaded afresh for each view: its plugins (React, Vue, Tailwind, …) other than mcp-aot's and Cloudflare's
 * (they build a server, not a page), and its resolve, css, define, json and transform options. An HTML
 * entry goes through Vite's own HTML pipeline (its plugins' transformIndexHtml too); the output's scripts,
 * stylesheets and assets are inlined into the one document the host renders.
 */
import { posix } from 'node:path'
import type * as Vite from 'vite'
import { bundlerFailure, classicScript, inlineStylesheet, sourceFiles, ViewBuildError, type BuiltView, type ViewBundler } from './document.ts'
import { inlineReferences, minifyHtml } from './html.ts'

/** What the view's build takes of the project's Vite config: what shapes a page, not what builds the server. */
const KEPT = ['resolve', 'css', 'define', 'json', 'esbuild', 'oxc', 'assetsInclude', 'html'] as const

/** The project's plugins, flattened, without mcp-aot's and @cloudflare/vite-plugin's, and without their closeBundle hooks. */
async function pagePlugins(option: Vite.PluginOption): Promise<Vite.Plugin[]> {
  const value = await option
  if (!value) return []
  if (Array.isArray(value)) return (await Promise.all(value.map(pagePlugins))).flat()
  const plugin = value as Vite.Plugin
  if (plugin.name === 'mcp-aot' || plugin.name.startsWith('vite-plugin-cloudflare')) return []
  // closeBundle is where plugins upload, report or write what a build made: the Worker's build, not a view's.
  const { closeBundle: _closed, ...rest } = plugin
  return [rest as Vite.Plugin]
}

export interface ViteProject {
  root: string
  mode: string
  /** The project's vite.config (undefined for an inline config: the view gets Vite's defaults). */
  configFile?: string | false
}

export function viteViews(vite: typeof Vite, project: ViteProject): ViewBundler {
  const build = async (entry: string) => {
    const loaded = project.configFile ? await vite.loadConfigFromFile({ command: 'build', mode: project.mode }, project.configFile, project.root, 'silent') : null
    const user = loaded?.config ?? {}
    const kept = Object.fromEntries(KEPT.filter((k) => user[k] !== undefined).map((k) => [k, user[k]]))
    // Vite 8 bundles with Rolldown (codeSplitting), Vite 7 and before with Rollup (inlineDynamicImports): one file either way.
    const bundlerOptions = 'rolldownVersion' in vite && vite.rolldownVersion ? { rolldownOptions: { input: entry, output: { codeSplitting: false } } } : { rollupOptions: { input: entry, output: { inlineDynamicImports: true } } }
    let out
    try {
      out = await vite.build({
        ...kept,
        configFile: false,
        root: project.root,
        mode: project.mode,
        logLevel: 'silent',
        publicDir: false,
        base: './',
        plugins: await pagePlugins(user.plugins),
        build: { write: false, minify: true, target: 'es2022', modulePreload: false, cssCodeSplit: false, assetsInlineLimit: () => true, reportCompressedSize: false, copyPublicDir: false, emptyOutDir: false, ...bundlerOptions },
      } as Vite.InlineConfig)
    } catch (error) {
      throw bundlerFailure(error)
    }
    const output = (Array.isArray(out) ? out[0]! : (out as Vite.Rollup.RollupOutput)).output
    const inputs = new Set([entry])
    for (const o of output) if (o.type === 'chunk') for (const id of sourceFiles(Object.keys(o.modules), project.root)) inputs.add(id)
    // A stylesheet's @imports and url() images are not modules of the output: watched from the stylesheets themselves.
    for (const id of [...inputs]) if (/\.css$/i.test(id)) inlineStylesheet(id, inputs)
    return { output, inputs }
  }
  const text = (o: { type: string; code?: string; source?: string | Uint8Array }) => (o.type === 'chunk' ? o.code! : typeof o.source === 'string' ? o.source : new TextDecoder().decode(o.source)).replace(/\/\*\$vite\$:\d+\*\//g, '').trim()
  return {
    async bundle(entry) {
      const { output, inputs } = await build(entry)
      return { js: output.filter((o) => o.type === 'chunk').map(text).join(''), css: output.filter((o) => o.fileName.endsWith('.css')).map(text).join(''), inputs: [...inputs] }
    },
    async document(entry): Promise<BuiltView> {
      const { output, inputs } = await build(entry)
      const page = output.find((o) => o.type === 'asset' && /\.html?$/.test(o.fileName))
      if (!page) throw new ViewBuildError(`Vite wrote no HTML document for ${entry}`)
      // The output's references are relative to the document's place in it (base './').
      const file = (ref: string) => {
        const found = output.find((o) => o.fileName === posix.join(posix.dirname(page.fileName), ref))
        if (!found) throw new ViewBuildError(`${entry}: Vite's document refers to ${ref}, which it did not write (a file of publicDir? a view is built without one: import it instead)`)
        return text(found)
      }
      // Vite bundled the module scripts and stylesheets and inlined the images; a classic script it leaves as written.
      const html = await inlineReferences(minifyHtml(text(page)), { module: async (src) => ({ js: file(src), css: '' }), classic: (src) => classicScript(entry, src, inputs), style: async (href) => file(href) })
      return { html, inputs: [...inputs] }
    },
  }
}
