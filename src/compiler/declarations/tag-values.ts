/** The values of a declaration's tags (`@readOnly true`, `@timeout 30s`, `@task required`, `@scope a b`), each checked. */
import { type Loc } from '../diagnostics.ts'
import { type JsDocTag } from '../source/jsdoc.ts'
import { locAt, type SourceFile } from '../source/project.ts'
import { Refusal } from '../refusal.ts'

export function tagLoc(file: SourceFile, tag: JsDocTag): Loc {
  return locAt(file, tag.offset)
}

export function firstWord(value: string): string {
  return value.trim().split(/\s+/)[0] ?? ''
}

export function bool(file: SourceFile, tag: JsDocTag): boolean {
  const v = firstWord(tag.value)
  if (v === '' || v === 'true') return true
  if (v === 'false') return false
  throw new Refusal('MCP026', `@${tag.name} takes true, false or nothing (= true), not '${v}'.`, tagLoc(file, tag))
}

export function timeout(file: SourceFile, tag: JsDocTag): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s)$/.exec(firstWord(tag.value))
  if (!m || Number(m[1]) <= 0) throw new Refusal('MCP026', `@timeout takes a duration such as 5s or 500ms, not '${tag.value.trim()}'.`, tagLoc(file, tag))
  return Math.round(Number(m[1]) * (m[2] === 's' ? 1000 : 1))
}

/** `@task` (= optional), `@task optional` or `@task required`. */
export function taskSupport(file: SourceFile, tag: JsDocTag): { support: 'optional' | 'required'; asksFirst?: true } {
  const [v = '', then, ...rest] = tag.value.trim().split(/\s+/).filter(Boolean)
  const wrong = (what: string) => new Refusal('MCP026', what, tagLoc(file, tag))
  if (v !== '' && v !== 'optional' && v !== 'required' && v !== 'ask-first') {
    throw wrong(`@task takes optional (the client may run the call as a task), required (only as a task) or nothing (= optional), then ask-first if the tool asks its first questions before the task begins, not '${v}'.`)
  }
  if (v === 'ask-first') return { support: 'optional', asksFirst: true }
  if (then !== undefined && (then !== 'ask-first' || rest.length > 0)) {
    throw wrong(`@task ${v} takes one more word at most, ask-first (the call runs inline, asking by input rounds, until ctx.startTask()), not '${[then, ...rest].join(' ')}'.`)
  }
  return then === 'ask-first' ? { support: v === 'required' ? 'required' : 'optional', asksFirst: true } : { support: v === 'required' ? 'required' : 'optional' }
}

/** A scope is an RFC 6749 §3.3 scope-token: printable ASCII except space, `"` and `\\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/

/** `@scope a b` (one or more tags): the scopes, each checked as a scope-token. */
export function scopes(file: SourceFile, tags: readonly JsDocTag[]): string[] {
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
