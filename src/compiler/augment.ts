/**
 * Module augmentation (`declare module './types' { interface Settings { lang: string } }`, also of a
 * package's interface): TypeScript merges the augmenting members into the interface, wherever it is
 * declared. mcp-aot does not merge them (it reads the files a module's types come from, not the whole
 * program tsc sees), so an augmentation of an interface a declaration uses is refused (MCP041) rather
 * than ignored: the schema would lack the added members, refusing valid values and passing invalid ones.
 *
 * Seen: augmentations in the module itself and in every file its types were read from. An augmentation in
 * a file the build never reads (a `.d.ts` only tsconfig includes) is not seen; docs/writing-tools.md says so.
 */
import type { Diagnostic } from './diagnostics.ts'
import { locOf, type Project, type SourceFile } from './project.ts'
import { exported } from './scope.ts'

/** `file`'s augmentations of interfaces in `used` (`path#Name`, what the resolver resolved), one finding each. */
export function augmentationFindings(project: Project, files: readonly SourceFile[], used: ReadonlySet<string>): Diagnostic[] {
  if (used.size === 0) return []
  const names = new Set([...used].map((key) => key.slice(key.lastIndexOf('#') + 1)))
  const out: Diagnostic[] = []
  for (const file of files) {
    const body: any[] = file.ast.program.body
    // In a script (no import or export), `declare module 'x'` declares a module rather than augmenting one.
    if (!body.some((s) => /^(Import|Export)/.test(s.type))) continue
    for (const stmt of body) {
      if (stmt.type !== 'TSModuleDeclaration' || stmt.id.type !== 'StringLiteral' || stmt.body?.type !== 'TSModuleBlock') continue
      for (const member of stmt.body.body) {
        const iface = member.type === 'ExportNamedDeclaration' ? member.declaration : member
        if (iface?.type !== 'TSInterfaceDeclaration' || !names.has(iface.id.name)) continue
        const target = project.resolveModule(stmt.id.value, file.path)
        const sym = target ? exported(project, project.file(target), iface.id.name) : undefined
        if (sym?.kind !== 'decl' || !used.has(`${sym.file.path}#${sym.name}`)) continue
        out.push({
          code: 'MCP041',
          message: `This augments ${sym.name} (declared in ${sym.file.display}), which a declaration here uses, and mcp-aot does not merge module augmentations, so its schema would lack what this adds. Declare the members in ${sym.name} itself, or in an interface of your own that extends it (interface My${sym.name} extends ${sym.name} { … }) and use that.`,
          loc: locOf(file, iface),
        })
      }
    }
  }
  return out
}
