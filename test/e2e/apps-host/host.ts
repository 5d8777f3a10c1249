/**
 * A real MCP Apps host in a browser page: an official SDK client connected to the server, the extension's
 * AppBridge, and the tool's view in a sandboxed iframe (scripts only, an opaque origin). It lists the
 * tools, reads the view the tool names, renders it, calls the tool and hands the view its input and result;
 * the view's own tools/call goes back through the bridge to the server. `window.host` reports each step.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { AppBridge, getToolUiResourceUri, isToolVisibilityAppOnly, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'

const APPS = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } }
const report: { steps: string[]; error?: string; modelTools?: string[]; appCalls: string[] } = { steps: [], appCalls: [] }
;(window as any).host = report

async function run(url: string): Promise<void> {
  const client = new Client({ name: 'chromium-host', version: '1.0.0' }, { capabilities: { extensions: APPS } as any })
  await client.connect(new StreamableHTTPClientTransport(new URL(url)))
  report.steps.push('connected')
  const { tools } = await client.listTools()
  // What the model would see: a host leaves app-only tools out of it.
  report.modelTools = tools.filter((tool) => !isToolVisibilityAppOnly(tool)).map((tool) => tool.name)
  const tool = tools.find((t) => t.name === 'get_weather')!
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
  const args = { city: 'Oslo' }
  bridge.oninitialized = async () => {
    report.steps.push('view initialized')
    await bridge.sendToolInput({ arguments: args })
    const result = await client.callTool({ name: tool.name, arguments: args })
    await bridge.sendToolResult(result as any)
    report.steps.push('result sent')
  }
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!))
  iframe.srcdoc = contents.text
}

const url = new URLSearchParams(location.search).get('server')!
run(url).catch((error) => {
  report.error = String(error?.stack ?? error)
})
