/**
 * The modules one plugin instance compiled, kept for its life: each module's last compile (reused while its
 * text and every file it read are unchanged: cache.ts), its own declarations and, for a barrel, what it
 * re-exports (declarations/reexports.ts); and what one build serves of them: the declarations of the modules
 * that build loaded (the bundler's module graph), not of every module the instance ever compiled, so two
 * Workers built by one instance, or a tool moved to another file between two watch builds, report and write
 * only what each build contains. A module a barrel of the build re-exports is served through the barrel, under
 * the barrel's names.
 */
import { readFileSync } from 'node:fs'
import { compileModule, MARKER, type CompiledModule } from './compile.ts'
import { CompileCache } from './cache.ts'
import type { Declaration } from './declarations/declaration.ts'
import { REEXPORT, type Reexport } from './declarations/reexports.ts'
import { nameKey } from './declarations/names.ts'
import type { Project } from './source/project.ts'
import { clearTsconfigCache } from './source/tsconfig.ts'

type Options = Parameters<typeof compileModule>[3]

/**
 * Not public API: a plugin option under this key, `{ compiled(id) }`, is told of every module actually
 * compiled (not served from the cache), so tests and bench/ can count what a rebuild recompiles.
 */
export const COMPILE_PROBE = Symbol.for('mcp-aot.compileProbe')
export interface CompileProbe {
  compiled(id: string): void
}

export class CompiledModules {
  /** Each compiled module's own declarations, by path. */
  readonly declarations = new Map<string, Declaration[]>()
  /** Each barrel's re-exports, by path. */
  private readonly barrels = new Map<string, Reexport[]>()
  private readonly cache = new CompileCache()
  /** The modules being compiled (a cycle of barrels stops there). */
  private readonly compiling = new Set<string>()
  private readonly project: () => Project
  private readonly options: Options
  private readonly probe: CompileProbe | undefined

  /** `project`: the project as it is now (Vite's root may change it); `options`: the compile options; `probe`: see COMPILE_PROBE. */
  constructor(project: () => Project, options: Options, probe?: CompileProbe) {
    this.project = project
    this.options = options
    this.probe = probe
  }

  /** The module compiled and kept; null (and forgotten) when it declares and re-exports nothing. Throws its CompileError. */
  compile(id: string, code: string): CompiledModule | null {
    this.compiling.add(id)
    try {
      const out = this.compiled(id, code)
      if (!out) {
        this.forget(id)
        return null
      }
      this.declarations.set(id, out.declarations)
      if (out.reexports.length > 0) this.barrels.set(id, out.reexports)
      else this.barrels.delete(id)
      return out
    } finally {
      this.compiling.delete(id)
    }
  }

  /** A module that failed (or was deleted: `uncache`, its last compile too) is no longer served. */
  forget(id: string, uncache = false): void {
    this.declarations.delete(id)
    this.barrels.delete(id)
    if (uncache) this.cache.delete(id)
  }

  /** By module, in path order: what the build that loaded `ids` serves. */
  served(ids: Iterable<string>): Map<string, Declaration[]> {
    return servedBy(ids, this.declarations, this.barrels)
  }

  /** A new build, or a file changed: tsconfig files are read again, and each module's resolutions checked afresh. */
  startBuild(): void {
    clearTsconfigCache()
    this.cache.newBuild()
  }

  private compiled(id: string, code: string): CompiledModule | null {
    const cached = this.cache.get(id, code)
    if (cached) return cached.result
    this.probe?.compiled(id)
    const project = this.project()
    // The resolutions this compile makes (a barrel's nested compiles' too) are the log's tail from here.
    const start = project.resolutions.length
    try {
      const out = compileModule(project, id, code, { ...this.options, declarationsOf: this.declarationsOf })
      // A module that re-exports nothing yet is read again next time: what it re-exports may gain a declaration.
      if (out || !REEXPORT.test(code)) this.cache.set(id, code, out, project.resolutions.slice(start), (path) => project.readAt(path))
      return out
    } finally {
      if (start === 0) project.resolutions.length = 0
    }
  }

  /** For a barrel: a declaring module's declarations, compiled as its own transform will (which then finds them cached). */
  private readonly declarationsOf = (path: string): readonly Declaration[] | undefined => {
    if (this.compiling.has(path)) return undefined
    this.compiling.add(path)
    try {
      const code = readFileSync(path, 'utf8')
      return MARKER.test(code) ? this.compiled(path, code)?.declarations : undefined
    } catch {
      return undefined // unreadable, or findings: the module's own transform reports them
    } finally {
      this.compiling.delete(path)
    }
  }
}

/**
 * By module, in path order: the declarations of the build's modules `ids`. `modules`: each compiled module's
 * own declarations; `barrels`: each barrel's re-exports.
 */
function servedBy(ids: Iterable<string>, modules: ReadonlyMap<string, readonly Declaration[]>, barrels: ReadonlyMap<string, readonly Reexport[]>): Map<string, Declaration[]> {
  const inBuild = [...new Set(ids)].filter((id) => modules.has(id) || barrels.has(id)).sort()
  const throughBarrel = new Set(inBuild.flatMap((id) => (barrels.get(id) ?? []).map((r) => r.module)))
  const seen = new Set<string>()
  const out = new Map<string, Declaration[]>()
  for (const id of inBuild) {
    const own = throughBarrel.has(id) ? [] : (modules.get(id) ?? [])
    // The same declaration under the same name twice (two barrels re-export one module) is served once.
    const decls = [...own, ...reexported(barrels.get(id) ?? [], modules)].filter((d) => {
      const key = `${d.loc.file}:${d.loc.line}:${d.loc.column} ${nameKey(d)}`
      return !seen.has(key) && Boolean(seen.add(key))
    })
    if (decls.length > 0) out.set(id, decls)
  }
  return out
}

/** The declarations a barrel serves, as `modules` has them now, under the barrel's names (a renamed one is a copy). */
function reexported(reexports: readonly Reexport[], modules: ReadonlyMap<string, readonly Declaration[]>): Declaration[] {
  return reexports.flatMap((r) => {
    const decls = modules.get(r.module) ?? []
    return r.picks.flatMap((p) => {
      const d = decls.find((x) => x.binding === p.binding)
      return !d ? [] : d.name === p.name ? [d] : [{ ...d, name: p.name }]
    })
  })
}
