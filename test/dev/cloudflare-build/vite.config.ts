/**
 * `vite dev` and `vite build` both through @cloudflare/vite-plugin, with the mcp-aot plugin compiling the
 * tools in the Worker's environment: `vite build` writes dist/<worker name>/index.js and the wrangler.json
 * that `wrangler deploy` (and `vite preview`) read.
 */
import { cloudflare } from '@cloudflare/vite-plugin'
import mcp from 'mcp-aot/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [mcp(), cloudflare()],
})
