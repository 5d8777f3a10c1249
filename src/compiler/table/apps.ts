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

/** One resource entry (table source text) per view the module's tools name, in declaration order. */
export function viewEntries(decls: readonly Declaration[]): string[] {
  const views = new Map<string, Declaration[]>()
  for (const d of decls) if (d.ui?.uri && d.ui.html !== undefined) views.set(d.ui.uri, [...(views.get(d.ui.uri) ?? []), d])
  return [...views].map(([uri, tools]) => {
    const first = tools[0]!
    const meta = resourceUiMeta(tools.map((t) => t.ui!))
    const contents = { text: first.ui!.html, ...(Object.keys(meta).length > 0 ? { _meta: { ui: meta } } : {}) }
    const lines = [
      `kind: "resource"`,
      `name: ${json(uri.slice(uri.lastIndexOf('/') + 1))}`,
      `loc: ${json(`${first.ui!.view!.loc.file}:${first.ui!.view!.loc.line}:${first.ui!.view!.loc.column}`)}`,
      `uri: ${json(uri)}`,
      `template: false`,
      `description: ${json(`The view of ${tools.map((t) => `'${t.name}'`).join(', ')} (MCP Apps).`)}`,
      `mimeType: ${json(VIEW_MIME_TYPE)}`,
      `invoke: () => (${json(contents)})`,
    ]
    return `  {\n    ${lines.join(',\n    ')},\n  }`
  })
}
