/**
 * Lenient input: a `null` where the build's plan says an optional property may stand is taken as absent
 * (clients that force every field required send one). The arguments are copied, never changed in place.
 */
import { setOwn } from './set-own.ts'

/** `drop`: property names whose null means absent; `props`/`items`: plans for nested objects and arrays. */
export interface LenientPlan {
  readonly drop?: readonly string[]
  readonly props?: Readonly<Record<string, LenientPlan>>
  readonly items?: LenientPlan
}

export function withoutNulls(plan: LenientPlan, value: unknown): unknown {
  if (Array.isArray(value)) return plan.items ? value.map((v) => withoutNulls(plan.items!, v)) : value
  if (typeof value !== 'object' || value === null) return value
  const input = value as Record<string, unknown>
  let out: Record<string, unknown> | undefined
  const copy = () => (out ??= Object.defineProperties({}, Object.getOwnPropertyDescriptors(input)) as Record<string, unknown>)
  for (const name of plan.drop ?? []) if (Object.hasOwn(input, name) && input[name] === null) delete copy()[name]
  for (const [name, sub] of Object.entries(plan.props ?? {})) {
    if (!Object.hasOwn(input, name)) continue
    const next = withoutNulls(sub, input[name])
    if (next !== input[name]) setOwn(copy(), name, next)
  }
  return out ?? value
}

/** The entry field the generated code writes: `lenient: __mcp_lenient({ drop: ["limit"] })`. */
export function lenient(plan: LenientPlan): (args: unknown) => unknown {
  return (args) => withoutNulls(plan, args)
}
