/** Names declared twice across modules (the bundler's module graph): one finding (MCP027) at each later declaration. */
import type { Declaration } from './declaration.ts'
import type { Diagnostic } from '../diagnostics.ts'
import { nameKey } from './names.ts'

export function duplicateFindings(modules: ReadonlyMap<string, readonly Declaration[]>): Diagnostic[] {
  const seen = new Map<string, Declaration>()
  const found: Diagnostic[] = []
  const at = (d: Declaration) => `${d.loc.file}:${d.loc.line}:${d.loc.column}`
  // Modules are transformed in parallel: read them in path order so the findings are the same every build.
  for (const id of [...modules.keys()].sort()) {
    for (const d of modules.get(id)!) {
      const key = nameKey(d)
      const first = seen.get(key)
      if (!first) seen.set(key, d)
      else if (first !== d) {
        const name = d.kind === 'resource' ? d.uri : d.name
        found.push({ code: 'MCP027', message: `${d.kind} '${name}' is also declared at ${at(first)}. Rename one with @${d.kind} <name>.`, loc: d.loc })
      }
    }
  }
  return found
}
