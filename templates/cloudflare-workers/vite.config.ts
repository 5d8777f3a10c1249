/**
 * `vite build`: the mcp-aot plugin compiles each `@tool` function's JSON Schema and validator at build
 * time and writes the Worker as one minified ES module, dist/worker.js, which `wrangler deploy` uploads
 * as it is (`npm run deploy`: `wrangler deploy --no-bundle`).
 * `vite dev`: @cloudflare/vite-plugin serves the sources in workerd with wrangler.jsonc's bindings; an
 * edit to a tool (or to a type it uses) applies on the next request.
 */
import { cloudflare } from '@cloudflare/vite-plugin'
import { defineConfig } from 'vite'
import mcp from 'mcp-aot/vite'

export default defineConfig(({ command }) => ({
  build: { minify: true },
  plugins: [mcp({ worker: 'src/worker.ts' }), command === 'serve' && cloudflare({ config: { main: 'src/worker.ts' } })],
}))
