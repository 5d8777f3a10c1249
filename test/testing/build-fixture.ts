/** Builds test/testing/fixture into one ES module Worker with esbuild and the mcp-aot plugin. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import mcp from '../../src/esbuild.ts'

export const FIXTURE = fileURLToPath(new URL('./fixture/', import.meta.url))

export interface Built {
  dir: string
  file: string
  remove(): Promise<void>
}

export async function buildFixture(): Promise<Built> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-aot-testing-'))
  const file = join(dir, 'worker.js')
  await build({
    entryPoints: [join(FIXTURE, 'worker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2023',
    outfile: file,
    logLevel: 'silent',
    plugins: [mcp({ root: FIXTURE })],
  })
  return { dir, file, remove: () => rm(dir, { recursive: true, force: true }) }
}
