/**
 * Builds the notes server into one ES module Worker bundle (dist/worker.js). In a project of your own:
 * `import mcp from 'mcp-aot/vite'`; inside this repository the plugin comes straight from ../../src.
 * `cloudflare:workers` (which the OAuth provider imports) is the Workers runtime's own module: left to it.
 */
import { defineConfig } from 'vite'
import mcp from '../../src/vite.ts'

export default defineConfig({
  root: import.meta.dirname,
  plugins: [mcp({ worker: 'src/worker.ts' })],
  build: { minify: false, rolldownOptions: { external: ['cloudflare:workers'] } },
})
