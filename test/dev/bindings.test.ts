/**
 * `mcp({ dev })` gives tools the bindings of the project's wrangler config, as `wrangler dev` does
 * (wrangler's getPlatformProxy: a local KV namespace, vars, `.dev.vars` secrets), so a KV tool works in
 * `vite dev` with no `env` option; `env` given wins, `env: false` serves without bindings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mcp from '../../src/vite.ts'
import { connect, textOf, type McpClient } from '../../src/testing.ts'
import { startDevProject, type DevProject } from './project.ts'

const FILES = {
  'wrangler.jsonc': '{\n  "name": "dev-fixture",\n  "main": "src/worker.ts",\n  "compatibility_date": "2026-07-28",\n  "vars": { "GREETING": "Saved" },\n  "kv_namespaces": [{ "binding": "NOTES" }]\n}\n',
  '.dev.vars': 'API_TOKEN=from-dev-vars\n',
  'src/kv.ts': [
    "import type { ToolContext } from 'mcp-aot'",
    '',
    'interface Env {',
    '  NOTES: { put(key: string, value: string): Promise<void>; get(key: string): Promise<string | null> }',
    '  GREETING: string',
    '  API_TOKEN: string',
    '}',
    '',
    '/**',
    ' * Saves a note in KV.',
    ' * @tool',
    ' * @param key Where.',
    ' * @param text What.',
    ' */',
    'export async function save_note(key: string, text: string, ctx: ToolContext<Env>): Promise<string> {',
    '  await ctx.env.NOTES.put(key, text)',
    '  return `${ctx.env.GREETING} ${key} (token ${ctx.env.API_TOKEN})`',
    '}',
    '',
    '/**',
    ' * Reads a note from KV.',
    ' * @tool',
    ' * @readOnly',
    ' * @param key Where.',
    ' */',
    'export async function read_note(key: string, ctx: ToolContext<Env>): Promise<string> {',
    "  return (await ctx.env.NOTES.get(key)) ?? 'no note'",
    '}',
    '',
  ].join('\n'),
  'src/kv-worker.ts': "import { createServer } from 'mcp-aot'\nimport * as kv from './kv.ts'\n\nexport default createServer({ name: 'kv-dev', version: '1.0.0' }, kv)\n",
}

describe('vite dev with mcp({ dev }) and a wrangler config', () => {
  let project: DevProject
  let client: McpClient
  beforeAll(async () => {
    project = await startDevProject((root) => [mcp({ root, dev: 'src/kv-worker.ts' })], FILES)
    client = await connect(project.url)
  }, 60_000)
  afterAll(async () => {
    await client?.close()
    await project?.close()
  })

  it('a KV tool reads and writes the local namespace, with the vars and .dev.vars secrets', async () => {
    expect(textOf(await client.callTool('save_note', { key: 'k1', text: 'kept in KV' }))).toBe('Saved k1 (token from-dev-vars)')
    expect(textOf(await client.callTool('read_note', { key: 'k1' }))).toBe('kept in KV')
    expect(textOf(await client.callTool('read_note', { key: 'other' }))).toBe('no note')
    expect(project.logs.join('\n')).toContain("mcp-aot: ctx.env has the bindings of wrangler.jsonc (wrangler's platform proxy, local).")
  })
})

describe('vite dev with mcp({ dev: { env } })', () => {
  it('env given wins over the wrangler config; env: false serves without bindings', async () => {
    const notes = new Map<string, string>()
    const env = { GREETING: 'Given', API_TOKEN: 't', NOTES: { put: async (k: string, v: string) => void notes.set(k, v), get: async (k: string) => notes.get(k) ?? null } }
    const given = await startDevProject((root) => [mcp({ root, dev: { entry: 'src/kv-worker.ts', env } })], FILES)
    const none = await startDevProject((root) => [mcp({ root, dev: { entry: 'src/kv-worker.ts', env: false } })], FILES)
    try {
      const a = await connect(given.url)
      expect(textOf(await a.callTool('save_note', { key: 'x', text: 'in a Map' }))).toBe('Given x (token t)')
      expect(notes.get('x')).toBe('in a Map')
      await a.close()
      const b = await connect(none.url)
      const failed = await b.callTool('read_note', { key: 'x' })
      expect(failed.isError).toBe(true)
      await b.close()
      expect(none.logs.join('\n')).not.toContain('ctx.env has the bindings')
    } finally {
      await given.close()
      await none.close()
    }
  }, 60_000)
})
