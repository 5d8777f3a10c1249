/**
 * What a name in type position refers to: a local declaration, an import (followed through relative
 * modules, `paths`, packages and re-exports), a name exported by mcp-aot, or a global.
 */
import { PACKAGE_NAME, type Project, type SourceFile } from './project.ts'
import { globalScopes, LIB_TYPES } from './ambient.ts'

export type DeclKind = 'interface' | 'alias' | 'enum' | 'class' | 'value'

export type Sym =
  | { kind: 'decl'; file: SourceFile; declKind: DeclKind; nodes: any[]; name: string }
  | { kind: 'builtin'; name: string }
  | { kind: 'namespace'; file: SourceFile }
  /** `why`: what exists and what was not read, in one sentence (project.ts whyNotFound). */
  | { kind: 'unresolved'; specifier: string; why?: string }
  | { kind: 'not-exported'; file: SourceFile; name: string }
  | { kind: 'export-equals'; file: SourceFile; name: string }

interface ImportBinding { source: string; imported: string }
type ExportBinding = { local: string } | { from: string; imported: string }

interface FileScope {
  /** Names in type position (a class and an enum are both); a value only when no type has the name. */
  locals: Map<string, { declKind: DeclKind; nodes: any[] }>
  /** `const`/`let`/`var` declarators by name, for defaults written as a name. */
  values: Map<string, { node: any; kind: string }>
  /** `namespace N { … }` declarations by name (merged ones together). */
  namespaces: Map<string, any[]>
  /** The name a CommonJS-style module assigns with `export = X`; '' for an expression. */
  exportEquals?: string
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
  scope = { locals: new Map(), values: new Map(), namespaces: new Map(), imports: new Map(), exports: new Map(), stars: [] }
  // A type and a value may share a name (`type Status` + `const Status`): in type position the type wins.
  const setLocal = (name: string, declKind: DeclKind, node: any) => {
    const existing = scope!.locals.get(name)
    if (existing && existing.declKind === declKind) existing.nodes.push(node)
    else if (!existing || existing.declKind === 'value') scope!.locals.set(name, { declKind, nodes: [node] })
  }
  const addLocal = (node: any) => {
    if (node?.type === 'TSModuleDeclaration' && node.id.type !== 'StringLiteral') {
      const ns = nestedNamespace(node)
      scope!.namespaces.set(ns.id.name, [...(scope!.namespaces.get(ns.id.name) ?? []), ns])
      return [ns.id.name]
    }
    const d = declOf(node)
    if (node?.type === 'VariableDeclaration') {
      const names = node.declarations.filter((v: any) => v.id.type === 'Identifier').map((v: any) => v.id.name)
      for (const v of node.declarations) {
        if (v.id.type !== 'Identifier') continue
        setLocal(v.id.name, 'value', v)
        scope!.values.set(v.id.name, { node: v, kind: node.kind })
      }
      return names
    }
    if (!d) return []
    setLocal(d.name, d.declKind, node)
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
      case 'TSImportEqualsDeclaration':
        // `import X = require('./m')` (also `import type`, `export import`): X is the module, its types X.T.
        if (stmt.moduleReference.type === 'TSExternalModuleReference') {
          scope.imports.set(stmt.id.name, { source: stmt.moduleReference.expression.value, imported: '*' })
          if (stmt.isExport) scope.exports.set(stmt.id.name, { from: stmt.moduleReference.expression.value, imported: '*' })
        }
        break
      case 'TSExportAssignment':
        scope.exportEquals = stmt.expression.type === 'Identifier' ? stmt.expression.name : ''
        break
      default:
        addLocal(stmt)
    }
  }
  scopes.set(file, scope)
  return scope
}

/** `namespace A.B { … }` (Babel reads its name as one qualified name) as `namespace A { export namespace B { … } }`. */
function nestedNamespace(node: any): any {
  if (node.id.type !== 'TSQualifiedName') return node
  return nestedNamespace({ ...node, id: node.id.left, body: { ...node, id: node.id.right } })
}

function importTarget(project: Project, file: SourceFile, source: string, imported: string, seen: Set<string>): Sym {
  if (source === PACKAGE_NAME || source.startsWith(PACKAGE_NAME + '/')) return { kind: 'builtin', name: imported }
  const path = project.resolveModule(source, file.path)
  if (!path) return { kind: 'unresolved', specifier: source, why: project.whyNotFound(source, file.path) }
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
  // `export * from 'mcp-aot'` answers every name, so the project's own modules are asked first.
  const own = (s: string) => s !== PACKAGE_NAME && !s.startsWith(PACKAGE_NAME + '/')
  for (const star of [...scope.stars.filter(own), ...scope.stars.filter((s) => !own(s))]) {
    const sym = importTarget(project, file, star, name, seen)
    if (sym.kind !== 'not-exported' && sym.kind !== 'unresolved') return sym
  }
  if (scope.exportEquals !== undefined) {
    // `export = X`: a namespace X's members are the module's names; X itself is its default import.
    const target = scope.exportEquals ? lookupNamespace(project, file, scope.exportEquals) : undefined
    if (target && name === 'default') return target
    if (target?.kind === 'namespace') return exported(project, target.file, name, seen)
    return { kind: 'export-equals', file, name }
  }
  // `declare module 'x'` without a body: every import from it is any.
  if (file.shorthand) return { kind: 'decl', file, name, declKind: 'alias', nodes: [{ type: 'TSTypeAliasDeclaration', id: { type: 'Identifier', name }, typeAnnotation: { type: 'TSAnyKeyword' } }] }
  // A .d.ts without exports (a script) declares its names globally.
  if (file.isDeclaration && scope.exports.size === 0 && scope.stars.length === 0) {
    const local = scope.locals.get(name)
    if (local) return { kind: 'decl', file, name, ...local }
  }
  return { kind: 'not-exported', file, name }
}

const namespaceScopes = new WeakMap<any, SourceFile>()

/**
 * The body of `namespace name { … }` as a scope of its own: the same file (so locations stay right), its
 * declarations as locals, `export`ed ones (every one in an ambient namespace) as its names, the file around it as parent.
 */
function namespaceScope(file: SourceFile, name: string, nodes: any[]): SourceFile {
  const hit = namespaceScopes.get(nodes[0])
  if (hit) return hit
  // `namespace A.B { … }` nests B inside A.
  const body = nodes.flatMap((n) => (n.body?.type === 'TSModuleBlock' ? n.body.body : n.body ? [{ type: 'ExportNamedDeclaration', declaration: n.body, specifiers: [] }] : []))
  const ambient = file.isDeclaration || nodes.some((n) => n.declare)
  const scope: SourceFile = { ...file, path: `${file.path}#${name}`, ast: { program: { body } }, isDeclaration: ambient, parent: file }
  namespaceScopes.set(nodes[0], scope)
  return scope
}

/** What `name` means inside `file` (then the scopes around it); undefined for a global (or unknown) name. */
export function lookup(project: Project, file: SourceFile, name: string, seen = new Set<string>()): Sym | undefined {
  const scope = scopeOf(file)
  const local = scope.locals.get(name)
  if (local) return { kind: 'decl', file, name, ...local }
  const ns = scope.namespaces.get(name)
  if (ns) return { kind: 'namespace', file: namespaceScope(file, name, ns) }
  const imp = scope.imports.get(name)
  if (imp) return importTarget(project, file, imp.source, imp.imported, seen)
  if (file.augments) {
    const sym = exported(project, file.augments, name, seen)
    if (sym.kind !== 'not-exported') return sym
  }
  if (file.parent) return lookup(project, file.parent, name, seen)
  return LIB_TYPES.has(name) ? undefined : globalDeclaration(project, name)
}

/** A name no scope declares: a global of the project (`declare global`, a `.d.ts` script; ambient.ts). */
function globalDeclaration(project: Project, name: string): Sym | undefined {
  for (const scope of globalScopes(project)) {
    const local = scopeOf(scope).locals.get(name)
    if (local) {
      project.read.add(scope.path.split('#')[0]!)
      return { kind: 'decl', file: scope, name, ...local }
    }
    const ns = scopeOf(scope).namespaces.get(name)
    if (ns) return { kind: 'namespace', file: namespaceScope(scope, name, ns) }
  }
  return undefined
}

/** What `name` means as the left side of `name.T`: a namespace first (it may share its name with a class or function). */
export function lookupNamespace(project: Project, file: SourceFile, name: string): Sym | undefined {
  const ns = scopeOf(file).namespaces.get(name)
  if (ns) return { kind: 'namespace', file: namespaceScope(file, name, ns) }
  return lookup(project, file, name)
}

/** What `name` means inside `file` as a value: its `const`/`let`/`var` declarator, or an import of one. */
export function lookupValue(project: Project, file: SourceFile, name: string, seen = new Set<string>()): { file: SourceFile; node: any; kind: string } | undefined {
  const scope = scopeOf(file)
  const local = scope.values.get(name)
  if (local) return { file, ...local }
  const imp = scope.imports.get(name)
  if (!imp || imp.imported === '*' || imp.source === PACKAGE_NAME) return undefined
  const path = project.resolveModule(imp.source, file.path)
  if (!path) return undefined
  return exportedValue(project, project.file(path), imp.imported, seen)
}

function exportedValue(project: Project, file: SourceFile, name: string, seen: Set<string>): { file: SourceFile; node: any; kind: string } | undefined {
  const key = `${file.path}#${name}`
  if (seen.has(key)) return undefined
  seen.add(key)
  const binding = scopeOf(file).exports.get(name)
  if (!binding) return undefined
  if ('local' in binding) return lookupValue(project, file, binding.local, seen)
  const path = binding.imported === '*' ? undefined : project.resolveModule(binding.from, file.path)
  return path ? exportedValue(project, project.file(path), binding.imported, seen) : undefined
}

/** Every top-level declaration of a file, for the extractor. */
export function localDeclaration(file: SourceFile, name: string): { declKind: DeclKind; nodes: any[] } | undefined {
  return scopeOf(file).locals.get(name)
}

/** `import('./opts').Opts` (what tsc writes in a package's .d.ts): the type the module exports, through its namespaces. */
export function importedType(project: Project, file: SourceFile, node: any): { sym: Sym; name: string } {
  const specifier: string = (node.source ?? node.argument?.literal ?? node.argument).value
  const parts: string[] = []
  for (let q = node.qualifier; q; q = q.type === 'TSQualifiedName' ? q.left : undefined) parts.unshift(q.type === 'TSQualifiedName' ? q.right.name : q.name)
  const name = `import('${specifier}')${parts.map((p) => `.${p}`).join('')}`
  if (specifier === PACKAGE_NAME) return { sym: parts.length === 1 ? { kind: 'builtin', name: parts[0]! } : { kind: 'unresolved', specifier, why: `Write ${name} as an import: import type { … } from 'mcp-aot'.` }, name }
  const path = project.resolveModule(specifier, file.path)
  if (!path) return { sym: { kind: 'unresolved', specifier, why: project.whyNotFound(specifier, file.path) }, name }
  let sym: Sym = { kind: 'namespace', file: project.file(path) }
  for (const part of parts) {
    if (sym.kind !== 'namespace') break
    sym = exported(project, sym.file, part)
  }
  return { sym, name }
}

/**
 * Every name a module exports, its own and those of its `export *` modules (all but their `default`, as
 * ECMAScript has it), in order written; `export *` of a package (a file under node_modules) is not followed.
 */
export function exportedNames(project: Project, file: SourceFile, seen = new Set<string>()): string[] {
  if (seen.has(file.path)) return []
  seen.add(file.path)
  const scope = scopeOf(file)
  const names = new Set(scope.exports.keys())
  for (const star of scope.stars) {
    const path = project.resolveModule(star, file.path)
    if (!path || !isProjectModule(path)) continue
    for (const name of exportedNames(project, project.file(path), seen)) if (name !== 'default') names.add(name)
  }
  return [...names]
}

/** A module of the project's own, which the plugin compiles: no type declaration file, nothing under node_modules. */
export function isProjectModule(path: string): boolean {
  return !/[\\/]node_modules[\\/]|\.d\.[mc]?ts$|#/.test(path)
}
