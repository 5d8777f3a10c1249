/**
 * What a name in type position refers to: a local declaration, an import (followed through relative
 * modules, `paths`, packages and re-exports), a name exported by mcp-aot, or a global.
 */
import { PACKAGE_NAME, type Project, type SourceFile } from './project.ts'

export type DeclKind = 'interface' | 'alias' | 'enum' | 'class' | 'value'

export type Sym =
  | { kind: 'decl'; file: SourceFile; declKind: DeclKind; nodes: any[]; name: string }
  | { kind: 'builtin'; name: string }
  | { kind: 'namespace'; file: SourceFile }
  | { kind: 'unresolved'; specifier: string }
  | { kind: 'not-exported'; file: SourceFile; name: string }

interface ImportBinding { source: string; imported: string }
type ExportBinding = { local: string } | { from: string; imported: string }

interface FileScope {
  locals: Map<string, { declKind: DeclKind; nodes: any[] }>
  imports: Map<string, ImportBinding>
  exports: Map<string, ExportBinding>
  stars: string[]
}

const scopes = new WeakMap<SourceFile, FileScope>()

function declOf(node: any): { name: string; declKind: DeclKind } | undefined {
  switch (node?.type) {
    case 'TSInterfaceDeclaration': return { name: node.id.name, declKind: 'interface' }
    case 'TSTypeAliasDeclaration': return { name: node.id.name, declKind: 'alias' }
    case 'TSEnumDeclaration': return { name: node.id.name, declKind: 'enum' }
    case 'ClassDeclaration': return node.id ? { name: node.id.name, declKind: 'class' } : undefined
    case 'FunctionDeclaration':
    case 'TSDeclareFunction': return node.id ? { name: node.id.name, declKind: 'value' } : undefined
    default: return undefined
  }
}

function nameOf(node: any): string {
  return node.type === 'StringLiteral' ? node.value : node.name
}

function scopeOf(file: SourceFile): FileScope {
  let scope = scopes.get(file)
  if (scope) return scope
  scope = { locals: new Map(), imports: new Map(), exports: new Map(), stars: [] }
  const addLocal = (node: any) => {
    const d = declOf(node)
    if (node?.type === 'VariableDeclaration') {
      for (const v of node.declarations) if (v.id.type === 'Identifier') scope!.locals.set(v.id.name, { declKind: 'value', nodes: [v] })
      return node.declarations.filter((v: any) => v.id.type === 'Identifier').map((v: any) => v.id.name)
    }
    if (!d) return []
    const existing = scope!.locals.get(d.name)
    if (existing && existing.declKind === d.declKind) existing.nodes.push(node)
    else scope!.locals.set(d.name, { declKind: d.declKind, nodes: [node] })
    return [d.name]
  }
  for (const stmt of file.ast.program.body) {
    switch (stmt.type) {
      case 'ImportDeclaration':
        for (const s of stmt.specifiers) {
          const imported = s.type === 'ImportDefaultSpecifier' ? 'default' : s.type === 'ImportNamespaceSpecifier' ? '*' : nameOf(s.imported)
          scope.imports.set(s.local.name, { source: stmt.source.value, imported })
        }
        break
      case 'ExportNamedDeclaration':
        if (stmt.declaration) for (const name of addLocal(stmt.declaration)) scope.exports.set(name, { local: name })
        for (const s of stmt.specifiers ?? []) {
          const exported = nameOf(s.exported)
          if (s.type === 'ExportNamespaceSpecifier') scope.exports.set(exported, { from: stmt.source.value, imported: '*' })
          else if (stmt.source) scope.exports.set(exported, { from: stmt.source.value, imported: nameOf(s.local) })
          else scope.exports.set(exported, { local: nameOf(s.local) })
        }
        break
      case 'ExportAllDeclaration':
        if (stmt.exported) scope.exports.set(nameOf(stmt.exported), { from: stmt.source.value, imported: '*' })
        else scope.stars.push(stmt.source.value)
        break
      case 'ExportDefaultDeclaration': {
        const names = addLocal(stmt.declaration)
        if (names[0]) scope.exports.set('default', { local: names[0] })
        else if (stmt.declaration.type === 'Identifier') scope.exports.set('default', { local: stmt.declaration.name })
        break
      }
      default:
        addLocal(stmt)
    }
  }
  scopes.set(file, scope)
  return scope
}

function importTarget(project: Project, file: SourceFile, source: string, imported: string, seen: Set<string>): Sym {
  if (source === PACKAGE_NAME || source.startsWith(PACKAGE_NAME + '/')) return { kind: 'builtin', name: imported }
  const path = project.resolveModule(source, file.path)
  if (!path) return { kind: 'unresolved', specifier: source }
  const target = project.file(path)
  if (imported === '*') return { kind: 'namespace', file: target }
  return exported(project, target, imported, seen)
}

/** The symbol a module exports under `name`, following re-exports. */
export function exported(project: Project, file: SourceFile, name: string, seen = new Set<string>()): Sym {
  const key = `${file.path}#${name}`
  if (seen.has(key)) return { kind: 'not-exported', file, name }
  seen.add(key)
  const scope = scopeOf(file)
  const binding = scope.exports.get(name)
  if (binding) {
    if ('from' in binding) return importTarget(project, file, binding.from, binding.imported, seen)
    return lookup(project, file, binding.local, seen) ?? { kind: 'not-exported', file, name }
  }
  for (const star of scope.stars) {
    const sym = importTarget(project, file, star, name, seen)
    if (sym.kind !== 'not-exported' && sym.kind !== 'unresolved') return sym
  }
  // A .d.ts without exports (a script) declares its names globally.
  if (file.isDeclaration && scope.exports.size === 0 && scope.stars.length === 0) {
    const local = scope.locals.get(name)
    if (local) return { kind: 'decl', file, name, ...local }
  }
  return { kind: 'not-exported', file, name }
}

/** What `name` means inside `file`; undefined for a global (or unknown) name. */
export function lookup(project: Project, file: SourceFile, name: string, seen = new Set<string>()): Sym | undefined {
  const scope = scopeOf(file)
  const local = scope.locals.get(name)
  if (local) return { kind: 'decl', file, name, ...local }
  const imp = scope.imports.get(name)
  if (imp) return importTarget(project, file, imp.source, imp.imported, seen)
  return undefined
}

/** Every top-level declaration of a file, for the extractor. */
export function localDeclaration(file: SourceFile, name: string): { declKind: DeclKind; nodes: any[] } | undefined {
  return scopeOf(file).locals.get(name)
}
