/**
 * The view modules (`mcp-aot/view:<path>`, imported by the table: compiler/table/apps.ts): each MCP Apps
 * view's document as the module's default export, built by the bundler the plugin runs in (its ViewBundler,
 * chosen in plugin.ts), with every file it was built from a watch file of the module. A view that does not
 * build is MCP048 at its `@ui` tag. A view is built again only when one of its files changed.
 */
import { sep } from 'node:path'
import { stamp } from './compiler/cache.ts'
import type { Declaration } from './compiler/declarations/declaration.ts'
import { CompileError, type Diagnostic, type Loc } from './compiler/diagnostics.ts'
import { VIEW_MODULE } from './compiler/table/apps.ts'
import { buildView, ViewBuildError, type ViewBundler } from './compiler/views/document.ts'

export const VIEW_ID = new RegExp(`^${VIEW_MODULE}`)
/**
 * Rollup's, Rolldown's, Vite's and webpack's id of a view module: `\0mcp-aot/view:<path>.js`, ending in
 * .js (Vite's HTML plugin would take an id ending in .html for a page); esbuild's namespace holds the path.
 */
export const viewVirtualId = (specifier: string) => `\0${specifier}.js`
export const viewPath = (virtualId: string) => virtualId.slice(VIEW_MODULE.length + 1, -'.js'.length)
export const VIEW_VIRTUAL = new RegExp(`^\\0${VIEW_MODULE}.+\\.js$`)

export interface ViewModule {
  code: string
  watchFiles: string[]
}

export class ViewModules {
  private built = new Map<string, { module: ViewModule; stamps: Map<string, number> }>()
  /** Each view's files as its last build found them. */
  private watched = new Map<string, string[]>()
  private building = new Map<string, { build: Promise<ViewModule>; started: number }>()

  private readonly modules: ReadonlyMap<string, readonly Declaration[]>
  private readonly texts: () => ReadonlyMap<string, string>
  private readonly root: () => string

  constructor(modules: ReadonlyMap<string, readonly Declaration[]>, texts: () => ReadonlyMap<string, string>, root: () => string) {
    this.modules = modules
    this.texts = texts
    this.root = root
  }

  /** The module of the view whose entry is `path`; throws a CompileError (MCP048) with the view's files as watch files. */
  load(path: string, bundler: () => Promise<ViewBundler>): Promise<ViewModule> {
    // Asked for again while it builds (Vite's environments, two modules at once): the one build answers both,
    // unless one of the view's files was saved since it started; then a build after it.
    const running = this.building.get(path)
    const saved = running && (this.watched.get(path) ?? [path]).some((file) => stamp(file) >= running.started)
    if (running && !saved) return running.build
    const started = Date.now()
    const build = (running ? running.build.catch(() => undefined) : Promise.resolve()).then(() => this.build(path, bundler)).finally(() => {
      if (this.building.get(path)?.build === build) this.building.delete(path)
    })
    this.building.set(path, { build, started })
    return build
  }

  private async build(path: string, bundler: () => Promise<ViewBundler>): Promise<ViewModule> {
    const last = this.built.get(path)
    if (last && [...last.stamps].every(([file, mtime]) => stamp(file) === mtime)) return last.module
    const tool = this.toolOf(path)
    // Files saved while the view builds may or may not be in this build: such a build is not reused. A file's
    // time is the kernel's coarser clock, and may read a little earlier than the save: a second of margin.
    const started = Date.now() - 1000
    try {
      const view = await buildView(path, await bundler())
      const module = { code: `export default ${JSON.stringify(view.html)};\n`, watchFiles: view.inputs }
      const stamps = new Map(view.inputs.map((f) => [f, stamp(f)]))
      if ([...stamps.values()].every((mtime) => mtime < started)) this.built.set(path, { module, stamps })
      else this.built.delete(path)
      this.watched.set(path, view.inputs)
      return module
    } catch (error) {
      if (!(error instanceof ViewBuildError)) throw error
      this.built.delete(path)
      // Watched: the view's files as last built, and those the error names, so that fixing any of them builds it again.
      const watchFiles = [...new Set([path, ...(this.watched.get(path) ?? []), ...error.files])]
      const written = tool?.ui?.view?.written ?? path
      const loc: Loc = tool?.ui?.view?.loc ?? { file: path, line: 1, column: 1 }
      const finding: Diagnostic = { code: 'MCP048', message: `The view '${written}' does not build: ${error.message.replaceAll(this.root() + sep, '')}. Correct the view (it is bundled as a browser module by the bundler the plugin runs in, its imports and CSS inlined).`, loc }
      throw Object.assign(new CompileError([finding], this.texts()), { watchFiles })
    }
  }

  /** The first tool that names the view (its `@ui` tag is where a failure is told). */
  private toolOf(path: string): Declaration | undefined {
    for (const decls of this.modules.values()) for (const d of decls) if (d.ui?.view?.path === path) return d
    return undefined
  }
}
