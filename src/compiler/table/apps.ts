/**
 * MCP Apps in the table: a tool's `_meta.ui` (`resourceUri`, `visibility`) in its tools/list entry, and one
 * resource entry per view (`ui://…`, `text/html;profile=mcp-app`) whose contents carry the view's `_meta.ui`
 * (CSP, permissions, border: on the resource, not the tool, per the extension's 2.x types). Tools that share
 * a view share its resource, with the union of what they declare for it.
 */
import type { Declaration, ToolUi } from '../declarations/declaration.ts'
import { VIEW_MIME_TYPE } from '../../runtime/apps/apps.ts'

const json = (v: unknown) => JSON.stringify(v)

/** The tool's `_meta.ui`, or undefined when it has no view and the default visibility. */
export function toolUiMeta(d: Declaration): { resourceUri?: string; visibility?: string[] } | undefined {
  if (!d.ui?.uri && !d.ui?.visibility) return undefined
  return { ...(d.ui.uri ? { resourceUri: d.ui.uri } : {}), ...(d.ui.visibility ? { visibility: d.ui.visibility } : {}) }
}

/** The resource's `_meta.ui` from what every tool sharing the view declares for it. */
function resourceUiMeta(uis: readonly ToolUi[]): Record<string, unknown> {
  const csp: Record<string, string[]> = {}
  const permissions: Record<string, object> = {}
  let prefersBorder: boolean | undefined
  for (const ui of uis) {
    for (const [key, origins] of Object.entries(ui.csp ?? {})) for (const o of origins) if (!(csp[key] ??= []).includes(o)) csp[key]!.push(o)
    for (const p of ui.permissions ?? []) permissions[p] = {}
    prefersBorder ??= ui.prefersBorder
  }
  const meta: Record<string, unknown> = {}
  if (Object.keys(csp).length > 0) meta.csp = csp
  if (Object.keys(permissions).length > 0) meta.permissions = permissions
  if (prefersBorder !== undefined) meta.prefersBorder = prefersBorder
  return meta
}

/**
 * The module a view's document is imported from: the plugin resolves it and has the bundler it runs in
 * build the view there (src/view-modules.ts), so the build's watch, errors and caches are the bundler's.
 */
export const VIEW_MODULE = 'mcp-aot/view:'

/** One resource entry (table source text) per view the module's tools name, in declaration order, and the imports of their documents. */
export function viewEntries(decls: readonly Declaration[]): { imports: string[]; entries: string[] } {
  const views = new Map<string, Declaration[]>()
  for (const d of decls) if (d.ui?.uri) views.set(d.ui.uri, [...(views.get(d.ui.uri) ?? []), d])
  const imports: string[] = []
  const entries = [...views].map(([uri, tools], i) => {
    const first = tools[0]!
    const meta = resourceUiMeta(tools.map((t) => t.ui!))
    imports.push(`import __mcp_view${i} from ${json(VIEW_MODULE + first.ui!.view!.path)};`)
    const contents = `{ text: __mcp_view${i}${Object.keys(meta).length > 0 ? `, _meta: ${json({ ui: meta })}` : ''} }`
    const lines = [
      `kind: "resource"`,
      `name: ${json(uri.slice(uri.lastIndexOf('/') + 1))}`,
      `loc: ${json(`${first.ui!.view!.loc.file}:${first.ui!.view!.loc.line}:${first.ui!.view!.loc.column}`)}`,
      `uri: ${json(uri)}`,
      `template: false`,
      `description: ${json(`The view of ${tools.map((t) => `'${t.name}'`).join(', ')} (MCP Apps).`)}`,
      `mimeType: ${json(VIEW_MIME_TYPE)}`,
      `invoke: () => (${contents})`,
    ]
    return `  {\n    ${lines.join(',\n    ')},\n  }`
  })
  return { imports, entries }
}
