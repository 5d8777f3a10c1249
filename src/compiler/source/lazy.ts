/**
 * A large type file (`@cloudflare/workers-types`' 18,616-line `index.ts`) read for the few declarations a
 * tool uses: every top-level name is known at once, each declaration is parsed when its body is first read. A fast scan splits the text at the statements that begin a line (`export interface
 * Foo`, `type Bar =`, …); those become stand-ins that know their kind and name, and parse their own slice
 * (with its JSDoc, at its real offset, so locations stay exact) on the first question about anything else.
 * Every other statement (imports, export lists, `declare module`, variables, functions) is parsed up front.
 */
import { lineAt } from './file.ts'

/** Files from this size on are read lazily. */
export const LAZY_FROM = 200_000

type Parse = (text: string, options: { startIndex: number; startLine: number; startColumn: number }) => any

const HEAD = /^(export[ \t]+)?(declare[ \t]+)?(abstract[ \t]+)?(const[ \t]+)?(interface|type|class|enum|namespace)[ \t]+([A-Za-z_$][\w$]*)(?=\s*[{<=]|\s+(?:extends|implements)\b)/
const KINDS: Record<string, string> = { interface: 'TSInterfaceDeclaration', type: 'TSTypeAliasDeclaration', class: 'ClassDeclaration', enum: 'TSEnumDeclaration', namespace: 'TSModuleDeclaration' }
const STATEMENT = /^(export|declare|interface|type|abstract|class|enum|function|const|let|var|namespace|module|import|global|async)\b/

/**
 * Where each top-level statement that starts a line begins (with the comments right before it), found by
 * skipping strings, comments and template literals and counting brackets. Undefined when the text does not
 * scan cleanly (then the file is parsed whole).
 */
function statementStarts(text: string): number[] | undefined {
  const starts: number[] = []
  let depth = 0
  let comment = -1 // where the comments before the next statement begin
  const templates: number[] = [] // bracket depth at each open `${`
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === '/' && text[i + 1] === '/') {
      if (depth === 0 && comment < 0 && (i === 0 || text[i - 1] === '\n')) comment = i
      const end = text.indexOf('\n', i)
      i = end < 0 ? text.length : end - 1
    } else if (c === '/' && text[i + 1] === '*') {
      if (depth === 0 && comment < 0 && (i === 0 || text[i - 1] === '\n')) comment = i
      const end = text.indexOf('*/', i + 2)
      if (end < 0) return undefined
      i = end + 1
    } else if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++
    } else if (c === '`' || (c === '}' && templates.length && templates[templates.length - 1] === depth)) {
      if (c === '}') templates.pop()
      for (i++; i < text.length && text[i] !== '`'; i++) {
        if (text[i] === '\\') i++
        else if (text[i] === '$' && text[i + 1] === '{') {
          templates.push(depth)
          i++
          break
        }
      }
    } else if (c === '{' || c === '(' || c === '[') depth++
    else if (c === '}' || c === ')' || c === ']') depth--
    else if (depth === 0 && (i === 0 || text[i - 1] === '\n') && STATEMENT.test(text.slice(i, i + 10))) {
      starts.push(comment >= 0 ? comment : i)
      comment = -1
    } else if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r' && c !== ';') comment = -1
    if (depth < 0) return undefined
  }
  return depth === 0 && templates.length === 0 ? starts : undefined
}

/** A statement not parsed yet: `known` answers its kind and name, anything else parses it. */
function standIn(known: Record<string, unknown>, real: () => any): any {
  return new Proxy(known, {
    get: (target, key) => (key in target && !parsed(real) ? (target as any)[key] : real()[key]),
    has: (_target, key) => key in real(),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => ({ ...Reflect.getOwnPropertyDescriptor(real(), key), configurable: true }),
  })
}

const done = new WeakSet<() => any>()
const parsed = (f: () => any) => done.has(f)

/** The program of a large file: stand-ins for its declarations, the rest parsed; undefined to parse it whole. */
export function lazyProgram(text: string, lineStarts: readonly number[], parse: Parse): any {
  const starts = statementStarts(text)
  if (!starts || starts.length === 0) return undefined
  const slice = (from: number, to: number): any[] => parse(text.slice(from, to), { startIndex: from, startLine: lineAt(lineStarts, from), startColumn: 0 }).program.body
  const body: any[] = slice(0, starts[0]!)
  for (let k = 0; k < starts.length; k++) {
    const from = starts[k]!
    const to = starts[k + 1] ?? text.length
    const headAt = text.slice(from, to).search(/^(?!\s*(\/\/|\/\*|\*|$))/m)
    const head = headAt < 0 ? null : HEAD.exec(text.slice(from + headAt, from + headAt + 200))
    if (!head) {
      body.push(...slice(from, to))
      continue
    }
    let node: any
    const real = () => {
      if (!node) {
        const nodes = slice(from, to)
        if (nodes.length !== 1) throw new SyntaxError(`expected one statement at ${from}`)
        node = nodes[0]
        done.add(real)
        done.add(inner)
      }
      return node
    }
    const inner = () => (real().type === 'ExportNamedDeclaration' ? real().declaration : real())
    const declaration = standIn({ type: KINDS[head[5]!], id: { type: 'Identifier', name: head[6] } }, inner)
    body.push(head[1] ? standIn({ type: 'ExportNamedDeclaration', specifiers: [], source: null, declaration }, real) : declaration)
  }
  return { type: 'File', program: { type: 'Program', body }, comments: [] }
}
