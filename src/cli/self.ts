/**
 * What a project made by `mcp-aot init` depends on: the registry's `^version` when this copy of mcp-aot
 * came from the registry, else this very copy as a `file:` path (a clone, an unpacked folder, or a
 * tarball npx or npm installed), so `npm install` works before the version is published. `--from` names
 * the copy explicitly (a packed .tgz or a package folder).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { basename, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The package root of the running copy: ../.. from both src/cli and dist/cli. */
const SELF_ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface Dependency {
  /** The version range or `file:` path written into the new project's package.json. */
  spec: string
  /** Why, in a few words, for the line `init` prints; absent for a registry install. */
  source?: string
}

function readJson(path: string): any {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

/** A `file:` spec for `path` as seen from the project folder (relative, with forward slashes). */
function fileSpec(path: string, project: string): string {
  const rel = relative(project, path).split(sep).join('/')
  return `file:${rel.startsWith('.') ? rel : './' + rel}`
}

/** Where npm says it got `<prefix>/node_modules/mcp-aot` from, when a lockfile there records it. */
function resolvedFrom(root: string): string | undefined {
  const parts = root.split(sep)
  const at = parts.lastIndexOf('node_modules')
  const prefix = parts.slice(0, at).join(sep) || sep
  const key = parts.slice(at).join('/')
  for (const lock of [join(prefix, 'node_modules/.package-lock.json'), join(prefix, 'package-lock.json')]) {
    const resolved = readJson(lock)?.packages?.[key]?.resolved
    if (typeof resolved === 'string') return resolved.startsWith('file:') ? resolve(prefix, resolved.slice(5)) : resolved
  }
  return undefined
}

/**
 * The dependency for a project in `project`. `from` (as typed, relative to `cwd`) wins; else the running
 * copy at `root` decides: inside node_modules, npm's lockfile says whether it came from a file.
 */
export function dependency(options: { from?: string; cwd: string; project: string; version: string; root?: string }): Dependency {
  if (options.from !== undefined) {
    const path = resolve(options.cwd, options.from)
    if (!existsSync(path)) throw new Error(`--from ${options.from} does not exist: give a packed mcp-aot (.tgz) or its folder.`)
    if (statSync(path).isDirectory() ? readJson(join(path, 'package.json'))?.name !== 'mcp-aot' : !path.endsWith('.tgz')) {
      throw new Error(`--from ${options.from} is not mcp-aot: give a packed mcp-aot (.tgz, from npm pack) or a folder whose package.json is mcp-aot's.`)
    }
    return { spec: fileSpec(path, options.project), source: `--from ${options.from}` }
  }
  const root = resolve(options.root ?? SELF_ROOT)
  if (!root.split(sep).includes('node_modules')) return { spec: fileSpec(root, options.project), source: 'this copy is not an npm install' }
  const resolved = resolvedFrom(root)
  if (resolved !== undefined && !/^[a-z+]+:/.test(resolved)) {
    return { spec: fileSpec(resolved, options.project), source: `installed from ${basename(resolved)}` }
  }
  return { spec: `^${options.version}` }
}
