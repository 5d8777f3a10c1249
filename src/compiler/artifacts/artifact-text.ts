/** Declarations read back as short text for people and models (SKILL.md, llms.txt), and small shared helpers. */
import type { Declaration } from '../declarations/declaration.ts'
import type { Prop, TypeIR } from '../types/ir.ts'
import type { Schema } from '../schema/schema.ts'

/** How the artefacts name the server. The build cannot see `createServer(info)`, so it reads package.json. */
export interface ServerIdentity {
  name: string
  version?: string
  title?: string
  description?: string
}

export const at = (d: Declaration) => `${d.loc.file}:${d.loc.line}:${d.loc.column}`
export const byKind = (decls: readonly Declaration[], kind: Declaration['kind']) => decls.filter((d) => d.kind === kind)
export const isTemplate = (d: Declaration) => d.uri!.includes('{')

const SAFE = Number.MAX_SAFE_INTEGER

function range(min: number | undefined, max: number | undefined, unit = ''): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}${unit}` : `${min} to ${max}${unit}`
  if (min !== undefined) return `>= ${min}${unit}`
  if (max !== undefined) return `<= ${max}${unit}`
  return undefined
}

const withParts = (base: string, parts: (string | undefined)[]) => {
  const kept = parts.filter((p): p is string => Boolean(p))
  return kept.length ? `${base} (${kept.join(', ')})` : base
}

/**
 * A short, readable description of a value's type: `integer (1 to 10)`, `"low" | "high"`, `array of string`,
 * `Node, recursive: { value: string, children: array of Node }`.
 */
function typeText(t: TypeIR, named = new Set<string>()): string {
  const text = (inner: TypeIR) => typeText(inner, named)
  switch (t.kind) {
    case 'any': return 'any JSON value'
    case 'nonnull': return 'any value but null'
    case 'nonprimitive': return 'object or array'
    case 'object-any': return 'object'
    case 'boolean': return 'boolean'
    case 'number': {
      const full = t.minimum === -SAFE && t.maximum === SAFE
      return withParts(t.integer ? 'integer' : 'number', [full ? undefined : range(t.minimum, t.maximum)])
    }
    case 'string': {
      const length = range(t.minLength, t.maxLength, ' characters')
      return withParts('string', [t.format, length, t.pattern ? `pattern ${t.pattern}` : undefined])
    }
    case 'bigint': return 'integer as a decimal string'
    case 'date': return 'date-time string (RFC 3339)'
    case 'url': return 'absolute URL string'
    case 'bytes': return 'base64 string'
    case 'enum': return t.values.map((v) => JSON.stringify(v)).join(' | ')
    case 'array': {
      const inner = text(t.items)
      const items = /[ |]/.test(inner) && !inner.startsWith('{') ? `(${inner})` : inner
      return withParts(`array of ${items}`, [t.set ? 'unique' : undefined, range(t.minItems, t.maxItems, ' items')])
    }
    case 'tuple': return `[${t.elements.map(text).join(', ')}]`
    case 'object': {
      if (t.props.length === 0) return t.rest ? `object of ${text(t.rest)}` : 'empty object'
      const fields = t.props.map((p) => `${p.name}${p.optional ? '?' : ''}: ${text(p.type)}`)
      if (t.rest) fields.push(`[key]: ${text(t.rest)}`)
      return `{ ${fields.join(', ')} }`
    }
    case 'union': return t.members.map(text).join(' | ')
    case 'nullable': return `${text(t.inner)} | null`
    case 'ref': {
      // A recursive type: spelt out where it first appears, by name inside itself and after.
      if (named.has(t.name)) return t.name
      named.add(t.name)
      return `${t.name}, recursive: ${text(t.type())}`
    }
  }
}

export function argumentText(p: Prop): string {
  const def = p.default !== undefined ? `, default ${JSON.stringify(p.default)}` : ''
  return `${typeText(p.type)}${def}`
}

export function hints(d: Declaration): string[] {
  const a = d.annotations ?? {}
  const out: string[] = []
  if (a.readOnlyHint === true) out.push('read-only')
  if (a.readOnlyHint === false) out.push('may change data')
  if (a.destructiveHint === true) out.push('destructive')
  if (a.destructiveHint === false) out.push('not destructive')
  if (a.idempotentHint === true) out.push('idempotent')
  if (a.idempotentHint === false) out.push('not idempotent')
  if (a.openWorldHint === true) out.push('reaches outside systems')
  if (a.openWorldHint === false) out.push('closed world')
  if (d.timeoutMs !== undefined) out.push(`times out after ${d.timeoutMs % 1000 === 0 ? `${d.timeoutMs / 1000} s` : `${d.timeoutMs} ms`}`)
  if (d.scopes) out.push(`needs the OAuth scope${d.scopes.length > 1 ? 's' : ''} ${d.scopes.join(' ')}`)
  return out
}

export function resultText(d: Declaration): string {
  switch (d.result.kind) {
    case 'void': return 'nothing (an empty result)'
    case 'text': return 'text'
    case 'content': return 'content parts (text, images, audio, links or resources)'
    case 'raw': return 'a complete tool result'
    case 'json': return 'JSON as text'
    case 'inspect': return 'a value shown as text or JSON'
    case 'structured': return `structured content ${schemaText(d.outputSchema)}, mirrored as JSON text`
  }
}

/** The output schema read back as type text (it is only ever written for object types). */
function schemaText(s: Schema | undefined): string {
  const props = (s?.properties ?? {}) as Record<string, Schema>
  const required = new Set((s?.required ?? []) as string[])
  const names = Object.keys(props)
  if (names.length === 0) return '(an object)'
  return `\`{ ${names.map((n) => `${n}${required.has(n) ? '' : '?'}: ${schemaType(props[n]!)}`).join(', ')} }\``
}

function schemaType(s: Schema): string {
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ')
  const type = Array.isArray(s.type) ? s.type.join(' | ') : typeof s.type === 'string' ? s.type : s.anyOf ? 'one of several shapes' : 'any'
  if (type === 'array' && s.items) return `array of ${schemaType(s.items as Schema)}`
  return s.format ? `${type} (${s.format})` : type
}
