/** One module: source text in → the appended table, the declarations, the files read, or one error with every finding. */
import MagicString from 'magic-string'
import type { Declaration } from './declarations/declaration.ts'
import { CompileError, type Diagnostic } from './diagnostics.ts'
import { emitTable, strictRefusals, type EmitOptions } from './table/emit.ts'
import { extract } from './declarations/extract.ts'
import { KIND_MARKER } from './declarations/tag-rules.ts'
import { nameViews, viewClashes, type ViewOptions } from './views/attach.ts'
import { serverIdentity } from './artifacts/artifacts.ts'
import type { Project } from './source/project.ts'
import { forgetAmbient } from './source/ambient.ts'
import { javascriptModule } from './declarations/javascript.ts'
import { Refusal } from './refusal.ts'
import { Resolver, type ResolverOptions } from './types/resolve.ts'
import { findAugmentations, moreAugmentations, withBareImports, type Augmentations } from './types/augment.ts'
import { REEXPORT, reexportsOf, type Reexport } from './declarations/reexports.ts'
import { emitReexports } from './table/reexport.ts'

/** Cheap test before parsing (tag-rules.ts): a module without a kind tag or a near miss of one declares nothing. */
export const MARKER = KIND_MARKER

export interface Analysis {
  declarations: Declaration[]
  /** Files other than the module itself that types were read from (watch files). */
  read: string[]
  /** Every finding of the module in one error, when there are any. */
  error?: CompileError
}

/** Reads a module's declarations; never throws for the user's code (findings are in `error`). */
export function analyze(project: Project, id: string, code: string, options: ResolverOptions = {}): Analysis {
  project.read.clear()
  project.assets.clear()
  forgetAmbient(project)
  const found: Diagnostic[] = []
  let declarations: Declaration[] = []
  try {
    const file = project.file(id, code)
    const js = javascriptModule(file)
    if (js) throw js
    // Read again with the module augmentations of the interfaces used, until no new one turns up (augment.ts).
    let augmentations: Augmentations = new Map()
    for (let round = 0; ; round++) {
      const resolver = new Resolver(project, options, { augmentations })
      const findings: Diagnostic[] = []
      declarations = extract(file, resolver, findings)
      const used = resolver.interfaces
      const files = used.size === 0 ? [] : withBareImports(project, [file, ...[...project.read].filter((p) => p !== id).map((p) => project.file(p))])
      const next = findAugmentations(project, files, used)
      if (round === 3 || !moreAugmentations(augmentations, next)) {
        found.push(...findings)
        break
      }
      augmentations = next
    }
  } catch (e) {
    if (!(e instanceof Refusal)) throw e
    found.push({ code: e.code, message: e.message, loc: e.loc }) // the module itself does not parse
  }
  // A broken shared type is one finding, however many declarations use it.
  const diagnostics = [...new Map(found.map((d) => [`${d.code} ${d.loc.file}:${d.loc.line}:${d.loc.column} ${d.message}`, d])).values()]
  const read = [...project.read, ...project.assets].filter((p) => p !== id)
  if (diagnostics.length === 0) return { declarations, read }
  const sources = project.texts
  diagnostics.sort((a, b) => (a.loc.file === b.loc.file ? a.loc.line - b.loc.line || a.loc.column - b.loc.column : 0))
  return { declarations, read, error: new CompileError(diagnostics, sources) }
}

export interface CompiledModule extends Analysis {
  code: string
  map: ReturnType<MagicString['generateMap']>
  /** What the module serves of other modules' declarations (a barrel: declarations/reexports.ts). */
  reexports: Reexport[]
}

export interface BarrelOptions {
  /**
   * A declaring module's declarations (compiled as its own transform would), undefined when it declares
   * nothing; without it, re-exports are not followed.
   */
  declarationsOf?: (path: string) => readonly Declaration[] | undefined
}

/** The module's re-exports of other modules' declarations (none unless `declarationsOf` is given); throws for a name no tool may have. */
function barrelOf(project: Project, id: string, code: string, options: BarrelOptions) {
  if (!options.declarationsOf || !REEXPORT.test(code)) return undefined
  let file
  try {
    file = project.file(id, code)
  } catch (e) {
    if (e instanceof Refusal) return undefined // not parsed: the bundler reports its own syntax errors
    throw e
  }
  const found = reexportsOf(project, file, options.declarationsOf)
  if (found.findings.length > 0) throw Object.assign(new CompileError(found.findings, project.texts), { watchFiles: found.read })
  return found
}

/** The transformed module, or null when it declares and re-exports nothing. Throws the module's CompileError. */
export function compileModule(project: Project, id: string, code: string, options: ResolverOptions & EmitOptions & ViewOptions & BarrelOptions = {}): CompiledModule | null {
  const declares = MARKER.test(code)
  if (!declares && !(options.declarationsOf && REEXPORT.test(code))) return null
  const analysis: Analysis = declares ? analyze(project, id, code, options) : { declarations: [], read: [] }
  if (analysis.error) throw Object.assign(analysis.error, { watchFiles: analysis.read })
  const barrel = barrelOf(project, id, code, options)
  const reexports = barrel?.reexports ?? []
  if (barrel) analysis.read = [...new Set([...analysis.read, ...barrel.read])].filter((p) => p !== id)
  if (analysis.declarations.length === 0 && reexports.length === 0) return null
  // `explicitHints`: every tool's entry states the three hints hosts require (model/hints.ts).
  if (options.explicitHints) for (const d of analysis.declarations) if (d.kind === 'tool') d.explicitHints = true
  // MCP Apps: the views the tools name, named (views/); the bundler builds each from its view module (table/apps.ts).
  if (analysis.declarations.some((d) => d.ui?.view)) {
    nameViews(analysis.declarations, options.server ?? serverIdentity(project.root).name)
    const clashes = viewClashes(analysis.declarations)
    if (clashes.length > 0) throw Object.assign(new CompileError(clashes, project.texts), { watchFiles: analysis.read })
  }
  // `strictProfiles`: a tool such a profile refuses fails the build (MCP042) instead of leaving its list.
  const refused = strictRefusals(analysis.declarations, options)
  if (refused.length > 0) throw Object.assign(new CompileError(refused, project.texts), { watchFiles: analysis.read })
  // A barrel exports one table: its own (when it declares anything) and those of what it re-exports (table/reexport.ts).
  const own = reexports.length > 0 ? OWN_TABLE : undefined
  const s = new MagicString(code)
  if (analysis.declarations.length > 0) s.append(ownTable(project, id, code, analysis, options, own))
  if (reexports.length > 0) s.append(emitReexports(project.file(id, code).display, id, reexports, options.declarationsOf!, analysis.declarations.length > 0 ? own : undefined))
  return withLazyMap({ ...analysis, reexports, code: s.toString() }, () => s.generateMap({ hires: 'boundary', source: id, includeContent: true }))
}

/** `module` with its source map made when first read (esbuild builds without source maps never read it), then kept. */
function withLazyMap(module: Omit<CompiledModule, 'map'>, generate: () => CompiledModule['map']): CompiledModule {
  let map: CompiledModule['map'] | undefined
  return Object.defineProperty(module, 'map', { enumerable: true, get: () => (map ??= generate()) }) as CompiledModule
}

/** A barrel's own table, as a local const its exported table includes. */
const OWN_TABLE = '__mcp_own'

/** The module's own table (`binding`: as a local const of that name instead of the export). */
function ownTable(project: Project, id: string, code: string, analysis: Analysis, options: EmitOptions, binding?: string): string {
  try {
    return emitTable(project.file(id, code).display, analysis.declarations, options, binding)
  } catch (e) {
    // A schema the validator compiler refuses: one finding at the TypeScript location, like any other.
    if (!(e instanceof Refusal)) throw e
    throw Object.assign(new CompileError([{ code: e.code, message: e.message, loc: e.loc }], project.texts), { watchFiles: analysis.read })
  }
}
