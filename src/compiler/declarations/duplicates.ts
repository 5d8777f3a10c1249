/** Names declared twice across modules (the bundler's module graph): findings, and one message for a bundler error. */
import type { Declaration } from './declaration.ts'
import { formatDiagnostic, type Diagnostic } from '../diagnostics.ts'
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

export function duplicateNames(modules: ReadonlyMap<string, readonly Declaration[]>): string | undefined {
  const found = duplicateFindings(modules)
  if (found.length === 0) return undefined
  return `mcp-aot: ${found.length} duplicate name${found.length === 1 ? '' : 's'}\n\n${found.map((d) => formatDiagnostic(d)).join('\n')}`
}
