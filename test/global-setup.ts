/**
 * Once per test run: every temporary folder the suite makes goes under one folder that is removed at the
 * end (TMPDIR is inherited by the test workers and the programs they start), and dist/ — which the
 * template tests pack with `npm pack` — is rebuilt when it is older than src/.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..')

function newest(dir: string): number {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }
  return latest
}

export default function setup(): () => void {
  const built = join(ROOT, 'dist', 'index.js')
  if (!existsSync(built) || statSync(built).mtimeMs < newest(join(ROOT, 'src'))) {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  }
  const previous = process.env.TMPDIR
  const dir = mkdtempSync(join(tmpdir(), 'mcp-aot-test-run-'))
  process.env.TMPDIR = dir
  return () => {
    if (previous === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previous
    rmSync(dir, { recursive: true, force: true })
  }
}
