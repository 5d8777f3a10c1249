/**
 * Build time: how a union (`anyOf`) that fails is reported, read from its branches (the validator's anyOf
 * keyword writes the code, src/compiler/schema/validator.ts).
 *
 * - `dispatch`: when the branches accept disjoint JSON kinds (`Date | { t: TD }`: a string or an object),
 *   the value's kind selects one branch, and that branch's own errors are the report
 *   (`Argument 'when.t' is required.`). Object branches that share a kind may still be told apart by a tag
 *   (`kind`: a property every one of them requires, with its own values in each): the tag's value selects
 *   the branch (`Argument 'shape.radius' must be >= 0.`). Selecting changes no result: a value of a kind
 *   only one branch accepts can only be accepted by that branch, and likewise for a tag value.
 * - `alternatives`: what the line of a value no branch takes names (`a string (date-time)`,
 *   `an object {after, before}`, `"auto"`, `null`).
 */
import { typeName } from '../../runtime/call/arg-errors.ts'
import { isSchema } from './schema-walk.ts'

type Node = Record<string, unknown>
type Literal = string | number | boolean | null

/** The JSON kinds a value can have; `integer` and `number` are one kind (a number). */
export type Kind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object'

/** The branches of one kind, and how the value picks one of them. */
export type Route =
  | { kinds: Kind[]; branch: number; literal?: true }
  | { kinds: ['object']; tag: string; cases: [Literal, number][] }

/** A branch `$ref` (a shared fragment) as the schema it names. */
export type Resolve = (branch: unknown) => Node

const KIND_OF_TYPE: Record<string, Kind> = { null: 'null', boolean: 'boolean', integer: 'number', number: 'number', string: 'string', array: 'array', object: 'object' }

function kindOfValue(value: unknown): Kind | undefined {
  if (value === null) return 'null'
  if (Array.isArray(value)) return undefined
  const kind = typeof value
  return kind === 'boolean' || kind === 'number' || kind === 'string' ? kind : undefined
}

/** The kinds a branch accepts, or undefined when its schema does not say (a branch with no `type`). */
function kindsOf(branch: Node, resolve: Resolve, depth = 0): Set<Kind> | undefined {
  if (depth > 8) return undefined
  if (branch.type !== undefined) {
    const types = Array.isArray(branch.type) ? branch.type : [branch.type]
    const kinds = types.map((t) => KIND_OF_TYPE[String(t)])
    return kinds.every((k) => k !== undefined) ? new Set(kinds as Kind[]) : undefined
  }
  if (Array.isArray(branch.enum)) {
    const kinds = branch.enum.map(kindOfValue)
    return kinds.every((k) => k !== undefined) ? new Set(kinds as Kind[]) : undefined
  }
  if (Array.isArray(branch.anyOf)) {
    const out = new Set<Kind>()
    for (const b of branch.anyOf) {
      const kinds = kindsOf(resolve(b), resolve, depth + 1)
      if (!kinds) return undefined
      for (const k of kinds) out.add(k)
    }
    return out
  }
  return undefined
}

/**
 * The property that tells object branches apart (`kind`): required in every one, with one value or a few
 * (`enum`) in each, no value in two of them. Each value maps to the branch it selects.
 */
function discriminant(branches: readonly Node[], indexes: readonly number[]): { tag: string; cases: [Literal, number][] } | undefined {
  const objects = indexes.map((i) => branches[i]!)
  if (objects.some((b) => b.type !== 'object' || !isSchema(b.properties))) return undefined
  for (const tag of Object.keys(objects[0]!.properties as Node)) {
    const cases: [Literal, number][] = []
    const seen = new Set<string>()
    const fits = indexes.every((i) => {
      const b = branches[i]!
      const values = (b.properties as Node)[tag]
      if (!isSchema(values) || !Array.isArray(values.enum) || !(b.required as unknown[] | undefined)?.includes(tag)) return false
      return values.enum.every((v: unknown) => {
        const key = JSON.stringify(v)
        if (kindOfValue(v) === undefined || seen.has(key)) return false
        seen.add(key)
        cases.push([v as Literal, i])
        return true
      })
    })
    if (fits) return { tag, cases }
  }
  return undefined
}

/**
 * A branch that takes listed values only (`'never'`, `enum`/`const`): a value of its kind that fails it
 * fails on its value, not on its shape, and its own error (`must be one of: never`) would hide the other
 * branches; such a failure is reported as the union's, naming every alternative.
 */
const literal = (branch: Node) => Array.isArray(branch.enum) || 'const' in branch

/**
 * How a value selects the branch whose errors report it: one route per branch (or per group of tagged
 * object branches), in the order of the first branch of each. Undefined when some kind is accepted by two
 * branches that no tag tells apart, or a branch's kinds are unknown: then no branch is singled out.
 */
export function dispatch(branches: readonly Node[], resolve: Resolve): Route[] | undefined {
  const owners = new Map<Kind, number[]>()
  const kinds: Set<Kind>[] = []
  for (const [i, branch] of branches.entries()) {
    const k = kindsOf(branch, resolve)
    if (!k) return undefined
    kinds.push(k)
    for (const kind of k) owners.set(kind, [...(owners.get(kind) ?? []), i])
  }
  const routes: Route[] = []
  for (const [i, k] of kinds.entries()) {
    if ([...k].every((kind) => owners.get(kind)!.length === 1)) {
      routes.push({ kinds: [...k], branch: i, ...(literal(branches[i]!) && { literal: true as const }) })
      continue
    }
    // Only branches that are objects and nothing else may share their kind: told apart by a tag, as one route.
    const objects = owners.get('object')
    if (k.size !== 1 || !k.has('object') || !objects || objects.some((j) => kinds[j]!.size !== 1)) return undefined
    if (objects[0] !== i) continue
    const tagged = discriminant(branches, objects)
    if (!tagged) return undefined
    routes.push({ kinds: ['object'], ...tagged })
  }
  return routes
}

/**
 * What a value no branch accepts should have been, in a few words each, for the line that names them
 * (`must be a string (date-time), an object {after, before} or null`): an enum's values as JSON, a type
 * by its article, with a format, a number's bounds (`a number >= 0`) or an object's first required property
 * names (its first property names when none is required);
 * a tagged group of object branches as one (`an object {kind: "circle" | "rect"}`).
 */
export function alternatives(branches: readonly Node[], resolve: Resolve, routes?: readonly Route[]): string[] {
  const parts = routes
    ? routes.flatMap((r) => ('tag' in r ? [`an object {${r.tag}: ${r.cases.map(([v]) => JSON.stringify(v)).join(' | ')}}`] : describe(branches[r.branch]!, resolve)))
    : branches.flatMap((b) => describe(b, resolve))
  return [...new Set(parts)]
}

const NAMES_SHOWN = 4

function describe(branch: Node, resolve: Resolve, depth = 0): string[] {
  if (depth > 8) return ['a value']
  if (Array.isArray(branch.enum)) return branch.enum.map((v) => JSON.stringify(v))
  if (Array.isArray(branch.anyOf)) return branch.anyOf.flatMap((b) => describe(resolve(b), resolve, depth + 1))
  const types = (Array.isArray(branch.type) ? branch.type : [branch.type]).filter((t): t is string => typeof t === 'string')
  // A branch that only requires names (hand-written: `anyOf: [{ required: ['phone'] }, { required: ['email'] }]`).
  if (types.length === 0 && Array.isArray(branch.required) && branch.required.length > 0) return [`an object {${branch.required.slice(0, NAMES_SHOWN).join(', ')}${branch.required.length > NAMES_SHOWN ? ', …' : ''}}`]
  if (types.length === 0) return ['a value']
  return types.map((t) => {
    if (t === 'string' && typeof branch.format === 'string') return `a string (${branch.format})`
    if (t === 'object' && isSchema(branch.properties) && Object.keys(branch.properties).length > 0) {
      // Its required properties when it has some (an opened union branch also lists the others' keys).
      const required = Array.isArray(branch.required) ? branch.required.map(String) : []
      const names = required.length > 0 ? required : Object.keys(branch.properties)
      return `an object {${names.slice(0, NAMES_SHOWN).join(', ')}${names.length > NAMES_SHOWN ? ', …' : ''}}`
    }
    if (t === 'array' && isSchema(branch.items)) {
      const items = describe(resolve(branch.items), resolve, depth + 1)
      if (items.length === 1 && /^an? [a-z]+$/.test(items[0]!)) return `an array of ${items[0]!.replace(/^an? /, '')}s`
    }
    if ((t === 'number' || t === 'integer') && bounds(branch)) return `${typeName(t)} ${bounds(branch)}`
    return typeName(t)
  })
}

const BOUNDS: [string, string][] = [['minimum', '>='], ['exclusiveMinimum', '>'], ['maximum', '<='], ['exclusiveMaximum', '<']]

/** A number's bounds in words (`>= 1 and <= 10`); an `Int`'s ±(2^53 − 1) go unsaid. */
function bounds(branch: Node): string {
  return BOUNDS.filter(([k]) => typeof branch[k] === 'number' && Math.abs(branch[k] as number) !== Number.MAX_SAFE_INTEGER)
    .map(([k, op]) => `${op} ${branch[k]}`)
    .join(' and ')
}
