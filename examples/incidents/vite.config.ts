/**
 * Builds the incident server into one ES module Worker (dist/worker.js), with mcp-manifest.json,
 * SKILL.md and llms.txt next to it. In a project of your own: `import mcp from 'mcp-aot/vite'`; inside
 * this repository the plugin comes straight from ../../src (it resolves `mcp-aot` to its own runtime).
 */
import { defineConfig } from 'vite'
import mcp from '../../src/vite.ts'
import { info } from './src/info.ts'

export default defineConfig({
  root: import.meta.dirname,
  plugins: [mcp({ worker: 'src/worker.ts', manifest: true, docs: true, server: info })],
  build: { minify: false },
})
