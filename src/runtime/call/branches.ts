/**
 * Which branch of a union a value is: the run-time half of a BranchTest (table.ts), shared by argument
 * revival (validated JSON) and result projection (a tool's own return value, before the JSON rules apply).
 * A value is tested as the JSON it becomes: a Date, Uint8Array, bigint or URL is a string, a Set an array,
 * a Map an object.
 */
import type { BranchTest } from '../shared/table.ts'

type JsonKind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object'

/** The JSON type `value` is written as; undefined for what JSON leaves out (undefined, a function, a symbol). */
export function jsonKind(value: unknown): JsonKind | undefined {
  switch (typeof value) {
    case 'string':
    case 'bigint':
      return 'string'
    case 'number':
      return Number.isFinite(value) ? 'number' : 'null'
    case 'boolean':
      return 'boolean'
    case 'object':
      break
    default:
      return undefined
  }
  if (value === null) return 'null'
  if (Array.isArray(value) || value instanceof Set) return 'array'
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'null' : 'string'
  if (value instanceof Uint8Array) return 'string'
  if (value instanceof String || value instanceof Number || value instanceof Boolean) return jsonKind(value.valueOf())
  const toJSON = (value as { toJSON?: unknown }).toJSON
  return typeof toJSON === 'function' && !(value instanceof Map) ? jsonKind(toJSON.call(value, '')) : 'object'
}

/** The keys and values an object (or Map) is written with. */
export function entries(value: object): Record<string, unknown> {
  return value instanceof Map ? Object.fromEntries(value) : (value as Record<string, unknown>)
}

/** A key's value as the object is written: own, or declared on its class (a getter), never Object.prototype's. */
export function read(source: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(source, key) || !(key in Object.prototype) ? source[key] : undefined
}

/** The keys of an object that JSON writes (those whose value is not undefined). */
export function writtenKeys(source: Record<string, unknown>): string[] {
  return Object.keys(source).filter((key) => source[key] !== undefined)
}

/**
 * Whether `value` passes a union branch's test. `open`: an object's keys besides the test's `only` are
 * allowed (they are the ones a projection drops).
 */
export function passes(value: unknown, test: BranchTest, open = false): boolean {
  if (typeof test === 'string') return jsonKind(value) === test
  if ('in' in test) return test.in.includes(value as string)
  if ('length' in test) return (Array.isArray(value) ? value.length : value instanceof Set ? value.size : -1) === test.length
  if (jsonKind(value) !== 'object') return false
  const source = entries(value as object)
  const { has = [], is = {}, only } = test
  return (
    has.every((key) => read(source, key) !== undefined) &&
    Object.keys(is).every((key) => is[key]!.includes(read(source, key) as string)) &&
    (open || only === undefined || writtenKeys(source).every((key) => only.includes(key)))
  )
}
