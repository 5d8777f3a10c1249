/**
 * Constraint tags (`Min`, `Max`, `MinLength`, `MaxLength`, `Pattern`) applied to a type, with the checks
 * ajv's strict mode would otherwise make at build end: a tag must fit its type, an IntN range may only
 * narrow, a pattern must compile with the `u` flag.
 */
import type { Loc } from '../diagnostics.ts'
import type { TypeIR } from './ir.ts'
import { intRange } from './builtins.ts'
import { intersect, kindText, NoValue } from './intersect.ts'
import { Refusal } from '../refusal.ts'

export type TagName = 'min' | 'max' | 'minLength' | 'maxLength' | 'pattern'

export interface Tag {
  kind: 'tag'
  tag: TagName
  value: number | string
  loc: Loc
}

const SPELLING: Record<TagName, string> = { min: 'Min', max: 'Max', minLength: 'MinLength', maxLength: 'MaxLength', pattern: 'Pattern' }

function misfit(tag: Tag, type: TypeIR): Refusal {
  const name = SPELLING[tag.tag]
  const fits =
    tag.tag === 'min' || tag.tag === 'max' ? 'numbers and integers (number & Min<1>)'
      : tag.tag === 'pattern' ? 'strings (string & Pattern<\'^[a-z]+$\'>)'
        : 'strings and arrays (string & MaxLength<80>, string[] & MaxLength<5>)'
  return new Refusal('MCP021', `${name}<${JSON.stringify(tag.value)}> does not fit ${kindText(type)}: it applies to ${fits}. Move the tag to a type it fits or remove it.`, tag.loc)
}

function checkPattern(tag: Tag): void {
  try {
    new RegExp(String(tag.value), 'u')
  } catch (e) {
    throw new Refusal('MCP023', `Pattern<${JSON.stringify(tag.value)}> is not a valid JavaScript regular expression with the u flag (${(e as Error).message}). Write a pattern that compiles with new RegExp(p, 'u'); escape a backslash as \\\\ inside the type's string literal.`, tag.loc)
  }
}

/** The constraint a tag adds, as a type of the kind it fits (so that applying it is an intersection). */
function constraint(tag: Tag, type: TypeIR): TypeIR | undefined {
  const n = tag.value as number
  if (type.kind === 'number' && (tag.tag === 'min' || tag.tag === 'max')) {
    const range = type.intName ? intRange(type.intName) : undefined
    if (range && (n < range[0] || n > range[1])) {
      throw new Refusal('MCP025', `${SPELLING[tag.tag]}<${n}> is outside ${type.intName}'s range ${range[0]}..${range[1]}; on an integer type a tag may only narrow the range. Use a wider type (Int) or a value inside the range.`, tag.loc)
    }
    return tag.tag === 'min' ? { kind: 'number', integer: false, minimum: n } : { kind: 'number', integer: false, maximum: n }
  }
  if (type.kind === 'string' && tag.tag === 'pattern') {
    checkPattern(tag)
    return { kind: 'string', pattern: String(tag.value) }
  }
  if (type.kind === 'string' && (tag.tag === 'minLength' || tag.tag === 'maxLength')) return { kind: 'string', [tag.tag]: n }
  if (type.kind === 'array' && (tag.tag === 'minLength' || tag.tag === 'maxLength')) {
    return tag.tag === 'minLength' ? { kind: 'array', items: { kind: 'any' }, minItems: n } : { kind: 'array', items: { kind: 'any' }, maxItems: n }
  }
  return undefined
}

/**
 * Tags narrow, never widen: each is intersected with the type, so `(string & MaxLength<10>) & MaxLength<20>`
 * stays 10, `Min<1> & Min<-5>` stays 1, and two patterns must both match.
 */
export function applyTags(type: TypeIR, tags: readonly Tag[]): TypeIR {
  if (tags.length === 0) return type
  if (type.kind === 'nullable') return { kind: 'nullable', inner: applyTags(type.inner, tags) }
  let out: TypeIR = type
  for (const tag of tags) {
    if (typeof tag.value === 'number' && tag.tag !== 'min' && tag.tag !== 'max' && (!Number.isInteger(tag.value) || tag.value < 0)) {
      throw new Refusal('MCP026', `${SPELLING[tag.tag]}<${tag.value}> needs a whole number of 0 or more.`, tag.loc)
    }
    const c = constraint(tag, out)
    if (!c) throw misfit(tag, out)
    try {
      out = intersect(out, c)
    } catch (e) {
      if (!(e instanceof NoValue)) throw e
      if (e.code !== 'MCP013') throw new Refusal(e.code, `${e.message[0]!.toUpperCase()}${e.message.slice(1)}.`, tag.loc)
      throw new Refusal('MCP026', `With ${SPELLING[tag.tag]}<${JSON.stringify(tag.value)}>, ${e.message}, so no value is accepted. Swap or correct the bounds.`, tag.loc)
    }
  }
  return out
}
