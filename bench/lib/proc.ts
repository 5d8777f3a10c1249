/**
 * CPU time of a process from /proc (Linux only). Two readings of the same thing:
 * - `statCpuUs`: utime + stime of /proc/<pid>/stat (whole thread group, exited threads included), in
 *   clock ticks (10 ms here) — exact over a load run of seconds, coarse for one cold start;
 * - `schedCpuUs`: the sum over /proc/<pid>/task/* /schedstat of the run time in ns — fine-grained, but
 *   threads that already exited are not counted (workerd keeps its threads).
 */
import { readFileSync, readdirSync } from 'node:fs'

const TICK_US = 10_000 // getconf CLK_TCK = 100 on Linux x86_64

function statFields(pid: number): string[] {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // comm may hold spaces; the fields after it start two characters after the last ')'
  return text.slice(text.lastIndexOf(')') + 2).split(' ')
}

/** utime + stime in µs (tick resolution). */
export function statCpuUs(pid: number): number {
  const f = statFields(pid)
  return (Number(f[11]) + Number(f[12])) * TICK_US
}

/** Sum of every live thread's run time in µs (ns resolution). */
export function schedCpuUs(pid: number): number {
  let ns = 0
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0])
    } catch {
      // the thread exited between readdir and read
    }
  }
  return ns / 1000
}

export interface CpuReading {
  stat: number
  sched: number
}

export function cpuUs(pid: number): CpuReading {
  return { stat: statCpuUs(pid), sched: schedCpuUs(pid) }
}

/** Peak resident set of a process in KiB (VmHWM). */
export function peakRssKiB(pid: number): number {
  const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) : NaN
}

/** The pids of the direct children of `parent` whose command name is `comm`. */
export function childPids(parent: number, comm: string): number[] {
  const out: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8')
      const c = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'))
      const ppid = Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === parent && c === comm) out.push(Number(name))
    } catch {
      // the process exited while we looked
    }
  }
  return out
}
