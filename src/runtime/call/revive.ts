/**
 * Validated JSON → the values a function declared (Date, URL, bigint, Uint8Array, Set, Map), following
 * the RevivePlan the compiler wrote. A value the validator accepted but that cannot be converted (an
 * impossible date, bad base64, duplicates that appear only after conversion) is an argument error line.
 * The input is never modified: objects and arrays that change are copied, the rest is shared.
 */
import type { Revived } from '../shared/plans.ts'
import type { RevivePlan, Reviver } from '../shared/table.ts'
import { passes } from './branches.ts'
import { fromBase64, toBase64 } from '../shared/base64.ts'
import { parseDateTime } from '../validators/formats.ts'
import { joinPath } from './arg-errors.ts'
import { setOwn } from './set-own.ts'
import { isObject } from '../shared/jsonrpc.ts'


/**
 * Revives `value` by `plan`; `path` is the display path of `value` (`''` for the arguments object);
 * `defs` are the plans of recursive types (`{ ref: i }` is `defs[i]`).
 */
export function revive(value: unknown, plan: RevivePlan, path = '', defs: readonly RevivePlan[] = []): Revived {
  if (plan === 0) return { ok: true, value }
  const errors: string[] = []
  const revived = walk(value, plan, path, { errors, defs })
  return errors.length === 0 ? { ok: true, value: revived } : { ok: false, errors }
}

/** The reviver of a table entry (generated code: `revive: __mcp_reviver(plan)`, or `__mcp_reviver(plan, defs)`). */
export const reviver =
  (plan: RevivePlan, defs?: readonly RevivePlan[]): Reviver =>
  (value) =>
    revive(value, plan, '', defs)

/** What one revival collects (its error lines) and reads (the recursive types' plans). */
interface Walk {
  errors: string[]
  defs: readonly RevivePlan[]
}

/** What each scalar conversion is called in its error line. */
const EXPECTED = { date: 'date-time', url: 'uri', bigint: 'integer', bytes: 'base64' } as const

const INTEGER = /^-?[0-9]+$/

function fail(path: string, words: string, errors: string[]): undefined {
  errors.push(path === '' ? `Arguments ${words.replace(/^is /, 'are ')}.` : `Argument '${path}' ${words}.`)
  return undefined
}

function scalar(value: unknown, kind: keyof typeof EXPECTED, path: string, errors: string[]): unknown {
  if (typeof value === 'string') {
    switch (kind) {
      case 'date': {
        const time = parseDateTime(value)
        if (time !== undefined) return new Date(time)
        break
      }
      case 'url': {
        const url = parseUrl(value)
        if (url) return url
        break
      }
      case 'bigint':
        if (INTEGER.test(value)) return BigInt(value)
        break
      case 'bytes': {
        const bytes = fromBase64(value)
        if (bytes) return bytes
        break
      }
    }
  }
  return fail(path, `is not a valid ${EXPECTED[kind]}`, errors)
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

function walk(value: unknown, plan: RevivePlan, path: string, w: Walk): unknown {
  if (plan === 0 || value === undefined) return value
  if (typeof plan === 'string') return scalar(value, plan, path, w.errors)
  if ('ref' in plan) return walk(value, w.defs[plan.ref]!, path, w)
  if ('nullable' in plan) return value === null ? null : walk(value, plan.nullable, path, w)
  if ('anyOf' in plan) {
    const branch = plan.anyOf.find(([test]) => passes(value, test))
    return branch ? walk(value, branch[1], path, w) : value
  }
  if ('items' in plan) return Array.isArray(value) ? array(value, () => plan.items, path, w) : value
  if ('tuple' in plan) return Array.isArray(value) ? array(value, (i) => plan.tuple[i] ?? 0, path, w) : value
  if ('set' in plan) return Array.isArray(value) ? set(value, plan.set, path, w) : value
  if ('map' in plan) {
    if (!isObject(value)) return value
    const map = new Map<string, unknown>()
    for (const key of Object.keys(value)) map.set(key, walk(value[key], plan.map, joinPath(path, key), w))
    return map
  }
  return isObject(value) ? object(value, plan.props, plan.rest, path, w) : value
}

/** Revives each item; copies the array only when an item changed. */
function array(value: readonly unknown[], planAt: (index: number) => RevivePlan, path: string, w: Walk): unknown[] {
  let copy: unknown[] | undefined
  for (let i = 0; i < value.length; i++) {
    const plan = planAt(i)
    if (plan === 0) continue
    const item = walk(value[i], plan, joinPath(path, i), w)
    if (item !== value[i]) (copy ??= value.slice())[i] = item
  }
  return copy ?? (value as unknown[])
}

function set(value: readonly unknown[], plan: RevivePlan, path: string, w: Walk): Set<unknown> | undefined {
  const before = w.errors.length
  const items = array(value, () => plan, path, w)
  if (w.errors.length > before) return undefined
  const seen = new Set<string>()
  for (const item of items) {
    const key = identity(item)
    if (seen.has(key)) return fail(path, 'must not contain duplicates', w.errors)
    seen.add(key)
  }
  return new Set(items)
}

function object(
  value: Record<string, unknown>,
  props: Readonly<Record<string, RevivePlan>>,
  rest: RevivePlan | undefined,
  path: string,
  w: Walk,
): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined
  const visit = (key: string, plan: RevivePlan) => {
    const before = value[key]
    const after = walk(before, plan, joinPath(path, key), w)
    if (after !== before) setOwn((copy ??= { ...value }), key, after)
  }
  for (const key in props) {
    const plan = props[key]!
    if (plan !== 0 && Object.hasOwn(value, key)) visit(key, plan)
  }
  if (rest !== undefined && rest !== 0) {
    for (const key of Object.keys(value)) if (!Object.hasOwn(props, key)) visit(key, rest)
  }
  return copy ?? value
}

/**
 * A text that is equal for two revived values exactly when they are the same value: two Dates of the
 * same instant, bigints `01` and `1`, byte arrays with the same bytes. Objects compare by content.
 */
function identity(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value !== 'object' || value === null) return String(value)
  if (value instanceof Date) return `Date(${value.getTime()})`
  if (value instanceof URL) return `URL(${JSON.stringify(value.href)})`
  if (value instanceof Uint8Array) return `Bytes(${toBase64(value)})`
  if (value instanceof Set) return `Set(${[...value].map(identity).sort().join(',')})`
  if (value instanceof Map) return `Map(${[...value].map(([k, v]) => `${JSON.stringify(k)}:${identity(v)}`).sort().join(',')})`
  if (Array.isArray(value)) return `[${value.map(identity).join(',')}]`
  const record = value as Record<string, unknown>
  return `{${Object.keys(record).sort().map((k) => `${JSON.stringify(k)}:${identity(record[k])}`).join(',')}}`
}
