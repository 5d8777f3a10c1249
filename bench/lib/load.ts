/**
 * A closed-loop load generator: `concurrency` keep-alive connections, each sending the same POST as soon
 * as its previous reply arrived. A warm-up phase runs first; then a measured window, bracketed by
 * readings of the workerd process's CPU time. Every reply is checked (status 200 and the same length as
 * the reference reply); a mismatch counts as an error.
 */
import http from 'node:http'
import { MCP_HEADERS } from './http.ts'
import { cpuUs } from './proc.ts'
import { quantile } from './stats.ts'

export interface LoadOptions {
  concurrency: number
  warmupMs: number
  durationMs: number
  /** The workerd pid whose CPU is read around the measured window. */
  pid: number
  /** The length in bytes of the expected reply body. */
  expectedLength: number
  /**
   * Open loop at this many requests/s (at most `concurrency` in flight) instead of a closed loop: every
   * server then sees the same arrivals, so workerd's per-request CPU does not depend on how fast the
   * client happened to be.
   */
  rate?: number
  /** Extra request headers (e.g. `mcp-session-id`), added to the legacy-era MCP_HEADERS. */
  headers?: Record<string, string>
}

export interface LoadResult {
  requests: number
  errors: number
  seconds: number
  rps: number
  p50Ms: number
  p99Ms: number
  /** workerd CPU per request over the window, µs: from /proc stat ticks and from schedstat. */
  cpuUsPerReq: number
  cpuUsPerReqSched: number
}

export async function runLoad(url: URL, body: string, opts: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency })
  const payload = Buffer.from(body)
  const headers = { ...MCP_HEADERS, ...opts.headers, 'content-length': String(payload.length) }
  const send = (): Promise<boolean> =>
    new Promise((resolve) => {
      const req = http.request(url, { method: 'POST', agent, headers }, (res) => {
        let n = 0
        res.on('data', (c: Buffer) => (n += c.length))
        res.on('end', () => resolve(res.statusCode === 200 && n === opts.expectedLength))
        res.on('error', () => resolve(false))
      })
      req.on('error', () => resolve(false))
      req.end(payload)
    })

  let measuring = false
  let stop = false
  const latencies: number[] = []
  let errors = 0
  const loop = async () => {
    while (!stop) {
      const t0 = performance.now()
      const ok = await send()
      if (!measuring) continue
      if (ok) latencies.push(performance.now() - t0)
      else errors++
    }
  }
  const one = async () => {
    const t0 = performance.now()
    const ok = await send()
    if (!measuring) return
    if (ok) latencies.push(performance.now() - t0)
    else errors++
  }
  const paced = async (rate: number) => {
    const start = performance.now()
    let sent = 0
    let inFlight = 0
    const running = new Set<Promise<void>>()
    while (!stop) {
      const due = Math.floor(((performance.now() - start) * rate) / 1000)
      while (sent < due && inFlight < opts.concurrency) {
        sent++
        inFlight++
        const p: Promise<void> = one().finally(() => {
          inFlight--
          running.delete(p)
        })
        running.add(p)
      }
      if (sent < due) sent = due // over capacity: drop the backlog rather than burst
      await sleep(1)
    }
    await Promise.all(running)
  }
  const loops = opts.rate ? [paced(opts.rate)] : Array.from({ length: opts.concurrency }, loop)
  await sleep(opts.warmupMs)
  const cpu0 = cpuUs(opts.pid)
  const t0 = performance.now()
  measuring = true
  await sleep(opts.durationMs)
  measuring = false
  const cpu1 = cpuUs(opts.pid)
  const seconds = (performance.now() - t0) / 1000
  stop = true
  await Promise.all(loops)
  agent.destroy()

  const requests = latencies.length + errors
  const sorted = Float64Array.from(latencies).sort()
  return {
    requests,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50Ms: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
    cpuUsPerReq: (cpu1.stat - cpu0.stat) / requests,
    cpuUsPerReqSched: (cpu1.sched - cpu0.sched) / requests,
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms))
}
