/**
 * MCP Apps (the extension `io.modelcontextprotocol/ui`), a feature (`appsFeature`, passed by the table of a
 * module whose tools name a view with `@ui` or a `@uiVisibility`): the server declares the extension in
 * `server/discover` and `initialize`, and a client that did not declare it (with the `text/html;profile=mcp-app`
 * MIME type) gets a tools/list without the tools only a view may call (`visibility: ["app"]`), since no host
 * is there to keep them from its model, and a call of one is answered as a call of an unknown tool. A host that declared it gets every tool and hides those itself, as
 * the extension says it must. The views themselves are resources (the resources feature serves them).
 *
 * Stage apps/ (beside features/): it imports only the shared/ leaves; nothing imports it but the generated
 * tables (through 'mcp-aot/internal'), so a server without views bundles none of it.
 */
import type { Feature, Handler } from '../shared/table.ts'
import type { Exchange } from '../shared/exchange.ts'
import { isObject, unknownTool } from '../shared/jsonrpc.ts'
import { listPages, toolItems } from '../shared/lists.ts'
import { clientCapabilitiesOf } from '../shared/session-id.ts'

const UI_EXTENSION = 'io.modelcontextprotocol/ui'
export const VIEW_MIME_TYPE = 'text/html;profile=mcp-app'

/** The client declared the extension with the HTML view MIME type (per request in 2026-07-28, at initialize before). */
function hostsApps(exchange: Exchange): boolean {
  const extensions = clientCapabilitiesOf(exchange).extensions
  const ui = isObject(extensions) ? extensions[UI_EXTENSION] : undefined
  return isObject(ui) && Array.isArray(ui.mimeTypes) && ui.mimeTypes.includes(VIEW_MIME_TYPE)
}

export const appsFeature: Feature = {
  methods(core, methods) {
    const every = methods.get('tools/list')
    const call = methods.get('tools/call')
    if (!every || !call) return
    const forModels = [...core.tools.values()].filter((tool) => !tool.visibility || tool.visibility.includes('model'))
    if (forModels.length === core.tools.size) return
    const modelList = listPages('tools', (flavour) => toolItems(core, forModels, flavour), core.listTail)
    const list: Handler = (core, exchange, params) => (hostsApps(exchange) ? every : modelList)(core, exchange, params)
    methods.set('tools/list', list)
    // A tool left out of this client's list is not its to call either: no view is there to call it.
    const appOnly = new Set([...core.tools.values()].filter((tool) => !forModels.includes(tool)).map((tool) => tool.name))
    const guarded: Handler = (core, exchange, params) => (appOnly.has(params?.name) && !hostsApps(exchange) ? unknownTool(params!.name) : call(core, exchange, params))
    methods.set('tools/call', guarded)
  },
  capabilities(caps) {
    caps.extensions = { ...caps.extensions, [UI_EXTENSION]: { mimeTypes: [VIEW_MIME_TYPE] } }
  },
}
