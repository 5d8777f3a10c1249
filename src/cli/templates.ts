/** The project templates `mcp-aot init` copies: where they are, and what to do after copying one. */
import { fileURLToPath } from 'node:url'

/** templates/ at the package root: ../../templates from both src/cli and dist/cli. */
export const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url))

export interface Template {
  /** One line shown by `--help`. */
  summary: string
  /** The commands to run next, in the new folder, each with what it does. */
  next: [command: string, what: string][]
}

export const TEMPLATES: Record<string, Template> = {
  'cloudflare-workers': {
    summary: 'a Cloudflare Worker built by Vite with the mcp-aot plugin, tools using a KV binding',
    next: [
      ['npm install', ''],
      ['npm test', 'builds dist/worker.js and calls its tools in workerd (Miniflare)'],
      ['npm run dev', 'serves http://localhost:5173/mcp; edits apply without a restart'],
      ['npm run deploy', 'vite build && wrangler deploy (needs a Cloudflare account)'],
    ],
  },
  'deno-deploy': {
    summary: 'a Deno server bundled by esbuild with the mcp-aot plugin',
    next: [
      ['npm install', ''],
      ['npm run build', 'bundles main.ts and the tools into dist/main.js'],
      ['npm start', 'serves http://127.0.0.1:8000/mcp with Deno'],
    ],
  },
}
