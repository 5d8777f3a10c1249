/**
 * What revival must give: whether a revived value has, at every position, the run-time type its IR
 * declares (a Date where the type says Date, a Set where it says Set, …). Inside a union, one branch must
 * fit the value entirely, so a union branch that was matched on the wire but not revived is caught.
 */
import type { TypeIR } from '../../../src/compiler/types/ir.ts'

/** Where the revived `value` does not have the run-time type `type` declares (`''` when it does everywhere). */
export function mistyped(value: unknown, type: TypeIR, path: string): string {
  const fail = (what: string) => `${path || 'x'}: expected ${what}, got ${typeof value === 'object' ? Object.prototype.toString.call(value) : typeof value}`
  const plain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype
  switch (type.kind) {
    case 'any': case 'object-any': case 'nonnull': case 'nonprimitive': return ''
    case 'boolean': return typeof value === 'boolean' ? '' : fail('boolean')
    case 'number': return typeof value === 'number' ? '' : fail('number')
    case 'string': return typeof value === 'string' ? '' : fail('string')
    case 'bigint': return typeof value === 'bigint' ? '' : fail('bigint')
    case 'date': return value instanceof Date && !Number.isNaN(value.getTime()) ? '' : fail('Date')
    case 'url': return value instanceof URL ? '' : fail('URL')
    case 'bytes': return value instanceof Uint8Array ? '' : fail('Uint8Array')
    case 'enum': return type.values.includes(value as string) ? '' : fail(type.values.join(' | '))
    case 'array': {
      if (type.set) return value instanceof Set ? [...value].map((v, i) => mistyped(v, type.items, `${path}[${i}]`)).find(Boolean) ?? '' : fail('Set')
      return Array.isArray(value) ? value.map((v, i) => mistyped(v, type.items, `${path}[${i}]`)).find(Boolean) ?? '' : fail('array')
    }
    case 'tuple': {
      if (!Array.isArray(value) || (!type.rest && value.length > type.elements.length)) return fail('tuple')
      return value.map((v, i) => mistyped(v, type.elements[i] ?? type.rest!, `${path}[${i}]`)).find(Boolean) ?? ''
    }
    case 'object': {
      if (type.map) return value instanceof Map ? [...value].map(([k, v]) => mistyped(v, type.rest!, `${path}.${k}`)).find(Boolean) ?? '' : fail('Map')
      if (!plain(value)) return fail('plain object')
      for (const key of Object.keys(value)) {
        const prop = type.props.find((p) => p.name === key)
        const problem = prop ? mistyped(value[key], prop.type, `${path}.${key}`) : type.rest ? mistyped(value[key], type.rest, `${path}.${key}`) : `${path}.${key}: not declared`
        if (problem) return problem
      }
      return type.props.find((p) => !p.optional && !Object.hasOwn(value, p.name)) ? fail('its required properties') : ''
    }
    case 'union': {
      const problems = type.members.map((m) => mistyped(value, m, path))
      return problems.some((p) => p === '') ? '' : `${path || 'x'}: no branch fits (${problems.join('; ')})`
    }
    case 'nullable': return value === null ? '' : mistyped(value, type.inner, path)
    case 'ref': return mistyped(value, type.type(), path)
  }
}

