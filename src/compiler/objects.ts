/** Object types in the IR: built from properties, merged (`extends`, intersections), a later property replacing an earlier one. */
import type { Prop, TypeIR } from './ir.ts'

export function mergeProps(a: Prop[], b: Prop[]): Prop[] {
  const out = [...a]
  for (const p of b) {
    const at = out.findIndex((q) => q.name === p.name)
    if (at >= 0) out[at] = p
    else out.push(p)
  }
  return out
}

export function mergeObjects(objects: Extract<TypeIR, { kind: 'object' }>[]): TypeIR {
  let props: Prop[] = []
  let rest: TypeIR | undefined
  for (const o of objects) {
    props = mergeProps(props, o.props)
    rest = o.rest ?? rest
  }
  return objectType(props, rest)
}

export function objectType(props: Prop[], rest: TypeIR | undefined): Extract<TypeIR, { kind: 'object' }> {
  return rest ? { kind: 'object', props, rest } : { kind: 'object', props }
}

/**
 * `__proto__` cannot be a declared property: ajv skips a `properties` entry of that name (so it would
 * be neither checked nor required), and a plain assignment would set a prototype instead.
 */
export const PROTO_MESSAGE = (what: string) =>
  `${what} named __proto__ cannot be carried safely through JavaScript objects (JSON Schema validators skip it). Rename it.`
