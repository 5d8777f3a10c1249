/**
 * Module augmentation (`declare module './types' { interface Settings { lang: string } }`, also of a
 * package's interface, wherever the package declares it): TypeScript merges the augmenting members into
 * the interface, and so does the resolver, given what this file finds.
 *
 * Seen: augmentations in the module itself, in every file its types were read from, and in the files these
 * import for their effects (`import './augment.ts'`, `import type {} from './augment.ts'`); compile.ts reads
 * the module again when it finds one, until no new one turns up. An augmentation in a file the build never
 * reads (a `.d.ts` only tsconfig includes) is not seen; docs/writing-tools.md says so.
 */
import { type Project, type SourceFile } from '../source/project.ts'
import { exported } from '../source/scope.ts'

/**
 * The interfaces of one augmentation block, in a scope of their own: the block's declarations, then what
 * the augmented module exports (as in TypeScript), then the augmenting file.
 */
export interface Augmentation {
  scope: SourceFile
  nodes: any[]
}

/** Augmentations by the interface they augment (`path#Name`, as the resolver keys declarations). */
export type Augmentations = ReadonlyMap<string, readonly Augmentation[]>

/** The augmentations in `files` of the interfaces in `used` (`path#Name`, what the resolver resolved). */
export function findAugmentations(project: Project, files: readonly SourceFile[], used: ReadonlySet<string>): Map<string, Augmentation[]> {
  const out = new Map<string, Augmentation[]>()
  if (used.size === 0) return out
  const names = new Set([...used].map((key) => key.slice(key.lastIndexOf('#') + 1)))
  for (const file of files) {
    const body: any[] = file.ast.program.body
    // In a script (no import or export), `declare module 'x'` declares a module rather than augmenting one.
    if (!body.some((s) => /^(Import|Export)/.test(s.type))) continue
    for (const stmt of body) {
      if (stmt.type !== 'TSModuleDeclaration' || stmt.id.type !== 'StringLiteral' || stmt.body?.type !== 'TSModuleBlock') continue
      const members = stmt.body.body.map((m: any) => (m.type === 'ExportNamedDeclaration' ? m.declaration : m))
      const interfaces = members.filter((m: any) => m?.type === 'TSInterfaceDeclaration' && names.has(m.id.name))
      if (interfaces.length === 0) continue
      const target = project.resolveModule(stmt.id.value, file.path)
      if (!target) continue
      const augmented = project.file(target)
      const scope: SourceFile = { ...file, path: `${file.path}#module ${stmt.id.value}`, ast: { program: { body: stmt.body.body } }, isDeclaration: true, parent: file, augments: augmented }
      for (const iface of interfaces) {
        const sym = exported(project, augmented, iface.id.name)
        const key = sym.kind === 'decl' ? `${sym.file.path}#${sym.name}` : ''
        if (!used.has(key)) continue
        const list = out.get(key) ?? []
        const same = list.find((a) => a.scope.path === scope.path && a.scope.source === scope.source)
        if (same) same.nodes.push(iface)
        else out.set(key, [...list, { scope, nodes: [iface] }])
      }
    }
  }
  return out
}

/** `files` and, transitively, the project files they import with no names (`import './augment.ts'`, for its effects). */
export function withBareImports(project: Project, files: readonly SourceFile[]): SourceFile[] {
  const out = [...files]
  const seen = new Set(files.map((f) => f.path))
  for (let i = 0; i < out.length; i++) {
    for (const stmt of out[i]!.ast.program.body) {
      if (stmt.type !== 'ImportDeclaration' || stmt.specifiers.length > 0 || !/^\.\.?\//.test(stmt.source.value)) continue
      const path = project.resolveModule(stmt.source.value, out[i]!.path)
      if (!path || seen.has(path) || !/\.[cm]?tsx?$/.test(path)) continue
      seen.add(path)
      out.push(project.file(path))
    }
  }
  return out
}

/** Whether `b` has an augmentation `a` lacks (compile.ts reads the module again until none is new). */
export function moreAugmentations(a: Augmentations, b: Augmentations): boolean {
  for (const [key, list] of b) if ((a.get(key)?.reduce((n, x) => n + x.nodes.length, 0) ?? 0) < list.reduce((n, x) => n + x.nodes.length, 0)) return true
  return false
}
