/**
 * Where does a server's CPU go under load? `node bench/profile.ts [server ids…] [--seconds=5]`
 * (ids: floor, mcp-aot, sdk, noop; default floor mcp-aot). Builds each server unminified, serves it in
 * workerd through Miniflare with the V8 inspector on, samples the isolate's CPU profile (50 µs interval)
 * during a load of tools/call create_order, and prints self time by function and by source module (the
 * bundle's `// path` module markers), as a share of the samples and in µs per request.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { Miniflare } from 'miniflare'
import { bundleWithEsbuild } from './lib/bundle.ts'
import { post } from './lib/http.ts'
import { runLoad } from './lib/load.ts'
import { esbuildPlugin, PACKAGE_ALIASES, ROOT } from './lib/mcp-aot.ts'
import { COMPATIBILITY_DATE, COMPATIBILITY_FLAGS } from './lib/miniflare.ts'
import { childPids } from './lib/proc.ts'
import { LOAD_BODY } from './lib/workload.ts'
import { buildFloorValidators } from './servers/floor/build.ts'

const args = process.argv.slice(2)
const seconds = Number(args.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 5)
const ids = args.filter((a) => !a.startsWith('--'))
const OUT = `${ROOT}bench/.build/profile`
const UNMINIFIED = { minify: false, keepNames: true }

const builds: Record<string, () => Promise<string>> = {
  noop: () => bundleWithEsbuild(`${ROOT}bench/servers/noop/worker.ts`, `${OUT}/noop.js`, UNMINIFIED),
  floor: () => {
    buildFloorValidators()
    return bundleWithEsbuild(`${ROOT}bench/servers/floor/worker.ts`, `${OUT}/floor.js`, UNMINIFIED)
  },
  'mcp-aot': async () =>
    bundleWithEsbuild(`${ROOT}bench/servers/mcp-aot/worker.ts`, `${OUT}/mcp-aot.js`, { ...UNMINIFIED, plugins: [await esbuildPlugin()], alias: PACKAGE_ALIASES }),
  sdk: () => bundleWithEsbuild(`${ROOT}bench/servers/sdk/worker.ts`, `${OUT}/sdk.js`, UNMINIFIED),
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

/** Line number (1-based) → the module esbuild put there, from its `// path` markers. */
function moduleMap(file: string): (line: number) => string {
  const marks: { line: number; name: string }[] = []
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      const m = /^\/\/ ((?:\.\.\/)*(?:src|dist|bench|node_modules)\/\S+)$/.exec(text)
      if (m) marks.push({ line: i + 1, name: m[1].replace(/^(\.\.\/)+/, '') })
    })
  return (line) => {
    let name = '(entry)'
    for (const m of marks) {
      if (m.line > line) break
      name = m.name
    }
    return name.replace(/^node_modules\/(\.pnpm\/)?/, '').replace(/^(@[^/]+\/[^/]+|[^/]+)\/.*$/, (all, pkg) => (/^(src|dist|bench)\//.test(all) ? all : pkg))
  }
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

async function profile(id: string): Promise<void> {
  const file = await builds[id]()
  const inspectorPort = await freePort()
  const before = new Set(childPids(process.pid, 'workerd'))
  const mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    inspectorPort,
    modules: [{ type: 'ESModule', path: file, contents: readFileSync(file) }],
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: COMPATIBILITY_FLAGS,
    unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
  })
  try {
    const url = new URL('/mcp', await mf.unsafeGetDirectURL())
    const pid = childPids(process.pid, 'workerd').filter((p) => !before.has(p))[0]
    const ref = await post(url, LOAD_BODY)
    const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string; title?: string }[]
    const target = targets.find((t) => !String(t.title ?? '').startsWith('core:')) ?? targets[0]
    const ws = new WebSocket(target.webSocketDebuggerUrl)
    await new Promise((r, j) => ((ws.onopen = r), (ws.onerror = j)))
    let next = 1
    const pending = new Map<number, (v: any) => void>()
    ws.onmessage = (e) => {
      const msg = JSON.parse(String(e.data))
      if (msg.id && pending.has(msg.id)) pending.get(msg.id)!(msg.result ?? msg.error)
    }
    const send = (method: string, params: object = {}) =>
      new Promise<any>((resolve) => {
        const n = next++
        pending.set(n, resolve)
        ws.send(JSON.stringify({ id: n, method, params }))
      })
    await send('Profiler.enable')
    await send('Profiler.setSamplingInterval', { interval: 50 })
    await send('Profiler.start')
    const load = await runLoad(url, LOAD_BODY, { concurrency: 8, warmupMs: 300, durationMs: seconds * 1000, pid, expectedLength: Buffer.byteLength(ref.body) })
    const { profile } = (await send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } }
    ws.close()

    const where = moduleMap(file)
    const byNode = new Map<number, ProfileNode>(profile.nodes.map((n) => [n.id, n]))
    const selfUs = new Map<number, number>()
    profile.samples.forEach((nodeId, i) => selfUs.set(nodeId, (selfUs.get(nodeId) ?? 0) + (profile.timeDeltas[i] ?? 0)))
    const total = [...selfUs.values()].reduce((a, b) => a + b, 0)
    const byFunction = new Map<string, number>()
    const byModule = new Map<string, number>()
    for (const [nodeId, us] of selfUs) {
      const { functionName, url: u, lineNumber } = byNode.get(nodeId)!.callFrame
      const native = !u
      const module = native ? functionName || '(native)' : where(lineNumber + 1)
      const fn = native ? functionName || '(native)' : `${functionName || '(anonymous)'} ${module}:${lineNumber + 1}`
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + us)
      byModule.set(module, (byModule.get(module) ?? 0) + us)
    }
    const busy = total - (byModule.get('(idle)') ?? 0)
    const perReq = (us: number) => (us / load.requests).toFixed(1)
    console.log(`\n## ${id}: ${load.requests} requests, workerd CPU ${load.cpuUsPerReq.toFixed(0)} µs/req (/proc), isolate busy ${perReq(busy)} µs/req (profile, idle excluded)\n`)
    console.log('| Module | µs/req | share of busy |\n|---|---|---|')
    for (const [m, us] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
      if (m === '(idle)') continue
      console.log(`| ${m} | ${perReq(us)} | ${((100 * us) / busy).toFixed(1)}% |`)
    }
    console.log('\n| Function (self) | µs/req | share of busy |\n|---|---|---|')
    for (const [f, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
      if (f === '(idle)') continue
      console.log(`| ${f} | ${perReq(us)} | ${((100 * us) / busy).toFixed(1)}% |`)
    }
  } finally {
    await mf.dispose()
  }
}

for (const id of ids.length ? ids : ['floor', 'mcp-aot']) await profile(id)
