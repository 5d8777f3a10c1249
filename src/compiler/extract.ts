/**
 * Finds the exported functions of a module whose JSDoc carries `@tool`, `@resource` or `@prompt`, and
 * reads each one's tags and parameters into a declaration: the one model every later stage reads.
 */
import type { ResultPlan } from '../runtime/table.ts'
import type { Diagnostic } from './diagnostics.ts'
import { fitsDefault } from './defaults.ts'
import { nameKey } from './duplicates.ts'
import type { Literal, Loc, Prop, TypeIR } from './ir.ts'
import { normalize, parseJsDoc, splitParam, type JsDoc, type JsDocTag } from './jsdoc.ts'
import { toolNameFromFunction, VALID_NAME } from './names.ts'
import { projection } from './plans.ts'
import { literalValue } from './literal.ts'
import { locAt, locOf, type SourceFile } from './project.ts'
import { Refusal } from './refusal.ts'
import { Resolver, type Env, type Resolved } from './resolve.ts'
import { fragment, type Schema } from './schema.ts'
import { lookup } from './scope.ts'
import { checkTags, type DeclKind } from './tag-rules.ts'
import { toolDescription } from './tool-text.ts'
import { templateVariables } from './uri-template.ts'

export type Slot = { kind: 'arg'; name: string } | { kind: 'all' } | { kind: 'context' } | { kind: 'signal' }

export interface Declaration {
  kind: DeclKind
  /** The local binding the dispatch table calls. */
  binding: string
  loc: Loc
  name: string
  title?: string
  description?: string
  annotations?: Record<string, boolean>
  timeoutMs?: number
  /** `@lenient`: null for an optional parameter is taken as absent. */
  lenient?: boolean
  uri?: string
  mimeType?: string
  slots: Slot[]
  props: Prop[]
  result: ResultPlan
  outputSchema?: Schema
}

interface Candidate {
  binding: string
  fn: any
  comment: any
  exported: boolean
  node: any
}

/** Top-level functions with a JSDoc block, and whether each is exported. */
function candidates(file: SourceFile): Candidate[] {
  const out: Candidate[] = []
  const exportedNames = new Set<string>()
  const docOf = (...nodes: any[]) => {
    for (const n of nodes) {
      const c = [...(n?.leadingComments ?? [])].reverse().find((x: any) => x.type === 'CommentBlock' && x.value.startsWith('*'))
      if (c) return c
    }
    return undefined
  }
  const visit = (decl: any, outer: any, exported: boolean) => {
    if (!decl) return
    if ((decl.type === 'FunctionDeclaration' || decl.type === 'TSDeclareFunction') && decl.id) {
      out.push({ binding: decl.id.name, fn: decl, comment: docOf(outer, decl), exported, node: decl })
    } else if (decl.type === 'VariableDeclaration') {
      for (const v of decl.declarations) {
        const init = v.init?.type === 'TSSatisfiesExpression' || v.init?.type === 'TSAsExpression' ? v.init.expression : v.init
        if (v.id.type === 'Identifier' && (init?.type === 'ArrowFunctionExpression' || init?.type === 'FunctionExpression')) {
          out.push({ binding: v.id.name, fn: init, comment: docOf(outer, decl, v), exported, node: v })
        } else if (v.id.type === 'Identifier') {
          out.push({ binding: v.id.name, fn: null, comment: docOf(outer, decl, v), exported, node: v })
        }
      }
    } else if (decl.id && /^(ClassDeclaration|TSInterfaceDeclaration|TSTypeAliasDeclaration|TSEnumDeclaration)$/.test(decl.type)) {
      out.push({ binding: decl.id.name, fn: null, comment: docOf(outer, decl), exported, node: decl })
    }
  }
  for (const stmt of file.ast.program.body) {
    if (stmt.type === 'ExportNamedDeclaration') {
      visit(stmt.declaration, stmt, true)
      if (!stmt.source) for (const s of stmt.specifiers ?? []) if (s.local) exportedNames.add(s.local.name)
    } else if (stmt.type === 'ExportDefaultDeclaration') {
      const d = stmt.declaration
      if (d.type === 'FunctionDeclaration') {
        if (d.id) visit(d, stmt, true)
        else out.push({ binding: '', fn: d, comment: docOf(stmt), exported: true, node: d })
      } else if (d.type === 'Identifier') exportedNames.add(d.name)
    } else visit(stmt, stmt, false)
  }
  for (const c of out) if (exportedNames.has(c.binding)) c.exported = true
  return out.filter((c) => c.comment)
}

const KIND_TAGS: Record<string, DeclKind> = { tool: 'tool', resource: 'resource', prompt: 'prompt' }

export function extract(file: SourceFile, resolver: Resolver, diagnostics: Diagnostic[]): Declaration[] {
  const decls: Declaration[] = []
  for (const c of candidates(file)) {
    const doc = parseJsDoc(c.comment.value, c.comment.start)
    const kindTag = doc.tags.find((t) => KIND_TAGS[t.name])
    if (!kindTag) continue
    const report = (e: unknown) => {
      if (e instanceof Refusal) diagnostics.push({ code: e.code, message: e.message, loc: e.loc })
      else throw e
    }
    try {
      const decl = declaration(file, resolver, c, doc, KIND_TAGS[kindTag.name]!, kindTag, report)
      if (decl) decls.push(decl)
    } catch (e) {
      report(e)
    }
  }
  const seen = new Map<string, Declaration>()
  for (const d of decls) {
    const key = nameKey(d)
    const first = seen.get(key)
    if (first) {
      diagnostics.push({
        code: 'MCP027',
        message: `Two ${d.kind}s are named '${d.kind === 'resource' ? d.uri : d.name}' (the other at ${first.loc.file}:${first.loc.line}:${first.loc.column}). Give one of them another name with @${d.kind} <name>.`,
        loc: d.loc,
      })
    } else seen.set(key, d)
  }
  return decls
}

function tagLoc(file: SourceFile, tag: JsDocTag): Loc {
  return locAt(file, tag.offset)
}

function firstWord(value: string): string {
  return value.trim().split(/\s+/)[0] ?? ''
}

function bool(file: SourceFile, tag: JsDocTag): boolean {
  const v = firstWord(tag.value)
  if (v === '' || v === 'true') return true
  if (v === 'false') return false
  throw new Refusal('MCP026', `@${tag.name} takes true, false or nothing (= true), not '${v}'.`, tagLoc(file, tag))
}

function timeout(file: SourceFile, tag: JsDocTag): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s)$/.exec(firstWord(tag.value))
  if (!m || Number(m[1]) <= 0) throw new Refusal('MCP026', `@timeout takes a duration such as 5s or 500ms, not '${tag.value.trim()}'.`, tagLoc(file, tag))
  return Math.round(Number(m[1]) * (m[2] === 's' ? 1000 : 1))
}

const HINTS: [string, string][] = [['readOnly', 'readOnlyHint'], ['destructive', 'destructiveHint'], ['idempotent', 'idempotentHint'], ['openWorld', 'openWorldHint']]

function declaration(file: SourceFile, resolver: Resolver, c: Candidate, doc: JsDoc, kind: DeclKind, kindTag: JsDocTag, report: (e: unknown) => void): Declaration | undefined {
  const loc = locOf(file, c.node)
  if (!c.fn) {
    throw new Refusal('MCP003', `@${kind} marks ${c.binding}, which is not a function. Put @${kind} on an exported function: export function ${c.binding}(…) or export const ${c.binding} = (…) => ….`, loc)
  }
  for (const e of checkTags(file, doc, kind)) report(e)
  if (!c.exported || !c.binding) {
    throw new Refusal('MCP003', c.binding
      ? `${c.binding} carries @${kind} but is not exported, so the bundler cannot reach it. Write export ${c.fn.type === 'FunctionDeclaration' ? 'function' : 'const'} ${c.binding}.`
      : `An anonymous default export cannot be a ${kind}: the table needs a name to call. Write export default function myName(…).`, loc)
  }
  if (c.fn.typeParameters) {
    throw new Refusal('MCP005', `${c.binding} is generic, and a ${kind}'s schema must be fixed at build time. Replace the type parameters with concrete types.`, locOf(file, c.fn.typeParameters))
  }
  const tag = (name: string) => doc.tags.find((t) => t.name === name)
  const decl: Declaration = { kind, binding: c.binding, loc, name: '', slots: [], props: [], result: { kind: 'inspect' } }

  // Name, title, description, hints.
  const explicit = kind === 'resource' ? undefined : firstWord(kindTag.value)
  decl.name = explicit || toolNameFromFunction(c.binding)
  if (!VALID_NAME.test(decl.name)) {
    report(new Refusal('MCP001', `'${decl.name}' is not a valid ${kind} name: use 1 to 128 ASCII letters, digits, _, - or . (for example ${toolNameFromFunction(c.binding).replace(/[^A-Za-z0-9_.-]/g, '_') || 'my_tool'}).`, explicit ? tagLoc(file, kindTag) : loc))
  }
  const title = tag('title')
  if (title && normalize(title.value)) decl.title = normalize(title.value)
  const text = tag('description') ? normalize(tag('description')!.value) : normalize(doc.text)
  const description = kind === 'tool' ? toolDescription(text, doc.tags) : text
  if (description) decl.description = description
  if (kind === 'tool') {
    const annotations: Record<string, boolean> = {}
    for (const [t, hint] of HINTS) {
      const found = tag(t)
      if (found) {
        try {
          annotations[hint] = bool(file, found)
        } catch (e) {
          report(e)
        }
      }
    }
    if (Object.keys(annotations).length > 0) decl.annotations = annotations
    if (tag('lenient')) decl.lenient = true
    const t = tag('timeout')
    if (t) {
      try {
        decl.timeoutMs = timeout(file, t)
      } catch (e) {
        report(e)
      }
    }
  }
  if (kind === 'resource') {
    decl.uri = firstWord(kindTag.value)
    if (!decl.uri) throw new Refusal('MCP031', '@resource needs the resource URI or URI template: @resource file:///logs/{name}.', tagLoc(file, kindTag))
    const mime = tag('mimeType')
    if (mime && firstWord(mime.value)) decl.mimeType = firstWord(mime.value)
  }

  parameters(file, resolver, c, doc, decl, report)
  if (kind === 'tool') result(file, resolver, c, decl, report)
  if (kind === 'resource') checkResourceParams(file, decl, kindTag)
  if (kind === 'prompt') checkPromptParams(decl, report)
  return decl
}

/** A parameter default written as a literal or an enum member (`Priority.High`); anything else writes nothing. */
function literalDefault(file: SourceFile, resolver: Resolver, node: any, env: Env): Literal | undefined {
  if (node.type !== 'MemberExpression') return literalValue(node)
  if (node.object.type !== 'Identifier' || node.computed) return undefined
  const sym = lookup(resolver.project, file, node.object.name)
  if (sym?.kind !== 'decl' || sym.declKind !== 'enum') return undefined
  return resolver.enumMembers(sym, env).find((m) => m.name === node.property.name)?.value
}

interface ParamDoc {
  tag: JsDocTag
  name: string
  text: string
}

/** The parameters: runtime-filled slots, plain arguments, or one destructured object flattened into arguments. */
function parameters(file: SourceFile, resolver: Resolver, c: Candidate, doc: JsDoc, decl: Declaration, report: (e: unknown) => void): void {
  const env: Env = { file, params: new Map(), stack: [] }
  const docs: ParamDoc[] = doc.tags.filter((t) => t.name === 'param').map((t) => ({ tag: t, ...splitParam(t.value) }))
  const used = new Set<string>()
  for (const raw of c.fn.params) {
    try {
      const p = raw.type === 'AssignmentPattern' ? raw.left : raw
      const defaultNode = raw.type === 'AssignmentPattern' ? raw.right : undefined
      if (p.type === 'RestElement') throw new Refusal('MCP004', 'Rest parameters are not part of the contract: a tool takes named arguments. Declare an array parameter (items: string[]) instead.', locOf(file, p))
      if (p.type === 'Identifier' && p.name === 'this') throw new Refusal('MCP006', 'A this parameter is not part of the contract. Remove it and pass what you need as an argument.', locOf(file, p))
      if (!p.typeAnnotation) throw new Refusal('MCP008', `Parameter ${p.type === 'Identifier' ? `'${p.name}' ` : ''}has no type annotation, so its schema is unknown. Write its type (name: string).`, locOf(file, p))
      const typeNode = p.typeAnnotation.typeAnnotation
      const r: Resolved = resolver.resolve(typeNode, env)
      if (p.type === 'Identifier') used.add(p.name)
      if (r.kind === 'special' && (r.name === 'context' || r.name === 'signal')) injected(file, decl, r.name, p)
      else if (p.type === 'ObjectPattern') flattened(file, resolver, env, decl, p, resolver.asValue(r, env, typeNode), docs, used)
      else if (p.type !== 'Identifier') throw new Refusal('MCP009', 'Array destructuring is not part of the contract. Use a named parameter.', locOf(file, p))
      else plainArgument(file, resolver, env, decl, p, r, defaultNode, docs)
    } catch (e) {
      report(e)
    }
  }
  const kinds = new Set(decl.slots.map((s) => s.kind))
  if (kinds.has('all') && kinds.has('arg')) {
    report(new Refusal('MCP009', 'Write either one destructured object parameter or plain parameters, not both: their properties would share one argument list.', locOf(file, c.fn)))
  }
  for (const d of docs) {
    if (!used.has(d.name)) report(new Refusal('MCP030', `@param ${d.name} names no parameter of ${c.binding}. Correct the name, or remove the line.`, locAt(file, d.tag.offset)))
  }
}

/** A `ToolContext` or `AbortSignal` parameter: filled in by the runtime, at most one of each. */
function injected(file: SourceFile, decl: Declaration, slot: 'context' | 'signal', p: any): void {
  if (decl.slots.some((s) => s.kind === slot)) {
    throw new Refusal('MCP007', `At most one ${slot === 'context' ? 'ToolContext' : 'AbortSignal'} parameter: the runtime fills in one. Remove the extra one.`, locOf(file, p))
  }
  decl.slots.push({ kind: slot })
}

function plainArgument(file: SourceFile, resolver: Resolver, env: Env, decl: Declaration, p: any, r: Resolved, defaultNode: any, docs: readonly ParamDoc[]): void {
  if (p.name === '__proto__') throw new Refusal('MCP020', 'A parameter named __proto__ cannot be carried safely through JavaScript objects. Rename it.', locOf(file, p))
  const prop: Prop = { name: p.name, type: resolver.asValue(r, env, p.typeAnnotation.typeAnnotation), optional: Boolean(p.optional) || defaultNode !== undefined || r.kind === 'optional', loc: locOf(file, p) }
  const text = docs.find((d) => d.name === p.name)?.text
  if (text) prop.description = text
  if (defaultNode) {
    const value = literalDefault(file, resolver, defaultNode, env)
    if (value !== undefined) prop.default = value
  }
  checkDefault(prop, defaultNode, file)
  decl.props.push(prop)
  decl.slots.push({ kind: 'arg', name: p.name })
}

/**
 * One destructured object parameter: its type's properties are the arguments, defaults come from the
 * pattern, descriptions from the property's JSDoc or a `@param root.prop` line.
 */
function flattened(file: SourceFile, resolver: Resolver, env: Env, decl: Declaration, p: any, type: TypeIR, docs: readonly ParamDoc[], used: Set<string>): void {
  if (decl.slots.some((s) => s.kind === 'all')) throw new Refusal('MCP009', 'Only one destructured object parameter is flattened into arguments. Merge them into one type.', locOf(file, p))
  if (type.kind !== 'object' || type.rest) {
    throw new Refusal('MCP009', 'A destructured parameter must have an object type with named properties (an interface or object type), since its properties become the arguments.', locOf(file, p.typeAnnotation.typeAnnotation))
  }
  for (const prop of type.props) {
    const pattern = p.properties.find((q: any) => q.type === 'ObjectProperty' && !q.computed && (q.key.name ?? q.key.value) === prop.name)
    const defaultNode = pattern?.value.type === 'AssignmentPattern' ? pattern.value.right : undefined
    const copy: Prop = { ...prop }
    if (defaultNode) {
      copy.optional = true
      const value = literalDefault(file, resolver, defaultNode, env)
      if (value !== undefined) copy.default = value
    }
    const line = docs.find((d) => d.name.split('.').length === 2 && d.name.endsWith(`.${prop.name}`))
    if (line) {
      used.add(line.name)
      if (!copy.description && line.text) copy.description = line.text
    }
    checkDefault(copy, defaultNode, file)
    decl.props.push(copy)
  }
  // The root's own @param line (`@param args The search.`) names the whole parameter; deeper lines
  // (`@param args.customer.name`) describe what is inside a property.
  for (const d of docs) {
    const [root, prop] = d.name.split('.')
    if (prop === undefined ? !type.props.some((q) => q.name === root) : type.props.some((q) => q.name === prop)) used.add(d.name)
  }
  decl.slots.push({ kind: 'all' })
}

function checkDefault(prop: Prop, node: any, file: SourceFile): void {
  if (prop.default === undefined) return
  if (!fitsDefault(prop.type, prop.default)) {
    throw new Refusal('MCP022', `The default ${JSON.stringify(prop.default)} of '${prop.name}' is refused by its own schema, so a model that sends it would get an error. Use a default the type accepts, or widen the type.`, node ? locOf(file, node) : prop.loc!)
  }
}

function result(file: SourceFile, resolver: Resolver, c: Candidate, decl: Declaration, report: (e: unknown) => void): void {
  const node = c.fn.returnType?.typeAnnotation
  if (!node) return // undeclared: decided from the value at run time
  const env: Env = { file, params: new Map(), stack: [] }
  let r: Resolved
  try {
    r = resolver.resolve(node, env)
  } catch (e) {
    if (e instanceof Refusal) {
      report(new Refusal('MCP029', `The return type cannot be described: ${e.message}`, e.loc))
      return
    }
    throw e
  }
  if (r.kind === 'special' && r.name === 'promise') r = r.inner!
  decl.result = plan(r, decl)
}

function plan(r: Resolved, decl: Declaration): ResultPlan {
  switch (r.kind) {
    case 'void':
    case 'undefined': return { kind: 'void' }
    case 'special': return r.name === 'result' ? { kind: 'raw' } : r.name === 'content' ? { kind: 'content' } : { kind: 'inspect' }
    case 'any': return { kind: 'inspect' }
    case 'string': return { kind: 'text' }
    case 'enum': return r.values.every((v) => typeof v === 'string') ? { kind: 'text' } : { kind: 'json' }
    case 'object':
    case 'object-any': {
      decl.outputSchema = fragment(r as TypeIR)
      return { kind: 'structured', shape: projection(r as TypeIR) }
    }
    default: return { kind: 'json' }
  }
}

function checkResourceParams(file: SourceFile, decl: Declaration, tag: JsDocTag): void {
  const vars = templateVariables(decl.uri!)
  const args = decl.props.map((p) => p.name)
  const missing = vars.filter((v) => !args.includes(v))
  const extra = args.filter((a) => !vars.includes(a))
  if (missing.length > 0 || extra.length > 0) {
    const parts = []
    if (missing.length) parts.push(`the template's {${missing.join('}, {')}} ${missing.length === 1 ? 'has' : 'have'} no parameter`)
    if (extra.length) parts.push(`parameter${extra.length === 1 ? '' : 's'} ${extra.join(', ')} ${extra.length === 1 ? 'is' : 'are'} not in the template`)
    throw new Refusal('MCP031', `${decl.uri}: ${parts.join(' and ')}. Name each template variable as a string parameter, and nothing else (besides ToolContext/AbortSignal).`, tagLoc(file, tag))
  }
  for (const p of decl.props) {
    if (!isStringLike(p.type)) {
      throw new Refusal('MCP031', `Template variable '${p.name}' arrives as text, so its parameter must be a string type (string, a string literal union, a format type).`, p.loc!)
    }
  }
}

function checkPromptParams(decl: Declaration, report: (e: unknown) => void): void {
  for (const p of decl.props) {
    if (!isStringLike(p.type)) {
      report(new Refusal('MCP020', `Prompt argument '${p.name}' arrives as text (prompt arguments are strings), so it must be a string type (string, a string literal union, a format type).`, p.loc!))
    }
  }
}

function isStringLike(t: TypeIR): boolean {
  return t.kind === 'string' || (t.kind === 'enum' && t.values.every((v) => typeof v === 'string'))
}
