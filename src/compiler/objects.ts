/** Object types in the IR: built from properties, merged by `extends` (a later property replacing an earlier one). */
import type { Prop, TypeIR } from './ir.ts'

export type ObjectIR = Extract<TypeIR, { kind: 'object' }>

export function mergeProps(a: Prop[], b: Prop[]): Prop[] {
  const out = [...a]
  for (const p of b) {
    const at = out.findIndex((q) => q.name === p.name)
    if (at >= 0) out[at] = p
    else out.push(p)
  }
  return out
}

export function objectType(props: Prop[], rest: TypeIR | undefined): ObjectIR {
  return rest ? { kind: 'object', props, rest } : { kind: 'object', props }
}

/**
 * `__proto__` cannot be a declared property: ajv skips a `properties` entry of that name (so it would
 * be neither checked nor required), and a plain assignment would set a prototype instead.
 */
export const PROTO_MESSAGE = (what: string) =>
  `${what} named __proto__ cannot be carried safely through JavaScript objects (JSON Schema validators skip it). Rename it.`

/**
 * An object type as TypeScript reads it: one with no property and no index signature (`{}`, an empty
 * interface, `Omit` of every key) accepts any value but null and undefined, so it is `nonnull`.
 */
export function objectOrEmpty(props: Prop[], rest: TypeIR | undefined): TypeIR {
  return props.length === 0 && !rest ? { kind: 'nonnull' } : objectType(props, rest)
}
