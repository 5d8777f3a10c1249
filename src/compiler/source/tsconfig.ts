/** The part of tsconfig.json the resolver needs: `compilerOptions.paths` and `baseUrl`, following `extends`. */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

export interface PathMapping {
  /** Directory that `paths` targets are relative to. */
  base: string
  paths: Record<string, string[]>
}

/** Strips comments and trailing commas from JSONC, leaving strings intact. */
export function parseJsonc(text: string): any {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === '"') {
      const m = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(i))
      const s = m ? m[0] : c
      out += s
      i += s.length - 1
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++
      out += '\n'
    } else if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2)
      if (i < 0) break
      i++
    } else out += c
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'))
}

function readConfig(file: string, seen: Set<string>): { paths?: Record<string, string[]>; base?: string } {
  if (seen.has(file) || !existsSync(file)) return {}
  seen.add(file)
  const json = parseJsonc(readFileSync(file, 'utf8'))
  let result: { paths?: Record<string, string[]>; base?: string } = {}
  const ext = json.extends
  for (const parent of Array.isArray(ext) ? ext : ext ? [ext] : []) {
    if (typeof parent === 'string' && parent.startsWith('.')) {
      const path = resolve(dirname(file), parent.endsWith('.json') ? parent : `${parent}.json`)
      result = { ...result, ...readConfig(path, seen) }
    }
  }
  const options = json.compilerOptions ?? {}
  if (options.baseUrl !== undefined) result.base = resolve(dirname(file), options.baseUrl)
  if (options.paths) {
    result.paths = options.paths
    if (result.base === undefined) result.base = dirname(file)
  }
  return result
}

const cache = new Map<string, PathMapping | null>()

/** The nearest tsconfig.json above `dir` with `paths`, or null. */
export function findPathMapping(dir: string): PathMapping | null {
  const hit = cache.get(dir)
  if (hit !== undefined) return hit
  let result: PathMapping | null = null
  const file = join(dir, 'tsconfig.json')
  if (existsSync(file)) {
    const config = readConfig(file, new Set())
    result = config.paths ? { base: config.base!, paths: config.paths } : null
  } else {
    const parent = dirname(dir)
    result = parent === dir ? null : findPathMapping(parent)
  }
  cache.set(dir, result)
  return result
}

export function clearTsconfigCache(): void {
  cache.clear()
}

/** Candidate paths for a specifier through `paths` (`@/*` → `src/*`), most specific pattern first. */
export function mapPath(mapping: PathMapping, specifier: string): string[] {
  const out: string[] = []
  const patterns = Object.keys(mapping.paths).sort((a, b) => b.length - a.length)
  for (const pattern of patterns) {
    const star = pattern.indexOf('*')
    let captured: string | undefined
    if (star < 0) captured = pattern === specifier ? '' : undefined
    else {
      const prefix = pattern.slice(0, star)
      const suffix = pattern.slice(star + 1)
      if (specifier.startsWith(prefix) && specifier.endsWith(suffix) && specifier.length >= prefix.length + suffix.length) {
        captured = specifier.slice(prefix.length, specifier.length - suffix.length)
      }
    }
    if (captured === undefined) continue
    for (const target of mapping.paths[pattern]!) out.push(resolve(mapping.base, target.replace('*', captured)))
  }
  return out
}
