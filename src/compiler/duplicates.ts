/** Names declared twice across modules (the bundler's module graph), as one message, or undefined. */
import type { Declaration } from './extract.ts'

/** What must be unique: a tool's or prompt's name, a resource's URI. */
export function nameKey(d: Declaration): string {
  return `${d.kind}:${d.kind === 'resource' ? d.uri : d.name}`
}

export function duplicateNames(modules: ReadonlyMap<string, readonly Declaration[]>): string | undefined {
  const seen = new Map<string, Declaration>()
  const lines: string[] = []
  const at = (d: Declaration) => `${d.loc.file}:${d.loc.line}:${d.loc.column}`
  // Modules are transformed in parallel: read them in path order so the message is the same every build.
  for (const id of [...modules.keys()].sort()) {
    const decls = modules.get(id)!
    for (const d of decls) {
      const key = nameKey(d)
      const first = seen.get(key)
      if (!first) seen.set(key, d)
      else if (first !== d) {
        lines.push(`${at(d)} - error MCP027: ${d.kind} '${d.kind === 'resource' ? d.uri : d.name}' is also declared at ${at(first)}. Rename one with @${d.kind} <name>.`)
      }
    }
  }
  return lines.length ? `mcp-aot: ${lines.length} duplicate name${lines.length === 1 ? '' : 's'}\n\n${lines.join('\n')}` : undefined
}
