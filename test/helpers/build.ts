/**
 * Builds an example with its own vite.config.ts (the mcp-aot plugin included) through Vite's `build()`
 * API, into a fresh temporary folder, and returns the path of the one Worker bundle.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Rollup } from 'vite'

export interface BuiltWorker {
  /** The bundle: one ESM module with a default export `{ fetch }`. */
  readonly file: string
  readonly dir: string
  /** Its code, for inspection. */
  readonly code: string
  remove(): Promise<void>
}

export async function buildExample(root: string): Promise<BuiltWorker> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-aot-e2e-'))
  const result = await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true },
  }).catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true })
    throw error
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[]
  const chunks = outputs.flatMap((output) => output.output).filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
  const entries = chunks.filter((chunk) => chunk.isEntry)
  if (entries.length !== 1 || chunks.length !== 1) {
    await rm(dir, { recursive: true, force: true })
    throw new Error(`expected one self-contained Worker bundle, got: ${chunks.map((chunk) => chunk.fileName).join(', ')}`)
  }
  return {
    file: join(dir, entries[0].fileName),
    dir,
    code: entries[0].code,
    remove: () => rm(dir, { recursive: true, force: true }),
  }
}
