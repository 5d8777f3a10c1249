/**
 * Each template, the way a user meets it: the packed package's `mcp-aot init` copies and names it, a real
 * `npm install` installs it (mcp-aot from the packed tarball, the rest from the registry: test/templates/project.ts), then the
 * README's commands run for real: the build, the template's own test, the typecheck, `inspect`, the
 * dev server with an edit picked up live (Workers), and the server answering a tools/call over HTTP
 * (workerd through Miniflare and `npx wrangler dev` to the official SDK client for Workers, Deno for Deno Deploy).
 */
import { readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../helpers/free-port.ts'
import { background } from './background.ts'
import { callTool, listTools } from './mcp.ts'
import { check, createProject, ROOT, type TemplateProject } from './project.ts'

const VERSION = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).version as string

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(entries.filter((e) => e.name !== 'node_modules').map((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)])))
  return nested.flat()
}

/** Waits for a condition that a running server reaches on its own (a rebuild after an edit); generous, as a loaded 2-core machine is slow. */
async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (ok(value) || Date.now() > deadline) return value
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** Measured 301 MB (was 694 MB with three copies each of workerd and Miniflare); docs/deploying.md. */
const MAX_INSTALL_BYTES = 330e6

const textOf = (result: { content: { type: string; text?: string }[] }) => result.content.map((part) => part.text ?? '').join('\n')

describe('templates/cloudflare-workers', () => {
  let project: TemplateProject

  beforeAll(async () => {
    project = await createProject('cloudflare-workers', 'notes-server')
  }, 300_000) // a real npm install on its first run

  afterAll(async () => {
    await project?.remove()
  })

  it('init copies the template under the new name and prints the next steps', async () => {
    expect(project.init.stdout).toContain('Created notes-server from the cloudflare-workers template, named notes-server.')
    expect(project.init.stdout).toMatch(/cd notes-server\n\s+npm install\n\s+npm test .*\n\s+npm run dev .*\n\s+npm run deploy /)
    const pkg = JSON.parse(await readFile(join(project.dir, 'package.json'), 'utf8'))
    expect(pkg.name).toBe('notes-server')
    expect(pkg.dependencies).toEqual({ 'mcp-aot': `file:../mcp-aot-${VERSION}.tgz` }) // the view's bridge is views/mcp-app.ts, not ext-apps
    expect(project.init.stdout).toContain(`It depends on mcp-aot file:../mcp-aot-${VERSION}.tgz (--from `)
    expect(await readFile(join(project.dir, 'wrangler.jsonc'), 'utf8')).toContain('"name": "notes-server"')
    expect(await readFile(join(project.dir, 'src/worker.ts'), 'utf8')).toContain("createServer({ name: 'notes-server', version: '0.1.0' }, notes, { sessions, tasks })")
    const all = (await files(project.dir)).map((f) => relative(project.dir, f)).sort()
    expect(all).toEqual([
      '.gitignore',
      'README.md',
      'package-lock.json',
      'package.json',
      'src/env.ts',
      'src/tools/notes.ts',
      'src/worker.ts',
      'test/notes.test.ts',
      'tsconfig.json',
      'views/board.html',
      'views/board.ts',
      'views/mcp-app.ts',
      'vite.config.ts',
      'vitest.config.ts',
      'wrangler.jsonc',
    ])
    for (const f of all) expect(await readFile(join(project.dir, f), 'utf8'), f).not.toContain('mcp-aot-cloudflare-workers')
  })

  it('npm install is lean: one copy each of workerd, Miniflare and wrangler, under half of the 694 MB it was', () => {
    const { bytes, copies, seconds, cached } = project.install
    console.log(`cloudflare-workers npm install: ${(bytes / 1e6).toFixed(1)} MB in node_modules, ${seconds} s${cached ? ' (when it was kept; hard-linked this run)' : ''}`)
    expect(copies).toEqual({ workerd: 1, miniflare: 1, wrangler: 1 })
    expect(bytes).toBeLessThan(MAX_INSTALL_BYTES)
  })

  it('npm test builds dist/worker.js and the template\'s own test calls its tools in workerd', async () => {
    const result = check('npm test', await project.npm(['test']))
    expect(result.stdout).toMatch(/dist\/worker\.js\s/)
    expect(result.stdout).toMatch(/Tests\s+6 passed \(6\)/)
    expect((await stat(join(project.dir, 'dist/worker.js'))).isFile()).toBe(true)
  })

  it('the built Worker answers tools/call over HTTP on 127.0.0.1, with the KV binding of wrangler.jsonc', async () => {
    // The packed package's own testing helper: Miniflare with wrangler.jsonc's main, flags and bindings.
    const { startWorker } = await import(join(project.dir, 'node_modules/mcp-aot/dist/testing.js'))
    const worker = await startWorker({ wranglerConfig: join(project.dir, 'wrangler.jsonc') })
    try {
      expect(worker.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
      const saved = await callTool(worker.url, 'save_note', { key: 'release-plan', text: 'ship on Friday' })
      expect(saved.structuredContent).toMatchObject({ key: 'release-plan', text: 'ship on Friday' })
      expect(JSON.parse(textOf(saved))).toEqual(saved.structuredContent)
      const stored = JSON.parse(await (await worker.miniflare.getKVNamespace('NOTES')).get('release-plan'))
      expect(stored).toEqual({ text: 'ship on Friday', updatedAt: saved.structuredContent.updatedAt })
      const listed = await callTool(worker.url, 'list_notes', { prefix: 'release-' })
      expect(listed.structuredContent).toEqual({ keys: ['release-plan'] })
      const refused = await callTool(worker.url, 'list_notes', { limit: 0 })
      expect(refused).toMatchObject({ isError: true, content: [{ type: 'text', text: "Argument 'limit' must be >= 1 (got 0)." }] })
    } finally {
      await worker.stop()
    }
  })

  it('npx wrangler dev serves the build to the official SDK client, with the KV binding and the .dev.vars secret', async () => {
    check('npm run build', await project.npm(['run', 'build']))
    // The secret that signs the rounds of a tool that asks the user (delete_note's confirmation), as a user keeps it locally.
    await writeFile(join(project.dir, '.dev.vars'), 'MCP_STATE_SECRET=a-local-secret-of-at-least-16-characters\n')
    const port = await freePort()
    const dead = 'http://127.0.0.1:9'
    const dev = await background('npx', ['wrangler', 'dev', '--ip', '127.0.0.1', '--port', String(port)], {
      cwd: project.dir,
      // Offline and logged out: a fresh config folder, no metrics, every HTTP request of wrangler's own to a dead proxy.
      env: { ...project.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', XDG_CONFIG_HOME: join(project.root, 'wrangler-config'), HTTPS_PROXY: dead, HTTP_PROXY: dead },
      ready: /Ready on (http:\/\/127\.0\.0\.1:\d+)/,
      timeoutMs: 90_000,
    })
    const asked: string[] = []
    const client = new Client({ name: 'newcomer', version: '1.0.0' }, { capabilities: { elicitation: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } } })
    client.setRequestHandler('elicitation/create', (request) => {
      asked.push((request.params as { message: string }).message)
      return { action: 'accept', content: { confirm: true } }
    })
    try {
      expect(dev.ready[1]).toBe(`http://127.0.0.1:${port}`)
      await client.connect(new StreamableHTTPClientTransport(new URL(`${dev.ready[1]}/mcp`)))
      expect(client.getServerVersion()).toMatchObject({ name: 'notes-server', version: '0.1.0' })
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['save_note', 'read_note', 'list_notes', 'export_notes', 'delete_note', 'show_notes'])
      const saved = await client.callTool({ name: 'save_note', arguments: { key: 'wrangler-dev', text: 'served by wrangler dev' } })
      expect(saved.structuredContent).toMatchObject({ key: 'wrangler-dev', text: 'served by wrangler dev' })
      expect((await client.callTool({ name: 'list_notes', arguments: {} })).structuredContent).toEqual({ keys: ['wrangler-dev'] })
      // An input-required round: signed with the .dev.vars secret, answered by the client, and the note is gone.
      expect(textOf((await client.callTool({ name: 'delete_note', arguments: { key: 'wrangler-dev' } })) as any)).toBe("Deleted note 'wrangler-dev'.")
      expect(asked).toEqual(["Delete the note 'wrangler-dev'?"])
      expect((await client.callTool({ name: 'list_notes', arguments: {} })).structuredContent).toEqual({ keys: [] })
      expect(dev.output()).toContain('env.NOTES')
    } finally {
      await client.close().catch(() => {})
      await dev.stop()
      await rm(join(project.dir, '.dev.vars'), { force: true })
    }
  }, 180_000)

  it('npm run typecheck passes on the template (ToolContext<Env>, KV types)', async () => {
    check('npm run typecheck', await project.npm(['run', 'typecheck']))
  })

  it('npm run inspect prints the tools and their schemas without building', async () => {
    const result = check('npm run inspect', await project.npm(['run', 'inspect']))
    expect(result.stdout).toContain('tool save_note  (src/tools/notes.ts:')
    expect(result.stdout).toContain('annotations: destructiveHint: true, idempotentHint: true')
    expect(result.stdout).toContain('6 tools, 0 resources, 0 prompts in 3 files; 0 errors.')
  })

  it('npm run dev serves /mcp from the sources and a page at /, applies an edit without a restart, and keeps serving through a diagnostic', async () => {
    const port = await freePort()
    const dev = await background('npm', ['run', 'dev', '--', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
      cwd: project.dir,
      // Offline: no fetch of the Request.cf placeholder from workers.cloudflare.com.
      env: { ...project.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
      ready: /Local:\s+(http:\/\/127\.0\.0\.1:\d+)\//,
    })
    const file = join(project.dir, 'src/tools/notes.ts')
    const original = await readFile(file, 'utf8')
    const description = async (url: string) => (await listTools(url)).find((t) => t.name === 'read_note')?.description
    try {
      const url = `${dev.ready[1]}/mcp`
      expect(url).toBe(`http://127.0.0.1:${port}/mcp`)
      expect(await description(url)).toBe('Reads the note saved under a key.')
      // A browser at / gets the dev page: the server, its tools, the URL to give a client, Vite's client for the overlay.
      const page = await (await fetch(`${dev.ready[1]}/`, { headers: { accept: 'text/html' } })).text()
      expect(page).toContain('<h1>notes-server 0.1.0</h1>')
      expect(page).toContain(`<code id="endpoint">${url}</code>`)
      expect(page).toContain('<h3><code>read_note</code>')
      expect(page).toContain('<script type="module" src="/@vite/client"></script>')
      expect(textOf(await callTool(url, 'delete_note', { key: 'nothing' }))).toBe("Deleted note 'nothing'.")

      const edited = original.replace('Reads the note saved under a key.', 'Reads one note by its key.')
      await writeFile(file, edited)
      expect(await eventually(() => description(url), (d) => d !== 'Reads the note saved under a key.')).toBe('Reads one note by its key.')

      // Vite's watcher (chokidar) drops a second 'change' of the same file within 50 ms of the first, and the
      // first edit can be served that fast: save the next edit as a person would, a moment later.
      await new Promise((r) => setTimeout(r, 500))
      // A mistake: the terminal shows the diagnostic with its code frame; the last good build keeps serving.
      await writeFile(file, edited.replace('Reads one note by its key.\n * @tool\n * @readOnly', 'Reads one note by its key.\n * @tool\n * @readonly'))
      await eventually(async () => dev.output(), (out) => out.includes('MCP002'))
      expect(dev.output()).toMatch(/src\/tools\/notes\.ts:\d+:4 - error MCP002: Unknown tag @readonly in a @tool block\. Did you mean @readOnly\?\n.*\n.*\n> \d+ \|  \* @readonly\n/)
      expect(await description(url)).toBe('Reads one note by its key.')
      expect((await callTool(url, 'list_notes', {})).structuredContent).toEqual({ keys: [] })
    } finally {
      await writeFile(file, original)
      await dev.stop()
    }
  }, 180_000)
})

describe('templates/deno-deploy', () => {
  let project: TemplateProject

  beforeAll(async () => {
    project = await createProject('deno-deploy', 'clock-server')
  }, 300_000)

  afterAll(async () => {
    await project?.remove()
  })

  it('init copies the template under the new name and prints the next steps', async () => {
    expect(project.init.stdout).toContain('Created clock-server from the deno-deploy template, named clock-server.')
    expect(project.init.stdout).toMatch(/cd clock-server\n\s+npm install\n\s+npm run build .*\n\s+npm start /)
    const pkg = JSON.parse(await readFile(join(project.dir, 'package.json'), 'utf8'))
    expect(pkg.name).toBe('clock-server')
    expect(pkg.dependencies).toEqual({ 'mcp-aot': `file:../mcp-aot-${VERSION}.tgz` })
    expect(await readFile(join(project.dir, 'main.ts'), 'utf8')).toContain("createServer({ name: 'clock-server', version: '0.1.0' }, time)")
    const all = (await files(project.dir)).map((f) => relative(project.dir, f)).sort()
    expect(all).toEqual(['.gitignore', 'README.md', 'build.ts', 'deno.json', 'main.ts', 'package-lock.json', 'package.json', 'src/tools/time.ts'])
  })

  it('npm run build bundles one self-contained module: no imports, no eval, no build-time code', async () => {
    check('npm run build', await project.npm(['run', 'build']))
    const code = await readFile(join(project.dir, 'dist/main.js'), 'utf8')
    expect(code).not.toMatch(/^\s*import\b|\bimport\s*\(|\brequire\(/m)
    expect(code).not.toMatch(/\beval\(|new Function\(|@babel|ajv\/dist\/compile/)
    expect(code).toContain('Deno.serve(')
    // Minified, as the Workers upload is: no indentation, no comments.
    console.log(`deno-deploy dist/main.js: ${(code.length / 1024).toFixed(1)} KiB, ${(gzipSync(code).length / 1024).toFixed(1)} KiB gzip, ${code.split('\n').length} lines`)
    expect(code).not.toMatch(/^ {2}\S/m)
    expect(code).not.toMatch(/^\s*\/\/ /m)
  })

  it('npm start serves it with Deno on 127.0.0.1 and answers tools/call over HTTP', async () => {
    const port = await freePort()
    const server = await background('npm', ['start'], {
      cwd: project.dir,
      env: { ...project.env, PORT: String(port), DENO_NO_UPDATE_CHECK: '1' },
      ready: /Listening on (http:\/\/127\.0\.0\.1:\d+)\//,
    })
    try {
      const url = `${server.ready[1]}/mcp`
      expect(url).toBe(`http://127.0.0.1:${port}/mcp`)
      expect((await listTools(url)).map((t) => t.name)).toEqual(['current_time', 'add_days'])
      const added = await callTool(url, 'add_days', { date: '2026-07-28T09:00:00Z', days: 3 })
      expect(added).toEqual({ content: [{ type: 'text', text: '2026-07-31T09:00:00.000Z (Friday)' }], resultType: 'complete', _meta: expect.any(Object) })
      const clock = await callTool(url, 'current_time', { timeZone: 'Asia/Tokyo' })
      expect(clock.structuredContent.timeZone).toBe('Asia/Tokyo')
      expect(Math.abs(Date.parse(clock.structuredContent.utc) - Date.now())).toBeLessThan(60_000)
      const refused = await callTool(url, 'add_days', { date: 'yesterday', days: 1e6 })
      expect(refused.isError).toBe(true)
      expect(textOf(refused).split('\n').sort()).toEqual(['Argument \'date\' must be a valid date-time, e.g. 2026-01-31T09:00:00Z (got "yesterday").', "Argument 'days' must be <= 36500 (got 1000000)."])
    } finally {
      await server.stop()
    }
  })

  it('deno task start (deno.json) serves the same bundle', async () => {
    const port = await freePort()
    const server = await background('deno', ['task', 'start'], {
      cwd: project.dir,
      env: { ...project.env, PORT: String(port), DENO_NO_UPDATE_CHECK: '1' },
      ready: /Listening on (http:\/\/127\.0\.0\.1:\d+)\//,
    })
    try {
      const result = await callTool(`${server.ready[1]}/mcp`, 'add_days', { date: '2026-02-27T00:00:00Z', days: 2 })
      expect(textOf(result)).toBe('2026-03-01T00:00:00.000Z (Sunday)')
    } finally {
      await server.stop()
    }
  })

  it('npm run inspect prints the tools', async () => {
    const result = await project.npm(['run', 'inspect'])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('tool add_days  (src/tools/time.ts:')
    expect(result.stdout).toContain('2 tools, 0 resources, 0 prompts in 1 file; 0 errors.')
  })
})
