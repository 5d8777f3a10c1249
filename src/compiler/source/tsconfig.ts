/**
 * The part of tsconfig.json the resolver needs: `compilerOptions.paths` and `baseUrl`, as TypeScript reads
 * them. get-tsconfig (the reader tsx uses) does the reading: JSONC, `extends` (relative, a package's config,
 * an array of them), `${configDir}`, `include`/`files`/`exclude` matching and the `paths` matcher (the
 * longest pattern wins, `baseUrl` as a last candidate). Ours is only the part it leaves out: for a
 * solution-style tsconfig.json (Vite's `files: []` with `references` to `tsconfig.app.json` and
 * `tsconfig.node.json`), the referenced config that includes the importing file.
 */
import { existsSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createFilesMatcher, createPathsMatcher, findTsconfig, parseTsconfig, type TsConfigResult } from 'get-tsconfig'

/** The candidate paths of a specifier through a config's `paths` (`@/*` → `src/*`) and `baseUrl`, in the order TypeScript tries them. */
export type PathMapping = (specifier: string) => string[]

/** get-tsconfig's cache of where the configs are (findTsconfig); each config is read with a cache of its own (readConfig). */
let reads = new Map<string, any>()
interface Read {
  result: TsConfigResult
  mapping: PathMapping | null
  covers: (file: string) => boolean
  /** The config and every config it extends: what a bundler watches (an edit may change where imports lead). */
  files: string[]
}
/** A config that cannot be read, and why. */
export interface Unread {
  path: string
  reason: string
  files?: string[]
}

/** The files get-tsconfig read into `cache` (its keys name them), and `path` itself. */
const filesRead = (path: string, cache: ReadonlyMap<string, unknown>): string[] => [...new Set([path, ...[...cache.keys()].flatMap((key) => /^readFileSync:(.+):utf8$/.exec(key)?.[1] ?? [])])]
const configs = new Map<string, Read | Unread>()

/**
 * A config read with its `extends`, or why it cannot be read (a missing `extends` target, a circular one):
 * then the build resolves as if it had no `paths`, and says so where an import is not found.
 */
function readConfig(path: string): Read | Unread {
  let hit = configs.get(path)
  if (hit === undefined) {
    // A cache of its own, to learn which files this config is made of.
    const own = new Map<string, any>()
    try {
      const result = { path, config: parseTsconfig(path, own) }
      const matches = createFilesMatcher(result)
      hit = { result, mapping: pathsOf(result), covers: (file) => matches(file) !== undefined, files: filesRead(path, own) }
    } catch (error) {
      hit = { path, reason: (error as Error).message.replace(/\.$/, ''), files: filesRead(path, own) }
    }
    configs.set(path, hit)
  }
  return hit
}

/** A config's paths matcher; null without `paths` and `baseUrl`, or when its `paths` are ones TypeScript refuses (a non-relative target with no `baseUrl`). */
function pathsOf(result: TsConfigResult): PathMapping | null {
  try {
    return createPathsMatcher(result)
  } catch {
    return null
  }
}

/** A `references` entry's config: a file, or a folder's tsconfig.json. */
function referenced(from: string, ref: unknown): string | undefined {
  const given = (ref as { path?: unknown } | null)?.path
  if (typeof given !== 'string') return undefined
  const path = resolve(dirname(from), given)
  return existsSync(path) && statSync(path).isDirectory() ? join(path, 'tsconfig.json') : path
}

/**
 * The `paths` that apply to `file`: those of the nearest tsconfig.json above it (with its `extends`), or,
 * when it has none, those of the config it references that includes the file (a solution-style
 * tsconfig.json); and a config on the way that cannot be read.
 */
function lookup(file: string): { mapping: PathMapping | null; unread?: Unread; configs: string[] } {
  const nearest = findTsconfig(file, 'tsconfig.json', reads)
  if (!nearest) return { mapping: null, configs: [] }
  const config = readConfig(nearest)
  const configs = [...(config.files ?? [nearest])]
  if ('reason' in config) return { mapping: null, unread: config, configs }
  if (config.mapping) return { mapping: config.mapping, configs }
  let unread: Unread | undefined
  for (const ref of config.result.config.references ?? []) {
    const path = referenced(nearest, ref)
    if (!path || !existsSync(path)) continue
    const other = readConfig(path)
    configs.push(...(other.files ?? [path]))
    if ('reason' in other) unread ??= other
    else if (other.mapping && other.covers(file)) return { mapping: other.mapping, configs }
  }
  return { mapping: null, unread, configs }
}

/** What `lookup` found for each file, until the cache is cleared (a solution-style config's references are walked once a file). */
const lookups = new Map<string, ReturnType<typeof lookup>>()
const lookedUp = (file: string) => {
  let found = lookups.get(file)
  if (!found) lookups.set(file, (found = lookup(file)))
  return found
}

/** The `paths` that apply to `file`, or null when none do. */
export const findPathMapping = (file: string): PathMapping | null => lookedUp(file).mapping

/** The tsconfig that would give `file` its `paths` and cannot be read (a missing `extends` target, a circular one). */
export const unreadTsconfig = (file: string): Unread | undefined => lookedUp(file).unread

/** The tsconfig files that decide where `file`'s imports lead (the nearest, what it extends, the references walked). */
export const tsconfigFiles = (file: string): readonly string[] => lookedUp(file).configs

export function clearTsconfigCache(): void {
  reads = new Map()
  configs.clear()
  lookups.clear()
}
