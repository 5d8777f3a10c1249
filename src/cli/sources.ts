/** The source files `mcp-aot inspect` reads: the given files, the .ts files under the given folders (default src/). */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

const SOURCE = /\.[cm]?tsx?$/
const DECLARATION = /\.d\.[cm]?tsx?$/
/** Folders a scan never enters. */
const SKIPPED = new Set(['node_modules', 'dist', 'build', 'coverage'])

function scan(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => {
      const path = join(dir, e.name)
      if (e.isDirectory()) return SKIPPED.has(e.name) || e.name.startsWith('.') ? [] : scan(path)
      return e.isFile() && SOURCE.test(e.name) && !DECLARATION.test(e.name) ? [path] : []
    })
}

/** Absolute paths, each once, in a stable order; throws a sentence for a path that does not exist. */
export function sourceFiles(cwd: string, paths: readonly string[]): string[] {
  const roots = paths.length > 0 ? paths : ['src']
  const found = new Set<string>()
  for (const p of roots) {
    const abs = resolve(cwd, p)
    if (!existsSync(abs)) {
      throw new Error(paths.length > 0 ? `${p} does not exist.` : 'There is no src/ folder here: name the files or folders to inspect.')
    }
    for (const file of statSync(abs).isDirectory() ? scan(abs) : [abs]) found.add(file)
  }
  return [...found]
}
