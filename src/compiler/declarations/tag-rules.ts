/** Which JSDoc tags a `@tool`, `@resource` or `@prompt` block may carry; an unknown one is an error with a suggestion. */
import { distance, nearest } from '../diagnostics.ts'
import type { JsDoc } from '../source/jsdoc.ts'
import { locAt, type SourceFile } from '../source/project.ts'
import { Refusal } from '../refusal.ts'

export type DeclKind = 'tool' | 'resource' | 'prompt'

/** The usual JSDoc tags, allowed everywhere and ignored. */
const USUAL = ['returns', 'return', 'example', 'see', 'deprecated', 'throws', 'remarks', 'since', 'internal', 'privateRemarks']

export const ALLOWED: Record<DeclKind, readonly string[]> = {
  tool: ['tool', 'title', 'description', 'readOnly', 'destructive', 'idempotent', 'openWorld', 'timeout', 'scope', 'lenient', 'task', 'inputSchema', 'ui', 'uiVisibility', 'uiCsp', 'uiPermissions', 'uiPrefersBorder', 'icon', 'param', ...USUAL],
  resource: ['resource', 'title', 'description', 'mimeType', 'icon', 'param', ...USUAL],
  prompt: ['prompt', 'title', 'description', 'icon', 'param', ...USUAL],
}

const ONCE = ['tool', 'resource', 'prompt', 'title', 'description', 'readOnly', 'destructive', 'idempotent', 'openWorld', 'timeout', 'lenient', 'task', 'inputSchema', 'mimeType', 'ui', 'uiVisibility', 'uiPermissions', 'uiPrefersBorder']

export function checkTags(file: SourceFile, doc: JsDoc, kind: DeclKind): Refusal[] {
  const out: Refusal[] = []
  const seen = new Set<string>()
  for (const tag of doc.tags) {
    const loc = locAt(file, tag.offset)
    if (!ALLOWED[kind].includes(tag.name)) {
      const other = (['tool', 'resource', 'prompt'] as const).filter((k) => k !== kind && ALLOWED[k].includes(tag.name))
      const hint = nearest(tag.name, ALLOWED[kind])
      const why = other.length > 0 && ['tool', 'resource', 'prompt'].includes(tag.name)
        ? `A block declares one thing: it already has @${kind}. Put @${tag.name} on its own function.`
        : other.length > 0 ? `@${tag.name} belongs to @${other[0]} blocks, not @${kind}.` : hint ? `Did you mean @${hint}?` : `Known tags: ${ALLOWED[kind].filter((t) => !USUAL.includes(t)).map((t) => '@' + t).join(', ')}.`
      out.push(new Refusal('MCP002', `Unknown tag @${tag.name} in a @${kind} block. ${why}`, loc))
    } else if (ONCE.includes(tag.name) && seen.has(tag.name)) {
      out.push(new Refusal('MCP026', `@${tag.name} is written twice. Keep one.`, loc))
    }
    seen.add(tag.name)
  }
  return out
}

/** The tags that make a declaration, and the kind each makes. */
export const KIND_TAGS: Record<string, DeclKind> = { tool: 'tool', resource: 'resource', prompt: 'prompt' }

/** The kind a tag name misspells (`@Tool`, `@tools`, `@Prompts`, not `@pool`), if any; never a kind tag itself. */
/** JSDoc's own tags that are near a kind tag (`@prop` is a subsequence of `@prompt`): never a misspelling. */
const JSDOC_NEIGHBOURS = new Set(['prop', 'param', 'private', 'public', 'property', 'protected', 'returns', 'return', 'requires', 'readonly', 'todo', 'type', 'this', 'throws', 'template', 'typedef', 'tutorial', 'see', 'since'])

/** Letters of `word`, in order, all in `kind` (`@tl`, `@tol`, `@rsource`: letters left out). */
const lettersOf = (word: string, kind: string) => {
  let i = 0
  for (const c of kind) if (c === word[i]) i++
  return i === word.length
}

/**
 * A tag meant as `@tool`/`@resource`/`@prompt`: another case, a plural, one edit away with the same first
 * letter (`@tol`, `@too`, `@tpol`), or the kind with letters left out (`@tl`, `@promt`); JSDoc's own tags never.
 */
export function misspeltKind(name: string): DeclKind | undefined {
  if (KIND_TAGS[name]) return undefined
  const lower = name.toLowerCase()
  if (JSDOC_NEIGHBOURS.has(lower)) return undefined
  return Object.values(KIND_TAGS).find((k) => lower === k || lower === `${k}s` || (lower[0] === k[0] && lower.length >= 2 && (distance(lower, k) === 1 || (lower.length >= k.length - 2 && lettersOf(lower, k)))))
}

/** Spellings one edit from `kind` (a letter added, left out, changed or swapped) or with two letters left out, `[a-z]` for any letter. */
function nearSpellings(kind: string): string[] {
  const out = new Set<string>()
  for (let i = 0; i <= kind.length; i++) out.add(`${kind.slice(0, i)}[a-z]${kind.slice(i)}`)
  for (let i = 0; i < kind.length; i++) {
    out.add(kind.slice(0, i) + kind.slice(i + 1))
    out.add(`${kind.slice(0, i)}[a-z]${kind.slice(i + 1)}`)
    if (i + 1 < kind.length) out.add(kind.slice(0, i) + kind[i + 1] + kind[i] + kind.slice(i + 2))
    for (let j = i + 1; j < kind.length; j++) out.add(kind.slice(0, i) + kind.slice(i + 1, j) + kind.slice(j + 1))
  }
  return [...out].filter((w) => w.length >= 2 && !JSDOC_NEIGHBOURS.has(w))
}

/**
 * Cheap test before parsing: a module without a kind tag, or a near miss of one (`@tol`, `@promt`), declares
 * nothing. Loose on purpose (`@Tool`, `@tools`, `// @tool` pass), so that near-misses reach their diagnostics
 * (MCP002, MCP003) instead of the module being skipped without a word.
 */
export const KIND_MARKER = new RegExp(`@(?:tool|resource|prompt|(?:${Object.keys(KIND_TAGS).flatMap(nearSpellings).join('|')})(?![a-z]))`, 'i')
