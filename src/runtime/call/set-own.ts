/**
 * Sets an own, enumerable data property, also for the key `__proto__`, which a plain assignment would take
 * as the object's prototype (JSON.parse gives `{"__proto__": …}` an own property of that name).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true })
  else target[key] = value
}
