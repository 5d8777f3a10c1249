/**
 * The `Mcp-Param-{Name}` headers (SEP-2243) a tool declares with `x-mcp-header` in its input schema: a
 * 2026-07-28 tools/call must send each one that mirrors a present argument, with the same value. A
 * feature (`paramHeadersFeature`): generated code passes it only when a schema declares such a header.
 */
import type { Core } from '../shared/table.ts'
import type { Feature } from '../shared/table.ts'
import type { ToolEntry } from '../shared/table.ts'
import { decodeHeaderValue, headerValue } from '../shared/request-headers.ts'

/** A parameter a tool mirrors into a header. */
export interface ParamHeader {
  /** The property path inside `arguments`. */
  readonly path: readonly string[]
  /** The full header name, `Mcp-Param-Region`. */
  readonly header: string
}

/** The `x-mcp-header` declarations of an input schema (properties reached through `properties`). */
export function paramHeaders(inputSchema: unknown): ParamHeader[] {
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
  walk(inputSchema, [])
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

/** Each tool's declarations, read from its schema on first use (a tool's schema never changes). */
const cache = new WeakMap<ToolEntry, readonly ParamHeader[]>()

function declared(core: Core, tool: ToolEntry): readonly ParamHeader[] {
  let found = cache.get(tool)
  if (!found) cache.set(tool, (found = paramHeaders(core.definition(tool).inputSchema)))
  return found
}

export const paramHeadersFeature: Feature = {
  headers: {
    names: (core) => [...new Set([...core.tools.values()].flatMap((tool) => declared(core, tool).map((param) => param.header)))],
    problem(core, tool, headers, args) {
      const found = declared(core, tool)
      return found.length === 0 ? undefined : paramHeaderProblem(headers, found, args)
    },
  },
}
