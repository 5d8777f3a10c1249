/**
 * The schema size budget. Every type but a recursive one (`$defs`) is written inline, so a type used twice is
 * written twice, and shared nested types multiply (a few hundred characters of source can make megabytes of tools/list). Sizes are
 * measured on the type IR before any JSON is built: the resolver hands out one IR node per named type, and
 * each node is measured once, so measuring costs what the source costs, not what the schema would.
 */
import type { Origin, Prop, TypeIR } from '../types/ir.ts'
import { fields, objectFields, ordered, recursiveTypes, type Child, type Fields } from './schema.ts'

const measured = new WeakMap<TypeIR, number>()

/** The JSON length of a fragment, its nested types counted by their own measures. */
function measure(write: (child: Child) => Fields): number {
  let nested = 0
  let count = 0
  const child: Child = (t, a) => {
    count++
    const annotated = a?.description !== undefined || a?.default !== undefined || a?.deprecated
    nested += annotated ? measure((c) => ({ ...fields(t, c), description: a!.description, default: a!.default, deprecated: a!.deprecated || undefined })) : typeSize(t)
    return 0 // a one-character stand-in, taken off again below
  }
  return JSON.stringify(ordered(write(child))).length - count + nested
}

/** The length of a type's fragment as JSON text. */
export function typeSize(t: TypeIR): number {
  let size = measured.get(t)
  if (size === undefined) {
    size = measure((child) => fields(t, child))
    measured.set(t, size)
  }
  return size
}

/** The length of a tool's input schema (a closed object of its parameters, with `$defs` when it recurses) as JSON text. */
export function inputSize(props: readonly Prop[]): number {
  return measure((child) => objectFields(props, undefined, child)) + defsSize(props.map((p) => p.type))
}

/** The length of an output schema (schema.ts's rootSchema: a recursive type written out at the root, then `$defs`) as JSON text. */
export function outputSize(type: TypeIR): number {
  return typeSize(type.kind === 'ref' ? type.type() : type) + defsSize([type])
}

/** The length of `,"$defs":{…}` for the recursive types `types` use (0 when none). */
function defsSize(types: readonly TypeIR[]): number {
  const found = recursiveTypes(types)
  if (found.size === 0) return 0
  let size = ',"$defs":{}'.length + found.size - 1
  for (const [name, t] of found) size += JSON.stringify(name).length + 1 + typeSize(t)
  return size
}

function children(t: TypeIR): TypeIR[] {
  switch (t.kind) {
    case 'array': return [t.items]
    case 'tuple': return t.rest ? [...t.elements, t.rest] : t.elements
    case 'object': return [...t.props.map((p) => p.type), ...(t.rest ? [t.rest] : [])]
    case 'union': return t.members
    case 'nullable': return [t.inner]
    default: return []
  }
}

/** How many times each named type is written out inside `t` (itself included). */
function copies(t: TypeIR, origins: WeakMap<object, Origin>, memo: Map<TypeIR, Map<TypeIR, number>>): Map<TypeIR, number> {
  let out = memo.get(t)
  if (out) return out
  out = new Map()
  if (origins.has(t)) out.set(t, 1)
  for (const c of children(t)) for (const [k, n] of copies(c, origins, memo)) out.set(k, (out.get(k) ?? 0) + n)
  memo.set(t, out)
  return out
}

const bytes = (n: number) => (n < 1024 ? `${n} bytes` : n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KiB` : `${(n / (1024 * 1024)).toFixed(1)} MiB`)

/**
 * Why a schema of `size` bytes over `budget` is refused, naming the type that multiplies: of the named
 * types written out at least twice, the one with the most copies that together make half the schema.
 */
export function overBudget(what: string, roots: readonly TypeIR[], size: number, budget: number, origins: WeakMap<object, Origin>): string {
  const memo = new Map<TypeIR, Map<TypeIR, number>>()
  const counts = new Map<TypeIR, number>()
  for (const r of roots) for (const [k, n] of copies(r, origins, memo)) counts.set(k, (counts.get(k) ?? 0) + n)
  const repeated = [...counts].filter(([, n]) => n >= 2).map(([t, n]) => ({ t, n, total: n * typeSize(t) }))
  const main = repeated.filter((c) => c.total * 2 >= size).sort((a, b) => b.n - a.n)[0] ?? repeated.sort((a, b) => b.total - a.total)[0]
  const head = `${what} would be ${bytes(size)} of JSON, over the ${bytes(budget)} budget.`
  const wide = widestUntagged(roots)
  const fix = `${wide ? `A union of ${wide} object types without a discriminant grows with the square of its members (each branch also lists the keys of every other branch, as TypeScript's excess-property check for unions reads them): give every member a literal tag property (kind: 'a', kind: 'b', …), then each is written once. Otherwise p` : 'P'}ass an id instead of repeating a nested object, flatten the nesting, or raise the plugin option schemaBudget.`
  if (!main) return `${head} Every type is written inline. ${fix}`
  const o = origins.get(main.t)!
  return `${head} Every type is written inline, and ${o.name} (${o.loc.file}:${o.loc.line}:${o.loc.column}) is written out ${main.n} times, ${bytes(typeSize(main.t))} each. ${fix}`
}

/** The member count of the widest union of 4 or more object types that no literal property tells apart, or 0. */
function widestUntagged(roots: readonly TypeIR[]): number {
  let widest = 0
  const seen = new Set<TypeIR>()
  const walk = (t: TypeIR | undefined): void => {
    if (!t || typeof t !== 'object' || seen.has(t)) return
    seen.add(t)
    if (t.kind === 'union') {
      const objects = t.members.filter((m): m is Extract<TypeIR, { kind: 'object' }> => m.kind === 'object')
      if (objects.length >= 4 && !discriminated(objects) && objects.length > widest) widest = objects.length
    }
    for (const v of Object.values(t)) {
      if (Array.isArray(v)) for (const x of v) walk((x as Prop)?.type ?? x)
      else if (v && typeof v === 'object' && 'kind' in v) walk(v as TypeIR)
    }
  }
  for (const r of roots) walk(r)
  return widest
}

function discriminated(objects: readonly Extract<TypeIR, { kind: 'object' }>[]): boolean {
  const names = objects[0]!.props.map((p) => p.name)
  return names.some((name) => {
    const values = objects.map((o) => o.props.find((p) => p.name === name && !p.optional)?.type).map((t) => (t?.kind === 'enum' && t.values.length === 1 ? JSON.stringify(t.values[0]) : undefined))
    return values.every((v) => v !== undefined) && new Set(values).size === values.length
  })
}
