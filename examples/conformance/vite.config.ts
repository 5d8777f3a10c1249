/**
 * Builds the conformance fixture server into one ES module Worker bundle (dist/worker.js). In a project
 * of your own: `import mcp from 'mcp-aot/vite'`; inside this repository the plugin comes straight from
 * ../../src (it resolves `mcp-aot` to its own runtime).
 */
import { defineConfig } from 'vite'
import mcp from '../../src/vite.ts'

export default defineConfig({
  root: import.meta.dirname,
  plugins: [mcp({ worker: 'src/worker.ts', skills: 'skills' })],
  build: { minify: false },
})
