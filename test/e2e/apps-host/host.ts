/**
 * A real MCP Apps host in a browser page: an official SDK client connected to the server, the extension's
 * AppBridge, and the tool's view in a sandboxed iframe (scripts only, an opaque origin). It lists the
 * tools, reads the view the tool names, renders it, calls the tool and hands the view its input and result;
 * the view's own tools/call goes back through the bridge to the server. `window.host` reports each step and
 * every message the view sent (its method, and ui/initialize's protocolVersion). The page's query names the
 * server (`server`), the tool (`tool`, default get_weather), its arguments (`args`, JSON, default
 * `{"city":"Oslo"}`), and with `teardown=1` the host asks the view's leave (`ui/resource-teardown`) at the end.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { AppBridge, getToolUiResourceUri, isToolVisibilityAppOnly, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'

const APPS = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } }
const report: { steps: string[]; error?: string; modelTools?: string[]; appCalls: string[]; viewSent: string[] } = { steps: [], appCalls: [], viewSent: [] }
;(window as any).host = report

async function run(url: string, name: string, args: Record<string, unknown>, teardown: boolean): Promise<void> {
  const client = new Client({ name: 'chromium-host', version: '1.0.0' }, { capabilities: { extensions: APPS } as any })
  await client.connect(new StreamableHTTPClientTransport(new URL(url)))
  report.steps.push('connected')
  const { tools } = await client.listTools()
  // What the model would see: a host leaves app-only tools out of it.
  report.modelTools = tools.filter((tool) => !isToolVisibilityAppOnly(tool)).map((tool) => tool.name)
  const tool = tools.find((t) => t.name === name)!
  const uri = getToolUiResourceUri(tool)!
  const read = await client.readResource({ uri })
  const contents = read.contents[0] as { text: string; mimeType: string }
  report.steps.push(`read ${uri} ${contents.mimeType}`)

  const iframe = document.createElement('iframe')
  iframe.setAttribute('sandbox', 'allow-scripts')
  iframe.style.cssText = 'width:480px;height:260px;border:1px solid #888'
  document.body.append(iframe)
  // No client handed to the bridge: this host forwards the view's tool calls itself, refusing those the
  // tool's visibility keeps from apps (the extension's tools/call rule), and notes each one.
  const bridge = new AppBridge(null, { name: 'chromium-host', version: '1.0.0' }, { serverTools: {}, logging: {} })
  bridge.oncalltool = async (params) => {
    const called = tools.find((t) => t.name === params.name)
    const visibility = (called?._meta?.ui as { visibility?: string[] } | undefined)?.visibility ?? ['model', 'app']
    if (!visibility.includes('app')) throw new Error(`${params.name} is not callable from a view`)
    report.appCalls.push(params.name)
    return (await client.callTool(params)) as any
  }
  bridge.oninitialized = async () => {
    report.steps.push('view initialized')
    await bridge.sendToolInput({ arguments: args })
    const result = await client.callTool({ name: tool.name, arguments: args })
    await bridge.sendToolResult(result as any)
    report.steps.push('result sent')
    if (!teardown) return
    await bridge.teardownResource({}).then(
      () => report.steps.push('view torn down'),
      (error) => (report.error = `ui/resource-teardown: ${error}`),
    )
  }
  const transport = new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!)
  await bridge.connect(transport)
  const deliver = transport.onmessage!
  transport.onmessage = (message, extra) => {
    if ('method' in message) report.viewSent.push(message.method === 'ui/initialize' ? `ui/initialize ${(message.params as { protocolVersion?: string })?.protocolVersion}` : message.method)
    deliver(message, extra)
  }
  iframe.srcdoc = contents.text
}

const query = new URLSearchParams(location.search)
run(query.get('server')!, query.get('tool') ?? 'get_weather', JSON.parse(query.get('args') ?? '{"city":"Oslo"}'), query.get('teardown') === '1').catch((error) => {
  report.error = String(error?.stack ?? error)
})
