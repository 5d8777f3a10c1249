/** Tool names: SCHEMA.md's snake_case rule and the 1–128 `[A-Za-z0-9_.-]` check. */

export function toolNameFromFunction(functionName: string): string {
  const base = functionName.length > 5 && functionName.endsWith('Async') ? functionName.slice(0, -5) : functionName
  return base
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1_')
    .toLowerCase()
}

export const VALID_NAME = /^[A-Za-z0-9_.-]{1,128}$/

/** What must be unique: a tool's or prompt's name, a resource's URI. */
export function nameKey(d: { readonly kind: string; readonly name: string; readonly uri?: string }): string {
  return `${d.kind}:${d.kind === 'resource' ? d.uri : d.name}`
}
