/** The TypeScript location of a schema part, by walking the type IR along the part's JSON Pointer. */
import type { Declaration } from '../../declarations/declaration.ts'
import type { Loc } from '../../diagnostics.ts'
import type { TypeIR } from '../../types/ir.ts'

const unwrap = (t: TypeIR): TypeIR => (t.kind === 'nullable' ? t.inner : t)

/** The nearest location the IR records for `path` (a property's, else the declaration's). */
export function locate(decl: Declaration, path: string): Loc {
  const parts = path.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
  let loc = decl.loc
  let type: TypeIR | undefined = { kind: 'object', props: decl.props }
  for (let i = 0; i < parts.length && type; i++) {
    const t = unwrap(type)
    const key = parts[i]!
    const next = parts[i + 1]
    if (key === 'properties' && t.kind === 'object' && next !== undefined) {
      const prop = t.props.find((p) => p.name === next)
      if (!prop) break
      if (prop.loc) loc = prop.loc
      type = prop.type
      i++
    } else if (key === 'items' && t.kind === 'array') type = t.items
    else if (key === 'additionalProperties' && t.kind === 'object') type = t.rest
    else if (key === 'prefixItems' && t.kind === 'tuple' && next !== undefined) {
      type = t.elements[Number(next)]
      i++
    } else if (key === 'anyOf' && t.kind === 'union' && next !== undefined) {
      type = t.members[Number(next)]
      i++
    } else break
  }
  return loc
}
