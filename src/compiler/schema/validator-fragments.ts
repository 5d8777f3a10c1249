/**
 * Shared fragments: an object with properties (a named type) or a union used more than once across a
 * module's schemas is compiled once, as a function of its own the others call through a `$ref` only ajv
 * sees (published schemas stay inline). Takes a module's assertion schemas; hands on the roots, the shared
 * fragments and which root each entry uses.
 */
import { _ } from 'ajv/dist/compile/codegen/index.js'
import { isSchema, SUBSCHEMA_LIST, SUBSCHEMA_MAP, SUBSCHEMA_ONE } from './schema-walk.ts'

export type Node = Record<string, unknown>

export const LOCAL_REF = '#/$defs/'

/** The `$ref` prefix of shared fragments while a module compiles (`mcp-aot:s0`); tools are `mcp-aot:t0`. */
export const KEY = 'mcp-aot:'

/** The subschemas directly inside `node`, with a way to replace each. */
function children(node: Node): { get: () => unknown; set: (v: unknown) => void }[] {
  const out: { get: () => unknown; set: (v: unknown) => void }[] = []
  for (const [k, v] of Object.entries(node)) {
    if (SUBSCHEMA_MAP.has(k) && isSchema(v)) {
      for (const p of Object.keys(v)) out.push({ get: () => v[p], set: (s) => (v[p] = s) })
    } else if (SUBSCHEMA_ONE.has(k)) out.push({ get: () => node[k], set: (s) => (node[k] = s) })
    else if (SUBSCHEMA_LIST.has(k) && Array.isArray(v)) v.forEach((_s, i) => out.push({ get: () => v[i], set: (s) => (v[i] = s) }))
  }
  return out
}

/** Worth a function of its own when used twice: an object with properties (a named type), or a union. */
const shareable = (node: Node) => isSchema(node.properties) && Object.keys(node.properties).length > 0 || Array.isArray(node.anyOf)

/**
 * Identical roots become one; then, largest first, every fragment used more than once (in the roots or in
 * fragments already shared) becomes a shared schema of its own, referenced by `$ref`. Deterministic: the
 * order depends on the schemas alone. `indexes[i]` is the root of entry i.
 */
export function share(schemas: readonly object[]): { roots: object[]; shared: Node[]; indexes: number[] } {
  const roots: object[] = []
  const seen = new Map<string, number>()
  const indexes = schemas.map((s) => {
    const key = JSON.stringify(s)
    let k = seen.get(key)
    if (k === undefined) seen.set(key, (k = roots.push(s) - 1))
    return k
  })
  const shared: Node[] = []
  for (const root of roots) hoist(root as Node, shared)
  for (;;) {
    // Every fragment below a root or a shared schema, by its JSON text, in order of first appearance.
    const uses = new Map<string, { node: Node; count: number }>()
    const visit = (node: unknown) => {
      if (!isSchema(node)) return
      for (const child of children(node)) {
        const c = child.get()
        if (!isSchema(c)) continue
        if (shareable(c)) {
          const key = JSON.stringify(c)
          const use = uses.get(key)
          if (use) use.count++
          else uses.set(key, { node: c, count: 1 })
        }
        visit(c)
      }
    }
    roots.forEach(visit)
    shared.forEach(visit)
    let best: [string, Node] | undefined
    for (const [key, { node, count }] of uses) if (count > 1 && (!best || key.length > best[0].length)) best = [key, node]
    if (!best) break
    const [key, node] = best
    const ref = { $ref: `${KEY}s${shared.length}` }
    shared.push(structuredClone(node))
    const replace = (n: unknown) => {
      if (!isSchema(n)) return
      for (const child of children(n)) {
        const c = child.get()
        if (isSchema(c) && JSON.stringify(c) === key) child.set(ref)
        else replace(c)
      }
    }
    roots.forEach(replace)
    shared.forEach(replace)
  }
  return { roots, shared, indexes }
}

/**
 * A root's `$defs` (a recursive type's definitions) become shared schemas of their own, and each
 * `{"$ref":"#/$defs/Name"}` in the root and the definitions refers to its shared schema: so a fragment
 * moved out of the root by `share` still finds them.
 */
function hoist(root: Node, shared: Node[]): void {
  const defs = root.$defs as Record<string, Node> | undefined
  if (!defs) return
  delete root.$defs
  const ids = new Map(Object.keys(defs).map((name, i) => [`${LOCAL_REF}${name}`, `${KEY}s${shared.length + i}`]))
  const relink = (node: unknown) => {
    if (!isSchema(node)) return
    if (typeof node.$ref === 'string') node.$ref = ids.get(node.$ref)
    for (const child of children(node)) relink(child.get())
  }
  relink(root)
  for (const def of Object.values(defs)) {
    relink(def)
    shared.push(def)
  }
}
