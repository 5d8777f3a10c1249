/**
 * A view's side of MCP Apps (io.modelcontextprotocol/ui, 2026-01-26), written by hand to stay small: JSON-RPC
 * 2.0 over postMessage with the host window that rendered this document. The handshake is the extension's:
 * the view sends the `ui/initialize` request, the host answers with its capabilities and context, the view
 * sends `ui/notifications/initialized`, and only then does the host send `ui/notifications/tool-input` and
 * `ui/notifications/tool-result` (so register handlers with `on` before calling `connect`). `request` sends
 * any other request through the host, such as `tools/call` of a tool whose visibility includes `app`.
 * `@modelcontextprotocol/ext-apps`'s `App` client does all this and more (schema checks, host styles, tools
 * the view offers the host), and bundles to 553 KiB minified (zod and the SDK's protocol with it), all of it
 * in the Worker the view is inlined in; this file bundles to 1.3 KiB.
 */

/** A tools/call result as the host hands it on (the MCP `CallToolResult`). */
export interface ToolResult {
  content?: { type: string; text?: string }[]
  structuredContent?: Record<string, unknown>
  isError?: boolean
}

/** What the host answers `ui/initialize` with. */
export interface HostInit {
  protocolVersion: string
  hostInfo: { name: string; version: string }
  hostCapabilities: Record<string, unknown>
  hostContext?: Record<string, unknown>
}

type Params = Record<string, any>

const PROTOCOL_VERSION = '2026-01-26'
const host = window.parent
const waiting = new Map<number, { resolve(result: any): void; reject(error: Error): void }>()
const handlers = new Map<string, (params: Params) => void>()
let nextId = 0

const post = (message: Params) => host.postMessage({ jsonrpc: '2.0', ...message }, '*')

/** Sends a request to the host; resolves with its result, rejects with its error's message. */
export function request<T = any>(method: string, params: Params = {}): Promise<T> {
  const id = nextId++
  post({ id, method, params })
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }))
}

/** Sends a notification to the host. */
export const notify = (method: string, params?: Params) => post(params ? { method, params } : { method })

/** Handles a notification from the host, such as `ui/notifications/tool-result`. */
export const on = (method: string, handler: (params: Params) => void) => void handlers.set(method, handler)

addEventListener('message', ({ source, data }: MessageEvent) => {
  if (source !== host || data?.jsonrpc !== '2.0') return
  if (typeof data.method !== 'string') {
    const call = waiting.get(data.id)
    waiting.delete(data.id)
    if (data.error) call?.reject(new Error(data.error.message))
    else call?.resolve(data.result)
  } else if (data.id === undefined) {
    handlers.get(data.method)?.(data.params ?? {})
  } else if (data.method === 'ping' || data.method === 'ui/resource-teardown') {
    // A host pings to check the view is alive, and asks before it removes the view: nothing to save here.
    post({ id: data.id, result: {} })
  } else {
    post({ id: data.id, error: { code: -32601, message: `Method not found: ${data.method}` } })
  }
})

/** The document's size, sent to the host whenever it changes, so a host that sizes the iframe to its view can. */
function reportSize(): void {
  let sent = ''
  const measure = () => {
    const root = document.documentElement
    const height = root.style.height
    root.style.height = 'max-content' // the content's height, not the iframe's
    const size = { width: Math.ceil(innerWidth), height: Math.ceil(root.getBoundingClientRect().height) }
    root.style.height = height
    if (JSON.stringify(size) !== sent) notify('ui/notifications/size-changed', size), (sent = JSON.stringify(size))
  }
  const observer = new ResizeObserver(measure)
  observer.observe(document.documentElement)
  observer.observe(document.body)
}

/** The handshake: `ui/initialize`, the host's answer, `ui/notifications/initialized`; then the size reports. */
export async function connect(appInfo: { name: string; version: string }): Promise<HostInit> {
  const init = await request<HostInit>('ui/initialize', { appInfo, appCapabilities: {}, protocolVersion: PROTOCOL_VERSION })
  notify('ui/notifications/initialized')
  reportSize()
  return init
}
