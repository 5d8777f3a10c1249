/**
 * Build cost of a generated project, run as its own process so its peak memory is its own:
 *   node bench/lib/build-cost.ts <project dir> <rebuilds> [--no-plugin] [--plugin=<file>] [--type-file=<path>]
 * Prints one JSON line: the first build's wall time, the wall time during which the plugin's esbuild hooks
 * were in progress (onLoad = unplugin's load + transform; all hooks), this process's CPU time (esbuild
 * itself runs in its own Go process, so this is the plugin's), peak RSS, and the wall time of each
 * incremental rebuild (esbuild context): after one tool file changed, with nothing changed, and (with
 * `--type-file`) after that type file changed. `--plugin`: another build of the esbuild plugin (another
 * checkout's dist/esbuild.js), for a before/after in one run. The plugin's compile probe (where it has one)
 * counts the modules each build compiled.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import * as esbuild from 'esbuild'
import { ESBUILD_POLICY } from './bundle.ts'
import { aliasesBeside, esbuildPlugin, PACKAGE_ALIASES } from './mcp-aot.ts'
import { peakRssKiB, statCpuUs } from './proc.ts'

export interface BuildCost {
  buildMs: number
  hookMs: number
  transformMs: number
  cpuMs: number
  peakRssMiB: number
  /** After one tool file changed. */
  rebuildMs: number[]
  /** With nothing changed. */
  noChangeMs: number[]
  /** After a type file changed (`--type-file`). */
  typeEditMs: number[]
  /** CPU ms of this process (the plugin) and of esbuild's service process, per build: cold, then each rebuild kind. */
  cpu: Record<'cold' | 'edit' | 'noChange' | 'typeEdit', { plugin: number[]; esbuild: number[] }>
  /** Modules compiled by the first build and by each kind of rebuild (its last one), when the plugin counts them. */
  compiles?: { cold: number; edit: number; noChange: number; typeEdit?: number }
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

/** esbuild's service process (a child of this one), for its CPU time; undefined where /proc does not say. */
function esbuildPid(): number | undefined {
  try {
    const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).map(Number)
    return children.find((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'esbuild')
  } catch {
    return undefined
  }
}

/** CPU ms of this process and of esbuild's since `from` (a reading of `cpuNow`). */
const cpuNow = (pid: number | undefined) => ({ plugin: process.cpuUsage(), esbuild: pid === undefined ? NaN : statCpuUs(pid) })
const cpuSince = (pid: number | undefined, from: ReturnType<typeof cpuNow>) => {
  const p = process.cpuUsage(from.plugin)
  return { plugin: (p.user + p.system) / 1000, esbuild: pid === undefined ? NaN : (statCpuUs(pid) - from.esbuild) / 1000 }
}

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)

async function main(): Promise<void> {
  const [dir, rebuilds = '3'] = process.argv.slice(2).filter((a) => !a.startsWith('--'))
  const withPlugin = !process.argv.includes('--no-plugin')
  const pluginFile = flag('plugin')
  const typeFile = flag('type-file')
  const acc = { hook: new Busy(), transform: new Busy() }
  let compiled = 0
  let counted = false
  const probe = { [Symbol.for('mcp-aot.compileProbe')]: { compiled: () => ((counted = true), compiled++) } }
  const plugins = withPlugin ? [timed(await esbuildPlugin(probe, pluginFile), acc)] : []
  const ctx = await esbuild.context({
    ...ESBUILD_POLICY,
    entryPoints: [`${dir}/mcp-aot/worker.ts`],
    outfile: `${dir}/out/cost.js`,
    alias: pluginFile ? aliasesBeside(pluginFile) : PACKAGE_ALIASES,
    plugins,
  })
  const pid = esbuildPid()
  const cpu0 = process.cpuUsage()
  const both0 = cpuNow(pid)
  const t0 = performance.now()
  const first = await ctx.rebuild()
  const buildMs = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  const coldCpu = cpuSince(pid, both0)
  if (first.errors.length) throw new Error(first.errors.map((e) => e.text).join('\n'))
  const result: BuildCost = {
    buildMs,
    hookMs: acc.hook.ms,
    transformMs: acc.transform.ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakRssMiB: 0,
    rebuildMs: [],
    noChangeMs: [],
    typeEditMs: [],
    cpu: { cold: { plugin: [coldCpu.plugin], esbuild: [coldCpu.esbuild] }, edit: { plugin: [], esbuild: [] }, noChange: { plugin: [], esbuild: [] }, typeEdit: { plugin: [], esbuild: [] } },
  }
  const counts: Record<string, number> = { cold: compiled }
  /** One rebuild after `change`, timed into `into`; `check`: what the output must now contain. */
  const rebuild = async (kind: 'edit' | 'noChange' | 'typeEdit', into: number[], change: () => void, check?: string) => {
    change()
    compiled = 0
    const c = cpuNow(pid)
    const t = performance.now()
    const r = await ctx.rebuild()
    into.push(performance.now() - t)
    const used = cpuSince(pid, c)
    result.cpu[kind].plugin.push(used.plugin)
    result.cpu[kind].esbuild.push(used.esbuild)
    counts[kind] = compiled
    if (r.errors.length) throw new Error(r.errors.map((e) => e.text).join('\n'))
    if (withPlugin && check && !readFileSync(`${dir}/out/cost.js`, 'utf8').includes(check)) throw new Error(`the ${kind} rebuild did not pick up the change (${check})`)
  }
  const file = `${dir}/mcp-aot/tools/t0.ts`
  const original = readFileSync(file, 'utf8')
  const types = typeFile ? readFileSync(typeFile, 'utf8') : ''
  try {
    for (let k = 0; k < Number(rebuilds); k++) {
      await rebuild('edit', result.rebuildMs, () => writeFileSync(file, original.replace('(variant 0)', `(variant 0, edit ${k})`)), `edit ${k}`)
      await rebuild('noChange', result.noChangeMs, () => {})
      // The type file's Customer.name: minLength 1, then 2, 3, … (a new schema each time).
      if (typeFile) await rebuild('typeEdit', result.typeEditMs, () => writeFileSync(typeFile, types.replace('MinLength<1>', `MinLength<${k + 2}>`)), `"minLength":${k + 2}`)
    }
  } finally {
    writeFileSync(file, original)
    if (typeFile) writeFileSync(typeFile, types)
    await ctx.dispose()
  }
  if (counted) result.compiles = counts as BuildCost['compiles']
  result.peakRssMiB = peakRssKiB(process.pid) / 1024
  process.stdout.write(JSON.stringify(result) + '\n')
}

await main()
