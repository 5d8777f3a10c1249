/**
 * Lint warnings (MCP1nn) reach each bundler's own channel, with their code and the tool file's location:
 * esbuild's `result.warnings` (and its log, which `logLevel` governs), Rollup's `onwarn`, Rolldown's
 * `onLog`, Vite's logger, webpack's compilation warnings; never `console.warn` behind the bundler's back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import mcpEsbuild from '../../src/esbuild.ts'
import { BUNDLERS, bundle } from './build.ts'

const root = mkdtempSync(join(tmpdir(), 'mcp-aot-warnings-'))
// `b` has no description: MCP103 at its parameter.
writeFileSync(join(root, 'tools.ts'), '/**\n * Adds two numbers.\n * @tool @readOnly\n * @param a The first.\n */\nexport function add(a: number, b: number): string {\n  return String(a + b)\n}\n')
afterAll(() => rmSync(root, { recursive: true, force: true }))
afterEach(() => vi.restoreAllMocks())

describe('lint warnings through each bundler\'s channel', () => {
  for (const b of BUNDLERS) {
    it(`${b}: MCP103 with the tool file's location, and nothing on console.warn`, async () => {
      const consoleWarn = vi.spyOn(console, 'warn')
      const warnings: string[] = []
      await bundle(b, join(root, 'tools.ts'), root, (text) => warnings.push(text))
      const ours = warnings.filter((w) => w.includes('MCP103'))
      expect(ours).toHaveLength(1)
      expect(ours[0]).toMatch(/tools\.ts:6:\d+ - warning MCP103: /)
      expect(ours[0]).toContain("'b'")
      expect(consoleWarn.mock.calls.filter((args) => String(args[0]).includes('MCP103'))).toEqual([])
    }, 60_000)
  }

  it('esbuild: its log prints the warning with its code frame, and logLevel silent silences it', async () => {
    const written: string[] = []
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => (written.push(String(chunk)), true))
    const loud = await build({ entryPoints: [join(root, 'tools.ts')], bundle: true, write: false, format: 'esm', logLevel: 'warning', color: false, plugins: [mcpEsbuild({ root })] })
    const printed = written.join('')
    written.length = 0
    const quiet = await build({ entryPoints: [join(root, 'tools.ts')], bundle: true, write: false, format: 'esm', logLevel: 'silent', plugins: [mcpEsbuild({ root })] })
    stderr.mockRestore()
    expect(printed).toMatch(/▲ \[WARNING\] tools\.ts:6:\d+ - warning MCP103: /)
    expect(printed).toContain('[plugin mcp-aot]')
    expect(printed).toMatch(/tools\.ts:6:\d+:\n\s+6 │ export function add\(a: number, b: number\): string \{/)
    expect(written.join('')).toBe('')
    expect(loud.warnings.map((w) => w.id)).toEqual(['MCP103'])
    expect(quiet.warnings.map((w) => w.id)).toEqual(['MCP103'])
  })
})
