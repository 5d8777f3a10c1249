/**
 * The argument error lines of keywords only a hand-written input schema (`@inputSchema`) has: `const`,
 * `multipleOf`, `oneOf`, `not`, `minProperties`/`maxProperties`, `contains`, `dependentRequired`. The table
 * gives a tool with such a schema this function (its entry's `rules`), so a server whose schemas are all
 * written from TypeScript types bundles none of it.
 */
import type { RuleLines } from './arg-errors.ts'
import { gotText, joinPath, show, subject } from './arg-errors.ts'

export const handWrittenRules: RuleLines = (error, path) => {
  const p = error.params ?? {}
  const about = subject(path)
  switch (error.keyword) {
    case 'dependentRequired':
      return `Argument '${joinPath(path, String(p.missingProperty))}' is required when '${joinPath(path, String(p.property))}' is given.`
    case 'const':
      return `${about} must be ${show(p.allowedValue)}${gotText(error)}.`
    case 'multipleOf':
      return `${about} must be a multiple of ${p.multipleOf}${gotText(error)}.`
    case 'oneOf':
      return `${about} must match exactly one of its shapes (${Array.isArray(p.passingSchemas) ? `it matches ${p.passingSchemas.length}` : 'it matches none'}).`
    case 'not':
      return `${about} has a form its schema rules out (not).`
    case 'minProperties':
    case 'maxProperties':
      return `${about} must have at ${error.keyword === 'minProperties' ? 'least' : 'most'} ${p.limit} propert${p.limit === 1 ? 'y' : 'ies'}.`
    case 'contains':
      return `${about} must contain at least ${p.minContains ?? 1} matching item(s).`
    default:
      return undefined
  }
}
