/**
 * Deep equality of JSON values, as JSON Schema's `enum` and `uniqueItems` compare them: same type,
 * arrays item by item, objects by their set of keys and each key's value (key order does not matter).
 */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // NaN never comes out of JSON.parse, but keep equal() reflexive for it anyway.
    return a !== a && b !== b
  }
  const aIsArray = Array.isArray(a)
  if (aIsArray !== Array.isArray(b)) return false
  if (aIsArray) {
    const left = a as unknown[]
    const right = b as unknown[]
    if (left.length !== right.length) return false
    for (let i = 0; i < left.length; i++) if (!equal(left[i], right[i])) return false
    return true
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = Object.keys(left)
  if (keys.length !== Object.keys(right).length) return false
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(right, key) || !equal(left[key], right[key])) return false
  }
  return true
}
