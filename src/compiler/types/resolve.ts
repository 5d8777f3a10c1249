/**
 * TypeScript type syntax → the type IR. Each kind of type node is handled in one place; everything
 * outside SCHEMA.md's contract is refused with its own code and a sentence saying what to write instead.
 */
import { DEFAULT_SCHEMA_BUDGET, finite, type Literal, type Origin, type TypeIR } from './ir.ts'
import { builtinValue, CONTENT_TYPES, TAG_NAMES } from './builtins.ts'
import { locOf, type Project, type SourceFile } from '../source/project.ts'
import { atUse, inPackage, Refusal } from '../refusal.ts'
import { lookup, lookupNamespace, exported, importedType, type Sym } from '../source/scope.ts'
import { literalValue, type ConstantScope } from './constant.ts'
import { resolveGlobal } from './globals.ts'
import { isTypeFest, TYPE_FEST, typeFest } from './operators/type-fest.ts'
import { carriesJson } from './objects.ts'
import { readMembers, unionOf } from './members.ts'
import { constantsOf, enumMembers } from './enums.ts'
import type { Env, Members, Reader, Resolved } from './reader.ts'
import { intersect, NoValue } from './intersect.ts'
import { mergeProps, objectOrEmpty, objectType, type ObjectIR } from './objects.ts'
import type { Augmentations } from './augment.ts'
import { applyTags, type Tag } from './tags.ts'
import { indexedAccess, keyOf, mappedType, typeQuery } from './operators/access.ts'
import { templateType } from './operators/template.ts'
import { tupleType } from './operators/tuple.ts'
import { conditionalType } from './operators/filter.ts'

/** A declaration being resolved (its instantiation key → the ref its self-references get). */
interface Open {
  ref: Extract<TypeIR, { kind: 'ref' }>
  type?: TypeIR
  used: boolean
}

const UNSUPPORTED: Record<string, string> = {
  TSInferType: 'infer is not part of the contract. Write the resulting type out.',
  TSTypePredicate: 'Type predicates are not part of the contract.',
  TSThisType: 'The this type is not part of the contract. Name the type instead.',
}

/** A type node without the parentheses around it (`(never)`). */
export interface ResolverOptions {
  /** The largest input or output schema a tool may have, in bytes of JSON (default 64 KiB). */
  schemaBudget?: number
}

/** What compile.ts found augmenting the interfaces a module uses (augment.ts); merged as TypeScript does. */
export interface ResolverInputs {
  augmentations?: Augmentations
}

export class Resolver implements Reader {
  readonly project: Project
  /** Declarations being resolved, by instantiation (`file#Name<args>`), to detect recursion. */
  private open = new Map<string, Open>()
  /** The `$defs` name of each recursive instantiation: the type's name, numbered when two share it. */
  private defNames = new Map<string, string>()
  readonly schemaBudget: number
  /** The declaration each named type's IR node came from (size.ts names the one that multiplies). */
  readonly origins = new WeakMap<object, Origin>()
  /** Declarations resolved once per set of type arguments: one IR node per named type, however often it is used. */
  private readonly resolved = new Map<string, Resolved>()
  private readonly ids = new Map<Resolved, number>()
  /** Every interface resolved (`path#Name`), so augmentations of them can be found (augment.ts). */
  readonly interfaces = new Set<string>()

  private readonly augmentations: Augmentations

  constructor(project: Project, options: ResolverOptions = {}, inputs: ResolverInputs = {}) {
    this.project = project
    this.augmentations = inputs.augmentations ?? new Map()
    this.schemaBudget = options.schemaBudget ?? DEFAULT_SCHEMA_BUDGET
  }

  refuse(code: ConstructorParameters<typeof Refusal>[0], message: string, env: Env, node: any, noJson?: string): never {
    throw new Refusal(code, message, locOf(env.file, node), noJson)
  }

  /** Resolves a type node that must describe a JSON value (an argument, a property, an item). */
  value(node: any, env: Env): TypeIR {
    return this.asValue(this.resolve(node, env), env, node)
  }

  asValue(r: Resolved, env: Env, node: any): TypeIR {
    switch (r.kind) {
      case 'optional': return r.inner
      case 'function': return this.refuse('MCP011', `typeof ${r.name} is a function, which cannot travel as JSON. Pass the data it works on, or ReturnType<typeof ${r.name}> for what it returns.`, env, node)
      case 'brand': return this.refuse('MCP012', 'An object type keyed by a unique symbol has no JSON value (JSON carries no symbol keys). Use it as a brand, intersected with the type it brands: string & { readonly [brand]: \'UserId\' }.', env, node)
      case 'tag': return this.refuse('MCP021', `A constraint tag needs a type to constrain: write it intersected with one, such as string & MaxLength<80> or number & Min<0>.`, env, node)
      case 'void': return this.refuse('MCP014', 'void describes no value, so it cannot be an argument. Remove the parameter or give it a value type.', env, node)
      case 'undefined': return this.refuse('MCP014', 'undefined alone describes no JSON value: a parameter or property of this type can only be left out. Remove it, or give it the type of the value it may carry (x?: string).', env, node)
      case 'null': return this.refuse('MCP020', 'null alone is not an argument type. Write T | null for a value that may be null.', env, node)
      case 'special':
        if (r.name === 'context' || r.name === 'signal') {
          return this.refuse('MCP020', `${r.name === 'context' ? 'ToolContext' : 'AbortSignal'} is filled in by the runtime and can only be a parameter of its own, not part of an argument type.`, env, node)
        }
        return this.refuse('MCP020', r.name === 'promise' ? 'A Promise is not an argument value. Declare the awaited type instead.' : 'Content parts and ToolResult are return types, not argument types.', env, node)
      default: return r
    }
  }

  resolve(node: any, env: Env): Resolved {
    switch (node.type) {
      case 'TSStringKeyword': return { kind: 'string' }
      case 'TSNumberKeyword': return { kind: 'number', integer: false }
      case 'TSBooleanKeyword': return { kind: 'boolean' }
      case 'TSBigIntKeyword': return { kind: 'bigint' }
      case 'TSAnyKeyword': return { kind: 'any', any: true }
      case 'TSUnknownKeyword': return { kind: 'any' }
      case 'TSObjectKeyword': return { kind: 'nonprimitive' }
      case 'TSNullKeyword': return { kind: 'null' }
      case 'TSUndefinedKeyword': return { kind: 'undefined' }
      case 'TSVoidKeyword': return { kind: 'void' }
      case 'TSNeverKeyword': return this.refuse('MCP013', 'never describes no value, so no call could satisfy it. Use the type the argument really has.', env, node)
      case 'TSSymbolKeyword': return this.refuse('MCP012', 'A symbol cannot travel as JSON. Use a string or a literal union instead.', env, node)
      case 'TSFunctionType':
      case 'TSConstructorType':
      case 'TSMethodSignature': return this.refuse('MCP011', 'A function cannot travel as JSON. Pass the data the function would work on instead.', env, node)
      case 'TSParenthesizedType': return this.resolve(node.typeAnnotation, env)
      case 'TSLiteralType': return { kind: 'enum', values: [this.literal(node.literal, env)] }
      case 'TSArrayType': return this.array(node.elementType, env)
      case 'TSTupleType': return tupleType(this, node, env)
      case 'TSTypeLiteral': return this.symbolic(readMembers(this, node.members, env), env, node)
      case 'TSUnionType': return unionOf(this, (node.types.some((t: any) => t.type !== 'TSNeverKeyword') ? node.types.filter((t: any) => t.type !== 'TSNeverKeyword') : node.types).map((t: any) => [t, this.resolve(t, env)]), env) // string | never is string
      case 'TSIntersectionType': return this.intersection(node, env)
      case 'TSTypeOperator':
        if (node.operator === 'readonly') return this.resolve(node.typeAnnotation, env)
        if (node.operator === 'unique') return this.refuse('MCP012', 'A unique symbol cannot travel as JSON. Use a string or a literal union instead.', env, node)
        return keyOf(this, node, env)
      case 'TSTypeQuery': return typeQuery(this, node, env)
      case 'TSIndexedAccessType': return indexedAccess(this, node, env)
      case 'TSTemplateLiteralType': return templateType(this, node, env)
      case 'TSMappedType': return mappedType(this, node, env)
      case 'TSConditionalType': return conditionalType(this, node, env)
      case 'TSImportType': { const t = importedType(this.project, env.file, node); return this.symbol(t.sym, t.name, node.typeArguments?.params ?? [], env, node) }
      case 'TSTypeReference': return this.reference(node.typeName, node.typeArguments?.params ?? [], env, node)
      default: {
        const why = UNSUPPORTED[node.type] ?? `This type syntax (${node.type}) is not part of the contract. Use the types SCHEMA.md lists.`
        return this.refuse('MCP020', why, env, node)
      }
    }
  }

  /** An array type; an array of content parts stays content (a return type). */
  array(itemNode: any, env: Env): Resolved {
    if (itemNode.type === 'TSNeverKeyword') return { kind: 'tuple', elements: [] } // never[]: only the empty array
    const items = this.resolve(itemNode, env)
    if (items.kind === 'special' && items.name === 'content') return items
    return { kind: 'array', items: this.asValue(items, env, itemNode) }
  }

  literal(lit: any, env: Env): Literal {
    const bigint = lit.type === 'BigIntLiteral' || (lit.type === 'UnaryExpression' && lit.argument?.type === 'BigIntLiteral')
    const value = bigint ? undefined : literalValue(lit)
    if (value !== undefined) return value
    if (lit.type === 'TemplateLiteral') return this.refuse('MCP020', 'Template literal types are not part of the contract. Use string & Pattern<\'…\'> to constrain the text.', env, lit)
    if (lit.type === 'BigIntLiteral') return this.refuse('MCP020', 'bigint literal types are not part of the contract. Use bigint.', env, lit)
    return this.refuse('MCP020', 'This literal type is not part of the contract. Use a string, number or boolean literal.', env, lit)
  }

  /** An object body, or a brand when unique symbols are all its keys; symbol keys beside others are refused. */
  private symbolic(m: Members, env: Env, node: any): Resolved {
    if (!m.symbols) return this.objectBody(m)
    if (m.props.length === 0 && !m.rest && !m.absent) return { kind: 'brand' }
    return this.refuse('MCP012', 'A unique symbol key beside other properties cannot travel as JSON (JSON carries no symbol keys). Put the brand in an object type of its own and intersect it: { id: string } & { readonly [brand]: \'Order\' }.', env, node)
  }

  /** The type of an object body: `{}` (no property, no index signature) is any value but null, as in TypeScript. */
  private objectBody(m: Members): TypeIR {
    return m.closed ? objectType(m.props, m.rest, m.absent, m.keys) : objectOrEmpty(m.props, m.rest, m.absent, m.keys)
  }

  /** `A & B & …`: the value types intersected (intersect.ts), then the constraint tags applied. */
  private intersection(node: any, env: Env): Resolved {
    const tags: Tag[] = []
    let type: TypeIR | undefined
    for (const t of node.types) {
      const r = this.resolve(t, env)
      if (r.kind === 'tag') {
        tags.push(r)
        continue
      }
      // A unique-symbol brand (`string & { readonly [brand]: 'UserId' }`) constrains nothing JSON carries.
      if (r.kind === 'brand') continue
      const value = this.asValue(r.kind === 'ref' && r.type()?.kind === 'object' ? r.type()! : r, env, t)
      try {
        type = type ? intersect(type, value) : value
      } catch (e) {
        if (!(e instanceof NoValue)) throw e
        const what = e.code === 'MCP013' ? 'This intersection describes no value (TypeScript reduces it to never)' : 'This intersection cannot be written as one schema'
        return this.refuse(e.code, `${what}: ${e.message}. Intersect types that share values, such as { id: string } & Partial<Todo> or string & MaxLength<80>.`, env, node)
      }
    }
    if (!type) {
      return this.refuse('MCP021', 'Constraint tags need a type to constrain: write them intersected with one, such as string & MaxLength<80>.', env, node)
    }
    return applyTags(type, tags)
  }

  private reference(name: any, args: any[], env: Env, node: any): Resolved {
    if (name.type === 'Identifier' && env.params.has(name.name)) return env.params.get(name.name)!
    if (name.type === 'TSQualifiedName') return this.qualified(name, args, env, node)
    const sym = lookup(this.project, env.file, name.name)
    if (!sym) return resolveGlobal(this, name.name, args, env, node)
    return this.symbol(sym, name.name, args, env, node)
  }

  /** What the left side of `A.B.T` names: `A` looked up in this file, each further part exported by the namespace before it. */
  private qualifier(left: any, env: Env): Sym | undefined {
    if (left.type === 'Identifier') return lookupNamespace(this.project, env.file, left.name)
    const outer = this.qualifier(left.left, env)
    return outer?.kind === 'namespace' ? exported(this.project, outer.file, left.right.name) : undefined
  }

  private qualified(name: any, args: any[], env: Env, node: any): Resolved {
    const left = this.qualifier(name.left, env)
    if (!left && name.left.type === 'Identifier' && name.left.name === 'globalThis') return resolveGlobal(this, name.right.name, args, env, node)
    const leftText = qualifiedText(name.left)
    if (left?.kind === 'namespace') return this.symbol(exported(this.project, left.file, name.right.name), name.right.name, args, env, node)
    if (left?.kind === 'decl' && left.declKind === 'enum') {
      const members = enumMembers(this, left, env)
      const hit = members.find((m) => m.name === name.right.name)
      if (hit) return { kind: 'enum', values: [hit.value] }
    }
    if (left?.kind === 'builtin' && left.name === '*') return this.builtin(name.right.name, args, env, node)
    if (left?.kind === 'export-equals') return this.symbol(left, `${leftText}.${name.right.name}`, args, env, node)
    return this.refuse('MCP018', `Cannot find the type ${leftText}.${name.right.name}. Import it, or declare it in this file.`, env, node)
  }

  private symbol(sym: Sym, name: string, args: any[], env: Env, node: any): Resolved {
    switch (sym.kind) {
      case 'builtin': return this.builtin(sym.name, args, env, node)
      case 'unresolved': return this.refuse('MCP018', `Cannot read the module '${sym.specifier}' that ${name} is imported from. ${sym.why ?? 'Check the path (relative imports, tsconfig paths, an installed package with types).'}`, env, node)
      case 'not-exported': {
        const where = sym.file.parent ? `The namespace ${sym.file.path.slice(sym.file.path.lastIndexOf('#') + 1)}` : sym.file.display
        return this.refuse('MCP018', `${where} does not export a type named ${sym.name}. Export it there, or import the right name.`, env, node)
      }
      case 'namespace': return this.refuse('MCP020', `${name} is a module namespace, not a type. Write ${name}.TypeName.`, env, node)
      case 'export-equals':
        return this.refuse('MCP034', `${name} comes from ${sym.file.display}, whose \`export =\` assigns a value, not a namespace of types, so it exports no type ${sym.name}. Declare the fields you need in an interface of your own and use that.`, env, node)
      case 'decl': return this.declaration(sym, args, env, node)
    }
  }

  private builtin(name: string, args: any[], env: Env, node: any): Resolved {
    const value = builtinValue(name)
    if (value) return value
    const tag = TAG_NAMES[name]
    if (tag) {
      const arg = args[0]
      // A literal, or a generic alias's parameter bound to one (`type Bounded<N extends number> = Int & Max<N>`).
      const r = arg ? this.resolve(arg, env) : undefined
      if (!r || r.kind !== 'enum' || r.values.length !== 1) {
        return this.refuse('MCP026', `${name}<…> takes one literal: ${tag === 'pattern' ? "Pattern<'^[a-z]+$'>" : `${name}<1>`}.`, env, node)
      }
      const v = r.values[0]!
      if (tag === 'pattern' ? typeof v !== 'string' : typeof v !== 'number') {
        return this.refuse('MCP026', `${name}<…> takes a ${tag === 'pattern' ? 'string' : 'number'} literal.`, env, node)
      }
      return { kind: 'tag', tag, value: v as number | string, loc: locOf(env.file, node) }
    }
    if (name === 'ToolContext') return { kind: 'special', name: 'context' }
    if (name === 'ToolResult') return { kind: 'special', name: 'result' }
    if (CONTENT_TYPES.has(name)) return { kind: 'special', name: 'content' }
    return this.refuse('MCP018', `mcp-aot exports no type named ${name}. See the type table in docs/writing-tools.md (Int, Min, MaxLength, Email, …).`, env, node)
  }

  objectOf(r: Resolved, what: string, env: Env, node: any): ObjectIR {
    if (r.kind === 'ref' && r.type()?.kind === 'object') return r.type() as ObjectIR
    if (r.kind === 'object') return r
    if (r.kind === 'nonnull') return objectType([], undefined)
    return this.refuse('MCP020', `${what}<…> applies to object types (interfaces, object literals, aliases of them).`, env, node)
  }

  private declaration(sym: Extract<Sym, { kind: 'decl' }>, args: any[], env: Env, node: any): Resolved {
    if (TYPE_FEST.has(sym.name) && isTypeFest(sym.file.path)) return typeFest(this, sym.name, args, env, node)
    switch (sym.declKind) {
      case 'class': return this.refuse('MCP010', `${sym.name} is a class: a JSON argument arrives as plain data, never as a class instance. Declare an interface with the fields instead.`, env, node, carriesJson(sym) ? undefined : sym.name)
      case 'value': return this.refuse('MCP020', `${sym.name} is a value, not a type. Declare an interface or type alias.`, env, node)
      case 'enum': return { kind: 'enum', values: enumMembers(this, sym, env).map((m) => m.value) }
    }
    const decl = sym.nodes[0]
    const base = `${sym.file.path}#${sym.name}`
    if (sym.declKind === 'interface') this.interfaces.add(base)
    const params = this.bind(decl, sym, args, env, node)
    // One IR node per declaration and type arguments (the same argument nodes): shared types stay shared.
    const key = `${base}<${[...params.values()].map((r) => this.identity(r)).join(',')}>`
    const known = this.resolved.get(key)
    if (known) return known
    // A self-reference: the ref to the definition being built (recursion is written with $defs/$ref).
    const open = this.open.get(key)
    if (open) {
      // Named on first use, so only recursive types take names.
      if (!open.used) open.ref.name = this.defName(sym.name, key)
      open.used = true
      return open.ref
    }
    if ([...this.open.keys()].some((k) => k.startsWith(`${base}<`))) {
      return this.refuse('MCP017', `${sym.name} refers to itself with other type arguments, so it never ends. Write the inner use with the same type arguments it declares.`, env, node)
    }
    // A finding inside a package's type is located where the user's code names it (atUse, refusal.ts).
    const out = atUse(inPackage(sym.file.path) && !inPackage(env.file.path), sym.name, locOf(env.file, node), () => this.instantiate(sym, decl, params, key, env, node))
    if (!this.origins.has(out)) this.origins.set(out, { name: sym.name, loc: locOf(sym.file, decl) })
    this.resolved.set(key, out)
    return out
  }

  private identity(r: Resolved): number {
    let id = this.ids.get(r)
    if (id === undefined) this.ids.set(r, (id = this.ids.size))
    return id
  }

  /** A declaration's body with its type parameters bound: the body itself, or a ref to it when it recurses. */
  private instantiate(sym: Extract<Sym, { kind: 'decl' }>, decl: any, params: Map<string, Resolved>, key: string, env: Env, node: any): Resolved {
    const entry: Open = { ref: { kind: 'ref', name: '', type: () => entry.type! }, used: false }
    this.open.set(key, entry)
    let body: Resolved
    try {
      body = this.body(sym, decl, { file: sym.file, params })
    } finally {
      this.open.delete(key)
    }
    if (!entry.used) return body
    const direct = (t: Resolved): boolean => (t.kind === 'union' ? t.members.some(direct) : t.kind === 'nullable' ? direct(t.inner) : t === entry.ref)
    if (direct(body)) {
      return this.refuse('MCP017', `${sym.name} is one of its own union branches, which describes no JSON value. Put the recursion in a property or an array item.`, env, node)
    }
    if (body.kind !== 'object' && body.kind !== 'union' && body.kind !== 'nullable' && body.kind !== 'array' && body.kind !== 'tuple') {
      return this.refuse('MCP017', `${sym.name} refers to itself outside an object, array or union, so it describes no JSON value. Put the recursion in a property or an array item.`, env, node)
    }
    entry.type = body
    if (!finite(body, new Set([entry.ref.name]))) {
      return this.refuse('MCP038', `${sym.name} refers to itself through required properties only, so no finite value has this type. Give the recursion a way to end: make the property optional, nullable (T | null) or an array (T[]).`, env, node)
    }
    return entry.ref
  }

  private defName(name: string, key: string): string {
    const known = this.defNames.get(key)
    if (known) return known
    const taken = new Set(this.defNames.values())
    let n = 1
    while (taken.has(n === 1 ? name : `${name}${n}`)) n++
    const out = n === 1 ? name : `${name}${n}`
    this.defNames.set(key, out)
    return out
  }

  /** The type an alias or interface declares. */
  private body(sym: Extract<Sym, { kind: 'decl' }>, decl: any, inner: Env): Resolved {
    if (sym.declKind === 'alias') return this.resolve(decl.typeAnnotation, inner)
    // The declarations of the interface, then those of its module augmentations, each read in its own scope.
    const parts = [
      ...sym.nodes.map((d) => ({ d, env: inner })),
      ...(this.augmentations.get(`${sym.file.path}#${sym.name}`) ?? []).flatMap((a) => a.nodes.map((d) => ({ d, env: { ...inner, file: a.scope } }))),
    ]
    let acc: Members = { props: [] }
    for (const { d, env } of parts) {
      for (const h of d.extends ?? []) {
        const base = this.heritage(h, env)
        acc = { props: mergeProps(acc.props, base.props), rest: base.rest ?? acc.rest, keys: base.rest ? base.keys : acc.keys, absent: [...(acc.absent ?? []), ...(base.absent ?? [])] }
      }
    }
    for (const { d, env } of parts) acc = readMembers(this, d.body.body, env, acc)
    return this.symbolic(acc, inner, decl)
  }

  private heritage(h: any, env: Env): ObjectIR {
    const expr = h.expression
    const name = expr.type === 'Identifier' ? expr : expr.type === 'MemberExpression' ? { type: 'TSQualifiedName', left: expr.object, right: expr.property } : expr
    const r = this.reference(name, h.typeArguments?.params ?? [], env, h)
    return this.objectOf(r, 'extends', env, h)
  }

  /** A generic declaration's parameters: arguments resolve where they are written, defaults where the declaration is. */
  private bind(decl: any, sym: Extract<Sym, { kind: 'decl' }>, args: any[], env: Env, node: any): Map<string, Resolved> {
    const name = sym.name
    const params = decl.typeParameters?.params ?? []
    const bound = new Map<string, Resolved>()
    params.forEach((p: any, i: number) => {
      const pname = typeof p.name === 'string' ? p.name : p.name.name
      if (args[i]) bound.set(pname, this.resolve(args[i], env))
      else if (p.default) bound.set(pname, this.resolve(p.default, { file: sym.file, params: bound }))
      else this.refuse('MCP016', `${name} is generic: give it a concrete type argument for ${pname} (${name}<string>).`, env, node)
    })
    if (args.length > params.length) this.refuse('MCP020', `${name} takes ${params.length} type argument(s), ${args.length} given.`, env, node)
    return bound
  }


  /** Constants as `file` sees them (enums.ts). */
  constants(file: SourceFile): ConstantScope {
    return constantsOf(this, file)
  }
}

/** `A.B.C` as written. */
const qualifiedText = (name: any): string => (name.type === 'Identifier' ? name.name : `${qualifiedText(name.left)}.${name.right.name}`)
