/**
 * `vite dev` in a project installed as a user installs it (the packed tarball, test/templates/project.ts),
 * where Vite's server side would load mcp-aot from node_modules rather than from src/:
 * - `mcp({ dev, skills, registry })` serves the skill folders and the Server Card (the modules the plugin
 *   writes, not the package's stand-ins that throw);
 * - with the template's Durable Objects line on, a 2025-11-25 client gets a session and answers an
 *   elicitation (the Worker's own McpSession class, hosted by the dev middleware);
 * - MCP1nn warnings print in the dev server's terminal once per change of the module, under `mcp({ dev })`
 *   and under the template's own `npm run dev` (@cloudflare/vite-plugin).
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../helpers/free-port.ts'
import { background, type Background } from '../templates/background.ts'
import { mcpRequest } from '../templates/mcp.ts'
import { createProject, type TemplateProject } from '../templates/project.ts'

const SKILL = '---\nname: greeting\ndescription: Greet people the way this team does.\n---\n\nSay hello first.\n'
/** A tool module with a parameter the JSDoc does not describe: MCP103. */
const PING = (reply: string) => `/**\n * Answers.\n * @tool\n */\nexport function ping(word: string): string {\n  return \`${reply} \${word}\`\n}\n`
const MCP103 = /warning MCP103: .*\bword\b/g

let project: TemplateProject

/** `vite dev` with `config`, on a free port, until it prints its URL. */
async function viteDev(config?: string): Promise<{ dev: Background; origin: string }> {
  const port = await freePort()
  const args = ['vite', 'dev', ...(config ? ['--config', config] : []), '--host', '127.0.0.1', '--port', String(port), '--strictPort']
  const dev = await background('npx', args, {
    cwd: project.dir,
    env: { ...project.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    ready: /Local:\s+(http:\/\/127\.0\.0\.1:\d+)\//,
    timeoutMs: 60_000,
  })
  return { dev, origin: dev.ready[1]! }
}

/** `body` with `vite dev` running (`config`); then the dev server stopped and the ping tool as it was. */
async function whileServing(config: string | undefined, body: (dev: Background, origin: string) => Promise<void>): Promise<void> {
  const { dev, origin } = await viteDev(config)
  try {
    await body(dev, origin)
  } finally {
    await writeFile(join(project.dir, 'src/tools/ping.ts'), PING('pong'))
    await dev.stop()
  }
}

/** Waits until `check` holds (a dev server reacting to an edit on its own). */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 200))
  }
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0

/** Edits the ping tool (its warning stays) and waits until the dev server at `url` serves the edit. */
async function editPing(url: string): Promise<void> {
  await writeFile(join(project.dir, 'src/tools/ping.ts'), PING('pong again:'))
  await until(async () => (await mcpRequest(url, 'tools/call', { name: 'ping', arguments: { word: 'x' } }, 'ping')).content[0].text === 'pong again: x')
}

/** The dev page at `/`, as a browser asks for it: the server, its tools, the endpoint, Vite's client for the overlay. */
async function checkDevPage(origin: string): Promise<void> {
  const page = await fetch(`${origin}/`, { headers: { accept: 'text/html,application/xhtml+xml' } })
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('<script type="module" src="/@vite/client"></script>')
  expect(html).toContain('<h1>dev-installed 0.1.0</h1>')
  expect(html).toContain(`<code id="endpoint">${origin}/mcp</code>`)
  expect(html).toContain(`claude mcp add --transport http dev-installed ${origin}/mcp`)
  for (const tool of ['save_note', 'delete_note', 'ping']) expect(html).toContain(`<h3><code>${tool}</code>`)
  expect(html).toContain('&quot;word&quot;') // ping's input schema
  const client = await fetch(`${origin}/@vite/client`)
  expect(client.status).toBe(200)
  expect(await client.text()).toContain('vite-error-overlay')
  // Not for a program: an MCP request to / is the Worker's (404 here).
  expect((await fetch(`${origin}/`, { headers: { accept: 'application/json' } })).status).toBe(404)
}

beforeAll(async () => {
  project = await createProject('cloudflare-workers', 'dev-installed')
  const dir = project.dir
  await mkdir(join(dir, 'skills/greeting'), { recursive: true })
  await writeFile(join(dir, 'skills/greeting/SKILL.md'), SKILL)
  await writeFile(join(dir, 'src/tools/ping.ts'), PING('pong'))
  const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
  await writeFile(join(dir, 'package.json'), JSON.stringify({ ...pkg, mcpName: 'io.github.example/dev-installed', description: 'Notes, in dev.' }, null, 2))
  // The template's Durable Objects line, uncommented as its comment says.
  const wrangler = await readFile(join(dir, 'wrangler.jsonc'), 'utf8')
  expect(wrangler).toContain('  // "durable_objects"')
  await writeFile(join(dir, 'wrangler.jsonc'), wrangler.replace('  // "durable_objects"', '  "durable_objects"'))
  const worker = await readFile(join(dir, 'src/worker.ts'), 'utf8')
  await writeFile(
    join(dir, 'src/worker.ts'),
    worker
      .replace("import * as notes from './tools/notes.ts'", "import * as notes from './tools/notes.ts'\nimport * as ping from './tools/ping.ts'\nimport * as skills from 'mcp-aot/skills'\nimport card from 'mcp-aot/server-card'")
      .replace('notes, { sessions, tasks })', 'notes, ping, skills, { sessions, tasks, serverCard: card })'),
  )
  await writeFile(
    join(dir, 'vite.node.config.ts'),
    "import { defineConfig } from 'vite'\nimport mcp from 'mcp-aot/vite'\n\nexport default defineConfig({\n  plugins: [mcp({ dev: 'src/worker.ts', skills: 'skills', registry: { url: 'https://dev-installed.example.com/mcp' } })],\n})\n",
  )
  // The template's own config (@cloudflare/vite-plugin in dev) builds with skills and the card too.
  const vite = await readFile(join(dir, 'vite.config.ts'), 'utf8')
  await writeFile(join(dir, 'vite.config.ts'), vite.replace("mcp({ worker: 'src/worker.ts' })", "mcp({ worker: 'src/worker.ts', skills: 'skills', registry: { url: 'https://dev-installed.example.com/mcp' } })"))
}, 300_000)

afterAll(async () => {
  await project?.remove()
})

describe('mcp({ dev }) in an installed project', () => {
  it('serves skills and the Server Card, hosts the session objects for a 2025-11-25 client, and prints warnings once per change', async () => {
    await whileServing('vite.node.config.ts', async (dev, origin) => {
      const url = `${origin}/mcp`
      // The modules the plugin writes: the skill folder's entry and the card, not a 500 asking for the options.
      const skills = (await mcpRequest(url, 'skills/list', {})).skills
      expect(skills.map((s: { uri: string }) => s.uri)).toEqual(['skill://greeting/SKILL.md'])
      const card = await fetch(`${url}/server-card`)
      expect(card.status).toBe(200)
      expect((await card.json()).name).toBe('io.github.example/dev-installed')
      await checkDevPage(origin)

      // A 2025-11-25 client: a session (Mcp-Session-Id) in the McpSession object, and the elicitation answered.
      const asked: string[] = []
      const client = new Client({ name: 'sdk-v1', version: '1.0.0' }, { capabilities: { elicitation: {} } })
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request.params.message)
        return { action: 'accept', content: { confirm: true } }
      })
      const transport = new StreamableHTTPClientTransport(new URL(url))
      await client.connect(transport)
      try {
        expect(transport.sessionId).toMatch(/./)
        expect(client.getServerVersion()?.name).toBe('dev-installed')
        const deleted = await client.callTool({ name: 'delete_note', arguments: { key: 'draft' } })
        expect((deleted.content as { text: string }[])[0]!.text).toBe("Deleted note 'draft'.")
        expect(asked).toEqual(["Delete the note 'draft'?"])
      } finally {
        await client.close()
      }
      expect(dev.output()).toContain('mcp-aot: the Durable Objects MCP_SESSIONS (McpSession), MCP_TASKS (McpTask) run in this process')
      expect(dev.output()).not.toContain('no such actor class')

      // MCP103 once, though the module was served to several requests; once more after an edit.
      expect(count(dev.output(), MCP103)).toBe(1)
      expect(dev.output()).toMatch(/mcp-aot: src\/tools\/ping\.ts:\d+:\d+ - warning MCP103: /)
      await editPing(url)
      await mcpRequest(url, 'tools/list', {})
      expect(count(dev.output(), MCP103)).toBe(2)
    })
  }, 180_000)

  it('npm run dev (@cloudflare/vite-plugin) prints the warnings too, once per change', async () => {
    await whileServing(undefined, async (dev, origin) => {
      const url = `${origin}/mcp`
      expect((await mcpRequest(url, 'tools/call', { name: 'ping', arguments: { word: 'x' } }, 'ping')).content[0].text).toBe('pong x')
      await checkDevPage(origin)
      await mcpRequest(url, 'tools/list', {})
      await until(() => count(dev.output(), MCP103) > 0)
      expect(count(dev.output(), MCP103)).toBe(1)
      await editPing(url)
      expect(count(dev.output(), MCP103)).toBe(2)
    })
  }, 180_000)

  it('the built Worker has nothing of the dev page', async () => {
    const built = await project.npm(['run', 'build'])
    expect(built.code, built.stderr).toBe(0)
    const worker = await readFile(join(project.dir, 'dist/worker.js'), 'utf8')
    expect(worker).toContain('ping')
    for (const part of ['x-mcp-aot-dev-page', '@vite/client', 'claude mcp add']) expect(worker).not.toContain(part)
  }, 120_000)
})
