/** Runs bench/lib/build-cost.ts in a process of its own (so its peak memory is its own) and reads its JSON line. */
import { spawn } from 'node:child_process'
import type { BuildCost } from './build-cost.ts'
import { ROOT } from './mcp-aot.ts'

/** The build cost of the generated project in `dir`: a cold build, then `rebuilds` rebuilds after one tool file changed. */
export function runBuildCost(dir: string, rebuilds: number, withPlugin: boolean): Promise<BuildCost> {
  return new Promise((resolve, reject) => {
    const args = [`${ROOT}bench/lib/build-cost.ts`, dir, String(rebuilds), ...(withPlugin ? [] : ['--no-plugin'])]
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (c) => (out += c))
    child.stderr.on('data', (c) => (err += c))
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(err.trim().split('\n').slice(-5).join('\n')))))
  })
}
