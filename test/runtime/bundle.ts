/**
 * A Worker entry built as a Worker is: esbuild with the mcp-aot plugin from src/ (the real compiler), the
 * package names aliased to src/, then loaded as an ES module; its default export is the server.
 */
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'
import mcp from '../../src/esbuild.ts'
import type { McpAotOptions } from '../../src/plugin.ts'
import type { McpServer } from '../../src/runtime/shared/api.ts'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The bundle of `entry` (an absolute path), minified; `options` go to the plugin. */
export async function bundleWorker(entry: string, options: Omit<McpAotOptions, 'root'> = {}): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    minify: true,
    write: false,
    logLevel: 'silent',
    plugins: [mcp({ root: ROOT, ...options })],
    alias: { 'mcp-aot': `${ROOT}src/index.ts`, 'mcp-aot/internal': `${ROOT}src/runtime/internal.ts`, 'mcp-aot/cloudflare': `${ROOT}src/cloudflare/index.ts` },
  })
  return result.outputFiles[0]!.text
}

/** The default export of a bundle. */
export const loadWorker = async (code: string): Promise<McpServer<any>> =>
  (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)).default
