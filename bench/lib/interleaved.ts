/**
 * One workerd, several ways of serving the same tools/call (variants told apart by request headers), each
 * loaded in turn, repetition after repetition, so drift on the shared machine hits every variant alike
 * (bench/sessions.ts, bench/instrument.ts).
 */
import { jsonRpc, MCP_HEADERS, post } from './http.ts'
import { runLoad, type LoadOptions, type LoadResult } from './load.ts'

export interface Variant {
  name: string
  headers: Record<string, string>
  /** This variant's request body, when not the shared one. */
  body?: string
  /** What else its tools/call result must be (e.g. a task handle), as an error sentence; undefined when it is. */
  check?: (result: any) => string | undefined
}

export type WindowSettings = Pick<LoadOptions, 'concurrency' | 'warmupMs' | 'durationMs'> & { reps: number }

/**
 * Checks that each variant answers `body` with a successful tools/call, then loads the variants `reps`
 * times in turn (in a rotated order each repetition when `rotate`). Returns the windows per variant.
 */
export async function interleavedLoads(url: URL, body: string, variants: readonly Variant[], settings: WindowSettings, pid: number, log: (...a: unknown[]) => void, rotate = false): Promise<LoadResult[][]> {
  const expected = await Promise.all(
    variants.map(async (variant) => {
      const reply = await post(url, variant.body ?? body, undefined, { ...MCP_HEADERS, ...variant.headers })
      const message = jsonRpc(reply)
      if (reply.status !== 200 || !message?.result || message.result.isError) throw new Error(`not a successful tools/call: ${reply.status} ${reply.body.slice(0, 300)}`)
      const wrong = variant.check?.(message.result)
      if (wrong) throw new Error(`${variant.name}: ${wrong}: ${reply.body.slice(0, 300)}`)
      return Buffer.byteLength(reply.body)
    }),
  )
  const runs: LoadResult[][] = variants.map(() => [])
  for (let rep = 0; rep < settings.reps; rep++) {
    for (let k = 0; k < variants.length; k++) {
      const index = rotate ? (k + rep) % variants.length : k
      const variant = variants[index]!
      const result = await runLoad(url, variant.body ?? body, { ...settings, pid, expectedLength: expected[index]!, headers: variant.headers })
      if (result.errors > 0) throw new Error(`${variant.name}: ${result.errors} failed replies`)
      runs[index]!.push(result)
      log(variant.name, `rep ${rep + 1}:`, Math.round(result.rps), 'req/s,', Math.round(result.cpuUsPerReq), 'µs/req')
    }
  }
  return runs
}
