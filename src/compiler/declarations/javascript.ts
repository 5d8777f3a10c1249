/**
 * A JavaScript module with `@tool`, `@resource` or `@prompt` (MCP041): a tool's arguments are read from
 * TypeScript types, and JSDoc types (`@param {number} a`) are not, so the module is refused at its first kind
 * tag rather than built without its tools (then `createServer` would say to add a plugin that is there).
 */
import { KIND_TAGS, misspeltKind } from './tag-rules.ts'
import { parseJsDoc } from '../source/jsdoc.ts'
import { locAt, type SourceFile } from '../source/project.ts'
import { Refusal } from '../refusal.ts'

export function javascriptModule(file: SourceFile): Refusal | undefined {
  const ext = /\.([mc]?)(jsx?)$/.exec(file.path)
  if (!ext) return undefined
  for (const comment of file.ast.comments ?? []) {
    if (comment.type !== 'CommentBlock' || !comment.value.startsWith('*')) continue
    const doc = parseJsDoc(comment.value, comment.start)
    const tag = doc.tags.find((t) => KIND_TAGS[t.name] ?? misspeltKind(t.name))
    if (!tag) continue
    const param = doc.tags.find((t) => t.name === 'param')
    const example = param ? `@param ${param.value.split('\n')[0]!.trim()}` : '@param {string} name'
    const ts = file.display.replace(/\.([mc]?)jsx?$/, `.${ext[1]}ts${ext[2] === 'jsx' ? 'x' : ''}`)
    const typed = /^\{([^}]+)\}\s+([\w$]+)/.exec(param?.value ?? '')
    return new Refusal('MCP041', `${file.display} is JavaScript: a tool’s arguments are read from TypeScript types, and JSDoc types (${example}) are not read, so its tools cannot be compiled. Rename it to ${ts} and write the parameters’ types there (${typed ? `${typed[2]}: ${typed[1]}` : 'name: string'}).`, locAt(file, tag.offset))
  }
  return undefined
}
