/** ajv errors → SCHEMA.md's argument error lines, one per failed rule, each naming the path. */
import type { AjvError } from '../../../src/runtime/shared/table.ts'

function path(instancePath: string, prop?: string): string {
  let out = ''
  const parts = instancePath.split('/').slice(1)
  if (prop !== undefined) parts.push(prop)
  for (const raw of parts) {
    const p = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p
  }
  return out
}

const article = (t: string) => (t === 'null' ? 'null' : /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`)

export function errorLines(errors: readonly AjvError[]): string {
  const lines: string[] = []
  for (const e of errors) {
    const p = path(e.instancePath)
    const q = e.params
    switch (e.keyword) {
      case 'required': lines.push(`Argument '${path(e.instancePath, q.missingProperty)}' is required.`); break
      case 'additionalProperties': lines.push(`Unknown argument '${path(e.instancePath, q.additionalProperty)}'.`); break
      case 'type': lines.push(`Argument '${p}' must be ${String(q.type).split(',').map(article).join(' or ')}.`); break
      case 'minimum': lines.push(`Argument '${p}' must be >= ${q.limit}.`); break
      case 'maximum': lines.push(`Argument '${p}' must be <= ${q.limit}.`); break
      case 'minLength': lines.push(`Argument '${p}' must have at least ${q.limit} character(s).`); break
      case 'maxLength': lines.push(`Argument '${p}' must have at most ${q.limit} character(s).`); break
      case 'minItems': lines.push(`Argument '${p}' must have at least ${q.limit} item(s).`); break
      case 'maxItems': lines.push(`Argument '${p}' must have at most ${q.limit} item(s).`); break
      case 'pattern': lines.push(`Argument '${p}' must match the pattern ${q.pattern}.`); break
      case 'format': lines.push(`Argument '${p}' must be a valid ${q.format}.`); break
      case 'enum': lines.push(`Argument '${p}' must be one of: ${q.allowedValues.join(', ')}.`); break
      default: lines.push(`Argument '${p}' is invalid.`)
    }
  }
  return lines.join('\n')
}
