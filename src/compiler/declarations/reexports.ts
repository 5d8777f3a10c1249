/**
 * A module that serves the declarations of other modules (a barrel): `export * from './a'`, `export { x as y }
 * from './b'`, `import { x } from './c'` then `export { x }`, and barrels of barrels. Each name the module
 * exports is followed to the function that declares it; each such function that is a @tool, @resource or
 * @prompt declaration of a project module is served by the barrel, named after the name the barrel exports it
 * under (`export { getDocket as fetchDocket }` → `fetch_docket`) unless its tag names it (`@tool docket`).
 */
import type { Declaration } from './declaration.ts'
import type { Diagnostic } from '../diagnostics.ts'
import { toolNameFromFunction, VALID_NAME } from './names.ts'
import { exported, exportedNames, isProjectModule } from '../source/scope.ts'
import { locOf, type Project, type SourceFile } from '../source/project.ts'
import { Refusal } from '../refusal.ts'

/** Cheap test before parsing: a module without these words re-exports nothing. */
export const REEXPORT = /\bexport\s*[*{]/

/** The declarations of one module that a barrel serves. */
export interface Reexport {
  /** The declaring module's path. */
  module: string
  /** Each declaration served: its binding in the declaring module, and the name the barrel serves it under. */
  picks: { binding: string; name: string }[]
}

export interface Reexports {
  reexports: Reexport[]
  /** An exported name that makes no valid tool name (MCP001), at the barrel's export. */
  findings: Diagnostic[]
  /** The files followed, the declaring modules among them (watch files: an edit there changes the barrel's table). */
  read: string[]
}

/**
 * The declarations `file` re-exports; `declarationsOf` compiles a declaring module (undefined when it declares
 * nothing or does not compile: its own transform reports that).
 */
export function reexportsOf(project: Project, file: SourceFile, declarationsOf: (path: string) => readonly Declaration[] | undefined): Reexports {
  project.read.clear()
  const byModule = new Map<string, { binding: string; exportedAs: string }[]>()
  for (const name of exportedNames(project, file)) {
    let sym
    try {
      sym = exported(project, file, name)
    } catch (e) {
      if (e instanceof Refusal) continue // a file that does not parse: its own transform reports it
      throw e
    }
    if (sym.kind !== 'decl' || sym.declKind !== 'value' || sym.file.path === file.path || !isProjectModule(sym.file.path)) continue
    byModule.set(sym.file.path, [...(byModule.get(sym.file.path) ?? []), { binding: sym.name, exportedAs: name }])
  }
  const read = new Set([...project.read].filter(isProjectModule))
  const reexports: Reexport[] = []
  const findings: Diagnostic[] = []
  for (const [module, names] of byModule) {
    const decls = declarationsOf(module)
    if (!decls?.length) continue
    read.add(module)
    const picks: Reexport['picks'] = []
    for (const { binding, exportedAs } of names) {
      const d = decls.find((x) => x.binding === binding)
      if (!d || picks.some((p) => p.binding === binding)) continue
      const name = servedName(d, exportedAs)
      if (!VALID_NAME.test(name)) {
        findings.push({ code: 'MCP001', message: `'${name}' is not a valid ${d.kind} name: ${file.display} exports ${d.binding} as ${exportedAs}, and a ${d.kind} is named after the name it is exported under. Use 1 to 128 ASCII letters, digits, _, - or . (export it as ${toolNameFromFunction(exportedAs).replace(/[^A-Za-z0-9_.-]/g, '_') || 'myTool'}), or name it in its tag: @${d.kind} <name>.`, loc: exportLoc(file, exportedAs) })
        continue
      }
      picks.push({ binding, name })
    }
    if (picks.length > 0) reexports.push({ module, picks })
  }
  return { reexports, findings, read: [...read] }
}

/** A tool's or prompt's name as a barrel serves it: the tag's name, else after the name exported (a resource keeps its URI). */
export function servedName(d: Declaration, exportedAs: string): string {
  if (d.kind === 'resource' || d.namedByTag || exportedAs === 'default') return d.name
  return toolNameFromFunction(exportedAs)
}

/** Where the barrel exports `name`: its `export { … as name }`, else its first `export *`. */
function exportLoc(file: SourceFile, name: string) {
  const body = file.ast.program.body
  for (const stmt of body) {
    if (stmt.type !== 'ExportNamedDeclaration') continue
    const s = (stmt.specifiers ?? []).find((x: any) => (x.exported.type === 'StringLiteral' ? x.exported.value : x.exported.name) === name)
    if (s) return locOf(file, s)
  }
  return locOf(file, body.find((s: any) => s.type === 'ExportAllDeclaration') ?? body[0])
}
