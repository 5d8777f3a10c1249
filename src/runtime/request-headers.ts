/**
 * The 2026-07-28 request headers that mirror the body (SEP-2243): `Mcp-Name` and the `Mcp-Param-{Name}`
 * headers a tool declares with `x-mcp-header` in its input schema. Values may be sent as
 * `=?base64?…?=`; they are decoded before they are compared with the body.
 */
import type { ToolEntry } from './table.ts'
import { fromBase64 } from './base64.ts'

const decoder = new TextDecoder('utf-8', { fatal: true })

/** A header's value without the optional whitespace around it (RFC 9110 §5.5), or null. */
export function headerValue(headers: Headers, name: string): string | null {
  const value = headers.get(name)
  return value === null ? null : value.trim()
}

/** A header value as the client meant it, or undefined when its base64 sentinel cannot be decoded. */
export function decodeHeaderValue(value: string): string | undefined {
  if (!(value.startsWith('=?base64?') && value.endsWith('?=') && value.length >= 11)) return value
  const bytes = fromBase64(value.slice(9, -2))
  if (!bytes) return undefined
  try {
    return decoder.decode(bytes)
  } catch {
    return undefined
  }
}

/** A parameter a tool mirrors into a header. */
export interface ParamHeader {
  /** The property path inside `arguments`. */
  readonly path: readonly string[]
  /** The full header name, `Mcp-Param-Region`. */
  readonly header: string
}

/** The `x-mcp-header` declarations of a tool's input schema (properties reached through `properties`). */
export function paramHeaders(tool: ToolEntry): ParamHeader[] {
  const found: ParamHeader[] = []
  const walk = (schema: any, path: string[]) => {
    const properties = schema?.properties
    if (typeof properties !== 'object' || properties === null) return
    for (const key of Object.keys(properties)) {
      const property = properties[key]
      const name = property?.['x-mcp-header']
      if (typeof name === 'string' && name !== '') found.push({ path: [...path, key], header: `Mcp-Param-${name}` })
      walk(property, [...path, key])
    }
  }
  walk(tool.def.inputSchema, [])
  return found
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node: any = root
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined
    node = node[key]
  }
  return node
}

/** Why the `Mcp-Param-*` headers of a tools/call do not match its arguments, or undefined. */
export function paramHeaderProblem(headers: Headers, declared: readonly ParamHeader[], args: unknown): string | undefined {
  for (const { path, header } of declared) {
    const value = valueAt(args, path)
    const sent = headerValue(headers, header)
    if (value === undefined || value === null) {
      if (sent !== null) return `The ${header} header is sent but the argument ${path.join('.')} is absent.`
      continue
    }
    if (sent === null) return `The ${header} header is required when the argument ${path.join('.')} is present.`
    const decoded = decodeHeaderValue(sent)
    if (decoded === undefined) return `The ${header} header is not valid base64 UTF-8.`
    const matches = typeof value === 'number' ? decoded.trim() !== '' && Number(decoded) === value : decoded === String(value)
    if (!matches) return `The ${header} header does not match the argument ${path.join('.')}.`
  }
  return undefined
}
