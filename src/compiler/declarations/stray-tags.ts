/**
 * Tags that mark nothing: `@tool`, `@resource` or `@prompt` in a comment that is not a function's JSDoc
 * (after text on a line, on a class or a variable), each a diagnostic saying what it sits on.
 */
import { KIND_TAGS, misspeltKind } from './tag-rules.ts'
import { parseJsDoc } from '../source/jsdoc.ts'
import { locOf, type SourceFile } from '../source/project.ts'
import { Refusal } from '../refusal.ts'

/**
 * A kind tag in a comment that is not JSDoc: at the start of a line, or after text when only a name, another
 * tag or the comment's end follows (`// Adds. @tool`, `// @tool add`), not in a sentence (`the @tool below? no`).
 */
const KIND_IN_COMMENT = /(?:^|\n)[\s*]*@(tool|resource|prompt)\b|@(tool|resource|prompt)\b(?=[ \t]*(?:[\w.-]+[ \t]*)?(?:@\w|\r?\n|$))/
function kindInComment(text: string): string | undefined {
  const m = KIND_IN_COMMENT.exec(text)
  return m ? m[1] ?? m[2] : undefined
}

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
export function strayTags(file: SourceFile, used: ReadonlySet<number>): Refusal[] {
  const out: Refusal[] = []
  let targets: Map<number, any> | undefined
  for (const comment of file.ast.comments ?? []) {
    if (used.has(comment.start)) continue
    const jsdoc = comment.type === 'CommentBlock' && comment.value.startsWith('*')
    const kind = jsdoc ? parseJsDoc(comment.value, comment.start).tags.map((t) => KIND_TAGS[t.name] ?? misspeltKind(t.name)).find(Boolean) : kindInComment(comment.value)
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
