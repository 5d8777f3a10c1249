/** Whether a default (a JSON constant) is accepted by its own fragment (SCHEMA.md: otherwise a build error). */
import { fullFormats } from 'ajv-formats/dist/formats.js'
import { formats as runtimeFormats } from '../../runtime/validators/formats.ts'
import type { JsonConstant, TypeIR } from './ir.ts'
import { restTakes } from './objects.ts'

/** The same format semantics the generated validators use: mcp-aot's run-time checks, else ajv-formats' inlined ones. */
function fitsFormat(format: string, value: string): boolean {
  const check: unknown = (runtimeFormats as Record<string, unknown>)[format] ?? (fullFormats as Record<string, unknown>)[format]
  if (check instanceof RegExp) return check.test(value)
  if (typeof check === 'function') return Boolean(check(value))
  if (check && typeof (check as { validate?: unknown }).validate === 'function') return Boolean((check as { validate: (v: string) => boolean }).validate(value))
  if (check && (check as { validate?: unknown }).validate instanceof RegExp) return (check as { validate: RegExp }).validate.test(value)
  return true
}

const isObject = (v: JsonConstant): v is { [key: string]: JsonConstant } => v !== null && typeof v === 'object' && !Array.isArray(v)

export function fitsDefault(type: TypeIR, value: JsonConstant): boolean {
  switch (type.kind) {
    case 'any': return true
    case 'nonnull': return value !== null
    case 'nonprimitive': return value !== null && typeof value === 'object'
    case 'object-any': return isObject(value)
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
    case 'bytes': return false // only a Uint8Array is one: a constructor call, never a constant
    case 'enum': return type.values.includes(value as never)
    case 'nullable': return value === null || fitsDefault(type.inner, value)
    case 'union': return type.members.some((m) => fitsDefault(m, value))
    case 'ref': return fitsDefault(type.type(), value)
    case 'array':
      // A Set is only ever a constructor call: an array literal is not one.
      if (!Array.isArray(value) || type.set) return false
      if ((type.minItems !== undefined && value.length < type.minItems) || (type.maxItems !== undefined && value.length > type.maxItems)) return false
      return value.every((item) => fitsDefault(type.items, item))
    case 'tuple': {
      const n = type.elements.length
      if (!Array.isArray(value) || value.length < (type.minItems ?? n) || (!type.rest && value.length > n)) return false
      return value.every((v, i) => fitsDefault(i < n ? type.elements[i]! : type.rest!, v))
    }
    case 'object': {
      // A Map is only ever a constructor call: an object literal is not one.
      if (!isObject(value) || type.map) return false
      const known = new Set(type.props.map((p) => p.name))
      for (const p of type.props) {
        if (Object.hasOwn(value, p.name) ? !fitsDefault(p.type, value[p.name]!) : !p.optional) return false
      }
      return Object.keys(value).every((k) => known.has(k) || (restTakes(type, k) && fitsDefault(type.rest!, value[k]!)))
    }
    default: return false
  }
}
