/**
 * TypeScript's excess-property rule for a union of object types, written into the IR once, after
 * resolution (so the listed schema, the validator and the revival plan all read it):
 *
 * - A union is discriminated when some property, among the object members that declare it, has a literal
 *   type (`'a'`, `true`, `'a' | null`, …) in at least one and is not declared alike in all. TypeScript then
 *   narrows an object literal to the member(s) its discriminant selects and refuses the others' keys:
 *   every object member stays closed.
 * - Otherwise every key of any object member is known. A key another member declares is accepted by a
 *   member that lacks it, with the union of the types the declaring members (and any index signature)
 *   give it: `{ a: string } | { b: number }` takes `{ a: 'x', b: 1 }`, not `{ a: 'x', b: 'no' }`. So each
 *   object member without an index signature gains those keys as optional properties, and, when some
 *   member has an index signature, that index signature's type for the other keys. A member with an index
 *   signature is unchanged (TypeScript checks every key against it anyway).
 *
 * Non-object members (`string | { a } | { b }`, `| null`) take no part, nested unions are flat already,
 * intersections are distributed before this runs, and a recursive type's definition is opened once.
 *
 * Left closed, so stricter than TypeScript (docs/writing-tools.md): a discriminated union, which
 * TypeScript narrows by the discriminant value the object carries (so a member without the discriminant,
 * or whose discriminant takes the same value, lends its keys); a union with a member that is a recursive
 * type; and a key every member declares, which TypeScript checks against the union of their types for
 * excess keys only.
 */
import type { Prop, TypeIR } from './ir.ts'
import type { ObjectIR } from './objects.ts'

const opened = new WeakMap<TypeIR, TypeIR>()

/**
 * `type` with every non-discriminated union of objects opened as TypeScript's excess-property check reads
 * it. A node with nothing to open is returned as it is, and each node is opened once: the resolver's one
 * node per named type (what size.ts measures once, and what a budget diagnostic names) stays shared.
 */
export function openUnions(type: TypeIR): TypeIR {
  let out = opened.get(type)
  if (!out) {
    out = open(type)
    opened.set(type, out)
  }
  return out
}

function open(type: TypeIR): TypeIR {
  switch (type.kind) {
    case 'ref': {
      // A recursive type's definition is opened when first read (it refers back to this very node).
      let definition: TypeIR | undefined
      return { kind: 'ref', name: type.name, type: () => (definition ??= openUnions(type.type())) }
    }
    case 'array': {
      const items = openUnions(type.items)
      return items === type.items ? type : { ...type, items }
    }
    case 'tuple': {
      const elements = type.elements.map(openUnions)
      const rest = type.rest && openUnions(type.rest)
      return same(elements, type.elements) && rest === type.rest ? type : { ...type, elements, ...(rest ? { rest } : {}) }
    }
    case 'nullable': {
      const inner = openUnions(type.inner)
      return inner === type.inner ? type : { ...type, inner }
    }
    case 'object': {
      const props = type.props.map((p) => {
        const t = openUnions(p.type)
        return t === p.type ? p : { ...p, type: t }
      })
      const rest = type.rest && openUnions(type.rest)
      if (same(props, type.props) && rest === type.rest) return type
      return rest ? { ...type, props, rest } : { ...type, props }
    }
    case 'union': {
      const members = withForeignKeys(type.members.map(openUnions))
      return same(members, type.members) ? type : { kind: 'union', members }
    }
    default: return type
  }
}

const same = <T>(a: readonly T[], b: readonly T[]): boolean => a.every((x, i) => x === b[i])

/** A non-discriminated union's object members, each with the keys of the others it lacks (see the header). */
function withForeignKeys(members: TypeIR[]): TypeIR[] {
  const objects = members.filter((m): m is ObjectIR => m.kind === 'object')
  if (objects.length < 2 || discriminated(objects)) return members
  const names = [...new Set(objects.flatMap((o) => o.props.map((p) => p.name)))]
  const rests = objects.flatMap((o) => (o.rest ? [o.rest] : []))
  return members.map((m) => {
    if (m.kind !== 'object' || m.rest) return m
    // A key the member declares never is not lent to it; nor are other keys through an index signature (stricter than TypeScript).
    const foreign: Prop[] = names.filter((n) => !m.props.some((p) => p.name === n) && !m.absent?.includes(n)).map((n) => ({
      name: n,
      optional: true,
      type: unionOf([...objects.flatMap((o) => o.props.filter((p) => p.name === n).map((p) => p.type)), ...rests]),
    }))
    if (foreign.length === 0 && rests.length === 0) return m
    const out: ObjectIR = { ...m, props: [...m.props, ...foreign] }
    if (rests.length > 0 && !m.absent) {
      out.rest = unionOf(rests)
      // Keys lent through template literal key types (`x-${string}`) match one of their patterns; any key when one is `string`.
      const keys = objects.flatMap((o) => (o.rest ? [o.keys] : []))
      if (keys.every((k) => k !== undefined)) out.keys = `^(?:${[...new Set(keys)].map((k) => `(?:${k!.replace(/^\^/, '').replace(/\$$/, '')})`).join('|')})$`
    }
    return out
  })
}

/** Whether a property tells the object members apart for TypeScript (see the header). */
function discriminated(objects: readonly ObjectIR[]): boolean {
  const declared = new Map<string, Prop[]>()
  const add = (p: Prop) => declared.set(p.name, [...(declared.get(p.name) ?? []), p])
  for (const o of objects) {
    for (const p of o.props) add(p)
    // `k?: never` is `k?: undefined` to TypeScript: a unit type, so the key can discriminate.
    for (const name of o.absent ?? []) add({ name, optional: true, type: NO_VALUE })
  }
  return [...declared.values()].some((ps) => ps.some((p) => p.type === NO_VALUE || isLiteral(p.type)) && new Set(ps.map(declaredAs)).size > 1)
}

/** The type of a key declared never, as discriminated() compares it (an empty literal set). */
const NO_VALUE: TypeIR = { kind: 'enum', values: [] }

/** A type of unit values only: literals, booleans, and either of them or null. */
function isLiteral(t: TypeIR): boolean {
  return t.kind === 'enum' || t.kind === 'boolean' || (t.kind === 'nullable' && isLiteral(t.inner))
}

/** A property's declared type as TypeScript compares it: an optional one includes undefined, a literal union is a set. */
const declaredAs = (p: Prop): string =>
  `${p.optional ? '?' : ''}${JSON.stringify(p.type, (_key, v: TypeIR) => (v?.kind === 'enum' ? { kind: 'enum', values: [...v.values].sort() } : v))}`

/** The union of types, each distinct one once (`unknown` when one is). */
function unionOf(types: readonly TypeIR[]): TypeIR {
  const any = types.find((t) => t.kind === 'any')
  if (any) return any
  const distinct = [...new Map(types.map((t) => [JSON.stringify(t), t])).values()]
  return distinct.length === 1 ? distinct[0]! : { kind: 'union', members: distinct }
}
