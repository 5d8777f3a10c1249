/**
 * What one build serves: the declarations of the modules that build loaded (the bundler's module graph), not
 * of every module one plugin instance ever compiled, so that two Workers built by one instance, or a tool
 * moved to another file between two watch builds, report and write only what each build contains. A module a
 * barrel of the build re-exports is served through the barrel, under the barrel's names (reexports.ts).
 */
import type { Declaration } from './declaration.ts'
import type { Reexport } from './reexports.ts'
import { nameKey } from './names.ts'

/**
 * By module, in path order: the declarations of the build's modules `ids`. `modules`: each compiled module's
 * own declarations; `barrels`: each barrel's re-exports.
 */
export function servedBy(ids: Iterable<string>, modules: ReadonlyMap<string, readonly Declaration[]>, barrels: ReadonlyMap<string, readonly Reexport[]>): Map<string, Declaration[]> {
  const inBuild = [...new Set(ids)].filter((id) => modules.has(id) || barrels.has(id)).sort()
  const throughBarrel = new Set(inBuild.flatMap((id) => (barrels.get(id) ?? []).map((r) => r.module)))
  const seen = new Set<string>()
  const out = new Map<string, Declaration[]>()
  for (const id of inBuild) {
    const own = throughBarrel.has(id) ? [] : (modules.get(id) ?? [])
    // The same declaration under the same name twice (two barrels re-export one module) is served once.
    const decls = [...own, ...reexported(barrels.get(id) ?? [], modules)].filter((d) => {
      const key = `${d.loc.file}:${d.loc.line}:${d.loc.column} ${nameKey(d)}`
      return !seen.has(key) && Boolean(seen.add(key))
    })
    if (decls.length > 0) out.set(id, decls)
  }
  return out
}

/** The declarations a barrel serves, as `modules` has them now, under the barrel's names (a renamed one is a copy). */
function reexported(reexports: readonly Reexport[], modules: ReadonlyMap<string, readonly Declaration[]>): Declaration[] {
  return reexports.flatMap((r) => {
    const decls = modules.get(r.module) ?? []
    return r.picks.flatMap((p) => {
      const d = decls.find((x) => x.binding === p.binding)
      return !d ? [] : d.name === p.name ? [d] : [{ ...d, name: p.name }]
    })
  })
}
