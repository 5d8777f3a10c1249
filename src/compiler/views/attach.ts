/**
 * Stage views/: the MCP Apps views a module's tools name (`@ui`), each named `ui://<server>/<name>`,
 * `<name>` the view file's (its folder's for an index file). The table (table/apps.ts) serves each as a
 * resource, its document imported from the view's module, which the plugin has the bundler it runs in
 * build (document.ts with vite.ts, esbuild.ts, rollup.ts or webpack.ts). Finding: two views or a view and a
 * `@resource` with one URI (MCP049), in one module or across modules.
 */
import { basename, dirname, extname } from 'node:path'
import type { Declaration } from '../declarations/declaration.ts'
import type { Diagnostic } from '../diagnostics.ts'

export interface ViewOptions {
  /** The server name the views' `ui://` URIs start with; default the project's package.json name. */
  server?: string
}

/** A URI authority or path segment from a name: lower case, `@scope/name` as `scope-name`. */
const segment = (name: string, fallback: string) =>
  name.toLowerCase().replace(/^@/, '').replace(/[^a-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '') || fallback

/** The `ui://` URI of the view at `path` for a server named `server`. */
function viewUri(server: string, path: string): string {
  const file = basename(path, extname(path))
  return `ui://${segment(server, 'server')}/${segment(file === 'index' ? basename(dirname(path)) : file, 'view')}`
}

/** Names the tools' views: `d.ui.uri` for every declaration with a `@ui` view. */
export function nameViews(decls: readonly Declaration[], server: string): void {
  for (const d of decls) if (d.ui?.view) d.ui.uri = viewUri(server, d.ui.view.path)
}

/**
 * Two views, or a view and a `@resource`, with one URI (MCP049), among named declarations: one module's
 * (compile.ts), or every module's at build end (plugin.ts), where the clash is across modules.
 */
export function viewClashes(decls: readonly Declaration[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = []
  const byUri = new Map<string, Declaration>()
  for (const d of decls) {
    const view = d.ui?.view
    if (!view || !d.ui!.uri) continue
    const other = byUri.get(d.ui!.uri)
    if (!other) byUri.set(d.ui!.uri, d)
    else if (other.ui!.view!.path === view.path && other.loc.file !== d.loc.file) {
      // Each module's table serves the views its tools name: two modules would serve one URI twice.
      diagnostics.push({ code: 'MCP049', message: `The view '${view.written}' is the view of tool '${other.name}' in ${other.loc.file} too, and each module serves the views of its own tools, so ${d.ui!.uri} would be served twice. Put the tools that share a view in one module.`, loc: view.loc })
    } else if (other.ui!.view!.path !== view.path) {
      const where = other.loc.file === d.loc.file ? '' : ` in ${other.loc.file}`
      diagnostics.push({ code: 'MCP049', message: `The views '${other.ui!.view!.written}' (tool '${other.name}'${where}) and '${view.written}' both become ${d.ui!.uri}: a view is named after its file. Rename one of the files.`, loc: view.loc })
    }
  }
  for (const d of decls) {
    const view = d.kind === 'resource' ? byUri.get(d.uri!) : undefined
    const where = view && view.loc.file !== d.loc.file ? ` in ${view.loc.file}` : ''
    if (view) diagnostics.push({ code: 'MCP049', message: `The resource ${d.uri} has the URI of the view of tool '${view.name}'${where} ('${view.ui!.view!.written}'). Give the resource another URI, or rename the view's file.`, loc: d.loc })
  }
  return diagnostics
}
