/**
 * Builds the conformance fixture server into one ESM Worker bundle (dist/worker.js) with the mcp-aot plugin.
 * In a project of your own this is `import mcp from 'mcp-aot/vite'`; inside this repository the plugin
 * and the package root come straight from ../../src.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import mcp from '../../src/vite.ts'

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))
const conditions = ['workerd', 'worker', 'browser']

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [mcp()],
  resolve: {
    conditions,
    alias: [
      { find: /^mcp-aot$/, replacement: repo('src/index.ts') },
      { find: /^mcp-aot\/internal$/, replacement: repo('src/runtime/internal.ts') },
    ],
  },
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
    minify: false,
    rolldownOptions: { output: { format: 'es', entryFileNames: 'worker.js' } },
  },
})
