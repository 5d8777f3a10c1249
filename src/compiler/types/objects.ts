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

export function objectType(props: Prop[], rest: TypeIR | undefined, absent: readonly string[] = [], keys?: string): ObjectIR {
  const out: ObjectIR = rest ? (keys === undefined ? { kind: 'object', props, rest } : { kind: 'object', props, rest, keys }) : { kind: 'object', props }
  const never = absent.filter((k, i) => absent.indexOf(k) === i && !props.some((p) => p.name === k))
  if (never.length > 0) out.absent = never
  return out
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
export function objectOrEmpty(props: Prop[], rest: TypeIR | undefined, absent: readonly string[] = [], keys?: string): TypeIR {
  return props.length === 0 && !rest && absent.length === 0 ? { kind: 'nonnull' } : objectType(props, rest, absent, keys)
}

/**
 * Why a key declared never cannot stand beside an index signature (a sentence part): JSON Schema, as
 * mcp-aot writes it, cannot refuse one key that `additionalProperties` allows.
 */
export const ABSENT_WITH_REST = (key: string) =>
  `'${key}' is declared never (or undefined) beside an index signature, and the schema cannot refuse one key the index signature allows`

/** What to write instead of a key declared never beside an index signature. */
export const ABSENT_WITH_REST_FIX = 'Name the other keys instead of using an index signature, or let the index signature\'s type take the key.'

/**
 * The pattern of a template literal key type (`` `x-${string}` ``, `` `${number}` ``) that index signature
 * keys must match; undefined for `string` (any key). Other string constraints are not key types.
 */
export function keyPattern(key: TypeIR): string | undefined {
  return key.kind === 'string' && !key.format && key.minLength === undefined && key.maxLength === undefined ? key.pattern : undefined
}

/** Whether `name` is a key an object's index signature takes (its key pattern, if any, matches). */
export const restTakes = (t: ObjectIR, name: string): boolean => t.rest !== undefined && (t.keys === undefined || new RegExp(t.keys, 'u').test(name))

/**
 * Whether instances of a class declared in the project carry JSON data of their own (JSON.stringify writes
 * own fields only): a class with fields or constructor parameter properties does; an ambient one (`declare
 * class`, a .d.ts: workers-types' Response) or one with methods alone gives `{}`.
 */
export function carriesJson(sym: { file: { path: string }; nodes: any[] }): boolean {
  if (/\.d\.[cm]?ts$/.test(sym.file.path)) return false
  return sym.nodes.some((n: any) => {
    const c = n.type === 'ExportNamedDeclaration' || n.type === 'ExportDefaultDeclaration' ? n.declaration : n
    if (!c || c.declare) return false
    return (c.body?.body ?? []).some((m: any) => ((m.type === 'ClassProperty' || m.type === 'ClassPrivateProperty' || m.type === 'ClassAccessorProperty') && !m.static && !m.declare) ||
      (m.kind === 'constructor' && m.params?.some((p: any) => p.type === 'TSParameterProperty')))
  })
}
