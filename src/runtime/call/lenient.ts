/**
 * Lenient input: a `null` where the build's plan says an optional property may stand is taken as absent
 * (clients that force every field required send one). The arguments are copied, never changed in place.
 */
import { setOwn } from './set-own.ts'

/**
 * `drop`: property names whose null means absent; `props`/`items`: plans for nested objects and arrays;
 * `ref`: the plan of a named (recursive) type, kept in the top plan's `defs`.
 */
export interface LenientPlan {
  readonly drop?: readonly string[]
  readonly props?: Readonly<Record<string, LenientPlan>>
  readonly items?: LenientPlan
  readonly ref?: string
  readonly defs?: Readonly<Record<string, LenientPlan>>
}

/** Nesting followed at most (a recursive type's plan refers to itself; the validator bounds depth anyway). */
const MAX_DEPTH = 64

export function withoutNulls(plan: LenientPlan, value: unknown, defs: LenientPlan['defs'] = plan.defs, depth = 0): unknown {
  if (plan.ref !== undefined) {
    const target = defs?.[plan.ref]
    return target && depth < MAX_DEPTH ? withoutNulls(target, value, defs, depth + 1) : value
  }
  if (Array.isArray(value)) return plan.items ? value.map((v) => withoutNulls(plan.items!, v, defs, depth + 1)) : value
  if (typeof value !== 'object' || value === null) return value
  const input = value as Record<string, unknown>
  let out: Record<string, unknown> | undefined
  const copy = () => (out ??= Object.defineProperties({}, Object.getOwnPropertyDescriptors(input)) as Record<string, unknown>)
  for (const name of plan.drop ?? []) if (Object.hasOwn(input, name) && input[name] === null) delete copy()[name]
  for (const [name, sub] of Object.entries(plan.props ?? {})) {
    if (!Object.hasOwn(input, name)) continue
    const next = withoutNulls(sub, input[name], defs, depth + 1)
    if (next !== input[name]) setOwn(copy(), name, next)
  }
  return out ?? value
}

/** The entry field the generated code writes: `lenient: __mcp_lenient({ drop: ["limit"] })`. */
export function lenient(plan: LenientPlan): (args: unknown) => unknown {
  return (args) => withoutNulls(plan, args)
}
