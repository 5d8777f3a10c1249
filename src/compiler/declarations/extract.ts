/**
 * Finds the exported functions of a module whose JSDoc carries `@tool`, `@resource` or `@prompt`, and
 * reads each one's tags and parameters into a declaration: the one model every later stage reads.
 */
import type { Candidate, Declaration } from './declaration.ts'
import { type Diagnostic } from '../diagnostics.ts'
import { normalize, parseJsDoc, type JsDoc, type JsDocTag } from '../source/jsdoc.ts'
import { toolNameFromFunction, VALID_NAME, nameKey } from './names.ts'
import { revivalConflict } from '../schema/plans.ts'
import { locOf, type SourceFile } from '../source/project.ts'
import { Refusal } from '../refusal.ts'
import { Resolver } from '../types/resolve.ts'
import { inputSize, overBudget } from '../schema/size.ts'
import { checkTags, KIND_TAGS, misspeltKind, type DeclKind } from './tag-rules.ts'
import { toolDescription } from './tool-text.ts'
import { checkPromptParams, checkResourceParams, parameters, result } from './signature.ts'
import { handWrittenInput } from './input-schema.ts'
import { strayTags } from './stray-tags.ts'
import { bool, firstWord, scopes, tagLoc, taskSupport, timeout } from './tag-values.ts'
import { uiTags } from './ui-tags.ts'
import { iconTags } from './icon-tags.ts'

/** Top-level functions with a JSDoc block, and whether each is exported. */
function candidates(file: SourceFile): Candidate[] {
  const out: Candidate[] = []
  // `export { local as name }`: the names each local binding is exported under.
  const exportedNames = new Map<string, string[]>()
  const exportAs = (local: string, name: string) => exportedNames.set(local, [...(exportedNames.get(local) ?? []), name])
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
      if (!stmt.source) for (const s of stmt.specifiers ?? []) if (s.local) exportAs(s.local.name, s.exported.type === 'StringLiteral' ? s.exported.value : s.exported.name)
    } else if (stmt.type === 'ExportDefaultDeclaration') {
      const d = stmt.declaration
      if (d.type === 'FunctionDeclaration') {
        if (d.id) visit(d, stmt, true)
        else out.push({ binding: '', fn: d, comment: docOf(stmt), exported: true, node: d })
      } else if (d.type === 'Identifier') exportAs(d.name, 'default')
      else if (d.type === 'ArrowFunctionExpression' || d.type === 'FunctionExpression') out.push({ binding: '', fn: d, comment: docOf(stmt, d), exported: true, node: stmt })
    } else visit(stmt, stmt, false)
  }
  for (const c of out) {
    const names = exportedNames.get(c.binding)
    if (!names) continue
    c.exported = true
    // Named after the name it is exported under (`export { getDocket as fetchDocket }`); its own when that is one of them.
    if (!names.includes(c.binding)) c.exportName = names.find((n) => n !== 'default')
  }
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
  decl.name = explicit || toolNameFromFunction(c.exportName ?? c.binding)
  if (explicit) decl.namedByTag = true
  // `@tool list items`: the tag takes one word, the name; the others would be dropped without a word.
  const unread = kind === 'tool' ? kindTag.value.trim().split(/\s+/).slice(1).filter(Boolean) : []
  if (unread.length > 0) decl.unreadWords = { words: unread, loc: tagLoc(file, kindTag) }
  if (!VALID_NAME.test(decl.name)) {
    report(new Refusal('MCP001', `'${decl.name}' is not a valid ${kind} name: use 1 to 128 ASCII letters, digits, _, - or . (for example ${toolNameFromFunction(c.binding).replace(/[^A-Za-z0-9_.-]/g, '_') || 'my_tool'}).`, explicit ? tagLoc(file, kindTag) : loc))
  }
  const title = tag('title')
  // A title is one line: a display name, never markdown.
  const titled = title ? normalize(title.value).replace(/\s*\n\s*/g, ' ') : ''
  if (titled) decl.title = titled
  const text = tag('description') ? normalize(tag('description')!.value) : normalize(doc.text)
  const description = kind === 'tool' ? toolDescription(text, doc.tags) : text
  if (description) decl.description = description
  const icons = iconTags(file, doc.tags, report)
  if (icons) decl.icons = icons
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
    if (annotations.readOnlyHint && annotations.destructiveHint) decl.contradictoryHints = { loc: tagLoc(file, tag('destructive')!) }
    if (tag('lenient')) decl.lenient = true
    const t = tag('timeout')
    const timeoutMs = t && read(() => timeout(file, t))
    if (timeoutMs !== undefined) decl.timeoutMs = timeoutMs
    const task = tag('task')
    const support = task && read(() => taskSupport(file, task))
    if (support !== undefined) decl.taskSupport = support.support
    if (support?.asksFirst) decl.taskAsksFirst = true
    const scopeTags = doc.tags.filter((x) => x.name === 'scope')
    const scopeList = scopeTags.length > 0 ? read(() => scopes(file, scopeTags)) : undefined
    if (scopeList !== undefined) decl.scopes = scopeList
    const ui = read(() => uiTags(file, doc.tags))
    if (ui) decl.ui = ui
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
  const handWritten = kind === 'tool' ? tag('inputSchema') : undefined
  if (handWritten) {
    try {
      handWrittenInput(file, resolver, handWritten, decl)
    } catch (e) {
      report(e)
    }
  }
  if (kind === 'tool') {
    const size = inputSize(decl.props)
    if (!handWritten && size > resolver.schemaBudget) {
      report(new Refusal('MCP039', overBudget(`The input schema of tool '${decl.name}'`, decl.props.map((p) => p.type), size, resolver.schemaBudget, resolver.origins), loc))
    }
    result(file, resolver, c, decl, report)
  }
  if (kind === 'resource') checkResourceParams(file, decl, kindTag)
  if (kind === 'prompt') checkPromptParams(decl, report)
  return decl
}
