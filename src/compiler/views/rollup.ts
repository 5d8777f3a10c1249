/**
 * Views built by Rollup or Rolldown: the project's copy (the one the plugin runs in) with the project's
 * input plugins other than mcp-aot (TypeScript, node-resolve, PostCSS, …), then `viewFiles()`, which takes
 * what neither bundler reads itself and no project plugin took: stylesheets (their `@import`s and local
 * `url()`s inlined) and images and fonts (data URLs). Rolldown minifies; Rollup's output is minified with
 * the project's esbuild when it has one.
 */
import { readFileSync } from 'node:fs'
import { dirname, extname, resolve } from 'node:path'
import type * as Esbuild from 'esbuild'
import { ASSET_TYPES, bundlerFailure, hostPackage, isUrl, sourceFiles, ViewBuildError, type Bundled, type ViewBundler } from './document.ts'

const MIME: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.avif': 'image/avif', '.svg': 'image/svg+xml', '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.otf': 'font/otf' }

const dataUrl = (path: string) => `data:${MIME[extname(path).toLowerCase()]};base64,${readFileSync(path).toString('base64')}`

/** A stylesheet's text with its local `@import`s inlined and its local `url()`s as data URLs; every file read goes to `read`. */
function stylesheet(path: string, read: Set<string>, seen = new Set<string>()): string {
  if (seen.has(path)) return ''
  seen.add(path)
  read.add(path)
  const dir = dirname(path)
  return readFileSync(path, 'utf8')
    .replace(/@import\s+(?:url\()?\s*["']([^"']+)["']\s*\)?\s*;/g, (whole, ref: string) => (isUrl(ref) ? whole : stylesheet(resolve(dir, ref), read, seen)))
    .replace(/url\(\s*(["']?)([^"')]+)\1\s*\)/g, (whole, _q, ref: string) => {
      if (isUrl(ref) || ref.startsWith('#') || !MIME[extname(ref.replace(/[?#].*$/, '')).toLowerCase()]) return whole
      const file = resolve(dir, ref.replace(/[?#].*$/, ''))
      read.add(file)
      return `url("${dataUrl(file)}")`
    })
}

const ENTRY = '\0mcp-aot-view-entry'

/** Stylesheets and assets for a view's build, after the project's plugins; `css` collects the stylesheets in import order. */
function viewFiles(stylesheetEntry: string | undefined, css: string[], read: Set<string>) {
  return {
    name: 'mcp-aot:view-files',
    resolveId: (id: string) => (id === ENTRY ? ENTRY : null),
    load(id: string) {
      // moduleType: Rolldown reads .css and assets by their extension otherwise (and no longer bundles CSS).
      if (id === ENTRY) return { code: `import ${JSON.stringify(stylesheetEntry)}`, moduleType: 'js' }
      const path = id.replace(/[?#].*$/, '')
      if (path.endsWith('.css')) {
        css.push(stylesheet(path, read))
        return { code: 'export default ""', moduleSideEffects: true, moduleType: 'js' }
      }
      if (ASSET_TYPES.includes(extname(path).toLowerCase())) return { code: `export default ${JSON.stringify(dataUrl(path))}`, moduleType: 'js' }
      return null
    },
  }
}

interface Output {
  output: { type: string; code?: string; fileName: string; imports?: string[]; modules?: Record<string, unknown>; source?: string | Uint8Array }[]
}
interface Bundle {
  generate(options: object): Promise<Output>
  close(): Promise<void>
}

export function rollupViews(kind: 'rollup' | 'rolldown', root: string, projectPlugins: readonly unknown[] = []): ViewBundler {
  const plugins = projectPlugins.filter((p) => (p as { name?: string } | null)?.name !== 'mcp-aot')
  return {
    async bundle(entry: string): Promise<Bundled> {
      const css: string[] = []
      const read = new Set<string>()
      const isCss = entry.endsWith('.css')
      const input = isCss ? ENTRY : entry
      const options = { input, plugins: [...plugins, viewFiles(isCss ? entry : undefined, css, read)] }
      let out: Output
      try {
        if (kind === 'rolldown') {
          const { rolldown } = (await hostPackage<typeof import('rolldown')>('rolldown', root))!
          const b = (await rolldown({ ...options, cwd: root, platform: 'browser', logLevel: 'silent' } as never)) as unknown as Bundle
          out = await b.generate({ format: 'es', minify: true, codeSplitting: false })
          await b.close()
        } else {
          const { rollup } = (await hostPackage<typeof import('rollup')>('rollup', root))!
          const b = (await rollup({ ...options, onwarn: () => {} } as never)) as unknown as Bundle
          out = await b.generate({ format: 'es', inlineDynamicImports: true })
          await b.close()
        }
      } catch (error) {
        throw bundlerFailure(error)
      }
      const chunks = out.output.filter((o) => o.type === 'chunk')
      const external = chunks.flatMap((c) => c.imports ?? [])
      if (external.length > 0) throw new ViewBuildError(`${entry}: ${kind === 'rollup' ? 'Rollup' : 'Rolldown'} left ${external.map((e) => `'${e}'`).join(', ')} unresolved, and a view's document can import nothing (add @rollup/plugin-node-resolve to the project's plugins)`)
      for (const c of chunks) for (const f of sourceFiles(Object.keys(c.modules ?? {}), root)) read.add(f)
      const emitted = out.output.filter((o) => o.type === 'asset' && o.fileName.endsWith('.css')).map((o) => (typeof o.source === 'string' ? o.source : new TextDecoder().decode(o.source)))
      let js = isCss ? '' : chunks.map((c) => c.code ?? '').join('')
      let style = [...css, ...emitted].join('\n')
      // Rollup does not minify; the project's esbuild does, where there is one.
      const esbuild = await hostPackage<typeof Esbuild>('esbuild', root)
      if (esbuild) {
        if (kind === 'rollup' && js) js = (await esbuild.transform(js, { minify: true, format: 'esm', target: 'es2022', legalComments: 'none' })).code
        if (style) style = (await esbuild.transform(style, { loader: 'css', minify: true, legalComments: 'none' })).code
      }
      return { js: js.trim(), css: style.trim(), inputs: [...read] }
    },
  }
}
