/**
 * Build cost of a generated project, run as its own process so its peak memory is its own:
 *   node bench/lib/build-cost.ts <project dir> <rebuilds> [--no-plugin]
 * Prints one JSON line: the first build's wall time, the wall time during which the plugin's esbuild hooks
 * were in progress (onLoad = unplugin's load + transform; all hooks), this process's CPU time (esbuild
 * itself runs in its own Go process, so this is the plugin's), peak RSS, and the wall time of each
 * incremental rebuild (esbuild context) after one tool file changed.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import * as esbuild from 'esbuild'
import { ESBUILD_POLICY } from './bundle.ts'
import { esbuildPlugin, PACKAGE_ALIASES } from './mcp-aot.ts'
import { peakRssKiB } from './proc.ts'

export interface BuildCost {
  buildMs: number
  hookMs: number
  transformMs: number
  cpuMs: number
  peakRssMiB: number
  rebuildMs: number[]
}

/**
 * Wall time during which at least one of the plugin's hooks is in progress (esbuild calls onLoad for
 * many files at once; a plain sum of their durations would count the queue, not the work).
 */
class Busy {
  ms = 0
  private active = 0
  private since = 0
  enter(): void {
    if (this.active++ === 0) this.since = performance.now()
  }
  leave(): void {
    if (--this.active === 0) this.ms += performance.now() - this.since
  }
}

function timed(plugin: esbuild.Plugin, acc: { hook: Busy; transform: Busy }): esbuild.Plugin {
  return {
    name: plugin.name,
    setup(build) {
      const wrap =
        <A, R>(cb: (args: A) => R, onLoad: boolean) =>
        async (args: A) => {
          acc.hook.enter()
          if (onLoad) acc.transform.enter()
          try {
            return await cb(args)
          } finally {
            acc.hook.leave()
            if (onLoad) acc.transform.leave()
          }
        }
      const proxy = new Proxy(build, {
        get(target, key) {
          if (key === 'onLoad') return (o: esbuild.OnLoadOptions, cb: any) => target.onLoad(o, wrap(cb, true))
          if (key === 'onResolve') return (o: esbuild.OnResolveOptions, cb: any) => target.onResolve(o, wrap(cb, false))
          if (key === 'onStart') return (cb: any) => target.onStart(wrap(cb, false) as any)
          if (key === 'onEnd') return (cb: any) => target.onEnd(wrap(cb, false) as any)
          return Reflect.get(target, key)
        },
      })
      return plugin.setup(proxy)
    },
  }
}

async function main(): Promise<void> {
  const [dir, rebuilds = '3'] = process.argv.slice(2)
  const withPlugin = !process.argv.includes('--no-plugin')
  const acc = { hook: new Busy(), transform: new Busy() }
  const plugins = withPlugin ? [timed(await esbuildPlugin(), acc)] : []
  const ctx = await esbuild.context({
    ...ESBUILD_POLICY,
    entryPoints: [`${dir}/mcp-aot/worker.ts`],
    outfile: `${dir}/out/cost.js`,
    alias: PACKAGE_ALIASES,
    plugins,
  })
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const first = await ctx.rebuild()
  const buildMs = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  if (first.errors.length) throw new Error(first.errors.map((e) => e.text).join('\n'))
  const result: BuildCost = {
    buildMs,
    hookMs: acc.hook.ms,
    transformMs: acc.transform.ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakRssMiB: 0,
    rebuildMs: [],
  }
  const file = `${dir}/mcp-aot/tools/t0.ts`
  const original = readFileSync(file, 'utf8')
  try {
    for (let k = 0; k < Number(rebuilds); k++) {
      writeFileSync(file, original.replace('(variant 0)', `(variant 0, edit ${k})`))
      const t = performance.now()
      const r = await ctx.rebuild()
      result.rebuildMs.push(performance.now() - t)
      if (r.errors.length) throw new Error(r.errors.map((e) => e.text).join('\n'))
      if (withPlugin && !readFileSync(`${dir}/out/cost.js`, 'utf8').includes(`edit ${k}`)) throw new Error('the rebuild did not pick up the edited tool')
    }
  } finally {
    writeFileSync(file, original)
    await ctx.dispose()
  }
  result.peakRssMiB = peakRssKiB(process.pid) / 1024
  process.stdout.write(JSON.stringify(result) + '\n')
}

await main()
