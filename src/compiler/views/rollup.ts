/**
 * Views built by Rollup or Rolldown: the project's copy (the one the plugin runs in) with the project's
 * input plugins other than mcp-aot (TypeScript, node-resolve, PostCSS, …), then `viewFiles()`, which takes
 * what neither bundler reads itself and no project plugin took: stylesheets (their `@import`s and local
 * `url()`s inlined) and images and fonts (data URLs). The project's plugins take part through their module
 * hooks only (resolveId, load, transform): they are the instances of the Worker's build, already started,
 * so their build and output hooks (buildStart, generateBundle, …) do not run again for a view. Rolldown
 * minifies; Rollup's output is minified with the project's esbuild when it has one.
 */
import { readFileSync } from 'node:fs'
import { extname } from 'node:path'
import type * as Esbuild from 'esbuild'
import { ASSET_TYPES, bundlerFailure, dataUrl, hostPackage, inlineStylesheet, sourceFiles, ViewBuildError, type Bundled, type ViewBundler } from './document.ts'

const ENTRY = '\0mcp-aot-view-entry'
const isCss = (id: string) => /\.css$/i.test(id.replace(/[?#].*$/, ''))

/** The hooks a project's plugin lends a view's build: those that resolve, load and transform modules. */
const MODULE_HOOKS = ['resolveId', 'resolveDynamicImport', 'load', 'transform', 'shouldTransformCachedModule'] as const

function lent(plugin: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { name: plugin.name }
  for (const hook of MODULE_HOOKS) if (plugin[hook] !== undefined) out[hook] = plugin[hook]
  return out
}

/**
 * Stylesheets and assets for a view's build, after the project's plugins. A stylesheet no plugin turned
 * into a module (its text is still the file's) goes to `css` by id, inlined; `moduleType` because Rolldown
 * reads .css and assets by their extension otherwise (and no longer bundles CSS).
 */
function viewFiles(stylesheetEntry: string | undefined, css: Map<string, string>, read: Set<string>, order: string[]) {
  // The stylesheets this plugin loaded, as it loaded them (Rollup strips a BOM from what load returns).
  const loaded = new Map<string, string>()
  const text = (code: string) => code.replace(/^\uFEFF/, '')
  return {
    name: 'mcp-aot:view-files',
    // The order the modules run in (each one's imports first, in the order written): the order the page applies stylesheets in.
    buildEnd(this: { getModuleIds(): Iterable<string>; getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null }) {
      const seen = new Set<string>()
      const visit = (id: string) => {
        if (seen.has(id)) return
        seen.add(id)
        const info = this.getModuleInfo(id)
        for (const next of info?.importedIds ?? []) visit(next)
        order.push(id)
        for (const next of info?.dynamicallyImportedIds ?? []) visit(next)
      }
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id)
    },
    resolveId: (id: string) => (id === ENTRY ? ENTRY : null),
    load(id: string) {
      if (id === ENTRY) return { code: `import ${JSON.stringify(stylesheetEntry)}`, moduleType: 'js' }
      const path = id.replace(/[?#].*$/, '')
      if (isCss(id)) {
        loaded.set(id, text(readFileSync(path, 'utf8')))
        return { code: loaded.get(id)!, moduleType: 'js' }
      }
      if (ASSET_TYPES.includes(extname(path).toLowerCase())) return { code: `export default ${JSON.stringify(dataUrl(path))}`, moduleType: 'js' }
      return null
    },
    transform(code: string, id: string) {
      if (!isCss(id)) return null
      const path = id.replace(/[?#].*$/, '')
      // Still the stylesheet (as loaded here, or as the file is): no project plugin made it a module.
      if (text(code) !== (loaded.get(id) ?? text(readFileSync(path, 'utf8')))) return null
      css.set(id, inlineStylesheet(path, read, text(code)))
      return { code: 'export default ""', moduleSideEffects: true, moduleType: 'js' }
    },
  }
}

interface Output {
  output: { type: string; code?: string; fileName: string; imports?: string[]; modules?: Record<string, unknown>; source?: string | Uint8Array }[]
}
interface Bundle {
  generate(options: object): Promise<Output>
  close(): Promise<void>
  readonly watchFiles: string[] | Promise<string[]>
}

export function rollupViews(kind: 'rollup' | 'rolldown', root: string, projectPlugins: readonly unknown[] = []): ViewBundler {
  const plugins = projectPlugins.filter((p) => (p as { name?: string } | null)?.name !== 'mcp-aot').map((p) => lent(p as Record<string, unknown>))
  // The project's packages, looked up once for every script and stylesheet of the views.
  let packages: Promise<[typeof import('rolldown') | undefined, typeof import('rollup') | undefined, typeof Esbuild | undefined]> | undefined
  const found = () =>
    (packages ??= Promise.all([
      kind === 'rolldown' ? hostPackage<typeof import('rolldown')>('rolldown', root) : undefined,
      kind === 'rollup' ? hostPackage<typeof import('rollup')>('rollup', root) : undefined,
      hostPackage<typeof Esbuild>('esbuild', root),
    ]))
  return {
    async bundle(entry: string): Promise<Bundled> {
      const css = new Map<string, string>()
      const read = new Set<string>()
      const order: string[] = []
      const isCssEntry = isCss(entry)
      const options = { input: isCssEntry ? ENTRY : entry, plugins: [...plugins, viewFiles(isCssEntry ? entry : undefined, css, read, order)] }
      let out: Output
      let bundle: Bundle | undefined
      try {
        if (kind === 'rolldown') {
          const { rolldown } = (await found())[0]!
          bundle = (await rolldown({ ...options, cwd: root, platform: 'browser', logLevel: 'silent' } as never)) as unknown as Bundle
          out = await bundle.generate({ format: 'es', minify: true, codeSplitting: false })
        } else {
          const { rollup } = (await found())[1]!
          bundle = (await rollup({ ...options, onwarn: () => {} } as never)) as unknown as Bundle
          out = await bundle.generate({ format: 'es', inlineDynamicImports: true })
        }
        // What the project's plugins watch too (a PostCSS plugin's @imports, say).
        for (const f of sourceFiles(await bundle.watchFiles, root)) read.add(f)
      } catch (error) {
        throw bundlerFailure(error)
      } finally {
        await bundle?.close()
      }
      const chunks = out.output.filter((o) => o.type === 'chunk')
      const external = chunks.flatMap((c) => c.imports ?? [])
      if (external.length > 0) throw new ViewBuildError(`${entry}: ${kind === 'rollup' ? 'Rollup' : 'Rolldown'} left ${external.map((e) => `'${e}'`).join(', ')} unresolved, and a view's document can import nothing (add @rollup/plugin-node-resolve to the project's plugins)`)
      for (const f of sourceFiles(order, root)) read.add(f)
      const emitted = out.output.filter((o) => o.type === 'asset' && o.fileName.endsWith('.css')).map((o) => (typeof o.source === 'string' ? o.source : new TextDecoder().decode(o.source)))
      let js = isCssEntry ? '' : chunks.map((c) => c.code ?? '').join('')
      let style = [...order.filter((id) => css.has(id)).map((id) => css.get(id)!), ...emitted].join('\n')
      // Rollup does not minify; the project's esbuild does, where there is one.
      const esbuild = (await found())[2]
      if (esbuild) {
        if (kind === 'rollup' && js) js = (await esbuild.transform(js, { minify: true, format: 'esm', target: 'es2022', legalComments: 'none' })).code
        if (style) style = (await esbuild.transform(style, { loader: 'css', minify: true, legalComments: 'none' })).code
      }
      return { js: js.trim(), css: style.trim(), inputs: [...read] }
    },
  }
}
