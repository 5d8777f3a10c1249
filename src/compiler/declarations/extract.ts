/**
 * Finds the exported functions of a module whose JSDoc carries `@tool`, `@resource` or `@prompt`, and
 * reads each one's tags and parameters into a declaration: the one model every later stage reads.
 */
import type { ResultPlan } from '../../runtime/shared/table.ts'
import { distance, type Diagnostic, type Loc } from '../diagnostics.ts'
import { fitsDefault } from '../types/defaults.ts'
import { deref, type JsonConstant, type Prop, type TypeIR } from '../types/ir.ts'
import { normalize, parseJsDoc, splitParam, type JsDoc, type JsDocTag } from '../source/jsdoc.ts'
import { toolNameFromFunction, VALID_NAME, nameKey } from './names.ts'
import { constantJson } from '../types/constant.ts'
import { PROTO_MESSAGE } from '../types/objects.ts'
import { openUnions } from '../types/open-unions.ts'
import { projection, revivalConflict } from '../schema/plans.ts'
import { locAt, locOf, type SourceFile } from '../source/project.ts'
import { Refusal } from '../refusal.ts'
import { Resolver } from '../types/resolve.ts'
import type { Env, Resolved } from '../types/reader.ts'
import { rootSchema, type Schema } from '../schema/schema.ts'
import { inputSize, outputSize, overBudget } from '../schema/size.ts'
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
  /** `@task optional|required`: may (must) run as a task (tools/list `execution.taskSupport`). */
  taskSupport?: 'optional' | 'required'
  /** OAuth scopes a caller's token needs (`@scope`), in order written, each once. */
  scopes?: string[]
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
  /** Overload signatures (`function f(a: string): void;`) when `fn` is their implementation. */
  overloads?: any[]
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
      else if (d.type === 'ArrowFunctionExpression' || d.type === 'FunctionExpression') out.push({ binding: '', fn: d, comment: docOf(stmt, d), exported: true, node: stmt })
    } else visit(stmt, stmt, false)
  }
  for (const c of out) if (exportedNames.has(c.binding)) c.exported = true
  // Overloads: the JSDoc sits on a signature or the implementation; the implementation is what runs and what is read.
  for (const c of out) {
    if (!c.comment || !c.fn) continue
    const impl = out.find((o) => o.binding === c.binding && o.fn?.type === 'FunctionDeclaration')
    const signatures = out.filter((o) => o.binding === c.binding && o.fn?.type === 'TSDeclareFunction')
    if (!impl || signatures.length === 0) continue
    c.overloads = signatures.map((o) => o.fn)
    c.fn = impl.fn
    c.exported ||= impl.exported || signatures.some((o) => o.exported)
  }
  return out.filter((c) => c.comment)
}

const KIND_TAGS: Record<string, DeclKind> = { tool: 'tool', resource: 'resource', prompt: 'prompt' }

export function extract(file: SourceFile, resolver: Resolver, diagnostics: Diagnostic[]): Declaration[] {
  const decls: Declaration[] = []
  const report = (e: unknown) => {
    if (e instanceof Refusal) diagnostics.push({ code: e.code, message: e.message, loc: e.loc })
    else throw e
  }
  const found = candidates(file)
  for (const c of found) {
    const doc = parseJsDoc(c.comment.value, c.comment.start)
    const kindTag = doc.tags.find((t) => KIND_TAGS[t.name])
    if (!kindTag) {
      const typo = doc.tags.find((t) => misspeltKind(t.name))
      if (typo) report(new Refusal('MCP002', `Unknown tag @${typo.name}, so ${c.binding || 'this function'} is no ${misspeltKind(typo.name)}. Did you mean @${misspeltKind(typo.name)}?`, tagLoc(file, typo)))
      continue
    }
    try {
      const decl = declaration(file, resolver, c, doc, KIND_TAGS[kindTag.name]!, kindTag, report)
      if (decl) decls.push(decl)
    } catch (e) {
      report(e)
    }
  }
  for (const e of strayTags(file, new Set(found.map((c) => c.comment.start)))) report(e)
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

/** A signature's parameter list as written, without whitespace (overloads are compared by it). */
function signatureText(file: SourceFile, fn: any): string {
  return fn.params.map((p: any) => file.source.slice(p.start, p.end).replace(/\s+/g, '')).join(',')
}

/** The kind a tag name misspells (`@Tool`, `@tools`, `@Prompts`, not `@pool`), if any; never a kind tag itself. */
function misspeltKind(name: string): DeclKind | undefined {
  if (KIND_TAGS[name]) return undefined
  const lower = name.toLowerCase()
  return Object.values(KIND_TAGS).find((k) => lower === k || lower === `${k}s` || (lower[0] === k[0] && lower.length >= 4 && distance(lower, k) === 1))
}

const KIND_IN_COMMENT = /(?:^|\n)[\s*]*@(tool|resource|prompt)\b/
const SKIP_KEYS = new Set(['loc', 'leadingComments', 'trailingComments', 'innerComments', 'extra', 'comments', 'tokens'])

/** The outermost node each comment leads. */
function commentTargets(root: any): Map<number, any> {
  const out = new Map<number, any>()
  const parents: any[] = []
  const walk = (node: any): void => {
    if (!node || typeof node.type !== 'string') return
    for (const c of node.leadingComments ?? []) if (!out.has(c.start)) out.set(c.start, { node, parents: [...parents] })
    parents.push(node)
    for (const key of Object.keys(node)) {
      if (SKIP_KEYS.has(key)) continue
      const v = node[key]
      if (Array.isArray(v)) for (const x of v) walk(x)
      else if (v && typeof v === 'object') walk(v)
    }
    parents.pop()
  }
  walk(root)
  return out
}

/** Whether `node` (or what it exports or declares) is a function: the only place a stray kind tag is meant. */
function isFunctionLike(node: any): boolean {
  switch (node?.type) {
    case 'FunctionDeclaration': case 'TSDeclareFunction': case 'FunctionExpression': case 'ArrowFunctionExpression':
    case 'ClassMethod': case 'ClassPrivateMethod': case 'ObjectMethod': case 'TSDeclareMethod': return true
    case 'ClassProperty': case 'ClassPrivateProperty': case 'ClassAccessorProperty': case 'ObjectProperty': return isFunctionLike(node.value)
    case 'VariableDeclaration': return node.declarations.some((d: any) => isFunctionLike(d.init))
    case 'VariableDeclarator': return isFunctionLike(node.init)
    case 'ExportNamedDeclaration': case 'ExportDefaultDeclaration': return isFunctionLike(node.declaration)
    case 'TSAsExpression': case 'TSSatisfiesExpression': return isFunctionLike(node.expression)
    default: return false
  }
}

/** What a node a tag was put on is, in words. */
function whatItMarks(node: any, parents: any[]): string {
  const cls = [...parents].reverse().find((p) => p.type === 'ClassDeclaration' || p.type === 'ClassExpression')
  if (/^Class(Private)?(Method|Property)$|^ClassAccessorProperty$|^TSDeclareMethod$/.test(node.type)) {
    return `a ${node.static ? 'static ' : ''}method of class ${cls?.id?.name ?? '(anonymous)'}`
  }
  if (node.type === 'ObjectMethod' || node.type === 'ObjectProperty') return 'a method of an object literal'
  return 'a function inside another function or block'
}

/**
 * Kind tags that mark no candidate but a function: in a line or block comment that is not JSDoc
 * (`// @tool`, `/* @tool *\/`), or in a JSDoc block on a class method, an object literal method or a nested
 * function. Each is one MCP003. (Comments leading anything else, such as a file's header, are prose.)
 */
function strayTags(file: SourceFile, used: ReadonlySet<number>): Refusal[] {
  const out: Refusal[] = []
  let targets: Map<number, any> | undefined
  for (const comment of file.ast.comments ?? []) {
    if (used.has(comment.start)) continue
    const jsdoc = comment.type === 'CommentBlock' && comment.value.startsWith('*')
    const kind = jsdoc ? parseJsDoc(comment.value, comment.start).tags.map((t) => KIND_TAGS[t.name] ?? misspeltKind(t.name)).find(Boolean) : KIND_IN_COMMENT.exec(comment.value)?.[1]
    if (!kind) continue
    targets ??= commentTargets(file.ast.program)
    const target = targets.get(comment.start)
    if (!isFunctionLike(target?.node)) continue
    if (!jsdoc) {
      out.push(new Refusal('MCP003', `@${kind} is in a ${comment.type === 'CommentLine' ? 'line comment (//)' : 'block comment (/* */)'}, which is not JSDoc, so nothing is declared. Write it in a JSDoc block: /** @${kind} */ on the line before an exported function.`, locOf(file, comment)))
    } else if (target.parents.length <= 1) {
      out.push(new Refusal('MCP003', `@${kind} is in a JSDoc block that is not the last one before the function, so it is not read. Merge the blocks into one (/** … @${kind} */) right before the function.`, locOf(file, comment)))
    } else {
      out.push(new Refusal('MCP003', `@${kind} marks ${whatItMarks(target.node, target.parents)}, not an exported named function, so nothing is declared. Write an exported function at the top level (export function name(…)) and put @${kind} on it.`, locOf(file, target.node)))
    }
  }
  return out
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

/** `@task` (= optional), `@task optional` or `@task required`. */
function taskSupport(file: SourceFile, tag: JsDocTag): 'optional' | 'required' {
  const v = firstWord(tag.value)
  if (v === '' || v === 'optional') return 'optional'
  if (v === 'required') return 'required'
  throw new Refusal('MCP026', `@task takes optional (the client may run the call as a task), required (only as a task) or nothing (= optional), not '${v}'.`, tagLoc(file, tag))
}

/** A scope is an RFC 6749 §3.3 scope-token: printable ASCII except space, `"` and `\\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/

/** `@scope a b` (one or more tags): the scopes, each checked as a scope-token. */
function scopes(file: SourceFile, tags: readonly JsDocTag[]): string[] {
  const out: string[] = []
  for (const tag of tags) {
    const words = tag.value.trim().split(/\s+/).filter(Boolean)
    const bad = words.find((w) => !SCOPE_TOKEN.test(w))
    if (words.length === 0 || bad !== undefined) {
      throw new Refusal('MCP026', `@scope takes OAuth scope names separated by spaces, such as @scope notes:write, not '${tag.value.trim()}'${bad !== undefined ? ` (a scope is printable ASCII without " or \\)` : ''}.`, tagLoc(file, tag))
    }
    for (const w of words) if (!out.includes(w)) out.push(w)
  }
  return out
}

const HINTS: [string, string][] = [['readOnly', 'readOnlyHint'], ['destructive', 'destructiveHint'], ['idempotent', 'idempotentHint'], ['openWorld', 'openWorldHint']]

function declaration(file: SourceFile, resolver: Resolver, c: Candidate, doc: JsDoc, kind: DeclKind, kindTag: JsDocTag, report: (e: unknown) => void): Declaration | undefined {
  const loc = locOf(file, c.node)
  if (!c.fn) {
    throw new Refusal('MCP003', `@${kind} marks ${c.binding}, which is not a function. Put @${kind} on an exported function: export function ${c.binding}(…) or export const ${c.binding} = (…) => ….`, loc)
  }
  if (c.fn.type === 'TSDeclareFunction') {
    throw new Refusal('MCP040', `${c.binding} is declared without a body (declare function, or a signature alone), so there is no code to run and every call would fail. Put @${kind} on the function that implements it: export function ${c.binding}(…) { … }.`, loc)
  }
  for (const e of checkTags(file, doc, kind)) report(e)
  if (!c.exported || !c.binding) {
    throw new Refusal('MCP003', c.binding
      ? `${c.binding} carries @${kind} but is not exported, so the bundler cannot reach it. Write export ${c.fn.type === 'FunctionDeclaration' ? 'function' : 'const'} ${c.binding}.`
      : `An anonymous default export cannot be a ${kind}: the table needs a name to call. Write export default function myName(…).`, loc)
  }
  const differing = c.overloads?.find((o) => signatureText(file, o) !== signatureText(file, c.fn))
  if (differing) {
    throw new Refusal('MCP036', `${c.binding} has overload signatures that differ from its implementation's, and a ${kind} has one input schema, so a model could not tell which applies. Remove the overloads and describe the arguments in the implementation's signature (a union-typed or optional parameter).`, locOf(file, differing))
  }
  if (c.fn.generator) {
    throw new Refusal('MCP033', `${c.binding} is a generator, and a ${kind} returns one result, not a stream of values. Write a plain ${c.fn.async ? 'async ' : ''}function that collects the values into an array and returns it.`, loc)
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
    // Each tag is read on its own: a bad one is reported and the others still are.
    const read = <T>(parse: () => T): T | undefined => {
      try {
        return parse()
      } catch (e) {
        report(e)
        return undefined
      }
    }
    const annotations: Record<string, boolean> = {}
    for (const [t, hint] of HINTS) {
      const found = tag(t)
      const value = found && read(() => bool(file, found))
      if (value !== undefined) annotations[hint] = value
    }
    if (Object.keys(annotations).length > 0) decl.annotations = annotations
    if (tag('lenient')) decl.lenient = true
    const t = tag('timeout')
    const timeoutMs = t && read(() => timeout(file, t))
    if (timeoutMs !== undefined) decl.timeoutMs = timeoutMs
    const task = tag('task')
    const support = task && read(() => taskSupport(file, task))
    if (support !== undefined) decl.taskSupport = support
    const scopeTags = doc.tags.filter((x) => x.name === 'scope')
    const scopeList = scopeTags.length > 0 ? read(() => scopes(file, scopeTags)) : undefined
    if (scopeList !== undefined) decl.scopes = scopeList
  }
  if (kind === 'resource') {
    decl.uri = firstWord(kindTag.value)
    if (!decl.uri) throw new Refusal('MCP031', '@resource needs the resource URI or URI template: @resource file:///logs/{name}.', tagLoc(file, kindTag))
    const mime = tag('mimeType')
    if (mime && firstWord(mime.value)) decl.mimeType = firstWord(mime.value)
  }

  parameters(file, resolver, c, doc, decl, report)
  for (const p of decl.props) {
    const conflict = revivalConflict(p.type, p.loc)
    if (conflict) report(new Refusal('MCP037', conflict.message, conflict.loc ?? decl.loc))
  }
  if (kind === 'tool') {
    const size = inputSize(decl.props)
    if (size > resolver.schemaBudget) {
      report(new Refusal('MCP039', overBudget(`The input schema of tool '${decl.name}'`, decl.props.map((p) => p.type), size, resolver.schemaBudget, resolver.origins), loc))
    }
    result(file, resolver, c, decl, report)
  }
  if (kind === 'resource') checkResourceParams(file, decl, kindTag)
  if (kind === 'prompt') checkPromptParams(decl, report)
  return decl
}

/**
 * A parameter default's value, as TypeScript would fold it: a literal, a const bound to one (through
 * imports and chains of consts), an enum member, an expression of those, or an array or object of
 * constants (`= []`, `= { unit: 'c' }`, a member of an `as const` one). Anything known only at run time is
 * refused: the schema's `default` must be the value the function really uses.
 */
function defaultValue(file: SourceFile, resolver: Resolver, node: any, name: string): JsonConstant | undefined {
  if (node.type === 'NullLiteral' || (node.type === 'Identifier' && node.name === 'undefined')) return undefined // no JSON default to show
  const value = constantJson(node, resolver.constants(file))
  if (value !== undefined && value !== null) return value
  const text = file.source.slice(node.start, node.end)
  throw new Refusal('MCP035', `The default of '${name}' (${text.length > 40 ? text.slice(0, 39) + '…' : text}) is not a literal, a const bound to one or an enum member, so the build cannot check it against the schema or show it to the model. Write the literal (${name} = 5, ${name} = [] or an object of literals), a const of one (an array or object one \`as const\`); for a value computed at run time, make the parameter optional (${name}?: T) and compute it inside.`, locOf(file, node))
}

interface ParamDoc {
  tag: JsDocTag
  name: string
  text: string
}

/** The parameters: runtime-filled slots, plain arguments, or one destructured object flattened into arguments. */
function parameters(file: SourceFile, resolver: Resolver, c: Candidate, doc: JsDoc, decl: Declaration, report: (e: unknown) => void): void {
  const env: Env = { file, params: new Map() }
  const docs: ParamDoc[] = doc.tags.filter((t) => t.name === 'param').map((t) => ({ tag: t, ...splitParam(t.value) }))
  const used = new Set<string>()
  for (const raw of c.fn.params) {
    try {
      const p = raw.type === 'AssignmentPattern' ? raw.left : raw
      const defaultNode = raw.type === 'AssignmentPattern' ? raw.right : undefined
      if (p.type === 'Identifier') used.add(p.name) // its @param line is matched even when the parameter is refused
      if (p.type === 'RestElement') throw new Refusal('MCP004', 'Rest parameters are not part of the contract: a tool takes named arguments. Declare an array parameter (items: string[]) instead.', locOf(file, p))
      if (p.type === 'Identifier' && p.name === 'this') throw new Refusal('MCP006', 'A this parameter is not part of the contract. Remove it and pass what you need as an argument.', locOf(file, p))
      if (!p.typeAnnotation) throw new Refusal('MCP008', `Parameter ${p.type === 'Identifier' ? `'${p.name}' ` : ''}has no type annotation, so its schema is unknown. Write its type (name: string).`, locOf(file, p))
      const typeNode = p.typeAnnotation.typeAnnotation
      const r: Resolved = resolver.resolve(typeNode, env)
      if (r.kind === 'special' && (r.name === 'context' || r.name === 'signal')) injected(file, decl, r.name, p)
      else if (p.type === 'ObjectPattern') flattened(file, resolver, env, decl, p, openUnions(resolver.asValue(r, env, typeNode)), docs, used)
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
  const lines = new Map<string, ParamDoc>()
  for (const d of docs) {
    const first = lines.get(d.name)
    if (first) report(new Refusal('MCP030', `@param ${d.name} is written twice (first at line ${locAt(file, first.tag.offset).line}). Keep one line per parameter.`, locAt(file, d.tag.offset)))
    else lines.set(d.name, d)
  }
  for (const d of lines.values()) {
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
  if (p.name === '__proto__') throw new Refusal('MCP020', PROTO_MESSAGE('A parameter'), locOf(file, p))
  const prop: Prop = { name: p.name, type: openUnions(resolver.asValue(r, env, p.typeAnnotation.typeAnnotation)), optional: Boolean(p.optional) || defaultNode !== undefined || r.kind === 'optional', loc: locOf(file, p) }
  const text = docs.find((d) => d.name === p.name)?.text
  if (text) prop.description = text
  if (defaultNode) prop.default = defaultValue(file, resolver, defaultNode, p.name)
  checkDefault(prop, defaultNode, file)
  decl.props.push(prop)
  decl.slots.push({ kind: 'arg', name: p.name })
}

/**
 * One destructured object parameter: its type's properties are the arguments, defaults come from the
 * pattern, descriptions from the property's JSDoc or a `@param root.prop` line.
 */
function flattened(file: SourceFile, resolver: Resolver, env: Env, decl: Declaration, p: any, declared: TypeIR, docs: readonly ParamDoc[], used: Set<string>): void {
  const type = deref(declared)
  if (decl.slots.some((s) => s.kind === 'all')) throw new Refusal('MCP009', 'Only one destructured object parameter is flattened into arguments. Merge them into one type.', locOf(file, p))
  if (type.kind !== 'object' || type.rest) {
    throw new Refusal('MCP009', 'A destructured parameter must have an object type with named properties (an interface or object type), since its properties become the arguments.', locOf(file, p.typeAnnotation.typeAnnotation))
  }
  // One root for all @param lines of the pattern (JSDoc's name for the destructured parameter, any word); a
  // second root names nothing.
  const root = docs.map((d) => d.name.split('.')).find((parts) => parts.length > 1 || !type.props.some((q) => q.name === parts[0]))?.[0]
  for (const prop of type.props) {
    const pattern = p.properties.find((q: any) => q.type === 'ObjectProperty' && !q.computed && (q.key.name ?? q.key.value) === prop.name)
    const defaultNode = pattern?.value.type === 'AssignmentPattern' ? pattern.value.right : undefined
    const copy: Prop = { ...prop }
    if (defaultNode) {
      copy.optional = true
      copy.default = defaultValue(file, resolver, defaultNode, prop.name)
    }
    const line = docs.find((d) => d.name === `${root}.${prop.name}`)
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
    const [first, prop] = d.name.split('.')
    if (first !== root) continue
    if (prop === undefined || type.props.some((q) => q.name === prop)) used.add(d.name)
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
  const env: Env = { file, params: new Map() }
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
  if (r.kind === 'object' || r.kind === 'ref') r = openUnions(r)
  if (r.kind === 'object' || r.kind === 'object-any' || (r.kind === 'ref' && r.type().kind === 'object')) {
    const size = outputSize(r)
    if (size > resolver.schemaBudget) {
      report(new Refusal('MCP039', overBudget(`The output schema of tool '${decl.name}'`, [r], size, resolver.schemaBudget, resolver.origins), locOf(file, node)))
      return
    }
  }
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
    // `string | null`, `string | undefined`: the string is one text part, null/undefined no content.
    case 'optional':
    case 'nullable': {
      const inner = r.inner.kind === 'nullable' ? r.inner.inner : r.inner
      return isStringLike(inner) ? { kind: 'text' } : jsonPlan(r.kind === 'optional' ? r.inner : r)
    }
    case 'object':
    case 'object-any':
    case 'ref': {
      if (r.kind === 'ref' && r.type().kind !== 'object') return jsonPlan(r)
      decl.outputSchema = rootSchema(r)
      const defs = { shapes: [], index: new Map() }
      const shape = projection(r, defs)
      return defs.shapes.length > 0 ? { kind: 'structured', shape, defs: defs.shapes } : { kind: 'structured', shape }
    }
    default: return jsonPlan(r as TypeIR)
  }
}

/**
 * A result sent as JSON text (an array, a union, a nullable object, …): projected to the declared type
 * like structuredContent (unions opened as for arguments), so a row's undeclared fields stay on the server.
 */
function jsonPlan(type: TypeIR): ResultPlan {
  const defs = { shapes: [], index: new Map() }
  const shape = projection(openUnions(type), defs)
  if (shape === 0) return { kind: 'json' }
  return defs.shapes.length > 0 ? { kind: 'json', shape, defs: defs.shapes } : { kind: 'json', shape }
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
