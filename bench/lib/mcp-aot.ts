/**
 * Building an mcp-aot Worker inside this repository: the plugin and the package come from dist/ (what
 * `npm run build` wrote, what users install), or from src/ with BENCH_FROM=src. Both builds follow the
 * suite's one policy (ESM, workerd/worker/browser conditions, minified).
 */
import { existsSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type * as esbuild from 'esbuild'
import { bundleWithEsbuild, ESBUILD_POLICY } from './bundle.ts'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const FROM = process.env.BENCH_FROM === 'src' ? 'src' : 'dist'
const ext = FROM === 'src' ? 'ts' : 'js'

export const PACKAGE_ALIASES: Record<string, string> = {
  'mcp-aot': `${ROOT}${FROM}/index.${ext}`,
  'mcp-aot/internal': `${ROOT}${FROM}/runtime/internal.${ext}`,
  'mcp-aot/cloudflare': `${ROOT}${FROM}/cloudflare/index.${ext}`,
}

const pluginFile = (bundler: string) => `${ROOT}${FROM}/${bundler}.${ext}`

/** Why mcp-aot cannot be built yet, or undefined when the plugin and runtime are there. */
export function missingPieces(): string | undefined {
  const needed = [pluginFile('esbuild'), pluginFile('vite'), PACKAGE_ALIASES['mcp-aot'], `${ROOT}${FROM}/runtime/server.${ext}`]
  const missing = needed.filter((f) => !existsSync(f))
  return missing.length ? `not built yet: ${missing.map((f) => f.slice(ROOT.length)).join(', ')}` : undefined
}

/** The esbuild plugin; `file`: another build of it (another checkout's dist/esbuild.js), `options`: the plugin's options. */
export async function esbuildPlugin(options?: object, file = pluginFile('esbuild')): Promise<esbuild.Plugin> {
  const mod = await import(pathToFileURL(file).href)
  return (mod.default ?? mod.esbuild)(options)
}

/** PACKAGE_ALIASES for the package built beside `pluginFile` (another checkout's dist/). */
export function aliasesBeside(pluginFile: string): Record<string, string> {
  const dir = dirname(pluginFile)
  return { 'mcp-aot': `${dir}/index.js`, 'mcp-aot/internal': `${dir}/runtime/internal.js`, 'mcp-aot/cloudflare': `${dir}/cloudflare/index.js` }
}

export async function buildMcpAotEsbuild(entry: string, outfile: string, plugin?: esbuild.Plugin): Promise<string> {
  return bundleWithEsbuild(entry, outfile, { plugins: [plugin ?? (await esbuildPlugin())], alias: PACKAGE_ALIASES })
}

/** The same Worker through Vite (Rolldown, its own minifier), as one self-contained ESM file. */
export async function buildMcpAotVite(entry: string, outfile: string): Promise<string> {
  const { build } = await import('vite')
  const mod = await import(pathToFileURL(pluginFile('vite')).href)
  const mcp = mod.default ?? mod.vite
  const conditions = ESBUILD_POLICY.conditions as string[]
  await build({
    configFile: false,
    root: dirname(entry),
    logLevel: 'silent',
    plugins: [mcp()],
    resolve: {
      conditions,
      alias: Object.entries(PACKAGE_ALIASES).map(([name, file]) => ({ find: new RegExp(`^${name}$`), replacement: file })),
    },
    ssr: { target: 'webworker', noExternal: true, resolve: { conditions, externalConditions: conditions } },
    build: {
      ssr: entry,
      outDir: dirname(outfile),
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      rolldownOptions: { output: { format: 'es', entryFileNames: basename(outfile) } },
    },
  } as any)
  return outfile
}
