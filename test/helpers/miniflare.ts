/**
 * Serves a built module Worker in workerd through Miniflare, on 127.0.0.1, with the
 * `enable_request_signal` flag (so `request.signal` reports a client disconnect). What workerd prints
 * (the Worker's console, "broken pipe" when a client hangs up) is kept for `output()`, not echoed.
 */
import { dirname } from 'node:path'
import type { Readable } from 'node:stream'
import { Miniflare } from 'miniflare'
import { served, type Served } from './served.ts'

export interface WorkerdOptions {
  bindings?: Record<string, string>
  /** KV namespaces to bind (empty, in memory), by binding name. */
  kvNamespaces?: string[]
  /** Defaults to 0: the OS picks a free port, and `mf.ready` reports it. */
  port?: number
  compatibilityDate?: string
  /** Always includes `enable_request_signal`. */
  compatibilityFlags?: string[]
  /** Durable Object bindings: binding name → exported class name (storage in memory). */
  durableObjects?: Record<string, string>
}

export const COMPATIBILITY_DATE = '2026-07-28'

export async function startWorkerd(scriptPath: string, options: WorkerdOptions = {}): Promise<Served> {
  let output = ''
  const mf = new Miniflare({
    modules: true,
    modulesRoot: dirname(scriptPath),
    scriptPath,
    compatibilityDate: options.compatibilityDate ?? COMPATIBILITY_DATE,
    compatibilityFlags: [...new Set(['enable_request_signal', ...(options.compatibilityFlags ?? [])])],
    bindings: options.bindings ?? {},
    kvNamespaces: options.kvNamespaces ?? [],
    durableObjects: options.durableObjects ?? {},
    host: '127.0.0.1',
    port: options.port ?? 0,
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      for (const stream of [stdout, stderr]) stream.setEncoding('utf8').on('data', (chunk: string) => { output += chunk })
    },
  })
  let url: URL
  try {
    url = await mf.ready
  } catch (error) {
    await mf.dispose().catch(() => {})
    throw new Error(`workerd did not start: ${error instanceof Error ? error.message : String(error)}\n${output}`, { cause: error })
  }
  return served(url.origin, () => output, () => mf.dispose())
}

/** A front Worker of `startFronts`: its fetch, as Miniflare's `getWorker()` hands it (a Worker's exception rejects it). */
export type Front = { fetch(url: string, init?: RequestInit): Promise<Response> }

/** A front's Durable Object bindings: binding name → its own exported class, or another front's (`scriptName`), whose namespace it then shares. */
export type FrontObjects = Record<string, string | { className: string; scriptName: string }>

/**
 * One bundle as several front Workers in one Miniflare instance, each its own module instance with its own
 * memory (as isolates are), reached through `getWorker()`: what a deployment whose requests land in different
 * isolates does, with Durable Object namespaces shared where a front binds another's class.
 */
export async function startFronts<Name extends string>(scriptPath: string, bindings: Record<string, string>, fronts: Record<Name, FrontObjects>): Promise<{ fronts: Record<Name, Front>; dispose(): Promise<void> }> {
  const common = { modules: true, modulesRoot: dirname(scriptPath), scriptPath, compatibilityDate: COMPATIBILITY_DATE, compatibilityFlags: ['enable_request_signal'], bindings }
  const names = Object.keys(fronts) as Name[]
  const mf = new Miniflare({ workers: names.map((name) => ({ ...common, name, durableObjects: fronts[name] })) })
  await mf.ready
  const made = {} as Record<Name, Front>
  for (const name of names) made[name] = (await mf.getWorker(name)) as unknown as Front
  return { fronts: made, dispose: () => mf.dispose() }
}
