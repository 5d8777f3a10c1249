/**
 * Where a bare or `#` specifier's types are, as TypeScript finds them with `moduleResolution: "bundler"`.
 * enhanced-resolve (webpack's resolver) does what Node's rules and TypeScript's share: the `node_modules`
 * folders up the tree, a package's `exports` (subpaths, `"./*"` patterns, nested conditions in key order,
 * with TypeScript's conditions `types` and `import`), package.json `imports`, `types`/`typings`, `index`
 * files, a package naming itself, and JavaScript read through the `.d.ts` beside it. Ours is what only
 * TypeScript does: `typesVersions`, `@types/<name>`, `types@>=5.0`-style conditions, and the fall-through
 * TypeScript makes where Node stops (a matched condition or array entry whose file does not exist:
 * TypeScript tries the next one); and `probe`, a relative path's TypeScript file. When nothing is found,
 * `whyNotFound` says why in one sentence.
 */
import fs, { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { createRequire } from 'node:module'
import type { Resolver } from 'enhanced-resolve'

export const isFile = (p: string): boolean => existsSync(p) && statSync(p).isFile()

const TS_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.d.mts', '.d.cts']
const JS_TO_TS: Record<string, string[]> = { '.js': ['.ts', '.tsx', '.d.ts'], '.jsx': ['.tsx'], '.mjs': ['.mts', '.d.mts'], '.cjs': ['.cts', '.d.cts'] }

/** Tries `p` as a TypeScript module path: extensions, `.js` → `.ts`/`.d.ts`, `index` files. */
export function probe(p: string): string | undefined {
  if (/\.(ts|tsx|mts|cts)$/.test(p) && isFile(p)) return p
  const js = /\.(m|c)?jsx?$/.exec(p)
  if (js) for (const ext of JS_TO_TS[js[0]] ?? []) if (isFile(p.slice(0, -js[0].length) + ext)) return p.slice(0, -js[0].length) + ext
  for (const ext of TS_EXTENSIONS) if (isFile(p + ext)) return p + ext
  for (const ext of TS_EXTENSIONS) if (isFile(join(p, 'index' + ext))) return join(p, 'index' + ext)
  return undefined
}

/** The conditions TypeScript's bundler resolution matches (`default` always matches). */
const CONDITIONS = ['types', 'import']

/** Node's resolution with TypeScript's conditions, extensions and main fields; made when a package is first looked up. */
let resolver: Resolver | undefined
function makeResolver(): Resolver {
  const { CachedInputFileSystem, ResolverFactory } = createRequire(import.meta.url)('enhanced-resolve') as typeof import('enhanced-resolve')
  return ResolverFactory.createResolver({
    // A build's resolutions come in a burst: its file system reads are shared for 2 s, so a package installed
    // or a package.json edited is seen by a build that starts 2 s later.
    fileSystem: new CachedInputFileSystem(fs, 2000),
    useSyncFileSystemCalls: true,
    conditionNames: CONDITIONS,
    extensions: TS_EXTENSIONS,
    extensionAlias: JS_TO_TS,
    extensionAliasForExports: true,
    mainFields: ['types', 'typings'],
    mainFiles: ['index'],
    symlinks: false,
  })
}

/** What enhanced-resolve resolves `request` to from `dir` when it is TypeScript or a `.d.ts`, with the package.json it is in. */
function library(request: string, dir: string): { file: string; pkg?: any; pkgDir?: string } | undefined {
  let out: { file: string; pkg?: any; pkgDir?: string } | undefined
  try {
    // With synchronous file system calls the callback runs before resolve returns.
    ;(resolver ??= makeResolver()).resolve({}, dir, request, {}, (error, file, found) => {
      if (!error && file && /\.[mc]?tsx?$/.test(file)) out = { file, pkg: found?.descriptionFileData, pkgDir: found?.descriptionFileRoot }
    })
  } catch {
    // A package.json the library refuses: TypeScript's own steps follow.
  }
  return out
}

/** An `exports`/`imports` target → the files it may mean in the order TypeScript tries them: conditions in key order, array entries in order (`*` replaced by `star`). */
function targets(entry: any, star: string): string[] {
  if (typeof entry === 'string') return [entry.split('*').join(star)]
  if (Array.isArray(entry)) return entry.flatMap((e) => targets(e, star))
  if (entry && typeof entry === 'object') return Object.keys(entry).filter((k) => k === 'default' || CONDITIONS.includes(k) || isTypesVersionKey(k)).flatMap((k) => targets(entry[k], star))
  return []
}

/** A `types@>=5.0`-style condition TypeScript 5 matches. */
const isTypesVersionKey = (key: string) => key.startsWith('types@') && admitsTs5(key.slice(6))

/** The entry of a subpath map (`exports`, `imports`, a `typesVersions` map): an exact key, else the longest matching `*` pattern. */
export function matchKey(map: Record<string, any>, key: string): { entry: any; star: string } | undefined {
  if (key in map && !key.includes('*')) return { entry: map[key], star: '' }
  let best: { entry: any; star: string; prefix: number } | undefined
  for (const pattern of Object.keys(map)) {
    const at = pattern.indexOf('*')
    if (at < 0) continue
    const prefix = pattern.slice(0, at)
    const suffix = pattern.slice(at + 1)
    if (key.length < prefix.length + suffix.length || !key.startsWith(prefix) || !key.endsWith(suffix)) continue
    if (!best || prefix.length > best.prefix) best = { entry: map[pattern], star: key.slice(prefix.length, key.length - suffix.length), prefix: prefix.length }
  }
  return best
}

/** A target file as TypeScript reads it: a `.d.ts`/`.ts` as is, JavaScript through the `.d.ts` beside it. */
function typesFile(path: string): string | undefined {
  if (/\.d\.[mc]?ts$|\.[mc]?tsx?$/.test(path)) return isFile(path) ? path : undefined
  const js = /\.(m|c)?js$/.exec(path)
  if (js) for (const ext of [`.d.${js[1] ?? ''}ts`, `.${js[1] ?? ''}ts`]) if (isFile(path.slice(0, -js[0].length) + ext)) return path.slice(0, -js[0].length) + ext
  return undefined
}

const readJson = (path: string): any => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

/** Whether a `typesVersions` range (`*`, `>=4.2`, `>=3.1 <4`) admits TypeScript 5. */
function admitsTs5(range: string): boolean {
  return range.trim().split(/\s+/).every((part) => {
    const m = /^(>=|>|<=|<)?(\d+)(?:\.(\d+))?/.exec(part)
    if (part === '*' || !m) return part === '*'
    const v = Number(m[2]) + Number(m[3] ?? 0) / 100
    const ts = 5.9
    return m[1] === '>=' ? ts >= v : m[1] === '>' ? ts > v : m[1] === '<=' ? ts <= v : m[1] === '<' ? ts < v : Math.floor(ts) === Number(m[2])
  })
}

/** A subpath (`index.d.ts`, `utils`) through the package's `typesVersions`, when it has them. */
function viaTypesVersions(pkgDir: string, pkg: any, subpath: string): string | undefined {
  const tv = pkg.typesVersions
  if (!tv || typeof tv !== 'object') return undefined
  const range = Object.keys(tv).find(admitsTs5)
  const map = range ? tv[range] : undefined
  const hit = map && typeof map === 'object' ? matchKey(map, subpath) : undefined
  for (const t of hit ? targets(hit.entry, hit.star) : []) {
    const found = typesFile(join(pkgDir, t)) ?? probe(join(pkgDir, t))
    if (found) return found
  }
  return undefined
}

/** The path TypeScript reads a package's root types from, for its `typesVersions`. */
const rootTypes = (pkg: any) => String(pkg.types ?? pkg.typings ?? 'index.d.ts').replace(/^\.\//, '')

/**
 * The types of `sub` ('' for the package root) of the package at `pkgDir` by the steps only TypeScript
 * takes: without `exports`, its `typesVersions`; with them, each target in TypeScript's order until a file exists.
 */
function typeScriptSteps(pkgDir: string, pkg: any, sub: string): string | undefined {
  const exp = pkg.exports
  if (exp === undefined || exp === null) return viaTypesVersions(pkgDir, pkg, sub || rootTypes(pkg))
  const map = typeof exp === 'object' && !Array.isArray(exp) && Object.keys(exp).some((k) => k.startsWith('.')) ? exp : { '.': exp }
  const hit = matchKey(map, sub ? `./${sub}` : '.')
  for (const t of hit ? targets(hit.entry, hit.star) : []) {
    const file = typesFile(join(pkgDir, t))
    if (file) return file
  }
  return undefined
}

/** `@scope/name/sub/path` → the package name, the subpath, the `@types` name. */
function split(specifier: string): { name: string; sub: string; typesName: string } {
  const parts = specifier.split('/')
  const scoped = specifier.startsWith('@')
  const name = scoped ? parts.slice(0, 2).join('/') : parts[0]!
  return { name, sub: parts.slice(scoped ? 2 : 1).join('/'), typesName: scoped ? name.slice(1).replace('/', '__') : name }
}

/**
 * The types of a bare specifier: the library's resolution of the package, else of `@types/<name>` (TypeScript's
 * steps where that package has `typesVersions` or `types@` conditions); else, in each `node_modules` folder
 * up the tree, TypeScript's own steps in the package and in `@types/<name>`.
 */
export function resolvePackage(specifier: string, fromDir: string): string | undefined {
  const { name, sub, typesName } = split(specifier)
  const typesRequest = `@types/${typesName}${sub ? `/${sub}` : ''}`
  for (const request of [specifier, typesRequest]) {
    const found = library(request, fromDir)
    if (!found) continue
    const { pkg, pkgDir } = found
    // What only TypeScript reads decides where the package has it: `typesVersions` (without `exports`), `types@` conditions.
    const exp = pkg?.exports
    if (pkgDir && (exp === undefined || exp === null ? pkg?.typesVersions : JSON.stringify(exp).includes('"types@'))) return typeScriptSteps(pkgDir, pkg, sub) ?? found.file
    return found.file
  }
  for (let dir = fromDir; ; dir = dirname(dir)) {
    for (const pkgDir of [join(dir, 'node_modules', name), join(dir, 'node_modules', '@types', typesName)]) {
      const pkg = readJson(join(pkgDir, 'package.json'))
      const hit = pkg && typeScriptSteps(pkgDir, pkg, sub)
      if (hit) return hit
    }
    if (dirname(dir) === dir) return undefined
  }
}

/** The nearest package.json at or above `dir`, with its folder. */
function nearestPackage(dir: string): { dir: string; pkg: any } | undefined {
  for (let d = dir; ; d = dirname(d)) {
    const pkg = isFile(join(d, 'package.json')) ? readJson(join(d, 'package.json')) : undefined
    if (pkg) return { dir: d, pkg }
    if (dirname(d) === d) return undefined
  }
}

/** A `#` specifier through the nearest package.json's `imports` (to a project file or a package): the library's, else TypeScript's fall-through over the targets. */
export function resolveImports(specifier: string, fromDir: string): string | undefined {
  const found = library(specifier, fromDir)
  if (found) return found.file
  const scope = nearestPackage(fromDir)
  const map = scope?.pkg.imports
  const hit = map && typeof map === 'object' ? matchKey(map, specifier) : undefined
  for (const t of hit ? targets(hit.entry, hit.star) : []) {
    const file = t.startsWith('.') ? probe(resolve(scope!.dir, t)) : resolvePackage(t, scope!.dir)
    if (file) return file
  }
  return undefined
}

/** Why a specifier that resolved to nothing was not found: what exists, and what was not read. */
export function whyNotFound(specifier: string, fromDir: string, root: string, mapped: string[]): string {
  const show = (p: string) => relative(root, p).split('\\').join('/') || '.'
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const p = resolve(fromDir, specifier)
    const js = ['', '.js', '.mjs', '.cjs', '.jsx'].map((e) => p + e).find((f) => /\.[mc]?jsx?$/.test(f) && isFile(f))
    if (js) return `${show(js)} is JavaScript with no .d.ts beside it, and types are read from TypeScript and .d.ts files only. Declare the type in a .ts file, or add ${show(js.replace(/\.([mc]?)jsx?$/, '.d.$1ts'))}.`
    return `No file ${show(p)} (with a .ts, .tsx, .d.ts extension or an index file) exists. Check the path.`
  }
  if (mapped.length > 0) return `tsconfig paths map '${specifier}' to ${mapped.map(show).join(', ')}, and no such file exists. Check the mapping or the path.`
  if (specifier.startsWith('#')) {
    const scope = nearestPackage(fromDir)
    if (!scope?.pkg.imports) return `'${specifier}' is a package.json imports specifier, and ${scope ? show(join(scope.dir, 'package.json')) : 'no package.json above this file'} has no "imports" field. Add "imports": { "#…": "./src/…" } there.`
    return `No entry of the "imports" of ${show(join(scope.dir, 'package.json'))} maps '${specifier}' to a TypeScript or .d.ts file. Check the entry's pattern and target.`
  }
  const { name, sub, typesName } = split(specifier)
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const pkgDir = join(dir, 'node_modules', name)
    const pkg = readJson(join(pkgDir, 'package.json'))
    if (pkg) {
      if (sub && pkg.exports && typeof pkg.exports === 'object' && !matchKey(pkg.exports, `./${sub}`)) {
        return `The package ${name} (${show(pkgDir)}) does not export './${sub}': its package.json "exports" lists ${Object.keys(pkg.exports).slice(0, 6).map((k) => `'${k}'`).join(', ')}. Import one of these.`
      }
      return `The package ${name} is installed (${show(pkgDir)}) but ships no type declarations for '${specifier}' (no "types" in its exports or package.json, no .d.ts beside its JavaScript) and @types/${typesName} is not installed. Install @types/${typesName}, or declare the module in a .d.ts of the project: declare module '${specifier}' { export interface … }.`
    }
    if (dirname(dir) === dir) break
  }
  return `No package ${name} is installed in a node_modules folder above this file, and no tsconfig paths entry or declare module '${specifier}' covers it. Install the package (with its types), or check the spelling.`
}
