/**
 * Where the bytes of an mcp-aot Worker go: each worker entry built from src/ with the esbuild plugin and
 * the suite's bundling policy (lib/bundle.ts), then its bytes per group (the runtime, ajv helpers, the
 * generated code and tools). `node bench/sizes.ts [entry.ts …]`; the default entries are the bench
 * server, examples/incidents and examples/conformance.
 */
import { gzipSync } from 'node:zlib'
import * as esbuild from 'esbuild'
import { ESBUILD_POLICY } from './lib/bundle.ts'

const ROOT = new URL('../', import.meta.url).pathname
const DEFAULTS = ['bench/servers/mcp-aot/worker.ts', 'examples/incidents/src/worker.ts', 'examples/conformance/src/worker.ts']

const { default: mcp } = await import(`${ROOT}src/esbuild.ts`)
const alias = { 'mcp-aot': `${ROOT}src/index.ts`, 'mcp-aot/internal': `${ROOT}src/runtime/internal.ts` }

function group(input: string): string {
  if (input.includes('src/runtime/validators/')) return 'ajv helpers'
  if (input.includes('src/runtime/')) return 'runtime'
  if (input.startsWith('src/') || input.includes('/mcp-aot/src/')) return 'runtime'
  return 'tools + generated'
}

const verbose = process.argv.includes('--files')
const entries = process.argv.slice(2).filter((a) => !a.startsWith('--'))
for (const entry of entries.length ? entries : DEFAULTS) {
  const result = await esbuild.build({ ...ESBUILD_POLICY, entryPoints: [`${ROOT}${entry}`], write: false, metafile: true, outfile: '/tmp/mcp-aot-size.js', plugins: [mcp()], alias })
  const out = Object.values(result.metafile!.outputs)[0]
  const text = result.outputFiles![0].contents
  const groups = new Map<string, number>()
  const files: [string, number][] = []
  for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
    groups.set(group(input), (groups.get(group(input)) ?? 0) + bytesInOutput)
    files.push([input, bytesInOutput])
  }
  const parts = [...groups].map(([name, bytes]) => `${name} ${bytes}`).join(', ')
  console.log(`${entry}: total ${text.length} B (gzip ${gzipSync(text, { level: 9 }).length}); ${parts}`)
  if (verbose) for (const [input, bytes] of files.sort((a, b) => b[1] - a[1])) if (bytes > 0) console.log(String(bytes).padStart(8), input)
}
