/**
 * MCP Apps end to end: test/apps/fixtures/weather.ts built as a Worker (esbuild with the plugin from src/)
 * and served by workerd (Miniflare). The official SDK client lists the tool and reads its view; the MCP
 * Inspector CLI's `--app-info` probe reports the tool's app; and a real host, headless Chromium (Debian's
 * package, driven by puppeteer-core), runs the extension's AppBridge in a page (test/e2e/apps-host/host.ts),
 * renders the view in a sandboxed iframe, calls the tool, and the view (the extension's App client) gets
 * the result and calls the app-only tool back through the host, as esbuild, Vite, Rolldown and webpack build
 * the Worker and its view (test/plugin/build.ts). The screenshots are kept in test-results/.
 * The same host renders the Workers template's show_notes view (templates/cloudflare-workers, its src
 * bundled with the plugin from src/ and served in workerd with a NOTES namespace): that view speaks the
 * protocol through a hand-written bridge (views/mcp-app.ts, no ext-apps), so the host checks it sends what
 * the App client sends, lists the notes from the result, and answers the host's teardown request.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { build } from 'esbuild'
import puppeteer from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleWorker } from '../runtime/bundle.ts'
import { bundle } from '../plugin/build.ts'
import { startWorkerd } from '../helpers/miniflare.ts'
import type { Served } from '../helpers/served.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const CHROMIUM = '/usr/bin/chromium'
const INSPECTOR = join(ROOT, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js')
const APPS = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } }
const URI = 'ui://mcp-aot/weather'

let dir: string
let workerd: Served

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-aot-apps-e2e-'))
  writeFileSync(join(dir, 'worker.js'), await bundleWorker(join(ROOT, 'test/apps/fixtures/weather-worker.ts')))
  workerd = await startWorkerd(join(dir, 'worker.js'))
}, 120_000)

afterAll(async () => {
  await workerd?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the official SDK client, in workerd', () => {
  it('lists the tool with its view, reads the view, and calls the tool for its text', async () => {
    const client = new Client({ name: 'apps-e2e', version: '1.0.0' }, { capabilities: { extensions: APPS } as any })
    await client.connect(new StreamableHTTPClientTransport(new URL(workerd.url)))
    try {
      const { tools } = await client.listTools()
      expect(tools.map((t) => [t.name, t._meta?.ui])).toEqual([
        ['get_weather', { resourceUri: URI }],
        ['forecast', { resourceUri: URI, visibility: ['app'] }],
      ])
      const read = await client.readResource({ uri: URI })
      expect(read.contents).toHaveLength(1)
      expect(read.contents[0]).toMatchObject({ uri: URI, mimeType: 'text/html;profile=mcp-app', _meta: { ui: { permissions: { clipboardWrite: {} }, prefersBorder: true } } })
      expect((read.contents[0] as { text: string }).text).toMatch(/^<!doctype html>.*<\/html>$/s)
      const called = await client.callTool({ name: 'get_weather', arguments: { city: 'Oslo' } })
      expect(called.content).toEqual([{ type: 'text', text: '{"city":"Oslo","tempC":18,"sky":"clear"}' }])
    } finally {
      await client.close()
    }
  })
})

describe.skipIf(!existsSync(INSPECTOR))('the MCP Inspector CLI (2.12) --app-info probe', () => {
  it('reports the tool\'s app: its resource URI, CSP and permissions', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [INSPECTOR, '--cli', workerd.url, '--method', 'tools/call', '--tool-name', 'get_weather', '--app-info', '--advertise-apps'], { timeout: 60_000, cwd: dir, env: { ...process.env, MCP_CATALOG_PATH: join(dir, 'catalog.json') } })
    const info = JSON.parse(stdout.trim().split('\n').at(-1)!)
    expect(info).toMatchObject({ resourceUri: URI })
    expect(JSON.stringify(info)).toContain('https://api.example.com')
    expect(JSON.stringify(info)).toContain('clipboardWrite')
  }, 90_000)
})

describe.skipIf(!existsSync(CHROMIUM))('a real host: headless Chromium with the extension\'s AppBridge', () => {
  let page: Server

  beforeAll(async () => {
    const host = await build({ entryPoints: [join(ROOT, 'test/e2e/apps-host/host.ts')], bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' })
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>host</title></head><body><h1>MCP Apps host</h1><script type="module">${host.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script')}</script></body></html>`
    page = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html))
    await new Promise<void>((done) => page.listen(0, '127.0.0.1', done))
  }, 60_000)

  afterAll(() => new Promise<void>((done) => (page ? page.close(() => done()) : done())))

  /** Renders the weather view served at `server` in the host; what the view shows and sent, checked alike for each build of it. */
  async function renderWeather(server: string, screenshot: string): Promise<void> {
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] })
    try {
      const tab = await browser.newPage()
      await tab.setViewport({ width: 640, height: 400 })
      const address = page.address() as { port: number }
      await tab.goto(`http://127.0.0.1:${address.port}/?server=${encodeURIComponent(server)}`)
      await tab.waitForFunction(() => (window as any).host?.error || (window as any).host?.steps.includes('result sent'), { timeout: 30_000 })
      const frame = await (await tab.waitForSelector('iframe'))!.contentFrame()
      await frame.waitForSelector('body[data-done="yes"]', { timeout: 30_000 })
      const report = await tab.evaluate(() => (window as any).host)
      expect(report.error).toBeUndefined()
      expect(report.steps).toEqual(['connected', `read ${URI} text/html;profile=mcp-app`, 'view initialized', 'result sent'])
      expect(report.modelTools).toEqual(['get_weather'])
      expect(report.appCalls).toEqual(['forecast'])
      const shown = await frame.evaluate(() => ['city', 'now', 'forecast'].map((id) => document.getElementById(id)!.textContent))
      expect(shown).toEqual(['Oslo', '18 °C, clear', 'Oslo: clear for the next 3 hours'])
      expect(await tab.$eval('iframe', (f) => f.getAttribute('sandbox'))).toBe('allow-scripts')
      mkdirSync(join(ROOT, 'test-results'), { recursive: true })
      await tab.screenshot({ path: join(ROOT, 'test-results', screenshot) })
      // What the extension's App client sent: the handshake in order, at the stable protocol version.
      expect(report.viewSent.slice(0, 2)).toEqual(['ui/initialize 2026-01-26', 'ui/notifications/initialized'])
      expect(report.viewSent).toContain('ui/notifications/size-changed')
    } finally {
      await browser.close()
    }
  }

  it('renders the view in a sandboxed iframe; the view gets the result and calls a tool back through the host', async () => {
    await renderWeather(workerd.url, 'apps-view.png')
  }, 90_000)

  // The Worker and its view built by each other bundler with the plugin (test/plugin/build.ts), as vite.config
  // projects and the templates are (Vite), or a project's own Rolldown or webpack build. Rollup is left out:
  // the view imports ext-apps from node_modules, which a Rollup build resolves only with
  // @rollup/plugin-node-resolve (not installed here; without it the view is MCP048: test/apps/bundlers.test.ts).
  it.each(['vite', 'rolldown', 'webpack'] as const)('renders the view as %s builds it', async (bundler) => {
    writeFileSync(join(dir, `${bundler}-worker.js`), await bundle(bundler, join(ROOT, 'test/apps/fixtures/weather-worker.ts'), ROOT))
    const built = await startWorkerd(join(dir, `${bundler}-worker.js`))
    try {
      await renderWeather(built.url, `apps-view-${bundler}.png`)
    } finally {
      await built.stop()
    }
  }, 120_000)

  it('renders the Workers template\'s show_notes view: its hand-written bridge does the handshake, lists the notes from the result and answers the teardown', async () => {
    writeFileSync(join(dir, 'template.js'), await bundleWorker(join(ROOT, 'templates/cloudflare-workers/src/worker.ts')))
    const notes = await startWorkerd(join(dir, 'template.js'), { kvNamespaces: ['NOTES'] })
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] })
    try {
      const client = new Client({ name: 'apps-e2e', version: '1.0.0' })
      await client.connect(new StreamableHTTPClientTransport(new URL(notes.url)))
      await client.callTool({ name: 'save_note', arguments: { key: 'groceries', text: 'eggs, flour' } })
      await client.callTool({ name: 'save_note', arguments: { key: 'todo', text: 'water the plants' } })
      await client.close()

      const tab = await browser.newPage()
      await tab.setViewport({ width: 640, height: 400 })
      const query = new URLSearchParams({ server: notes.url, tool: 'show_notes', args: '{}', teardown: '1' })
      await tab.goto(`http://127.0.0.1:${(page.address() as { port: number }).port}/?${query}`)
      await tab.waitForFunction(() => (window as any).host?.error || (window as any).host?.steps.includes('view torn down'), { timeout: 30_000 })
      const report = await tab.evaluate(() => (window as any).host)
      expect(report.error).toBeUndefined()
      expect(report.steps).toEqual(['connected', 'read ui://mcp-aot/board text/html;profile=mcp-app', 'view initialized', 'result sent', 'view torn down'])
      // The App client's handshake (the test above), sent by the bridge: ui/initialize at 2026-01-26, then
      // initialized, then the document's size each time it changes (the list grows); nothing else.
      expect(report.viewSent.slice(0, 3)).toEqual(['ui/initialize 2026-01-26', 'ui/notifications/initialized', 'ui/notifications/size-changed'])
      expect(new Set(report.viewSent.slice(2))).toEqual(new Set(['ui/notifications/size-changed']))
      const frame = await (await tab.waitForSelector('iframe'))!.contentFrame()
      const shown = await frame.$$eval('#notes li', (items) => items.map((li) => li.textContent))
      expect(shown).toEqual(['todo: water the plants', 'groceries: eggs, flour']) // newest first
      mkdirSync(join(ROOT, 'test-results'), { recursive: true })
      await tab.screenshot({ path: join(ROOT, 'test-results/apps-template-view.png') })
    } finally {
      await browser.close()
      await notes.stop()
    }
  }, 120_000)
})
