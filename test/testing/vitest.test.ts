/**
 * The in-process path as a user writes it: a vitest config with the mcp-aot plugin, a test that imports
 * the server and calls `connect(server)` from 'mcp-aot/testing' (test/testing/fixtures/vitest), run by
 * vitest itself in a child process.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

it('a user test runs the tools through connect(server) under vitest with the plugin', async () => {
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(`${ROOT}node_modules/.bin/vitest`, ['run', '--config', 'test/testing/fixtures/vitest/vitest.config.ts'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', CI: '1' } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: stdout + stderr })
    })
  })
  expect(output).toMatch(/Tests\s+1 passed \(1\)/)
  expect(code).toBe(0)
}, 60_000)
