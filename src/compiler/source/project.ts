/**
 * Source files the compiler reads: parsed once (Babel, TypeScript plugin), with the module resolution
 * SCHEMA.md asks for (relative imports, tsconfig `paths`, packages' `.d.ts` through `types`/`exports`).
 */
import type { Loc } from '../diagnostics.ts'
import { parse } from '@babel/parser'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { Refusal } from '../refusal.ts'
import { findPathMapping, mapPath } from './tsconfig.ts'

export interface SourceFile {
  path: string
  /** Path shown in diagnostics and tables: relative to the project root, with `/`. */
  display: string
  source: string
  ast: any
  isDeclaration: boolean
  lineStarts: number[]
  /** Modification time when read from disk; -1 for text handed in by the bundler. */
  mtime: number
  /** For the body of a `namespace` (a scope of its own inside this file): the enclosing scope. */
  parent?: SourceFile
  /** For the body of `declare module './m' { … }` (augment.ts): the module augmented, whose exports are in scope. */
  augments?: SourceFile
}

export const PACKAGE_NAME = 'mcp-aot'

/**
 * Babel's plugins for a file, by its extension: JSX only in `.tsx`/`.jsx` (in `.ts` `<T>(x: T) => x` is a
 * generic arrow and `<T>x` an assertion), declaration-file rules in `.d.ts`, decorators and `accessor` fields everywhere.
 */
export function parserPlugins(path: string): any[] {
  const dts = /\.d\.[mc]?ts$/.test(path)
  const plugins: any[] = [['typescript', { dts }], 'decorators', 'decoratorAutoAccessors']
  if (/\.[mc]?[jt]sx$/.test(path)) plugins.push('jsx')
  return plugins
}

export function parseSource(source: string, path: string): any {
  return parse(source, { sourceType: 'module', plugins: parserPlugins(path), errorRecovery: false })
}

/** A Babel syntax error as one finding in the file it is in: its reason without Babel's `(line:column)` suffix. */
function parseRefusal(error: unknown, display: string, path: string): Refusal {
  const e = error as { message?: string; loc?: { line: number; column: number } }
  if (!e?.loc) throw error
  const reason = String(e.message).replace(/\s*\(\d+:\d+\)$/, '').replace(/\.$/, '')
  const language = /\.[mc]?jsx?$/.test(path) ? 'JavaScript' : 'TypeScript'
  return new Refusal('MCP032', `This file does not parse as ${language} (${reason}), so its declarations cannot be read. Correct the syntax here (JSX is read in .tsx and .jsx files only).`, { file: display, line: e.loc.line, column: e.loc.column + 1 })
}

function lineStartsOf(source: string): number[] {
  const starts = [0]
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1)
  return starts
}

export function locAt(file: SourceFile, offset: number): Loc {
  const starts = file.lineStarts
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid]! <= offset) lo = mid
    else hi = mid - 1
  }
  return { file: file.display, line: lo + 1, column: offset - starts[lo]! + 1 }
}

export function locOf(file: SourceFile, node: { start?: number | null }): Loc {
  return locAt(file, node.start ?? 0)
}

const isFile = (p: string) => existsSync(p) && statSync(p).isFile()

const TS_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.d.mts']

/** Tries `p` as a TypeScript module path: extensions, `.js` → `.ts`, `index` files. */
function probe(p: string): string | undefined {
  if (/\.(ts|tsx|mts|cts)$/.test(p) && isFile(p)) return p
  const js = /\.(m|c)?jsx?$/.exec(p)
  if (js) {
    const stem = p.slice(0, -js[0].length)
    const map: Record<string, string[]> = { '.js': ['.ts', '.tsx', '.d.ts'], '.jsx': ['.tsx'], '.mjs': ['.mts', '.d.mts'], '.cjs': ['.cts', '.d.cts'] }
    for (const ext of map[js[0]] ?? []) if (isFile(stem + ext)) return stem + ext
  }
  for (const ext of TS_EXTENSIONS) if (isFile(p + ext)) return p + ext
  for (const ext of TS_EXTENSIONS) if (isFile(join(p, 'index' + ext))) return join(p, 'index' + ext)
  return undefined
}

function typesFromExports(exp: any, subpath: string): string | undefined {
  if (exp === undefined) return undefined
  let entry = exp
  if (typeof exp === 'object' && !Array.isArray(exp) && Object.keys(exp).some((k) => k.startsWith('.'))) entry = exp[subpath]
  else if (subpath !== '.') return undefined
  const pick = (e: any): string | undefined => {
    if (typeof e === 'string') return /\.d\.[mc]?ts$/.test(e) ? e : /\.[mc]?js$/.test(e) ? e.replace(/\.(m|c)?js$/, '.d.$1ts') : undefined
    if (Array.isArray(e)) return e.map(pick).find(Boolean)
    if (e && typeof e === 'object') {
      for (const key of ['types', 'import', 'default', 'node', 'require']) {
        const hit = pick(e[key])
        if (hit) return hit
      }
    }
    return undefined
  }
  return pick(entry)
}

function resolvePackage(specifier: string, fromDir: string): string | undefined {
  const parts = specifier.split('/')
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
  const sub = parts.slice(specifier.startsWith('@') ? 2 : 1).join('/')
  const typesName = name.startsWith('@') ? name.slice(1).replace('/', '__') : name
  for (let dir = fromDir; ; dir = dirname(dir)) {
    for (const pkgDir of [join(dir, 'node_modules', name), join(dir, 'node_modules', '@types', typesName)]) {
      const pkgJson = join(pkgDir, 'package.json')
      if (!isFile(pkgJson)) continue
      const pkg = JSON.parse(readFileSync(pkgJson, 'utf8'))
      const fromExports = typesFromExports(pkg.exports, sub ? `./${sub}` : '.')
      if (fromExports && isFile(join(pkgDir, fromExports))) return join(pkgDir, fromExports)
      if (sub) {
        const hit = probe(join(pkgDir, sub))
        if (hit) return hit
      } else {
        const types = pkg.types ?? pkg.typings
        if (types && isFile(join(pkgDir, types))) return join(pkgDir, types)
        const hit = probe(join(pkgDir, 'index'))
        if (hit) return hit
      }
    }
    if (dirname(dir) === dir) return undefined
  }
}

export class Project {
  readonly root: string
  private files = new Map<string, SourceFile>()
  /** The text of every file read, by display path, parsed or not (for code frames). */
  readonly texts = new Map<string, string>()
  /** Every file read while compiling (for the bundler's watch list). */
  readonly read = new Set<string>()

  constructor(root: string) {
    this.root = root
  }

  /** A file from disk (read again when it changed), or from `source` when given (the module being transformed). */
  file(path: string, source?: string): SourceFile {
    const hit = this.files.get(path)
    const mtime = source === undefined ? statSync(path).mtimeMs : -1
    if (hit && (source === undefined ? hit.mtime === mtime : hit.source === source)) return hit
    const text = source ?? readFileSync(path, 'utf8')
    const isDeclaration = /\.d\.[mc]?ts$/.test(path)
    const display = relative(this.root, path).split('\\').join('/') || path
    this.texts.set(display, text)
    let ast: any
    try {
      ast = parseSource(text, path)
    } catch (error) {
      throw parseRefusal(error, display, path)
    }
    const file: SourceFile = {
      path,
      display,
      source: text,
      ast,
      isDeclaration,
      lineStarts: lineStartsOf(text),
      mtime,
    }
    this.files.set(path, file)
    return file
  }

  /** Resolves an import specifier from `from` to a file path; `'mcp-aot'` and unknowns to undefined. */
  resolveModule(specifier: string, from: string): string | undefined {
    if (specifier === PACKAGE_NAME || specifier.startsWith(PACKAGE_NAME + '/')) return undefined
    const dir = dirname(from)
    let found: string | undefined
    if (specifier.startsWith('.') || specifier.startsWith('/')) found = probe(resolve(dir, specifier))
    else {
      const mapping = findPathMapping(dir)
      if (mapping) for (const candidate of mapPath(mapping, specifier)) if ((found = probe(candidate))) break
      found ??= resolvePackage(specifier, dir)
    }
    if (found) this.read.add(found)
    return found
  }
}
