/** Whether a literal default is accepted by its own fragment (SCHEMA.md: otherwise a build error). */
import type { Literal, TypeIR } from './ir.ts'

const FORMATS: Record<string, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
}

export function fitsDefault(type: TypeIR, value: Literal): boolean {
  switch (type.kind) {
    case 'any': return true
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
      const format = type.format ? FORMATS[type.format] : undefined
      return !format || format.test(value)
    }
    case 'bigint': return typeof value === 'string' && /^-?[0-9]+$/.test(value)
    case 'enum': return type.values.includes(value)
    case 'nullable': return fitsDefault(type.inner, value)
    case 'union': return type.members.some((m) => fitsDefault(m, value))
    default: return false
  }
}
