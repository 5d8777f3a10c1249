/**
 * What a profile does with a keyword its provider does not take: the keyword leaves the schema and its
 * meaning is appended, as a sentence, to the description of the same schema part, where the model still
 * reads it. The validator keeps checking it (profiles rewrite the listed copy only).
 */
import type { Schema } from '../../schema/schema.ts'
import { types } from '../../schema/schema-walk.ts'

/** A tuple whose elements all have the type `items` states: prefixItems adds nothing to items and the item count. */
export const sameAsItems = (prefix: unknown, items: unknown) => Array.isArray(prefix) && prefix.every((p) => JSON.stringify(p) === JSON.stringify(items))

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

function kind(s: Schema): string {
  if (typeof s.type === 'string') return s.type
  if (Array.isArray(s.type)) return s.type.join(' or ')
  if (Array.isArray(s.enum)) return `one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`
  if (Array.isArray(s.anyOf)) return s.anyOf.map((m) => kind(m as Schema)).join(' or ')
  return 'any value'
}

/**
 * The sentence stating a keyword's meaning; '' when another keyword's sentence already says it (a tuple's
 * item count); undefined for a keyword without one (it is dropped).
 */
export function sentence(keyword: string, value: unknown, s: Schema): string | undefined {
  const array = types(s).includes('array')
  if ((keyword === 'minItems' || keyword === 'maxItems') && Array.isArray(s.prefixItems) && value === s.prefixItems.length && !sameAsItems(s.prefixItems, s.items)) return ''
  switch (keyword) {
    case 'minimum': return `At least ${value}.`
    case 'maximum': return `At most ${value}.`
    case 'exclusiveMinimum': return `Greater than ${value}.`
    case 'exclusiveMaximum': return `Less than ${value}.`
    case 'multipleOf': return `A multiple of ${value}.`
    case 'minLength': return `At least ${plural(value as number, 'character')}.`
    case 'maxLength': return `At most ${plural(value as number, 'character')}.`
    case 'minItems': return array ? `At least ${plural(value as number, 'item')}.` : undefined
    case 'maxItems': return array ? `At most ${plural(value as number, 'item')}.` : undefined
    case 'uniqueItems': return value === true ? 'Items are unique.' : undefined
    case 'pattern': return `Matches the regular expression ${value}.`
    case 'format': return `Format: ${value}.`
    case 'contentEncoding': return value === 'base64' ? 'Base64-encoded.' : `Encoding: ${value}.`
    case 'default': return `Default: ${JSON.stringify(value)}.`
    case 'deprecated': return value === true ? 'Deprecated.' : undefined
    case 'examples': return Array.isArray(value) ? `Example: ${value.map((v) => JSON.stringify(v)).join(', ')}.` : undefined
    case 'enum': return Array.isArray(value) ? `One of: ${value.map((v) => JSON.stringify(v)).join(', ')}.` : undefined
    case 'prefixItems': return Array.isArray(value) ? `Exactly ${plural(value.length, 'item')}, in order: ${value.map((v) => kind(v as Schema)).join(', ')}.` : undefined
    default: return undefined
  }
}

/**
 * `s` with `sentences` appended to its description (a new description when it has none), in keyword order:
 * after a description of several lines (a list, code: docs/writing-tools.md § Descriptions) as a paragraph of
 * their own, so they do not land in its last list item.
 */
export function describe(s: Schema, sentences: readonly string[]): Schema {
  if (sentences.length === 0) return s
  const own = typeof s.description === 'string' ? s.description : ''
  const text = own.includes('\n') ? `${own}\n\n${sentences.join(' ')}` : [own, ...sentences].filter(Boolean).join(' ')
  const out: Schema = {}
  let placed = false
  for (const [k, v] of Object.entries(s)) {
    if (k === 'description') {
      out.description = text
      placed = true
    } else out[k] = v
  }
  if (!placed) return placeDescription(out, text)
  return out
}

/** SCHEMA.md's order puts `description` after `type` and `format`. */
function placeDescription(s: Schema, text: string): Schema {
  const out: Schema = {}
  let placed = false
  for (const [k, v] of Object.entries(s)) {
    if (!placed && k !== 'type' && k !== 'format' && k !== 'nullable') {
      out.description = text
      placed = true
    }
    out[k] = v
  }
  if (!placed) out.description = text
  return out
}
