/**
 * The client configurations docs/connecting-clients.md shows, checked headless against a server this test
 * starts: the Workers template's notes tools, built as a Worker and served by workerd (Miniflare, an empty KV
 * namespace) on 127.0.0.1. Each configuration file in test/clients/configs/ is read as the client reads it,
 * its `http://localhost:8787` (wrangler dev's address) replaced by the test server's:
 * - Claude Desktop's `claude_desktop_config.json`: the command it starts, `npx mcp-remote <url>`, run for
 *   real and spoken to over stdio by the official SDK client, as Claude Desktop does;
 * - Cursor's `.cursor/mcp.json` and VS Code's `.vscode/mcp.json`: the URL (and VS Code's `type: "http"`),
 *   connected to with the official SDK client's Streamable HTTP transport, as those editors do;
 * - `commands.sh`: the MCP Inspector CLI's and mcporter's commands, each run by `sh` as typed (npx finds the
 *   devDependencies, as in a project that installed them).
 * ChatGPT and Claude Code need an account and a public URL; they are not run here.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWorkerd } from '../helpers/miniflare.ts'
import type { Served } from '../helpers/served.ts'
import { bundleWorker } from '../runtime/bundle.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const CONFIGS = join(import.meta.dirname, 'configs')
const TOOLS = ['save_note', 'read_note', 'list_notes', 'export_notes', 'delete_note', 'show_notes']
/** A user's shell: the repository's devDependencies' bins (and its Node 22) first on PATH, as in a project. */
const PATH = `${join(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH}`

let dir: string
let workerd: Served

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-aot-clients-'))
  writeFileSync(join(dir, 'worker.js'), await bundleWorker(join(import.meta.dirname, 'fixtures/worker.ts')))
  workerd = await startWorkerd(join(dir, 'worker.js'), { kvNamespaces: ['NOTES'] })
}, 120_000)

afterAll(async () => {
  await workerd?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A configuration file's text with wrangler dev's address replaced by the test server's. */
const config = (file: string) => JSON.parse(readFileSync(join(CONFIGS, file), 'utf8').replaceAll('http://localhost:8787', workerd.origin))
const textOf = (result: any) => (result.content as { text?: string }[]).map((part) => part.text ?? '').join('\n')

/** What every client does once connected: lists the tools, saves a note and reads it back. */
async function roundTrip(client: Client | ClientV1, key: string): Promise<void> {
  const { tools } = await client.listTools()
  expect(tools.map((t) => t.name)).toEqual(TOOLS)
  const saved = await client.callTool({ name: 'save_note', arguments: { key, text: `saved through ${key}` } })
  expect(saved.structuredContent).toMatchObject({ key, text: `saved through ${key}` })
  const read = await client.callTool({ name: 'read_note', arguments: { key } })
  expect(read.structuredContent).toMatchObject({ key, text: `saved through ${key}` })
}

describe('Claude Desktop (and other stdio-only hosts) through mcp-remote', () => {
  it('starts the command of claude_desktop_config.json and speaks MCP to it over stdio', async () => {
    const server = config('claude_desktop_config.json').mcpServers.notes
    expect(server).toEqual({ command: 'npx', args: ['mcp-remote', workerd.url] })
    const transport = new StdioClientTransport({
      command: server.command,
      args: server.args,
      cwd: ROOT,
      // mcp-remote keeps OAuth state in ~/.mcp-auth: a folder of this test's instead.
      env: { PATH, HOME: dir, MCP_REMOTE_CONFIG_DIR: join(dir, 'mcp-auth'), npm_config_update_notifier: 'false' },
      stderr: 'pipe',
    })
    let stderr = ''
    transport.stderr?.on('data', (chunk) => void (stderr += chunk))
    const client = new ClientV1({ name: 'claude-desktop-like', version: '1.0.0' })
    try {
      await client.connect(transport)
      expect(client.getServerVersion()).toMatchObject({ name: 'notes-server', version: '0.1.0' })
      await roundTrip(client, 'desktop')
    } catch (error) {
      throw new Error(`${String(error)}\n--- mcp-remote's stderr\n${stderr}`, { cause: error })
    } finally {
      await client.close()
    }
    expect(stderr).toContain(workerd.url)
  }, 90_000)
})

describe('Cursor and VS Code: the server URL over Streamable HTTP', () => {
  it('.cursor/mcp.json', async () => {
    const server = config('.cursor/mcp.json').mcpServers.notes
    expect(server).toEqual({ url: workerd.url })
    const client = new Client({ name: 'cursor-like', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
    try {
      await roundTrip(client, 'cursor')
    } finally {
      await client.close()
    }
  })

  it('.vscode/mcp.json', async () => {
    const server = config('.vscode/mcp.json').servers.notes
    expect(server).toEqual({ type: 'http', url: workerd.url })
    const client = new ClientV1({ name: 'vscode-like', version: '1.0.0' })
    await client.connect(new (await import('@modelcontextprotocol/sdk/client/streamableHttp.js')).StreamableHTTPClientTransport(new URL(server.url)))
    try {
      await roundTrip(client, 'vscode')
    } finally {
      await client.close()
    }
  })
})

describe('the MCP Inspector CLI and mcporter', () => {
  it('runs each command of commands.sh as typed', async () => {
    const commands = readFileSync(join(CONFIGS, 'commands.sh'), 'utf8').split('\n').filter(Boolean)
    expect(commands).toHaveLength(4)
    const run = (command: string) => promisify(execFile)('sh', ['-c', command.replaceAll('http://localhost:8787', workerd.origin)], {
      cwd: ROOT,
      timeout: 60_000,
      env: { PATH, HOME: dir, MCP_CATALOG_PATH: join(dir, 'catalog.json'), npm_config_update_notifier: 'false' },
    })
    const listed = JSON.parse((await run(commands[0]!)).stdout)
    expect(listed.tools.map((t: { name: string }) => t.name)).toEqual(TOOLS)
    const called = JSON.parse((await run(commands[1]!)).stdout)
    expect(called.structuredContent).toMatchObject({ key: 'groceries', text: 'eggs' })
    expect(JSON.parse(textOf(called))).toEqual(called.structuredContent)
    // mcporter: the tools with their schemas, then a call by `<url>.<tool>` with key=value arguments.
    const mcporter = JSON.parse((await run(commands[2]!)).stdout)
    expect(mcporter).toMatchObject({ status: 'ok', transport: `HTTP ${workerd.url}` })
    expect(mcporter.tools.map((t: { name: string }) => t.name)).toEqual(TOOLS)
    expect(mcporter.tools[0].inputSchema.required).toEqual(['key', 'text'])
    expect(JSON.parse((await run(commands[3]!)).stdout)).toMatchObject({ key: 'groceries', text: 'eggs' })
  }, 120_000)
})
