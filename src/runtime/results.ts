/**
 * A tool's return value → a CallToolResult, by the ResultPlan the compiler decided from the declared
 * return type (SCHEMA.md "Results"), and the JSON rules every result follows: Date → RFC 3339 text,
 * Uint8Array → base64, bigint → decimal text, Set → array, Map → object, applied at any depth.
 */
import type { ContentPart, TextContent, ToolResult } from './api.ts'
import type { Projection, ResultPlan } from './table.ts'
import { toBase64 } from './base64.ts'
import { setOwn } from './set-own.ts'

type JsonObject = { [key: string]: unknown }

function isPlainish(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

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
 * `value` as plain JSON data holding only what `shape` declares: properties not declared are dropped
 * (recursively), an index signature (`rest`) keeps the others. Declared properties come first, in
 * declaration order.
 */
export function project(value: unknown, shape: Projection): unknown {
  if (shape === 0) return toJsonValue(value)
  if ('nullable' in shape) return value === null ? null : project(value, shape.nullable)
  if ('items' in shape) {
    if (!Array.isArray(value) && !(value instanceof Set)) return toJsonValue(value)
    return Array.from(value as Iterable<unknown>, (item) => project(item, shape.items) ?? null)
  }
  let source: JsonObject
  let keys: readonly string[]
  if (value instanceof Map) {
    source = Object.fromEntries(value)
    keys = Object.keys(source)
  } else if (isPlainish(value) && !(value instanceof Date) && !(value instanceof Set) && !(value instanceof Uint8Array)) {
    source = value
    keys = Object.keys(value)
  } else {
    return toJsonValue(value)
  }
  const out: JsonObject = {}
  for (const key in shape.props) {
    // Read through getters and prototypes too: a class instance is projected by its declared members.
    const json = project(source[key], shape.props[key]!)
    if (json !== undefined) setOwn(out, key, json)
  }
  if (shape.rest !== undefined) {
    for (const key of keys) {
      if (Object.hasOwn(shape.props, key)) continue
      const json = project(source[key], shape.rest)
      if (json !== undefined) setOwn(out, key, json)
    }
  }
  return out
}

const text = (text: string): TextContent => ({ type: 'text', text })

/** True for an object shaped like one of the MCP content parts. */
export function isContentPart(value: unknown): value is ContentPart {
  if (!isPlainish(value)) return false
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
      return isPlainish(body) && typeof body.uri === 'string' && (typeof body.text === 'string' || typeof body.blob === 'string')
    }
    default:
      return false
  }
}

/** True for an object shaped like a CallToolResult: a `content` array of content parts. */
export function isToolResult(value: unknown): value is ToolResult {
  return isPlainish(value) && Array.isArray(value.content) && value.content.every(isContentPart)
}

function parts(value: unknown): ContentPart[] | undefined {
  if (isContentPart(value)) return [value]
  if (Array.isArray(value) && value.length > 0 && value.every(isContentPart)) return [...value]
  return undefined
}

/** The result for a value whose declared type said nothing (`unknown`/`any`), or that did not match it. */
function inspect(value: unknown): ToolResult {
  if (value === undefined) return { content: [] }
  if (typeof value === 'string') return { content: [text(value)] }
  const content = parts(value)
  if (content) return { content }
  if (isToolResult(value)) return value
  return { content: [text(toJson(value))] }
}

/**
 * The CallToolResult for a tool's return value. A value that does not fit its plan (the declared type was
 * not true at run time) is inspected instead of sent malformed.
 */
export function shapeResult(value: unknown, plan: ResultPlan): ToolResult {
  switch (plan.kind) {
    case 'void':
      return { content: [] }
    case 'text':
      return typeof value === 'string' ? { content: [text(value)] } : inspect(value)
    case 'content': {
      const content = parts(value)
      return content ? { content } : inspect(value)
    }
    case 'raw':
      return isToolResult(value) ? value : inspect(value)
    case 'structured': {
      const structured = isPlainish(value) || value instanceof Map ? project(value, plan.shape) : undefined
      if (!isPlainish(structured)) return inspect(value)
      return { content: [text(JSON.stringify(structured))], structuredContent: structured }
    }
    case 'json':
      return value === undefined ? { content: [] } : { content: [text(toJson(value))] }
    case 'inspect':
      return inspect(value)
  }
}

/**
 * The CallToolResult as JSON text, written directly for the plans most tools have (`text` with a string,
 * `structured` with an object): the text `JSON.stringify(shapeResult(value, plan))` gives, without the
 * intermediate objects and with the structured value serialised once. Undefined for anything else.
 * `untitled`: the client's revision predates structuredContent.
 */
export function directResultJson(value: unknown, plan: ResultPlan, untitled: boolean): string | undefined {
  if (plan.kind === 'text') return typeof value === 'string' ? `{"content":[{"type":"text","text":${JSON.stringify(value)}}]}` : undefined
  if (plan.kind !== 'structured') return undefined
  const structured = isPlainish(value) || value instanceof Map ? project(value, plan.shape) : undefined
  if (!isPlainish(structured)) return undefined
  const json = JSON.stringify(structured)
  const content = `{"content":[{"type":"text","text":${JSON.stringify(json)}}]`
  return untitled ? `${content}}` : `${content},"structuredContent":${json}}`
}

/** An error result: each line of `message` one line of its one text part. */
export function errorResult(message: string | readonly string[]): ToolResult {
  return { content: [text(typeof message === 'string' ? message : message.join('\n'))], isError: true }
}
