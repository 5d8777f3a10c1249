/**
 * type-fest's object helpers, read as its documentation says they behave. Its own definitions go through
 * key remapping, `infer`, option merging and function overloads the resolver does not evaluate, and a
 * refusal inside them would point into the library: here each helper is evaluated on the IR, and every
 * finding is located at the user's type reference, naming the helper.
 */
import type { Prop, TypeIR } from '../ir.ts'
import { unionOf } from '../members.ts'
import { objectOrEmpty } from '../objects.ts'
import type { Env, Reader, Resolved } from '../reader.ts'

/** The helpers evaluated here, by the name type-fest exports. */
export const TYPE_FEST = new Set(['SetOptional', 'SetRequired', 'Except', 'LiteralUnion', 'Tagged', 'Opaque', 'Simplify', 'RequireAtLeastOne', 'RequireExactlyOne'])

/** Whether a declaration's file is type-fest's (an installed package, read from node_modules). */
export const isTypeFest = (path: string): boolean => /(?:^|[\\/])node_modules[\\/]type-fest[\\/]/.test(path)

export function typeFest(r: Reader, name: string, args: any[], env: Env, node: any): Resolved {
  const arg = (i: number): any => args[i] ?? r.refuse('MCP016', `type-fest's ${name} needs its type arguments written out, such as ${name}<Options, 'a'>.`, env, node)
  switch (name) {
    // `LiteralType | (BaseType & Record<never, never>)`: any value of BaseType (the literals are suggestions for editors).
    case 'LiteralUnion': return unionOf(r, [[node, r.resolve(arg(0), env)], [node, r.resolve(arg(1), env)]], env)
    // A tag (a unique-symbol-keyed property) no JSON value carries: the value is its type's, as for any brand.
    case 'Tagged':
    case 'Opaque':
    case 'Simplify': return r.resolve(arg(0), env)
  }
  const target = r.resolve(arg(0), env)
  const keys = (): string[] => {
    if (!args[1]) return []
    const k = r.resolve(args[1], env)
    if (k.kind !== 'enum') return r.refuse('MCP020', `type-fest's ${name}<T, Keys>: Keys must be literal keys of T ('a' | 'b').`, env, node)
    return k.values.map(String)
  }
  const named = keys()
  // Distributed over a union of objects, as type-fest distributes its object helpers.
  const members = target.kind === 'union' ? target.members : [target]
  const out = members.flatMap((m): TypeIR[] => {
    const obj = r.objectOf(m, `type-fest's ${name}`, env, node)
    const chosen = args[1] ? named : obj.props.map((p) => p.name)
    const reshape = (f: (p: Prop) => Prop | undefined, absent: string[] = []): TypeIR =>
      objectOrEmpty(obj.props.flatMap((p) => f(p) ?? []), obj.rest, [...(obj.absent ?? []), ...absent], obj.keys)
    switch (name) {
      case 'SetOptional': return [reshape((p) => (chosen.includes(p.name) ? { ...p, optional: true } : p))]
      case 'SetRequired': return [reshape((p) => (chosen.includes(p.name) ? { ...p, optional: false } : p))]
      case 'Except': return [reshape((p) => (chosen.includes(p.name) ? undefined : p))]
      // One member per key: that key required, the other keys as declared (at least one) or absent (exactly one).
      case 'RequireAtLeastOne':
      case 'RequireExactlyOne': {
        const present = chosen.filter((k) => obj.props.some((p) => p.name === k))
        if (present.length === 0) return r.refuse('MCP013', `type-fest's ${name}<…> over no keys of the object is never, so no call could satisfy it. Name keys the object has.`, env, node)
        return present.map((k) => name === 'RequireAtLeastOne'
          ? reshape((p) => (p.name === k ? { ...p, optional: false } : present.includes(p.name) ? { ...p, optional: true } : p))
          : reshape((p) => (p.name === k ? { ...p, optional: false } : present.includes(p.name) ? undefined : p), present.filter((x) => x !== k)))
      }
    }
    return r.refuse('MCP020', `type-fest's ${name}<…> is not part of the contract. Write the resulting type out.`, env, node)
  })
  return out.length === 1 ? out[0]! : unionOf(r, out.map((t) => [node, t]), env)
}

