/** From the type IR: how arguments are revived and how a declared result is sent (table.ts's plans). */
import type { Loc } from '../diagnostics.ts'
import { revive } from '../../runtime/call/revive.ts'
import type { BranchTest, Projection, RevivePlan } from '../../runtime/shared/table.ts'
import { deref, type Literal, type TypeIR } from '../types/ir.ts'

/** The revival plans of the recursive types one entry's plan uses (`{ ref: i }` is `plans[i]`). */
export interface PlanDefs {
  plans: RevivePlan[]
  /** A recursive type's index in `plans`, or -1 when nothing in it is revived. */
  index: Map<string, number>
}

export const planDefs = (): PlanDefs => ({ plans: [], index: new Map() })

/** How a validated value of `type` is revived; a recursive type's plan is added to `defs` once and used by `{ ref }`. */
export function revivePlan(type: TypeIR, defs: PlanDefs = planDefs()): RevivePlan {
  switch (type.kind) {
    case 'date': return 'date'
    case 'url': return 'url'
    case 'bigint': return 'bigint'
    case 'bytes': return 'bytes'
    case 'array': {
      const items = revivePlan(type.items, defs)
      if (type.set) return { set: items }
      return items === 0 ? 0 : { items }
    }
    case 'tuple': {
      const elements = type.elements.map((e) => revivePlan(e, defs))
      // A rest element stands beside elements revived the same way (the resolver refuses others).
      if (type.rest) {
        const rest = revivePlan(type.rest, defs)
        return rest === 0 ? (elements.every((e) => e === 0) ? 0 : { tuple: elements }) : { items: rest }
      }
      return elements.every((e) => e === 0) ? 0 : { tuple: elements }
    }
    case 'object': {
      const rest = type.rest ? revivePlan(type.rest, defs) : 0
      if (type.map) return { map: rest }
      const props: Record<string, RevivePlan> = {}
      for (const p of type.props) {
        const plan = revivePlan(p.type, defs)
        if (plan !== 0) props[p.name] = plan
      }
      if (Object.keys(props).length === 0 && rest === 0) return 0
      return rest === 0 ? { props } : { props, rest }
    }
    case 'nullable': {
      const inner = revivePlan(type.inner, defs)
      return inner === 0 ? 0 : { nullable: inner }
    }
    case 'union': {
      const branches = ordered(type.members).map((m) => [branchTest(m), revivePlan(m, defs)] as const)
      // A value that passes no test kept is one of the trailing branches that revive nothing.
      while (branches.length > 0 && branches.at(-1)![1] === 0) branches.pop()
      return branches.length === 0 ? 0 : { anyOf: branches }
    }
    case 'ref': {
      let index = defs.index.get(type.name)
      if (index === undefined) {
        index = revives(type, new Set()) ? defs.plans.push(0) - 1 : -1
        defs.index.set(type.name, index)
        if (index >= 0) defs.plans[index] = revivePlan(type.type(), defs)
      }
      return index < 0 ? 0 : { ref: index }
    }
    default: return 0
  }
}

/** Whether anything in a value of `type` is revived (a recursive type's own uses add nothing new). */
function revives(type: TypeIR, seen: Set<string>): boolean {
  switch (type.kind) {
    case 'date': case 'url': case 'bigint': case 'bytes': return true
    case 'array': return Boolean(type.set) || revives(type.items, seen)
    case 'tuple': return type.elements.some((e) => revives(e, seen)) || (type.rest !== undefined && revives(type.rest, seen))
    case 'object': return Boolean(type.map) || type.props.some((p) => revives(p.type, seen)) || (type.rest !== undefined && revives(type.rest, seen))
    case 'nullable': return revives(type.inner, seen)
    case 'union': return type.members.some((m) => revives(m, seen))
    case 'ref':
      if (seen.has(type.name)) return false
      seen.add(type.name)
      return revives(type.type(), seen)
    default: return false
  }
}

/**
 * A union's branches in the order they are tested at run time: literal sets first (the most specific test),
 * then as declared. A branch that is a recursive union is its branches (its null, which passes no test
 * kept, left out).
 */
function ordered(members: readonly TypeIR[]): TypeIR[] {
  const flat: TypeIR[] = []
  const seen = new Set<string>()
  const add = (m: TypeIR): void => {
    const def = m.kind === 'ref' ? m.type() : undefined
    if (m.kind === 'ref' && (def!.kind === 'union' || def!.kind === 'nullable') && !seen.has(m.name)) {
      seen.add(m.name)
      add(def!)
    } else if (m.kind === 'union') m.members.forEach(add)
    else if (m.kind === 'nullable') add(m.inner)
    else flat.push(m)
  }
  members.forEach(add)
  return [...flat.filter((m) => m.kind === 'enum'), ...flat.filter((m) => m.kind !== 'enum')]
}

/** What a JSON value that matches `type` always looks like (a union branch's run-time test). */
function branchTest(type: TypeIR): BranchTest {
  switch (type.kind) {
    case 'ref': return branchTest(type.type())
    case 'enum': return { in: type.values }
    case 'tuple': return type.rest || type.minItems !== undefined ? 'array' : { length: type.elements.length }
    case 'object': {
      if (type.map || (type.props.length === 0 && type.rest)) return 'object'
      const required = type.props.filter((p) => !p.optional)
      const is = Object.fromEntries(required.flatMap((p) => (p.type.kind === 'enum' ? [[p.name, p.type.values]] : [])))
      return {
        ...(required.length > 0 ? { has: required.map((p) => p.name) } : {}),
        ...(Object.keys(is).length > 0 ? { is } : {}),
        ...(type.rest ? {} : { only: type.props.map((p) => p.name) }),
      }
    }
    default: return jsonTypes(type)[0]!
  }
}

const ALL_TYPES = ['string', 'number', 'boolean', 'null', 'array', 'object'] as const
type JsonType = (typeof ALL_TYPES)[number]

/** The JSON types a value of `type` can have. */
function jsonTypes(type: TypeIR): readonly JsonType[] {
  switch (type.kind) {
    case 'any': return ALL_TYPES
    case 'nonnull': return ALL_TYPES.filter((t) => t !== 'null')
    case 'nonprimitive': return ['array', 'object']
    case 'object-any': case 'object': return ['object']
    case 'boolean': return ['boolean']
    case 'number': return ['number']
    case 'string': case 'bigint': case 'date': case 'url': case 'bytes': return ['string']
    case 'enum': return [...new Set(type.values.map((v) => typeof v as JsonType))]
    case 'array': case 'tuple': return ['array']
    case 'union': return [...new Set(type.members.flatMap(jsonTypes))]
    case 'nullable': return [...jsonTypes(type.inner), 'null']
    case 'ref': return jsonTypes(type.type())
  }
}

/** Whether `type` may accept the literal `value` (conservative: true unless it surely refuses it). */
function accepts(type: TypeIR, value: Literal): boolean {
  switch (type.kind) {
    case 'enum': return type.values.includes(value)
    case 'date': case 'url': case 'bigint': case 'bytes': return typeof value === 'string' && revive(value, type.kind === 'bytes' ? 'bytes' : type.kind).ok
    case 'union': return type.members.some((m) => accepts(m, value))
    case 'nullable': return accepts(type.inner, value)
    case 'ref': return accepts(type.type(), value)
    default: return jsonTypes(type).includes(typeof value as JsonType)
  }
}

/** Whether some JSON value `type` accepts passes `test` (conservative: true unless surely not). */
function mayPass(test: BranchTest, type: TypeIR): boolean {
  if (type.kind === 'ref') return mayPass(test, type.type())
  if (type.kind === 'union') return type.members.some((m) => mayPass(test, m))
  if (type.kind === 'nullable') return test === 'null' || mayPass(test, type.inner)
  if (typeof test === 'string') return jsonTypes(type).includes(test as JsonType)
  if ('in' in test) return test.in.some((v) => accepts(type, v))
  if ('length' in test) {
    if (type.kind !== 'tuple') return jsonTypes(type).includes('array')
    return test.length >= (type.minItems ?? type.elements.length) && (type.rest !== undefined || test.length <= type.elements.length)
  }
  if (type.kind !== 'object') return jsonTypes(type).includes('object')
  const prop = (name: string) => type.props.find((p) => p.name === name)
  if (type.map || !type.props.length) return true
  if ((test.has ?? []).some((key) => !prop(key) && !type.rest)) return false
  for (const [key, values] of Object.entries(test.is ?? {})) {
    const p = prop(key)
    if (p ? !values.some((v) => accepts(p.type, v)) : !type.rest) return false
  }
  return !test.only || type.props.every((p) => p.optional || test.only!.includes(p.name))
}

/**
 * The first union inside `type` whose value JSON cannot attribute to one branch though the branches revive
 * differently (`Date | string`: both are strings), with a sentence saying what to write, at the nearest
 * property's location (`loc` for `type` itself).
 */
export function revivalConflict(type: TypeIR, loc?: Loc, seen = new Set<string>(), clean = new Set<TypeIR>()): { message: string; loc?: Loc } | undefined {
  // A node found without conflict once is so wherever else the DAG reaches it (a type used many times is one node).
  if (clean.has(type)) return undefined
  const found = conflictIn(type, loc, seen, clean)
  if (!found) clean.add(type)
  return found
}

function conflictIn(type: TypeIR, loc: Loc | undefined, seen: Set<string>, clean: Set<TypeIR>): { message: string; loc?: Loc } | undefined {
  const inner = (t: TypeIR, at = loc) => revivalConflict(t, at, seen, clean)
  switch (type.kind) {
    case 'array': return inner(type.items)
    case 'nullable': return inner(type.inner)
    case 'tuple': return first(type.rest ? [...type.elements, type.rest] : type.elements, (e) => inner(e))
    case 'object': return (type.rest && inner(type.rest)) || first(type.props, (p) => inner(p.type, p.loc ?? loc))
    case 'ref':
      if (seen.has(type.name)) return undefined
      seen.add(type.name)
      return inner(type.type())
    case 'union': {
      const members = ordered(type.members)
      for (let i = 0; i < members.length; i++) {
        for (let j = i + 1; j < members.length; j++) {
          const [a, b] = [members[i]!, members[j]!]
          if (planText(a) !== planText(b) && mayPass(branchTest(a), b)) {
            return {
              message: `In this union, a JSON value of one branch can also be a value of another (${describe(a)} and ${describe(b)}), but the two are revived differently, so the function could get the wrong type. Give each branch a discriminant (an object with a literal \`kind\` property), or make them distinct JSON types.`,
              loc,
            }
          }
        }
      }
      return first(type.members, (m) => inner(m))
    }
    default: return undefined
  }
}

/** A type's revival plan as text, property order aside (an opened union branch lists its own keys first). */
const planText = (type: TypeIR): string =>
  JSON.stringify(revivePlan(type), (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v)

const first = <T, R>(list: readonly T[], f: (item: T) => R | undefined): R | undefined => {
  for (const item of list) {
    const r = f(item)
    if (r !== undefined) return r
  }
  return undefined
}

/** A branch's name in a message. */
function describe(type: TypeIR): string {
  const names: Partial<Record<TypeIR['kind'], string>> = {
    date: 'Date', url: 'URL', bigint: 'bigint', bytes: 'Uint8Array', string: 'string', number: 'number', boolean: 'boolean',
    tuple: 'a tuple', object: 'an object', 'object-any': 'an object', any: 'unknown',
  }
  if (type.kind === 'ref') return type.name
  if (type.kind === 'array') return type.set ? 'a Set' : 'an array'
  if (type.kind === 'object' && type.map) return 'a Map'
  if (type.kind === 'enum') return type.values.map((v) => JSON.stringify(v)).join(' | ')
  return names[type.kind] ?? type.kind
}

/** The recursive types' projections of one result (`{ ref: i }` is `shapes[i]`). */
interface ProjectionDefs {
  shapes: Projection[]
  index: Map<string, number>
}

/**
 * Keeps only what the declared type has of a result (so structuredContent matches outputSchema and sends
 * nothing else): an object's properties, a tuple's positions, the matched branch of a union, at any depth;
 * a recursive type's projection is added to `defs` once and used by `{ ref }`.
 */
export function projection(type: TypeIR, defs: ProjectionDefs = { shapes: [], index: new Map() }): Projection {
  switch (type.kind) {
    case 'object': {
      if (type.map) {
        const rest = projection(type.rest!, defs)
        return rest === 0 ? 0 : { props: {}, rest }
      }
      const props: Record<string, Projection> = {}
      for (const p of type.props) props[p.name] = projection(p.type, defs)
      return type.rest ? { props, rest: projection(type.rest, defs) } : { props }
    }
    case 'array': {
      const items = projection(type.items, defs)
      return items === 0 ? 0 : { items }
    }
    case 'tuple': {
      const elements = type.elements.map((e) => projection(e, defs))
      // A rest element stands beside elements projected the same way (the resolver refuses others).
      if (type.rest) return { items: projection(type.rest, defs) }
      const min = type.minItems ?? elements.length
      if (min === elements.length) return { tuple: elements }
      // `[A, B?]`: each length the tuple may have, as its own branch (a missing element is not sent as null).
      return { anyOf: Array.from({ length: elements.length - min + 1 }, (_, k) => [{ length: min + k }, { tuple: elements.slice(0, min + k) }] as [BranchTest, Projection]) }
    }
    case 'nullable': {
      const inner = projection(type.inner, defs)
      return inner === 0 ? 0 : { nullable: inner }
    }
    case 'union': {
      const branches = projectedBranches(type.members, defs)
      return branches.every(([, shape]) => shape === 0) ? 0 : { anyOf: branches }
    }
    case 'ref': {
      let index = defs.index.get(type.name)
      if (index === undefined) {
        index = defs.shapes.push(0) - 1
        defs.index.set(type.name, index)
        defs.shapes[index] = projection(type.type(), defs)
      }
      return { ref: index }
    }
    default: return 0
  }
}

/**
 * A union's branches as projection tests, in declared order (nested unions, nullables and recursive
 * unions flattened): an object or tuple by its branch test, a literal set by its values, any other branch
 * by each JSON type it can have (kept as it is).
 */
function projectedBranches(members: readonly TypeIR[], defs: ProjectionDefs, seen = new Set<string>()): [BranchTest, Projection][] {
  return members.flatMap((m): [BranchTest, Projection][] => {
    const def = deref(m)
    if (m.kind === 'ref' && (def.kind === 'union' || def.kind === 'nullable')) {
      if (seen.has(m.name)) return []
      seen.add(m.name)
      return projectedBranches([def], defs, seen)
    }
    if (m.kind === 'union') return projectedBranches(m.members, defs, seen)
    if (m.kind === 'nullable') return [['null', 0], ...projectedBranches([m.inner], defs, seen)]
    if (def.kind === 'object' || def.kind === 'tuple' || def.kind === 'enum') return [[branchTest(def), projection(m, defs)]]
    const shape = projection(m, defs)
    return jsonTypes(def).map((t) => [t, shape])
  })
}
