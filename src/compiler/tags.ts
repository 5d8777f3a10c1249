/**
 * Constraint tags (`Min`, `Max`, `MinLength`, `MaxLength`, `Pattern`) applied to a type, with the checks
 * ajv's strict mode would otherwise make at build end: a tag must fit its type, an IntN range may only
 * narrow, a pattern must compile with the `u` flag.
 */
import type { Loc, TypeIR } from './ir.ts'
import { Refusal } from './refusal.ts'

export type TagName = 'min' | 'max' | 'minLength' | 'maxLength' | 'pattern'

export interface Tag {
  kind: 'tag'
  tag: TagName
  value: number | string
  loc: Loc
}

const SPELLING: Record<TagName, string> = { min: 'Min', max: 'Max', minLength: 'MinLength', maxLength: 'MaxLength', pattern: 'Pattern' }

function describe(type: TypeIR): string {
  switch (type.kind) {
    case 'number': return type.integer ? 'an integer' : 'a number'
    case 'string': return 'a string'
    case 'array': return type.set ? 'a set' : 'an array'
    case 'object': case 'object-any': return 'an object'
    case 'enum': return 'a literal union'
    default: return `a ${type.kind}`
  }
}

function misfit(tag: Tag, type: TypeIR): Refusal {
  const name = SPELLING[tag.tag]
  const fits =
    tag.tag === 'min' || tag.tag === 'max' ? 'numbers and integers (number & Min<1>)'
      : tag.tag === 'pattern' ? 'strings (string & Pattern<\'^[a-z]+$\'>)'
        : 'strings and arrays (string & MaxLength<80>, string[] & MaxLength<5>)'
  return new Refusal('MCP021', `${name}<${JSON.stringify(tag.value)}> does not fit ${describe(type)}: it applies to ${fits}. Move the tag to a type it fits or remove it.`, tag.loc)
}

function checkPattern(tag: Tag): void {
  try {
    new RegExp(String(tag.value), 'u')
  } catch (e) {
    throw new Refusal('MCP023', `Pattern<${JSON.stringify(tag.value)}> is not a valid JavaScript regular expression with the u flag (${(e as Error).message}). Write a pattern that compiles with new RegExp(p, 'u'); escape a backslash as \\\\ inside the type's string literal.`, tag.loc)
  }
}

export function applyTags(type: TypeIR, tags: readonly Tag[]): TypeIR {
  if (tags.length === 0) return type
  if (type.kind === 'nullable') return { kind: 'nullable', inner: applyTags(type.inner, tags) }
  let out: TypeIR = { ...type } as TypeIR
  for (const tag of tags) {
    if (typeof tag.value === 'number' && tag.tag !== 'min' && tag.tag !== 'max' && (!Number.isInteger(tag.value) || tag.value < 0)) {
      throw new Refusal('MCP026', `${SPELLING[tag.tag]}<${tag.value}> needs a whole number of 0 or more.`, tag.loc)
    }
    if (out.kind === 'number' && (tag.tag === 'min' || tag.tag === 'max')) {
      const n = tag.value as number
      if (out.intName && out.minimum !== undefined && out.maximum !== undefined && (n < out.minimum || n > out.maximum)) {
        throw new Refusal('MCP025', `${SPELLING[tag.tag]}<${n}> is outside ${out.intName}'s range ${out.minimum}..${out.maximum}; on an integer type a tag may only narrow the range. Use a wider type (Int) or a value inside the range.`, tag.loc)
      }
      out = tag.tag === 'min' ? { ...out, minimum: n } : { ...out, maximum: n }
    } else if (out.kind === 'string' && tag.tag === 'pattern') {
      checkPattern(tag)
      out = { ...out, pattern: String(tag.value) }
    } else if (out.kind === 'string' && (tag.tag === 'minLength' || tag.tag === 'maxLength')) {
      out = { ...out, [tag.tag]: tag.value as number }
    } else if (out.kind === 'array' && (tag.tag === 'minLength' || tag.tag === 'maxLength')) {
      out = tag.tag === 'minLength' ? { ...out, minItems: tag.value as number } : { ...out, maxItems: tag.value as number }
    } else throw misfit(tag, out)
  }
  const lo = out.kind === 'number' ? out.minimum : out.kind === 'string' ? out.minLength : out.kind === 'array' ? out.minItems : undefined
  const hi = out.kind === 'number' ? out.maximum : out.kind === 'string' ? out.maxLength : out.kind === 'array' ? out.maxItems : undefined
  if (lo !== undefined && hi !== undefined && lo > hi) {
    throw new Refusal('MCP026', `The lower bound ${lo} is above the upper bound ${hi}, so no value is accepted. Swap or correct the bounds.`, tags[tags.length - 1]!.loc)
  }
  return out
}
