/**
 * MCP Apps (extension io.modelcontextprotocol/ui): a tool's `@ui` view built into one HTML document and
 * served as a `ui://` resource, `_meta.ui` on the tool (resourceUri, visibility) and on the resource
 * (csp, permissions, prefersBorder), the extension declared, app-only tools left out of a model's list.
 * The fixture is built as a Worker is (esbuild with the plugin from src/); expectations are written from
 * the extension's 2.x types (McpUiToolMeta, McpUiResourceMeta) and the spec's Visibility section.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { compileModule } from '../../src/compiler/compile.ts'
import type { Diagnostic } from '../../src/compiler/diagnostics.ts'
import { Project } from '../../src/compiler/source/project.ts'
import type { McpServer } from '../../src/runtime/shared/api.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'
import { legacyRequest, modernRequest, send } from '../runtime/helpers.ts'
import { tempProject } from '../helpers/temp-project.ts'

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url))
const APPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } }
const URI = 'ui://mcp-aot/weather'

const getWeather = {
  name: 'get_weather',
  description: 'Today\'s weather in a city, shown in a view where the host renders MCP Apps.',
  inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'The city.' } }, required: ['city'], additionalProperties: false },
  outputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, tempC: { type: 'number' }, sky: { type: 'string' } },
    required: ['city', 'tempC', 'sky'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
  _meta: { ui: { resourceUri: URI } },
}
const forecast = {
  name: 'forecast',
  description: 'The forecast for the next hours; only the view calls it (its refresh button).',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string', description: 'The city.' }, hours: { type: 'number', description: 'How many hours ahead.' } },
    required: ['city', 'hours'],
    additionalProperties: false,
  },
  _meta: { ui: { resourceUri: URI, visibility: ['app'] } },
}

describe('a tool with a view, served', () => {
  let server: McpServer<any>
  let code: string
  beforeAll(async () => {
    code = await bundleWorker(`${FIXTURES}weather-worker.ts`)
    server = await loadWorker(code)
  }, 60_000)

  it('bundles the Apps code (a tools-only server does not: test/runtime/pay-for-use.test.ts)', () => {
    expect(code).toContain('io.modelcontextprotocol/ui')
  })

  it('lists _meta.ui on the tool; a client without the extension does not see the app-only tool', async () => {
    const plain = await send(server, modernRequest('tools/list'))
    expect(plain.body.result.tools).toEqual([getWeather])
    const legacy = await send(server, legacyRequest('tools/list'))
    expect(legacy.body.result.tools).toEqual([getWeather])
  })

  it('answers a call of the app-only tool from a client without the extension as one of an unknown tool; a host\'s call runs it', async () => {
    const call = { name: 'forecast', arguments: { city: 'Oslo', hours: 3 } }
    const plain = await send(server, modernRequest('tools/call', call))
    expect(plain.body.error).toEqual({ code: -32602, message: "Unknown tool 'forecast'.", data: { name: 'forecast' } })
    const legacy = await send(server, legacyRequest('tools/call', call))
    expect(legacy.body.error).toEqual({ code: -32602, message: "Unknown tool 'forecast'.", data: { name: 'forecast' } })
    const host = await send(server, modernRequest('tools/call', call, { capabilities: APPS }))
    expect(host.body.result.content).toEqual([{ type: 'text', text: 'Oslo: clear for the next 3 hours' }])
    // A tool the model may call is called by anyone.
    const weather = await send(server, modernRequest('tools/call', { name: 'get_weather', arguments: { city: 'Oslo' } }))
    expect(weather.body.result.structuredContent).toEqual({ city: 'Oslo', tempC: 18, sky: 'clear' })
  })

  it('lists every tool to a host that declared the extension (it hides app-only tools from its model itself)', async () => {
    const host = await send(server, modernRequest('tools/list', {}, { capabilities: APPS }))
    expect(host.body.result.tools).toEqual([getWeather, forecast])
    // A client that declares the extension without the HTML MIME type renders no view.
    const other = await send(server, modernRequest('tools/list', {}, { capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/plain'] } } } }))
    expect(other.body.result.tools).toEqual([getWeather])
  })

  it('declares the extension in server/discover and in initialize', async () => {
    const declared = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } }
    const discover = await send(server, modernRequest('server/discover'))
    expect(discover.body.result.capabilities).toEqual({ tools: {}, resources: {}, logging: {}, extensions: declared })
    const init = await send(server, legacyRequest('initialize', { protocolVersion: '2025-11-25', capabilities: APPS, clientInfo: { name: 'host', version: '1' } }))
    expect(init.body.result.capabilities).toEqual({ tools: {}, resources: {}, logging: {}, extensions: declared })
  })

  it('reads the view: one self-contained HTML document, with csp and permissions on the resource', async () => {
    const read = await send(server, modernRequest('resources/read', { uri: URI }, { capabilities: APPS }))
    const [contents, ...more] = read.body.result.contents
    expect(more).toEqual([])
    expect(contents.uri).toBe(URI)
    expect(contents.mimeType).toBe('text/html;profile=mcp-app')
    expect(contents._meta).toEqual({
      ui: {
        csp: { connectDomains: ['https://api.example.com', 'wss://live.example.com'], resourceDomains: ['https://*.cdn.example.com'] },
        permissions: { clipboardWrite: {} },
        prefersBorder: true,
      },
    })
    const html: string = contents.text
    expect(html.startsWith('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Weather</title>')).toBe(true)
    // The stylesheet <link> and the CSS the script imports are inlined; the script is bundled inline.
    expect(html).not.toMatch(/<link|<script[^>]*\ssrc=/)
    expect(html).toContain('h1{margin:0 0 8px;color:#0b4f71}')
    expect(html).toContain('main{border:1px solid #9cc3d5;')
    expect(html.match(/<script type="module">/g)).toHaveLength(1)
    expect(html).toContain('ui/initialize')
    // Minified: no comment, no line break or run of spaces; no space around tags where it cannot render
    // (between inline elements one space stays: it renders).
    const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '<$1></$1>')
    expect(markup).not.toMatch(/<!--|\n|\s{2,}|\s<\/?(head|body|meta|title|style|script)\b|<\/(head|title|style|script)>\s/)
    expect(html.endsWith('</script></body></html>')).toBe(true)
  })

  it('lists the view among the resources', async () => {
    const list = await send(server, modernRequest('resources/list'))
    expect(list.body.result.resources).toEqual([
      { uri: URI, name: 'weather', description: "The view of 'get_weather', 'forecast' (MCP Apps).", mimeType: 'text/html;profile=mcp-app' },
    ])
  })

  it('a tool with a view still answers with text, for a host that renders none', async () => {
    const call = await send(server, modernRequest('tools/call', { name: 'get_weather', arguments: { city: 'Oslo' } }))
    expect(call.body.result.content).toEqual([{ type: 'text', text: '{"city":"Oslo","tempC":18,"sky":"clear"}' }])
    expect(call.body.result.structuredContent).toEqual({ city: 'Oslo', tempC: 18, sky: 'clear' })
    const next = await send(server, modernRequest('tools/call', { name: 'forecast', arguments: { city: 'Oslo', hours: 3 } }, { capabilities: APPS }))
    expect(next.body.result.content).toEqual([{ type: 'text', text: 'Oslo: clear for the next 3 hours' }])
  })
})

describe('a tool with a view, in each provider profile', () => {
  let server: McpServer<any>
  beforeAll(async () => {
    server = await loadWorker(await bundleWorker(`${FIXTURES}weather-profiles-worker.ts`, { profiles: ['openai-strict', 'anthropic-strict', 'gemini'] }))
  }, 60_000)
  const as = (client: string, capabilities: Record<string, unknown> = {}) => ({ capabilities, extraMeta: { 'io.modelcontextprotocol/clientInfo': { name: client, version: '1.0.0' } } })

  it.each(['openai-host', 'claude-host', 'gemini-host'])('%s: the profile\'s list keeps each tool\'s _meta.ui, and leaves the app-only tool out for a client without the extension', async (client) => {
    const host = await send(server, modernRequest('tools/list', {}, as(client, APPS)))
    const tools = host.body.result.tools as { name: string; _meta?: unknown; inputSchema: object }[]
    expect(tools.map((t) => [t.name, t._meta])).toEqual([
      ['get_weather', { ui: { resourceUri: URI } }],
      ['forecast', { ui: { resourceUri: URI, visibility: ['app'] } }],
    ])
    // Gemini's list differs from the portable one here (the strict profiles change nothing of these all-required
    // schemas): it is the profile's list that keeps _meta, as every profile's rewrite does (profiles/rewrite.ts).
    if (client === 'gemini-host') expect(tools).not.toEqual([getWeather, forecast])
    const plain = await send(server, modernRequest('tools/list', {}, as(client)))
    expect(plain.body.result.tools.map((t: { name: string }) => t.name)).toEqual(['get_weather'])
  })
})

/** Compiles `files` (the first is the module) in a fresh project folder through compileModule, as the plugin does. */
function compile(files: Record<string, string>): { code?: string; diagnostics: Diagnostic[]; read: string[] } {
  const root = tempProject('mcp-aot-apps-', { 'package.json': '{"name":"@acme/weather"}', ...files })
  try {
    const entry = Object.keys(files)[0]!
    try {
      const out = compileModule(new Project(root), join(root, entry), files[entry]!)
      return { code: out?.code, diagnostics: [], read: out?.read.map((f) => f.slice(root.length + 1)) ?? [] }
    } catch (error) {
      const e = error as { diagnostics?: Diagnostic[]; watchFiles?: string[] }
      if (!e.diagnostics) throw error
      return { diagnostics: e.diagnostics, read: (e.watchFiles ?? []).map((f) => f.slice(root.length + 1)) }
    }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

const tool = (tags: string, name = 'show') => `/**\n * Shows.\n * @tool\n${tags.split('\n').map((t) => ` * ${t}\n`).join('')} */\nexport function ${name}(): string {\n  return 'shown'\n}\n`
const findings = (out: { diagnostics: Diagnostic[] }) => out.diagnostics.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.column} ${d.code} ${d.message}`)

describe('@ui and its tags at build time', () => {
  it('a view is imported from its view module, which the bundler builds (test/apps/bundlers.test.ts); an index file is named after its folder', () => {
    const out = compile({ 'src/tools.ts': tool('@ui ./views/chart/index.tsx'), 'src/views/chart/index.tsx': "document.getElementById('root')!.textContent = 'chart'\n" })
    expect(findings(out)).toEqual([])
    expect(out.code).toContain('uri: "ui://acme-weather/chart"')
    expect(out.code).toMatch(/\nimport __mcp_view0 from "mcp-aot\/view:\/.*\/src\/views\/chart\/index\.tsx";\n/)
    expect(out.code).toContain('invoke: () => ({ text: __mcp_view0 })')
  })

  it('MCP047: a view file that does not exist', () => {
    expect(findings(compile({ 'src/tools.ts': tool('@ui ./views/missing.html') }))).toEqual([
      expect.stringMatching(/^src\/tools\.ts:4:4 MCP047 The view '\.\/views\/missing\.html' named by @ui does not exist \(looked for \/.*\/src\/views\/missing\.html\)\. Create it, or write its path relative to this module\.$/),
    ])
  })

  it('MCP049: two view files with one name, and a resource with a view\'s URI', () => {
    const two = compile({ 'src/tools.ts': tool('@ui ./a/view.html', 'one') + tool('@ui ./b/view.html', 'two'), 'src/a/view.html': '<p>a</p>', 'src/b/view.html': '<p>b</p>' })
    expect(findings(two)).toEqual([
      "src/tools.ts:12:4 MCP049 The views './a/view.html' (tool 'one') and './b/view.html' both become ui://acme-weather/view: a view is named after its file. Rename one of the files.",
    ])
    const resource = `${tool('@ui ./view.html')}\n/**\n * Not the view.\n * @resource ui://acme-weather/view\n */\nexport function page(): string {\n  return '<p>other</p>'\n}\n`
    expect(findings(compile({ 'src/tools.ts': resource, 'src/view.html': '<p>v</p>' }))).toEqual([
      "src/tools.ts:14:8 MCP049 The resource ui://acme-weather/view has the URI of the view of tool 'show' ('./view.html'). Give the resource another URI, or rename the view's file.",
    ])
  })

  it('MCP050: a CSP value that is not an origin', () => {
    const out = compile({ 'src/tools.ts': tool('@ui ./v.html\n@uiCsp connect https://api.example.com/v1'), 'src/v.html': '<p>v</p>' })
    expect(findings(out)).toEqual(["src/tools.ts:5:4 MCP050 @uiCsp connect: 'https://api.example.com/v1' is not an origin (scheme, host and port only); write https://api.example.com. The host builds the view's Content-Security-Policy from origins."])
    const scheme = compile({ 'src/tools.ts': tool('@ui ./v.html\n@uiCsp frame ftp://files.example.com'), 'src/v.html': '<p>v</p>' })
    expect(findings(scheme)).toEqual(["src/tools.ts:5:4 MCP050 @uiCsp frame: 'ftp://files.example.com' has the scheme ftp; a view's CSP takes https, http, wss or ws origins. The host builds the view's Content-Security-Policy from origins."])
  })

  it('MCP026: a bad visibility, CSP kind or permission, and view tags on a tool without a view', () => {
    const out = compile({ 'src/tools.ts': tool('@uiVisibility agent', 'a') + tool('@ui ./v.html\n@uiCsp script https://cdn.example.com', 'b') + tool('@ui ./v.html\n@uiPermissions camera usb', 'c') + tool('@uiCsp connect https://api.example.com', 'd'), 'src/v.html': '<p>v</p>' })
    expect(findings(out).map((f) => f.split(' ').slice(0, 2).join(' '))).toEqual(['src/tools.ts:4:4 MCP026', 'src/tools.ts:13:4 MCP026', 'src/tools.ts:22:4 MCP026', 'src/tools.ts:30:4 MCP026'])
    expect(out.diagnostics.map((d) => d.message)).toEqual([
      "@uiVisibility takes model, app or both (@uiVisibility model app: the model and the view may call the tool; app: only the view), not 'agent'.",
      "@uiCsp takes a kind (connect, resource, frame or baseUri) and one or more origins, such as @uiCsp connect https://api.example.com, not 'script https://cdn.example.com'.",
      "@uiPermissions takes camera, microphone, geolocation, clipboardWrite (one or more), not 'usb'.",
      "@uiCsp describes the tool's view, and this tool has none. Add @ui ./views/<name>.html, or remove @uiCsp.",
    ])
  })

  it('@uiVisibility without a view lists the visibility alone', () => {
    const out = compile({ 'src/tools.ts': tool('@uiVisibility app model') })
    expect(findings(out)).toEqual([])
    expect(out.code).toContain('\\"_meta\\":{\\"ui\\":{\\"visibility\\":[\\"model\\",\\"app\\"]}}}"')
    expect(out.code).not.toContain('kind: "resource"')
  })
})
