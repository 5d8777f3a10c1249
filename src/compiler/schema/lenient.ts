/**
 * The lenient plan of a tool (`@lenient`, the plugin's `lenient` option, or an `openai-strict` profile,
 * which writes optional properties as required-with-null): where a `null` stands for an absent optional
 * property. The runtime removes those nulls before validating; every other value is validated as strictly
 * as without it. A property whose own type takes null keeps its null.
 */
import type { LenientPlan } from '../../runtime/call/lenient.ts'
import type { Prop, TypeIR } from '../types/ir.ts'

const takesNull = (t: TypeIR): boolean => t.kind === 'nullable' || t.kind === 'any' || (t.kind === 'union' && t.members.some(takesNull))

function plan(t: TypeIR): LenientPlan | undefined {
  if (t.kind === 'nullable') return plan(t.inner)
  if (t.kind === 'array') {
    const items = plan(t.items)
    return items && { items }
  }
  if (t.kind !== 'object') return undefined
  const out: { drop?: string[]; props?: Record<string, LenientPlan> } = {}
  const drop = t.props.filter((p) => p.optional && !takesNull(p.type)).map((p) => p.name)
  if (drop.length > 0) out.drop = drop
  for (const p of t.props) {
    const sub = plan(p.type)
    if (sub) (out.props ??= {})[p.name] = sub
  }
  return out.drop || out.props ? out : undefined
}

/** The plan for a tool's parameters, or undefined when no null could stand for an absent property. */
export function lenientPlan(props: readonly Prop[]): LenientPlan | undefined {
  return plan({ kind: 'object', props: [...props] })
}
