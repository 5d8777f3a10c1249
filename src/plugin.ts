/**
 * The unplugin instance: one plugin for Vite, esbuild, Rollup, Rolldown and webpack. It runs first
 * (`enforce: 'pre'`) on the original TypeScript, skips any module without `@tool`/`@resource`/`@prompt`
 * in its text, appends the dispatch table, and registers every file it read types from as a watch file.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createUnplugin } from 'unplugin'
import { compileModule, MARKER } from './compiler/compile.ts'
import type { Declaration } from './compiler/extract.ts'
import { Project } from './compiler/project.ts'
import { duplicateNames } from './compiler/duplicates.ts'

export interface McpAotOptions {
  /** The project root that locations in tables and diagnostics are relative to; default `process.cwd()`. */
  root?: string
}

const here = dirname(fileURLToPath(import.meta.url))
const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
/** The runtime the generated code imports: always this package's own copy, matching this compiler. */
const RUNTIME: Record<string, string> = {
  'mcp-aot': join(here, `index${ext}`),
  'mcp-aot/internal': join(here, 'runtime', `internal${ext}`),
}

const RUNTIME_ID = /^mcp-aot(\/internal)?$/
const SOURCE = /\.[cm]?tsx?$/

export const unplugin = createUnplugin((options: McpAotOptions | undefined, meta) => {
  const project = new Project(options?.root ?? process.cwd())
  const modules = new Map<string, Declaration[]>()
  return {
    name: 'mcp-aot',
    enforce: 'pre',
    // unplugin's esbuild adapter puts every resolved id in its own namespace; resolve to files there directly.
    ...(meta.framework === 'esbuild'
      ? { esbuild: { setup: (build: any) => build.onResolve({ filter: RUNTIME_ID }, (args: any) => ({ path: RUNTIME[args.path] })) } }
      : { resolveId: { filter: { id: RUNTIME_ID }, handler: (id: string) => RUNTIME[id] ?? null } }),
    transform: {
      filter: { id: { include: SOURCE, exclude: /node_modules/ }, code: MARKER },
      handler(code, rawId) {
        const id = rawId.replace(/[?#].*$/, '')
        if (!SOURCE.test(id) || id.endsWith('.d.ts')) return null
        try {
          const out = compileModule(project, id, code)
          if (!out) {
            modules.delete(id)
            return null
          }
          for (const f of out.read) this.addWatchFile(f)
          modules.set(id, out.declarations)
          return { code: out.code, map: out.map }
        } catch (error) {
          for (const f of (error as { watchFiles?: string[] }).watchFiles ?? []) this.addWatchFile(f)
          modules.delete(id)
          throw error
        }
      },
    },
    buildEnd() {
      const message = duplicateNames(modules)
      if (message) throw new Error(message)
    },
    watchChange(id, change) {
      if (change.event === 'delete') modules.delete(id)
    },
  }
})

export default unplugin
