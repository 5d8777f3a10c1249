/**
 * ajv's errors → SCHEMA.md's argument error lines (`Argument 'items[2].qty' must be >= 1.`), one line per
 * failed rule, in ajv's order, without repeats; bounded, so an invalid call answers with little text
 * whatever its size (at most MAX_LINES lines of at most MAX_LINE characters, then `… and N more.`).
 */
import type { AjvError } from '../shared/table.ts'

/**
 * The generated validators stop collecting once a list holds this many errors (src/compiler/validator.ts
 * writes the number into their loops), so checking an invalid argument costs no more than a valid one.
 */
export const MAX_COLLECTED_ERRORS = 100
/** Argument error lines shown per call; the rest are counted in a last line. */
export const MAX_LINES = 20
/** Characters per argument error line (a path or a value in it may be as long as the client likes). */
export const MAX_LINE = 200

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
const INDEX = /^(?:0|[1-9]\d*)$/

/**
 * The display path of `key` inside `base`: a top-level argument is its bare name (`customer`), below it
 * identifiers follow a dot (`customer.email`), indexes and other keys go in brackets (`items[2]`, `tags["a b"]`).
 */
export function joinPath(base: string, key: string | number): string {
  if (base === '') return String(key)
  if (typeof key === 'number' || INDEX.test(key)) return `${base}[${key}]`
  return IDENTIFIER.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`
}

/** A JSON Pointer (`/items/2/qty`) as a display path (`items[2].qty`). */
export function pointerToPath(pointer: string): string {
  if (pointer === '') return ''
  let path = ''
  for (const segment of pointer.slice(1).split('/')) {
    path = joinPath(path, segment.replace(/~1/g, '/').replace(/~0/g, '~'))
  }
  return path
}

const ARTICLE: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
}

function typeNames(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(',')
  return types.map((t) => ARTICLE[t] ?? `a ${t}`).join(' or ')
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** What must hold, the words after "Argument 'p'", for one error whose line names its own path. */
function rule(error: AjvError): string {
  const p = error.params ?? {}
  switch (error.keyword) {
    case 'type':
      return `must be ${typeNames(p.type)}.`
    case 'minimum':
      return `must be >= ${p.limit}.`
    case 'maximum':
      return `must be <= ${p.limit}.`
    case 'exclusiveMinimum':
      return `must be > ${p.limit}.`
    case 'exclusiveMaximum':
      return `must be < ${p.limit}.`
    case 'minLength':
      return `must have at least ${p.limit} character(s).`
    case 'maxLength':
      return `must have at most ${p.limit} character(s).`
    case 'minItems':
      return `must have at least ${p.limit} item(s).`
    case 'maxItems':
      return `must have at most ${p.limit} item(s).`
    case 'pattern':
      return `must match the pattern ${p.pattern}.`
    case 'format':
      return `must be a valid ${p.format}.`
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).map(show).join(', ')}.`
    case 'uniqueItems':
      return `must not contain duplicates.`
    case 'anyOf':
      return `does not match any allowed shape.`
    default:
      return `${error.message ?? `fails the rule ${error.keyword}`}.`
  }
}

function line(error: AjvError): string {
  const path = pointerToPath(error.instancePath)
  if (error.keyword === 'required') return `Argument '${joinPath(path, String(error.params.missingProperty))}' is required.`
  if (error.keyword === 'additionalProperties') {
    return `Unknown argument '${joinPath(path, String(error.params.additionalProperty))}'.`
  }
  // The arguments value itself (not an object at all): there is no argument to name.
  if (path === '') return `Arguments ${rule(error)}`
  return `Argument '${path}' ${rule(error)}`
}

/**
 * The argument error lines for a failed validation. mcp-aot's validators report a failed `anyOf` by its
 * own error alone (its branches' errors are dropped where they arise, see src/compiler/validator.ts).
 */
export function argumentErrors(errors: readonly AjvError[]): string[] {
  return boundLines([...new Set(errors.map(line))], errors.length >= MAX_COLLECTED_ERRORS)
}

/**
 * At most MAX_LINES lines, each cut to MAX_LINE characters, and a last line counting the rest
 * (`… and at least N more.` when the validator stopped collecting, so the count is a lower bound).
 */
export function boundLines(lines: readonly string[], stopped = false): string[] {
  const shown = lines.slice(0, MAX_LINES).map((l) => (l.length > MAX_LINE ? `${l.slice(0, MAX_LINE - 1)}…` : l))
  const rest = lines.length - shown.length
  if (rest > 0 || stopped) shown.push(`… and ${stopped ? 'at least ' : ''}${Math.max(rest, 1)} more.`)
  return shown
}
