/**
 * Builds the incident server into one ES module Worker (dist/worker.js), with mcp-manifest.json,
 * SKILL.md and llms.txt next to it. In a project of your own: `import mcp from 'mcp-aot/vite'`; inside
 * this repository the plugin and the package come straight from ../../src.
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import mcp from '../../src/vite.ts'
import { info } from './src/info.ts'

const root = fileURLToPath(new URL('.', import.meta.url))
const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))
const conditions = ['workerd', 'worker', 'browser']

export default defineConfig({
  root,
  plugins: [mcp({ root, manifest: true, docs: true, server: info })],
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
