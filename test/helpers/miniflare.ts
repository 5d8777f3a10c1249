/**
 * Serves a built module Worker in workerd through Miniflare, on 127.0.0.1, with the
 * `enable_request_signal` flag (so `request.signal` reports a client disconnect). What workerd prints
 * (the Worker's console, "broken pipe" when a client hangs up) is kept for `output()`, not echoed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import type { Readable } from 'node:stream'
import { build } from 'esbuild'
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

const SRC = resolve(import.meta.dirname, '../../src')

/**
 * A Worker whose entry is `lines` of TypeScript (no tools to compile: the plugin is not run), importing
 * `mcp-aot` and `mcp-aot/cloudflare` from src/, bundled with esbuild into a temporary folder and served by
 * `startWorkerd`; `stop` removes the folder too.
 */
export async function startEntry(lines: string[], options: WorkerdOptions = {}): Promise<Served> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-aot-entry-'))
  try {
    const alias = { 'mcp-aot': join(SRC, 'index.ts'), 'mcp-aot/cloudflare': join(SRC, 'cloudflare/index.ts') }
    const out = await build({ stdin: { contents: lines.join('\n'), resolveDir: dir, loader: 'ts' }, bundle: true, format: 'esm', platform: 'neutral', write: false, alias, logLevel: 'silent' })
    await writeFile(join(dir, 'worker.js'), out.outputFiles[0]!.text)
    const server = await startWorkerd(join(dir, 'worker.js'), options)
    return { ...server, stop: () => server.stop().finally(() => rm(dir, { recursive: true, force: true })) }
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
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
