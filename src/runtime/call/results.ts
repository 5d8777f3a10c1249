/**
 * A tool's return value → a CallToolResult, by the shaper for the ResultPlan the compiler decided from
 * the declared return type (SCHEMA.md "Results"), and the JSON rules every result follows: Date → RFC 3339 text,
 * Uint8Array → base64, bigint → decimal text, Set → array, Map → object, applied at any depth.
 */
import type { ContentPart, ToolResult } from '../shared/api.ts'
import type { BranchTest, Projection, ResultPlan, ResultShaper } from '../shared/table.ts'
import { entries, passes, writtenKeys } from './branches.ts'
import { toBase64 } from '../shared/base64.ts'
import { isObject } from '../shared/jsonrpc.ts'
import { setOwn } from './set-own.ts'

type JsonObject = { [key: string]: unknown }

/**
 * `value` as plain JSON data (what `JSON.parse(JSON.stringify(value))` would give, plus the JSON rules for
 * Date, Uint8Array, bigint, Set and Map). `undefined`, functions and symbols become `undefined` (left out of
 * objects, `null` in arrays), as do they in JSON.stringify; non-finite numbers become `null`. Throws a
 * TypeError on a cycle.
 */
export function toJsonValue(value: unknown): unknown {
  return convert(value, [])
}

function convert(value: unknown, parents: object[]): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      return Number.isFinite(value) ? value : null
    case 'bigint':
      return value.toString()
    case 'object':
      break
    default:
      return undefined // undefined, function, symbol
  }
  if (value === null) return null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (value instanceof Uint8Array) return toBase64(value)
  if (value instanceof String || value instanceof Number || value instanceof Boolean) return convert(value.valueOf(), parents)
  if (parents.includes(value)) throw new TypeError('The result contains a circular reference and cannot be sent as JSON.')
  parents.push(value)
  try {
    if (Array.isArray(value) || value instanceof Set) {
      return Array.from(value as Iterable<unknown>, (item) => convert(item, parents) ?? null)
    }
    if (value instanceof Map) {
      const out: JsonObject = {}
      for (const [key, item] of value) {
        const json = convert(item, parents)
        if (json !== undefined) setOwn(out, String(key), json)
      }
      return out
    }
    const toJSON = (value as { toJSON?: unknown }).toJSON
    if (typeof toJSON === 'function') return convert(toJSON.call(value, ''), parents)
    const out: JsonObject = {}
    for (const key of Object.keys(value)) {
      const json = convert((value as JsonObject)[key], parents)
      if (json !== undefined) setOwn(out, key, json)
    }
    return out
  } finally {
    parents.pop()
  }
}

/** JSON text by the JSON rules; `undefined` (or a function) gives `null`. */
export function toJson(value: unknown): string {
  return JSON.stringify(toJsonValue(value) ?? null)
}

/**
 * `value` as plain JSON data holding only what `shape` declares (`{ ref: i }` is `defs[i]`, a recursive
 * type): properties not declared are dropped (recursively), an index signature (`rest`) keeps the others,
 * a tuple keeps its positions, a union keeps what the branch the value matches declares. Declared
 * properties come first, in declaration order.
 */
export function project(value: unknown, shape: Projection, defs: readonly Projection[] = []): unknown {
  if (shape === 0) return toJsonValue(value)
  if ('ref' in shape) return project(value, defs[shape.ref]!, defs)
  if ('nullable' in shape) return value === null ? null : project(value, shape.nullable, defs)
  if ('anyOf' in shape) {
    const branch = value === undefined ? undefined : matched(value, shape.anyOf)
    return branch === undefined ? undefined : project(value, branch, defs)
  }
  if ('items' in shape || 'tuple' in shape) {
    if (!Array.isArray(value) && !(value instanceof Set)) return toJsonValue(value)
    const items = Array.from(value as Iterable<unknown>)
    if ('items' in shape) return items.map((item) => project(item, shape.items, defs) ?? null)
    return shape.tuple.map((at, i) => project(items[i], at, defs) ?? null)
  }
  let source: JsonObject
  if (value instanceof Map || (isObject(value) && !(value instanceof Date) && !(value instanceof Set) && !(value instanceof Uint8Array))) {
    source = entries(value)
  } else {
    return toJsonValue(value)
  }
  const out: JsonObject = {}
  for (const key in shape.props) {
    // Read through getters and prototypes too: a class instance is projected by its declared members.
    const json = project(source[key], shape.props[key]!, defs)
    if (json !== undefined) setOwn(out, key, json)
  }
  if (shape.rest !== undefined) {
    for (const key of Object.keys(source)) {
      if (Object.hasOwn(shape.props, key)) continue
      const json = project(source[key], shape.rest, defs)
      if (json !== undefined) setOwn(out, key, json)
    }
  }
  return out
}

/** The projection of the union branch `value` matches (Projection's `anyOf`), or undefined when none does. */
function matched(value: unknown, branches: readonly (readonly [BranchTest, Projection])[]): Projection | undefined {
  let best: Projection | undefined
  let kept = -1
  for (const [test, shape] of branches) {
    if (!passes(value, test, true)) continue
    if (typeof test === 'string' || !('only' in test) || test.only === undefined) return shape
    const keys = writtenKeys(entries(value as object))
    const declared = keys.filter((key) => test.only!.includes(key)).length
    if (declared === keys.length) return shape
    if (declared > kept) [best, kept] = [shape, declared]
  }
  return best
}

/** True for an object shaped like one of the MCP content parts. */
export function isContentPart(value: unknown): value is ContentPart {
  if (!isObject(value)) return false
  switch (value.type) {
    case 'text':
      return typeof value.text === 'string'
    case 'image':
    case 'audio':
      return typeof value.data === 'string' && typeof value.mimeType === 'string'
    case 'resource_link':
      return typeof value.uri === 'string' && typeof value.name === 'string'
    case 'resource': {
      const body = value.resource
      return isObject(body) && typeof body.uri === 'string' && (typeof body.text === 'string' || typeof body.blob === 'string')
    }
    default:
      return false
  }
}

/** True for an object shaped like a CallToolResult: a `content` array of content parts. */
export function isToolResult(value: unknown): value is ToolResult {
  return isObject(value) && Array.isArray(value.content) && value.content.every(isContentPart)
}

function parts(value: unknown): ContentPart[] | undefined {
  if (isContentPart(value)) return [value]
  if (Array.isArray(value) && value.length > 0 && value.every(isContentPart)) return [...value]
  return undefined
}

/** The result JSON with one text part. */
const textJson = (text: string): string => `{"content":[{"type":"text","text":${JSON.stringify(text)}}]}`

const NO_CONTENT = '{"content":[]}'

/**
 * The result for a value whose declared type said nothing (`unknown`/`any`), or that did not match it:
 * nothing for undefined, a string as its text, content parts as the content, a ToolResult as it is, and
 * anything else as its JSON text.
 */
function inspect(value: unknown): string | ToolResult {
  if (value === undefined) return NO_CONTENT
  if (typeof value === 'string') return textJson(value)
  const content = parts(value)
  if (content) return { content }
  return isToolResult(value) ? value : textJson(toJson(value))
}

/*
 * One shaper per ResultPlan kind (table.ts's ResultShaper); generated code imports the ones its tools use.
 * A value that does not fit its plan (the declared type was not true at run time) is inspected instead of
 * sent malformed.
 */

/** `void`: no content. */
export const voidResult: ResultShaper = () => NO_CONTENT

/**
 * `text`: one text part with the string (inspecting does exactly that for a string); null (of a declared
 * `string | null`) gives no content, like undefined.
 */
export const textResult: ResultShaper = (value) => (value === null ? NO_CONTENT : inspect(value))

/** `content`: a content part or an array of them. */
export const contentResult: ResultShaper = (value) => {
  const content = parts(value)
  return content ? { content } : inspect(value)
}

/** `raw`: a ToolResult, passed through. */
export const rawResult: ResultShaper = (value) => (isToolResult(value) ? value : inspect(value))

/** `json`: one text part with the value's JSON (`null` → "null"); undefined gives no content. */
export const jsonResult: ResultShaper = (value) => (value === undefined ? NO_CONTENT : textJson(toJson(value)))

/** `inspect`: decided from the value. */
export const inspectResult: ResultShaper = inspect

/**
 * `structured`: structuredContent projected to `shape`, and a text part with its JSON (serialised once);
 * an untitled client gets the text part alone. `textOnly`: a `json` plan with a shape (an array, a union, a
 * nullable object…): one text part with the projected value's JSON, undefined giving no content.
 */
export function structuredResult(shape: Projection, defs?: readonly Projection[], textOnly = false): ResultShaper {
  if (textOnly) return (value) => (value === undefined ? NO_CONTENT : textJson(JSON.stringify(project(value, shape, defs) ?? null)))
  return (value, untitled) => {
    const structured = isObject(value) || value instanceof Map ? project(value, shape, defs) : undefined
    if (!isObject(structured)) return inspect(value)
    const json = JSON.stringify(structured)
    const content = `{"content":[{"type":"text","text":${JSON.stringify(json)}}]`
    return untitled ? `${content}}` : `${content},"structuredContent":${json}}`
  }
}

/** The shaper for a plan (what generated code names directly; for tables written by hand). */
export function resultShaper(plan: ResultPlan): ResultShaper {
  switch (plan.kind) {
    case 'void':
      return voidResult
    case 'text':
      return textResult
    case 'content':
      return contentResult
    case 'raw':
      return rawResult
    case 'structured':
      return structuredResult(plan.shape, plan.defs)
    case 'json':
      return plan.shape ? structuredResult(plan.shape, plan.defs, true) : jsonResult
    case 'inspect':
      return inspectResult
  }
}
