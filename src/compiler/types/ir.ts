/**
 * The type IR: what a value is, independent of how TypeScript spelled it. Every later stage (schema,
 * validator, revival, results, docs) reads this and never TypeScript syntax.
 */
import type { Loc } from '../diagnostics.ts'

/** The default per-schema budget in bytes (the `schemaBudget` plugin option; schema/size.ts measures against it). */
export const DEFAULT_SCHEMA_BUDGET = 64 * 1024

/** Where a named type (an interface, a type alias) was declared: what a budget diagnostic names. */
export interface Origin {
  name: string
  loc: Loc
}

export type Literal = string | number | boolean

/** A JSON value known at build time: a parameter default (`= 5`, `= []`, `= { unit: 'c' }`). */
export type JsonConstant = Literal | null | JsonConstant[] | { [key: string]: JsonConstant }

export type TypeIR =
  /** `{}`; `any`: written `any` (not `unknown`), which absorbs an intersection (`1 & any` is any), as in tsc. */
  | { kind: 'any'; any?: true }
  | { kind: 'nonnull' } // TypeScript's `{}`: any value but null
  | { kind: 'nonprimitive' } // TypeScript's `object`: an object or an array
  | { kind: 'object-any' } // {"type":"object"}
  | { kind: 'boolean' }
  | { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; intName?: string }
  | { kind: 'string'; format?: string; minLength?: number; maxLength?: number; pattern?: string }
  | { kind: 'bigint' } // decimal string, revived to bigint
  | { kind: 'date' } // date-time string, revived to Date
  | { kind: 'url' } // uri string, revived to URL
  | { kind: 'bytes' } // base64 string, revived to Uint8Array
  | { kind: 'enum'; values: Literal[] }
  | { kind: 'array'; items: TypeIR; minItems?: number; maxItems?: number; set?: boolean }
  /**
   * `[A, B]`; `minItems` (when less than the elements) counts the required leading elements (`[A, B?]`),
   * `rest` types the elements after them (`[A, ...B[]]`).
   */
  | { kind: 'tuple'; elements: TypeIR[]; minItems?: number; rest?: TypeIR }
  /**
   * Named properties, closed unless `rest` types the other keys; `props: []` without `rest` is the closed
   * empty object. `absent`: keys declared `k?: never` or `k?: undefined`, which no JSON value may carry (a
   * closed object already refuses them; what they add is that a union member never lends them, see open-unions.ts).
   * `keys`: with `rest`, the pattern every other key must match (a template literal key type,
   * `Record<\`x-${string}\`, T>`): keys outside it are refused, as tsc refuses them.
   */
  | { kind: 'object'; props: Prop[]; rest?: TypeIR; keys?: string; map?: boolean; absent?: string[] }
  | { kind: 'union'; members: TypeIR[] }
  | { kind: 'nullable'; inner: TypeIR }
  /**
   * A named type that refers to itself (directly or through others): every use, the outermost included, is
   * this node; `type()` is the definition (written once under `$defs`). Only recursion makes one.
   */
  | { kind: 'ref'; name: string; type: () => TypeIR }

export interface Prop {
  name: string
  type: TypeIR
  optional: boolean
  description?: string
  /** A JSON value, written as `default` (an annotation only; never null: a `null` default writes nothing). */
  default?: JsonConstant
  /** `@deprecated` in the property's JSDoc: written as `"deprecated": true`. */
  deprecated?: boolean
  /** Declared with a number literal key (`80: …`, `0x10: …`): its name is the number's text, and `keyof` gives the number, as in tsc. */
  numeric?: boolean
  loc?: Loc
}

/** Marks for parameters the runtime fills in. */
export type Injected = 'context' | 'signal'

/** The type a ref stands for; any other type itself. */
export const deref = (type: TypeIR): TypeIR => (type.kind === 'ref' ? type.type() : type)

/**
 * Whether some finite JSON value has type `t`, when the refs named in `pending` (the definitions being
 * checked) are taken to have none: a required property or tuple element without one has none either.
 */
export function finite(t: TypeIR, pending: Set<string>): boolean {
  switch (t.kind) {
    case 'ref': {
      if (pending.has(t.name)) return false
      const def = t.type()
      if (!def) return true // an enclosing definition still being built: checked when it is
      pending.add(t.name)
      const out = finite(def, pending)
      pending.delete(t.name)
      return out
    }
    case 'object': return t.props.every((p) => p.optional || finite(p.type, pending))
    case 'tuple': return t.elements.every((e, i) => i >= (t.minItems ?? t.elements.length) || finite(e, pending))
    case 'union': return t.members.some((m) => finite(m, pending))
    default: return true
  }
}
