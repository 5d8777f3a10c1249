/**
 * The part of tsconfig.json the resolver needs: `compilerOptions.paths` and `baseUrl`, following `extends`
 * (relative or a package's config) and, for a solution-style tsconfig.json (Vite's `files: []` with
 * `references` to `tsconfig.app.json` and `tsconfig.node.json`), the referenced config that includes the file.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

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

interface Config {
  paths?: Record<string, string[]>
  base?: string
  include?: string[]
  files?: string[]
  references?: string[]
}

function readJsonc(file: string): any {
  try {
    return parseJsonc(readFileSync(file, 'utf8'))
  } catch {
    return {}
  }
}

/** The file an `extends` entry names: a path, or a package's config (`@tsconfig/node22/tsconfig.json`, `@vue/tsconfig`). */
function extendsTarget(from: string, parent: string): string | undefined {
  const withJson = (p: string) => (p.endsWith('.json') ? [p] : [`${p}.json`, join(p, 'tsconfig.json')])
  if (parent.startsWith('.') || parent.startsWith('/')) return withJson(resolve(dirname(from), parent)).find((p) => existsSync(p))
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const hit = withJson(join(dir, 'node_modules', parent)).find((p) => existsSync(p) && statSync(p).isFile())
    if (hit) return hit
    if (dirname(dir) === dir) return undefined
  }
}

function readConfig(file: string, seen: Set<string>): Config {
  if (seen.has(file) || !existsSync(file)) return {}
  seen.add(file)
  const json = readJsonc(file)
  let result: Config = {}
  const ext = json.extends
  for (const parent of Array.isArray(ext) ? ext : ext ? [ext] : []) {
    const path = typeof parent === 'string' ? extendsTarget(file, parent) : undefined
    if (path) result = { ...result, ...readConfig(path, seen) }
  }
  const rel = (list: unknown) => (Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string').map((x) => resolve(dirname(file), x)) : undefined)
  if (json.include) result.include = rel(json.include)
  if (json.files) result.files = rel(json.files)
  if (json.references) result.references = rel(json.references.map((r: any) => r?.path))?.map((p) => (existsSync(p) && statSync(p).isDirectory() ? join(p, 'tsconfig.json') : p))
  const options = json.compilerOptions ?? {}
  if (options.baseUrl !== undefined) result.base = resolve(dirname(file), options.baseUrl)
  if (options.paths) {
    result.paths = options.paths
    if (result.base === undefined) result.base = dirname(file)
  }
  return result
}

const cache = new Map<string, PathMapping | null>()

/** Whether a config's `include`/`files` take in the files of `dir` (no `include` and no `files`: all of them). */
function covers(config: Config, dir: string): boolean {
  if (!config.include && !config.files) return true
  const inside = (base: string) => !relative(base, dir).startsWith('..')
  if (config.files?.some((f) => dirname(f) === dir)) return true
  return (config.include ?? []).some((pattern) => {
    const parts = pattern.split(sep)
    const glob = parts.findIndex((p) => p.includes('*'))
    const base = glob < 0 ? pattern : parts.slice(0, glob).join(sep) || sep
    return glob < 0 && /\.[cm]?[jt]sx?$/.test(pattern) ? dirname(pattern) === dir : inside(base)
  })
}

/** A config's `paths`, or those of the referenced config that includes `dir` (a solution-style tsconfig.json). */
function mappingOf(file: string, dir: string): PathMapping | null {
  const config = readConfig(file, new Set())
  if (config.paths) return { base: config.base!, paths: config.paths }
  for (const ref of config.references ?? []) {
    const referenced = readConfig(ref, new Set())
    if (referenced.paths && covers(referenced, dir)) return { base: referenced.base!, paths: referenced.paths }
  }
  return null
}

/** The nearest tsconfig.json above `dir` with `paths` (its own or a referenced config's), or null. */
export function findPathMapping(dir: string): PathMapping | null {
  const hit = cache.get(dir)
  if (hit !== undefined) return hit
  let result: PathMapping | null = null
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'tsconfig.json'))) {
      result = mappingOf(join(d, 'tsconfig.json'), dir)
      break
    }
    if (dirname(d) === d) break
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
