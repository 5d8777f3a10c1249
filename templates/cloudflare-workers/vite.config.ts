/**
 * `vite build` bundles the Worker into one ES module, dist/worker.js, with the mcp-aot plugin: each
 * `@tool` function gets its JSON Schema and a precompiled validator at build time. `wrangler deploy`
 * uploads that bundle (wrangler.jsonc `main`).
 *
 * `vite dev` serves the Worker from the sources in workerd through @cloudflare/vite-plugin, with the
 * bindings of wrangler.jsonc; an edit to a tool (or to a type it uses) applies on the next request.
 */
import { cloudflare } from '@cloudflare/vite-plugin'
import { defineConfig } from 'vite'
import mcp from 'mcp-aot/vite'

const conditions = ['workerd', 'worker', 'browser']

export default defineConfig(({ command }) => ({
  plugins: [
    mcp(),
    // In dev, run the sources; the built bundle is what wrangler.jsonc points at.
    command === 'serve' && cloudflare({ config: { main: 'src/worker.ts' } }),
  ],
  resolve: { conditions },
  ssr: {
    target: 'webworker',
    noExternal: true,
    resolve: { conditions, externalConditions: conditions },
  },
  build: {
    ssr: 'src/worker.ts',
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2023',
    rolldownOptions: { output: { format: 'es', entryFileNames: 'worker.js' } },
  },
}))
