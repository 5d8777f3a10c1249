/**
 * Vite only: `mcp({ worker: 'src/worker.ts' })` sets up `vite build` to write that entry as one ES module
 * Worker bundle (dist/worker.js) for workerd and Deno: Web conditions, everything bundled, no Node built-ins.
 * The Workers runtime's own modules (`cloudflare:workers`, `cloudflare:sockets`, …) stay imports: workerd
 * provides them (Cloudflare's OAuth provider and Durable Objects import them).
 * Anything the user's own config sets wins (Vite merges this under it).
 */
const CONDITIONS = ['workerd', 'worker', 'browser']

export function workerBuildConfig(entry: string, command: string): Record<string, unknown> | undefined {
  if (command !== 'build') return undefined
  return {
    resolve: { conditions: CONDITIONS },
    ssr: { target: 'webworker', noExternal: true, resolve: { conditions: CONDITIONS, externalConditions: CONDITIONS } },
    build: {
      ssr: entry,
      target: 'es2023',
      emptyOutDir: true,
      rolldownOptions: { external: [/^cloudflare:/], output: { format: 'es', entryFileNames: 'worker.js' } },
    },
  }
}
