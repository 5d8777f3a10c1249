/** Whether a literal default is accepted by its own fragment (SCHEMA.md: otherwise a build error). */
import { fullFormats } from 'ajv-formats/dist/formats.js'
import { formats as runtimeFormats } from '../runtime/validators/formats.ts'
import type { Literal, TypeIR } from './ir.ts'

/** The same format semantics the generated validators use: mcp-aot's run-time checks, else ajv-formats' inlined ones. */
function fitsFormat(format: string, value: string): boolean {
  const check: unknown = (runtimeFormats as Record<string, unknown>)[format] ?? (fullFormats as Record<string, unknown>)[format]
  if (check instanceof RegExp) return check.test(value)
  if (typeof check === 'function') return Boolean(check(value))
  if (check && typeof (check as { validate?: unknown }).validate === 'function') return Boolean((check as { validate: (v: string) => boolean }).validate(value))
  if (check && (check as { validate?: unknown }).validate instanceof RegExp) return (check as { validate: RegExp }).validate.test(value)
  return true
}

export function fitsDefault(type: TypeIR, value: Literal): boolean {
  switch (type.kind) {
    case 'any': case 'nonnull': return true
    case 'boolean': return typeof value === 'boolean'
    case 'number':
      return typeof value === 'number' && (!type.integer || Number.isInteger(value)) &&
        (type.minimum === undefined || value >= type.minimum) && (type.maximum === undefined || value <= type.maximum)
    case 'string': {
      if (typeof value !== 'string') return false
      const length = [...value].length
      if (type.minLength !== undefined && length < type.minLength) return false
      if (type.maxLength !== undefined && length > type.maxLength) return false
      if (type.pattern !== undefined && !new RegExp(type.pattern, 'u').test(value)) return false
      return !type.format || fitsFormat(type.format, value)
    }
    case 'date': return typeof value === 'string' && fitsFormat('date-time', value)
    case 'url': return typeof value === 'string' && fitsFormat('uri', value)
    case 'bigint': return typeof value === 'string' && /^-?[0-9]+$/.test(value)
    case 'enum': return type.values.includes(value)
    case 'nullable': return fitsDefault(type.inner, value)
    case 'union': return type.members.some((m) => fitsDefault(m, value))
    case 'ref': return fitsDefault(type.type(), value)
    default: return false
  }
}
