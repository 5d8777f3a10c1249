/**
 * Where a 1000-tool server's startup and rebuild go: `npm run bench:scale-parts`. On the generated project of
 * bench:scale (bench/lib/gen-tools.ts, 1000 tools, 10 per file), in one run:
 * - startup in V8 (Node's `vm`, the engine workerd runs): compiling the minified bundle, evaluating it, and
 *   its first tools/call, medians of 21 loads, interleaved with the same project bundled without the plugin
 *   (the tools' own functions and the runtime, no tables: what the tables add);
 * - an esbuild context's rebuild with nothing changed, CPU of this process and of esbuild's: with the plugin;
 *   with the plugin replaying its first build's results (esbuild reuses a module's syntax tree when a plugin
 *   returns the same code, so this is esbuild's own share); the tool files returned as they are by a plugin
 *   (no tables); and esbuild alone.
 * Prints a markdown table and writes bench/results/scale-parts.md. Never a timed test: figures for docs/benchmarks.md.
 */
import { readFileSync } from 'node:fs'
import vm from 'node:vm'
import * as esbuild from 'esbuild'
import { bundleWithEsbuild, ESBUILD_POLICY } from './lib/bundle.ts'
import { generateProject } from './lib/gen-tools.ts'
import { buildMcpAotEsbuild, esbuildPlugin, missingPieces, PACKAGE_ALIASES, ROOT } from './lib/mcp-aot.ts'
import { childPids, statCpuUs } from './lib/proc.ts'
import { call } from './lib/workload.ts'
import { saveResult } from './lib/results.ts'

const missing = missingPieces()
if (missing) throw new Error(`${missing}; run npm run build first`)
const log = (...a: unknown[]) => console.error('[bench:scale-parts]', ...a)
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const OUT = `${ROOT}bench/.build/scale-parts`
const project = generateProject(1000)

log('bundling')
const bundles = {
  'mcp-aot': await buildMcpAotEsbuild(project.mcpAotEntry, `${OUT}/aot.js`),
  'no tables (no plugin)': await bundleWithEsbuild(project.mcpAotEntry, `${OUT}/plain.js`, { alias: PACKAGE_ALIASES }),
}

const request = () =>
  new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: call('search0', { query: 'q' }),
  })

/** Compile, evaluate and (with tables) the first tools/call of `code` in a fresh context: ms each. */
async function load(code: string, tables: boolean): Promise<{ compile: number; evaluate: number; call: number }> {
  const context = vm.createContext({ Request, Response, Headers, URL, TextEncoder, TextDecoder, crypto, console, btoa, atob, Blob, ReadableStream, TransformStream, structuredClone, setTimeout, queueMicrotask, AbortController, AbortSignal })
  const t0 = performance.now()
  // A comment of its own each time, so that V8 compiles it again instead of taking its cache.
  const module = new vm.SourceTextModule(`${code}\n// ${t0}`, { context })
  const t1 = performance.now()
  await module.link(() => {
    throw new Error('the bundle imports nothing')
  })
  try {
    await module.evaluate()
  } catch (error) {
    // Without the plugin createServer finds no tables and throws: its evaluation is measured up to there.
    if (tables) throw error
  }
  const t2 = performance.now()
  if (!tables) return { compile: t1 - t0, evaluate: t2 - t1, call: 0 }
  const server = (module.namespace as { default: { fetch: (r: Request, env: object, ctx: object) => Promise<Response> } }).default
  const reply = await server.fetch(request(), {}, { waitUntil() {}, passThroughOnException() {} })
  if (!(await reply.text()).includes('"q:10"')) throw new Error('the first tools/call did not answer')
  return { compile: t1 - t0, evaluate: t2 - t1, call: performance.now() - t2 }
}

log('startup in V8')
const codes = Object.entries(bundles).map(([name, file]) => [name, readFileSync(file, 'utf8')] as const)
const loads = new Map<string, { compile: number[]; evaluate: number[]; call: number[] }>()
await request().text()
for (let rep = 0; rep < 21; rep++) {
  for (const [name, code] of rep % 2 ? codes : [...codes].reverse()) {
    const l = await load(code, name === 'mcp-aot')
    const into = loads.get(name) ?? { compile: [], evaluate: [], call: [] }
    into.compile.push(l.compile)
    into.evaluate.push(l.evaluate)
    into.call.push(l.call)
    loads.set(name, into)
  }
}

/** A plugin that returns the tool files as they are (no tables). */
const asWritten: esbuild.Plugin = {
  name: 'as-written',
  setup(build) {
    build.onLoad({ filter: /tools\/t\d+\.ts$/ }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'ts' }))
  },
}

/** The plugin, its onLoad results kept from the first build and returned as they were on every rebuild. */
function replaying(plugin: esbuild.Plugin): esbuild.Plugin {
  const kept = new Map<string, unknown>()
  let first = true
  return {
    name: plugin.name,
    setup(build) {
      build.onEnd(() => {
        first = false
      })
      const onLoad: typeof build.onLoad = (options, callback) =>
        build.onLoad(options, async (args) => {
          const key = `${args.namespace}:${args.path}`
          if (!first && kept.has(key)) return kept.get(key) as esbuild.OnLoadResult
          const result = await callback(args)
          kept.set(key, result)
          return result
        })
      return plugin.setup(new Proxy(build, { get: (target, key) => (key === 'onLoad' ? onLoad : Reflect.get(target, key)) }))
    },
  }
}

/** CPU ms per rebuild with nothing changed (median of 9): this process and esbuild's service process. */
async function rebuilds(plugins: esbuild.Plugin[]): Promise<{ node: number; esbuild: number }> {
  const ctx = await esbuild.context({ ...ESBUILD_POLICY, write: false, entryPoints: [project.mcpAotEntry], outfile: `${OUT}/rebuild.js`, plugins, alias: PACKAGE_ALIASES })
  try {
    await ctx.rebuild()
    const pid = childPids(process.pid, 'esbuild')[0]
    if (pid === undefined) throw new Error("esbuild's service process was not found under /proc")
    const node: number[] = []
    const go: number[] = []
    for (let i = 0; i < 9; i++) {
      const before = { node: process.cpuUsage(), go: statCpuUs(pid) }
      await ctx.rebuild()
      const used = process.cpuUsage(before.node)
      node.push((used.user + used.system) / 1000)
      go.push((statCpuUs(pid) - before.go) / 1000)
    }
    return { node: median(node), esbuild: median(go) }
  } finally {
    await ctx.dispose()
  }
}

log('rebuilds')
const rebuildRows: [string, { node: number; esbuild: number }][] = [
  ['mcp-aot plugin', await rebuilds([await esbuildPlugin()])],
  ['mcp-aot plugin, its first results replayed', await rebuilds([replaying(await esbuildPlugin())])],
  ['the tool files as written, through a plugin (no tables)', await rebuilds([asWritten])],
  ['esbuild alone', await rebuilds([])],
]

const f = (ms: number) => ms.toFixed(1)
const report = [
  `\`npm run bench:scale-parts\` — ${new Date().toISOString()}, 1000 tools (10 per file)`,
  '',
  '| bundle | bytes | compile ms | evaluate ms | first tools/call ms |',
  '|---|---|---|---|---|',
  ...Object.entries(bundles).map(([name, file]) => {
    const l = loads.get(name)!
    return `| ${name} | ${readFileSync(file).length} | ${f(median(l.compile))} | ${f(median(l.evaluate))} | ${name === 'mcp-aot' ? f(median(l.call)) : '–'} |`
  }),
  '',
  '| rebuild, nothing changed | this process, CPU ms | esbuild, CPU ms |',
  '|---|---|---|',
  ...rebuildRows.map(([name, r]) => `| ${name} | ${Math.round(r.node)} | ${Math.round(r.esbuild)} |`),
  '',
].join('\n')
console.log(report)
saveResult('scale-parts.md', report)
