/**
 * Stage views/: the MCP Apps views a module's tools name (`@ui`), each built once into one HTML document
 * (build.ts) and named `ui://<server>/<name>`, `<name>` the view file's (its folder's for an index file).
 * The table (table/emit.ts) serves each as a resource and lists its URI on the tools. Findings: a view that
 * does not build (MCP048), two views or a view and a `@resource` with one URI (MCP049).
 */
import { basename, dirname, extname } from 'node:path'
import type { Declaration } from '../declarations/declaration.ts'
import type { Diagnostic } from '../diagnostics.ts'
import { buildView, ViewBuildError } from './build.ts'

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

/** The tools' views, built and named; what went wrong, and every file the views were built from. */
export function attachViews(decls: readonly Declaration[], server: string, root: string): { diagnostics: Diagnostic[]; read: string[] } {
  const diagnostics: Diagnostic[] = []
  const read = new Set<string>()
  const built = new Map<string, { uri: string; html?: string; failed?: boolean }>()
  const byUri = new Map<string, Declaration>()
  for (const d of decls) {
    const view = d.ui?.view
    if (!view) continue
    let done = built.get(view.path)
    if (!done) {
      const uri = viewUri(server, view.path)
      const other = byUri.get(uri)
      if (other) {
        diagnostics.push({ code: 'MCP049', message: `The views '${other.ui!.view!.written}' (tool '${other.name}') and '${view.written}' both become ${uri}: a view is named after its file. Rename one of the files.`, loc: view.loc })
        continue
      }
      byUri.set(uri, d)
      done = { uri }
      built.set(view.path, done)
      try {
        const out = buildView(view.path, root)
        done.html = out.html
        for (const f of out.inputs) read.add(f)
      } catch (error) {
        if (!(error instanceof ViewBuildError)) throw error
        done.failed = true
        read.add(view.path)
        diagnostics.push({ code: 'MCP048', message: `The view '${view.written}' does not build: ${error.message}. Correct the view (it is bundled as a browser module, its imports and CSS inlined).`, loc: view.loc })
      }
    }
    if (done.failed) continue
    d.ui!.uri = done.uri
    d.ui!.html = done.html
  }
  for (const d of decls) {
    const view = d.kind === 'resource' ? byUri.get(d.uri!) : undefined
    if (view) diagnostics.push({ code: 'MCP049', message: `The resource ${d.uri} has the URI of the view of tool '${view.name}' ('${view.ui!.view!.written}'). Give the resource another URI, or rename the view's file.`, loc: d.loc })
  }
  return { diagnostics, read: [...read] }
}
