/**
 * The lenient plan of a tool (`@lenient`, the plugin's `lenient` option, or an `openai-strict` profile,
 * which writes optional properties as required-with-null): where a `null` stands for an absent optional
 * property. The runtime removes those nulls before validating; every other value is validated as strictly
 * as without it. A property whose own type takes null keeps its null.
 *
 * The plan reaches every place the listing can ask for such a null: nested objects, array items, tuple
 * elements, union members (their plans merged: a name is dropped where some member has it optional and no
 * member takes null for it) and recursive types (a plan per named type under `defs`, used by `ref`).
 */
import type { LenientPlan } from '../../runtime/call/lenient.ts'
import type { Prop, TypeIR } from '../types/ir.ts'

type Plan = { drop?: string[]; props?: Record<string, Plan>; items?: Plan; ref?: string; defs?: Record<string, Plan> }
type Defs = Map<string, Plan | undefined>

function takesNull(t: TypeIR, seen = new Set<string>()): boolean {
  if (t.kind === 'ref') {
    if (seen.has(t.name)) return false
    seen.add(t.name)
    return takesNull(t.type(), seen)
  }
  return t.kind === 'nullable' || t.kind === 'any' || (t.kind === 'union' && t.members.some((m) => takesNull(m, seen)))
}

/** One plan for values that may be of any of `members`' types. */
function merge(given: readonly (Plan | undefined)[], keeps: ReadonlySet<string>): Plan | undefined {
  const plans = given.filter((p): p is Plan => p !== undefined)
  if (plans.length === 0) return undefined
  const out: Plan = {}
  const drop = [...new Set(plans.flatMap((p) => p.drop ?? []))].filter((n) => !keeps.has(n))
  if (drop.length > 0) out.drop = drop
  const names = [...new Set(plans.flatMap((p) => Object.keys(p.props ?? {})))]
  for (const n of names) {
    const sub = merge(plans.map((p) => p.props?.[n]), new Set())
    if (sub) (out.props ??= {})[n] = sub
  }
  const items = merge(plans.map((p) => p.items), new Set())
  if (items) out.items = items
  const ref = plans.find((p) => p.ref)?.ref
  if (ref && Object.keys(out).length === 0) return { ref }
  return Object.keys(out).length > 0 ? out : undefined
}

/** Names a union's object members take null for (so no member may drop a null there). */
function nullNames(t: TypeIR): string[] {
  if (t.kind === 'object') return t.props.filter((p) => takesNull(p.type)).map((p) => p.name)
  if (t.kind === 'nullable') return nullNames(t.inner)
  if (t.kind === 'union') return t.members.flatMap(nullNames)
  return []
}

function plan(t: TypeIR, defs: Defs): Plan | undefined {
  switch (t.kind) {
    case 'nullable': return plan(t.inner, defs)
    case 'ref': {
      if (!defs.has(t.name)) {
        defs.set(t.name, undefined)
        defs.set(t.name, plan(t.type(), defs) ?? {})
      }
      return { ref: t.name }
    }
    case 'array': {
      const items = plan(t.items, defs)
      return items && { items }
    }
    case 'tuple': {
      const items = merge(t.elements.map((e) => plan(e, defs)), new Set())
      return items && { items }
    }
    case 'union': return merge(t.members.map((m) => plan(m, defs)), new Set(nullNames(t)))
    case 'object': {
      const out: Plan = {}
      const drop = [...t.props.filter((p) => p.optional && !takesNull(p.type)).map((p) => p.name), ...(t.absent ?? [])]
      if (drop.length > 0) out.drop = drop
      for (const p of t.props) {
        const sub = plan(p.type, defs)
        if (sub) (out.props ??= {})[p.name] = sub
      }
      return out.drop || out.props ? out : undefined
    }
    default: return undefined
  }
}

/** The plan for a tool's parameters, or undefined when no null could stand for an absent property. */
export function lenientPlan(props: readonly Prop[]): LenientPlan | undefined {
  const defs: Defs = new Map()
  const out = plan({ kind: 'object', props: [...props] }, defs)
  if (!out) return undefined
  // Only the named types some plan refers to, each doing something.
  const used = [...defs].filter(([, p]) => p && Object.keys(p).length > 0)
  if (used.length > 0) out.defs = Object.fromEntries(used) as Record<string, Plan>
  return out
}
