/**
 * The code appended to a barrel (a module that re-exports declarations of other modules: declarations/reexports.ts):
 * `export const __mcp = __mcp_reexport(…)`, the tables of the declaring modules, each narrowed to what the
 * barrel re-exports and renamed as the barrel names it, after the module's own table when it has one. A
 * local `__mcp` wins over every `export *`, whose tables would otherwise clash and travel with none of them.
 */
import { dirname, relative } from 'node:path'
import type { Declaration } from '../declarations/declaration.ts'
import type { Reexport } from '../declarations/reexports.ts'
import { TABLE_EXPORT } from './emit.ts'

const json = (v: unknown) => JSON.stringify(v)

/** `./a.ts`, `../tools/b.ts`: the declaring module as the barrel imports it. */
function specifier(from: string, to: string): string {
  const path = relative(dirname(from), to).split('\\').join('/')
  return path.startsWith('.') ? path : `./${path}`
}

/**
 * The entries to keep, keyed as the runtime finds them (a tool's or prompt's name, a resource's URI), with
 * the name served; a kept tool's view comes with it.
 */
function picks(r: Reexport, decls: readonly Declaration[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const p of r.picks) {
    const d = decls.find((x) => x.binding === p.binding)
    if (!d) continue
    if (d.kind === 'resource') out[d.uri!] = d.uri!
    else out[d.name] = p.name
    if (d.ui?.uri) out[d.ui.uri] = d.ui.uri
  }
  return out
}

/**
 * The text appended to barrel `path` (shown as `module`); `own`: the name the module's own table was bound
 * to, when it declares anything itself. `declarationsOf` gives each declaring module's declarations.
 */
export function emitReexports(module: string, path: string, reexports: readonly Reexport[], declarationsOf: (path: string) => readonly Declaration[] | undefined, own?: string): string {
  const parts = own ? [`[${own}]`] : []
  const imports = reexports.map((r, i) => {
    parts.push(`[__mcp_r${i}, ${json(picks(r, declarationsOf(r.module) ?? []))}]`)
    return `import { ${TABLE_EXPORT} as __mcp_r${i} } from ${json(specifier(path, r.module))};`
  })
  return [
    '',
    '// ---- mcp-aot: generated at build time from the modules re-exported above ----',
    "import { reexport as __mcp_reexport } from 'mcp-aot/internal';",
    ...imports,
    `export const ${TABLE_EXPORT} = __mcp_reexport(${json(module)}, [\n  ${parts.join(',\n  ')},\n]);`,
    '',
  ].join('\n')
}
