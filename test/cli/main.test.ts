/** The installed command itself (dist/cli/main.js, built by `npm run build`): usage, exit codes, output streams. */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const NODE = join(ROOT, 'node_modules/.bin/node')
const PKG = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'))
const BIN = join(ROOT, PKG.bin['mcp-aot'])

function mcpAot(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(NODE, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr })
    })
  })
}

describe('the mcp-aot command', () => {
  it('is package.json\'s bin, a Node script', async () => {
    expect(PKG.bin).toEqual({ 'mcp-aot': 'dist/cli/main.js' })
    expect((await readFile(BIN, 'utf8')).split('\n')[0]).toBe('#!/usr/bin/env node')
  })

  it('--help prints the usage on stdout (exit code 0)', async () => {
    const ran = await mcpAot(ROOT, '--help')
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/^Usage: mcp-aot <command> \[options\]\n/)
    expect(ran.stdout).toContain('  init [dir] [--template <name>] [--name <name>]')
    expect(ran.stdout).toContain('  inspect [files or folders...] [--json]')
    expect(ran.stdout).toMatch(/cloudflare-workers\s+a Cloudflare Worker/)
    expect(ran.stdout).toMatch(/deno-deploy\s+a Deno server/)
    expect((await mcpAot(ROOT, 'init', '--help')).stdout).toBe(ran.stdout)
  })

  it('--version prints the package version', async () => {
    expect(await mcpAot(ROOT, '--version')).toEqual({ code: 0, stdout: `${PKG.version}\n`, stderr: '' })
  })

  it('an unknown command, or none, prints the usage on stderr (exit code 2)', async () => {
    const unknown = await mcpAot(ROOT, 'deploy')
    expect(unknown.code).toBe(2)
    expect(unknown.stdout).toBe('')
    expect(unknown.stderr).toMatch(/^mcp-aot: unknown command 'deploy'\n\nUsage: mcp-aot <command>/)
    const none = await mcpAot(ROOT)
    expect(none.code).toBe(2)
    expect(none.stderr).toMatch(/^Usage: mcp-aot <command>/)
  })

  it('inspect exits with 1 and prints the diagnostics when the sources have any', async () => {
    const ran = await mcpAot(join(import.meta.dirname, 'fixtures/broken'), 'inspect')
    expect(ran.code).toBe(1)
    expect(ran.stderr).toContain('src/c.ts:4:4 - error MCP002: Unknown tag @readonly in a @tool block. Did you mean @readOnly?')
    expect(ran.stdout).toContain('4 errors.')
  })

  it('inspect exits with 0 on sources without findings', async () => {
    const ran = await mcpAot(join(import.meta.dirname, 'fixtures/shop'), 'inspect', '--json')
    expect(ran.code).toBe(0)
    expect(JSON.parse(ran.stdout).tools).toHaveLength(2)
  })
})
