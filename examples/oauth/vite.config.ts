/**
 * Builds the notes server into one ES module Worker bundle (dist/worker.js). In a project of your own:
 * `import mcp from 'mcp-aot/vite'`; inside this repository the plugin comes straight from ../../src.
 */
import { defineConfig } from 'vite'
import mcp from '../../src/vite.ts'

export default defineConfig({
  root: import.meta.dirname,
  plugins: [mcp({ worker: 'src/worker.ts' })],
  build: { minify: false },
})
