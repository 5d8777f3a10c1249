/** A process's resident set size in KiB, from /proc (Linux), for the benches that sample memory. */
import { readFileSync } from 'node:fs'

export function rssKiB(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) : NaN
}
