/**
 * Enums and named constants as TypeScript folds them at build time: an enum's members (earlier members by
 * bare name or `E.member`, other enums, consts bound to literals), and the constants a file sees (consts
 * followed through imports, enum members), for defaults and `as const` values.
 */
import type { Literal } from './ir.ts'
import type { Project, SourceFile } from '../source/project.ts'
import type { Refusal } from '../refusal.ts'
import { exported, lookup, lookupNamespace, lookupValue, type Sym } from '../source/scope.ts'
import { constantJson, constantValue, isMutableLiteral, type ConstantScope } from './constant.ts'
import type { Env } from './reader.ts'

/** What enums.ts needs of the resolver. */
export interface EnumReader {
  readonly project: Project
  refuse(code: ConstructorParameters<typeof Refusal>[0], message: string, env: Env, node: any): never
}

/** An enum's members with their values, folded as TypeScript folds them. */
export function enumMembers(r: EnumReader, sym: Extract<Sym, { kind: 'decl' }>, env: Env, seen = new Set<string>()): { name: string; value: Literal }[] {
  const out: { name: string; value: Literal }[] = []
  const key = `${sym.file.path}#${sym.name}`
  if (seen.has(key)) return out
  seen.add(key)
  // As TypeScript folds them: earlier members by bare name or E.member, other enums, consts of literals.
  const scope = constantsOf(r, sym.file, seen)
  const own: ConstantScope = {
    name: (n) => out.find((m) => m.name === n)?.value ?? scope.name(n),
    member: (o, n) => (o === sym.name ? out.find((m) => m.name === n)?.value : scope.member(o, n)),
  }
  let next = 0
  for (const decl of sym.nodes) {
    for (const m of decl.body?.members ?? decl.members ?? []) {
      const name = m.id.type === 'Identifier' ? m.id.name : m.id.value
      let value: Literal | undefined
      const init = m.initializer
      if (!init) {
        if (Number.isNaN(next)) r.refuse('MCP019', `Enum member ${name} follows a string member and has no value. Give it a literal value.`, { ...env, file: sym.file }, m)
        value = next
      } else value = constantValue(init, own)
      if (value === undefined || typeof value === 'boolean') {
        return r.refuse('MCP019', `Enum member ${name} is computed at run time, so its value is unknown at build time. Give it a string or number literal, or an expression of literals and other members (1 << 2, A | B).`, { ...env, file: sym.file }, m)
      }
      next = typeof value === 'number' ? value + 1 : (NaN as number)
      out.push({ name, value })
    }
  }
  return out
}

/** Constants as `file` sees them: consts bound to constants (followed through imports) and enum members. */
export function constantsOf(r: EnumReader, file: SourceFile, seen = new Set<string>()): ConstantScope {
  return {
    name: (n) => {
      const v = lookupValue(r.project, file, n)
      const key = v && `${v.file.path}#const ${n}`
      // An array or object literal bound to a name is a constant only `as const` (readonly); otherwise any code may change it.
      if (!v || v.kind !== 'const' || !v.node.init || seen.has(key!) || isMutableLiteral(v.node.init)) return undefined
      return constantJson(v.node.init, constantsOf(r, v.file, new Set([...seen, key!])))
    },
    member: (o, n) => {
      const sym = enumNamed(r, file, o)
      if (sym?.kind !== 'decl' || sym.declKind !== 'enum') return undefined
      return enumMembers(r, sym, { file, params: new Map() }, new Set(seen)).find((m) => m.name === n)?.value
    },
  }
}

/** The declaration `A` or `NS.Inner.A` names as `file` sees it (namespaces followed by their exports). */
function enumNamed(r: EnumReader, file: SourceFile, path: string): Sym | undefined {
  const parts = path.split('.')
  if (parts.length === 1) return lookup(r.project, file, path)
  let ns = lookupNamespace(r.project, file, parts[0]!)
  for (const part of parts.slice(1, -1)) ns = ns?.kind === 'namespace' ? exported(r.project, ns.file, part) : undefined
  return ns?.kind === 'namespace' ? exported(r.project, ns.file, parts.at(-1)!) : undefined
}
