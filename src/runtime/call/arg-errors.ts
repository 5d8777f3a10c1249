/**
 * ajv's errors → the argument error lines (`Argument 'items[2].qty' must be >= 1 (got 0).`), one line per
 * failed rule, in ajv's order, without repeats, each saying what is accepted and echoing a short value
 * (docs/results-and-errors.md lists the forms); bounded (bound-lines.ts), so an invalid call answers with
 * little text whatever its size.
 */
import type { AjvError } from '../shared/table.ts'
import { boundLines, MAX_LINES } from './bound-lines.ts'

/**
 * The generated validators stop collecting once a list holds this many errors (src/compiler/schema/validator.ts
 * writes the number into their loops), so checking an invalid argument costs no more than a valid one.
 */
export const MAX_COLLECTED_ERRORS = 100

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

/** A JSON Schema type in words (`an integer`); also what the compiler names a union's alternatives with. */
export const typeName = (type: string): string => ARTICLE[type] ?? `a ${type}`

/** `a, b or c`. */
function orList(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`
}

function typeNames(type: unknown): string {
  return orList((Array.isArray(type) ? type : String(type).split(',')).map(typeName))
}

export function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** A valid value of each format SCHEMA.md writes, shown after a format error (test/validator/types.test.ts checks each is valid). */
const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  email: 'name@example.com',
  uri: 'https://example.com/path',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  date: '2026-01-31',
  time: '09:00:00Z',
  'date-time': '2026-01-31T09:00:00Z',
  duration: 'P1DT2H',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
}

/** Characters of a string echoed whole (`got "urgent"`); a longer one is cut there (`got "Lorem ipsum…"`). */
const ECHO_CHARS = 32

/** Characters as the length rules count them (a surrogate pair is one). */
function characters(text: string): number {
  let n = 0
  for (const _c of text) n++
  return n
}

/**
 * What the client sent, in a few words: a number, boolean or null as written, a string quoted (cut after
 * ECHO_CHARS characters), an array or object by its kind only (never echoed, so a line stays short).
 */
export function received(value: unknown): string {
  if (typeof value === 'string') {
    let cut = ''
    let n = 0
    for (const c of value) {
      if (n++ === ECHO_CHARS) return `${JSON.stringify(cut).slice(0, -1)}…"`
      cut += c
    }
    return JSON.stringify(value)
  }
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object' && value !== null) return 'an object'
  return String(JSON.stringify(value))
}

/** What must hold, the words after "Argument 'p'", for one error whose line names its own path. */
function rule(error: AjvError, path: string): string {
  const p = error.params ?? {}
  const got = (what?: string) => gotText(error, what)
  switch (error.keyword) {
    case 'type':
      return `must be ${typeNames(p.type)}${got()}.`
    case 'minimum':
      return `must be >= ${p.limit}${got()}.`
    case 'maximum':
      return `must be <= ${p.limit}${got()}.`
    case 'exclusiveMinimum':
      return `must be > ${p.limit}${got()}.`
    case 'exclusiveMaximum':
      return `must be < ${p.limit}${got()}.`
    case 'minLength':
    case 'maxLength':
      return `must have at ${error.keyword === 'minLength' ? 'least' : 'most'} ${p.limit} character(s)${typeof error.data === 'string' ? got(`${characters(error.data)}`) : ''}.`
    case 'minItems':
    case 'maxItems':
      return `must have at ${error.keyword === 'minItems' ? 'least' : 'most'} ${p.limit} item(s)${Array.isArray(error.data) ? got(`${error.data.length}`) : ''}.`
    case 'pattern':
      return `must match the pattern ${p.pattern}${got()}.`
    case 'format': {
      const example = FORMAT_EXAMPLES[p.format as string]
      return `must be a valid ${p.format}${example ? `, e.g. ${example}` : ''}${got()}.`
    }
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).map(show).join(', ')}${got()}.`
    case 'uniqueItems':
      if (typeof p.i !== 'number' || typeof p.j !== 'number') return 'must not contain duplicates.'
      return `must not contain duplicates (${joinPath(path, Math.min(p.i, p.j))} and ${joinPath(path, Math.max(p.i, p.j))} are equal).`
    case 'anyOf':
      return Array.isArray(p.alternatives) ? `must be ${orList(p.alternatives)}${got()}.` : `does not match any allowed shape${got()}.`
    default:
      return `${error.message ?? `fails the rule ${error.keyword}`}.`
  }
}

/** Unknown names this long or longer get no suggestion (the comparison is quadratic in the name's length). */
const SUGGEST_CHARS = 40

/**
 * Edits (insert, delete, replace, swap two neighbours) from `a` to `b` if at most `limit`, else limit + 1
 * (the rows stop early once every entry is past it).
 */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let before: number[] = []
  let row = Array.from({ length: b.length + 1 }, (_v, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) next[j] = Math.min(next[j]!, before[j - 2]! + 1)
      best = Math.min(best, next[j]!)
    }
    if (best > limit) return limit + 1
    before = row
    row = next
  }
  return Math.min(row[b.length]!, limit + 1)
}

/**
 * The known name nearest to an unknown one (`colour` → `color`): the same name in other case or without
 * `-`/`_` (`dry_run` → `dryRun`), else the nearest at most a third of its length in edits away (at least
 * one; `qyt` → `qty`). Undefined when none is that near or the name has SUGGEST_CHARS characters or more;
 * the first of equally near names.
 */
export function nearestName(unknown: string, known: readonly string[]): string | undefined {
  if (unknown.length >= SUGGEST_CHARS) return undefined
  const fold = (name: string) => name.toLowerCase().replace(/[-_]/g, '')
  const limit = Math.max(1, Math.floor(unknown.length / 3))
  let best: string | undefined
  let bestDistance = limit + 1
  for (const name of known) {
    const d = fold(name) === fold(unknown) ? 0 : distance(unknown, name, limit)
    if (d < bestDistance) [best, bestDistance] = [name, d]
  }
  return best
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The line of an error of a keyword only some schemas have, or undefined: a tool whose schema is hand-written
 * (`@inputSchema`) carries one (call/schema-rules.ts), so a server without such schemas bundles none of it.
 */
export type RuleLines = (error: AjvError, path: string) => string | undefined

function line(error: AjvError, suggest: boolean, more: RuleLines | undefined): string {
  const path = pointerToPath(error.instancePath)
  const p = error.params
  const own = more?.(error, path)
  if (own !== undefined) return own
  if (error.keyword === 'required') return `Argument '${joinPath(path, String(p.missingProperty))}' is required.`
  if (error.keyword === 'additionalProperties') {
    const name = String(p.additionalProperty)
    // Names the object already has are not suggested.
    const absent = suggest && Array.isArray(p.known) && isObject(error.data) ? p.known.filter((k: string) => !Object.hasOwn(error.data as object, k)) : []
    const near = nearestName(name, absent)
    return `Unknown argument '${joinPath(path, name)}'${near === undefined ? '.' : `; did you mean '${joinPath(path, near)}'?`}`
  }
  // A union told apart by a tag: an object without it, or with a value no branch has, is told about the tag.
  if (error.keyword === 'anyOf' && typeof p.tag === 'string' && isObject(error.data)) {
    const tag = joinPath(path, p.tag)
    const values = (p.allowedValues as unknown[]).map(show).join(', ')
    if (!Object.hasOwn(error.data, p.tag)) return `Argument '${tag}' is required (one of: ${values}).`
    return `Argument '${tag}' must be one of: ${values} (got ${received(error.data[p.tag])}).`
  }
  return `${subject(path)} ${rule(error, path)}`
}

/** What a line is about: the argument at `path`, or the arguments value itself (not an object at all: no argument to name). */
export const subject = (path: string) => (path === '' ? 'Arguments' : `Argument '${path}'`)

/** ` (got <value>)` after a rule, when the error carries the value sent. */
export const gotText = (error: AjvError, what = received(error.data)) => (error.data === undefined ? '' : ` (got ${what})`)

/**
 * The argument error lines for a failed validation. mcp-aot's validators report a failed `anyOf` by one
 * error, or by the errors of the branch the value's kind or tag selects (src/compiler/schema/union-errors.ts). A
 * value that fails both its type and its `enum` gets the enum's line alone (it names the values, hence the
 * type); one that fails its `format` and a `pattern` beside it (zod writes its email regex beside `format:
 * email`) gets the format's line alone, with an example, rather than the regex. The first MAX_LINES errors
 * look for a known name near an unknown one.
 */
export function argumentErrors(errors: readonly AjvError[], more?: RuleLines): string[] {
  const at = (keyword: string) => new Set(errors.filter((e) => e.keyword === keyword).map((e) => e.instancePath))
  const enums = at('enum')
  const formats = at('format')
  // A failed if/then/else is told by the errors of its then or else (`if` itself says only which failed).
  const shown = errors.filter((e) => e.keyword !== 'if' && !(e.keyword === 'type' && enums.has(e.instancePath)) && !(e.keyword === 'pattern' && formats.has(e.instancePath)))
  return boundLines([...new Set(shown.map((e, i) => line(e, i < MAX_LINES, more)))], errors.length >= MAX_COLLECTED_ERRORS)
}
