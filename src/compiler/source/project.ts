/**
 * Source files the compiler reads: parsed once (Babel, TypeScript plugin), with the module resolution
 * SCHEMA.md asks for (relative imports, tsconfig `paths`, packages' `.d.ts` through `types`/`exports`).
 */
import type { Loc } from '../diagnostics.ts'
import { lineAt, type SourceFile } from './file.ts'
import { parse } from '@babel/parser'
import { readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { Refusal } from '../refusal.ts'
import { findPathMapping, tsconfigFiles, unreadTsconfig } from './tsconfig.ts'
import { LAZY_FROM, lazyProgram } from './lazy.ts'
import { probe, resolveImports, resolvePackage, whyNotFound } from './packages.ts'
import { ambientModule } from './ambient.ts'

export type { SourceFile } from './file.ts'

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

export function parseSource(source: string, path: string, at?: { startIndex: number; startLine: number; startColumn: number }): any {
  return parse(source, { sourceType: 'module', plugins: parserPlugins(path), errorRecovery: false, ...at })
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
  const line = lineAt(file.lineStarts, offset)
  return { file: file.display, line, column: offset - file.lineStarts[line - 1]! + 1 }
}

export function locOf(file: SourceFile, node: { start?: number | null }): Loc {
  return locAt(file, node.start ?? 0)
}

/** Where a specifier led from a file, on disk (undefined: nowhere; a `declare module` is not on disk). */
export interface Resolution {
  specifier: string
  from: string
  found: string | undefined
}

/** A specifier that is no path (`zod`, `@/types`, `#shapes`): tsconfig `paths`, package.json `imports` and packages decide where it leads. */
const isBare = (specifier: string): boolean => !specifier.startsWith('.') && !specifier.startsWith('/')

/** The file `specifier` leads to from the file `from`, on disk: relative, tsconfig `paths`, package.json `imports`, packages. */
export function locateFile(specifier: string, from: string): string | undefined {
  const dir = dirname(from)
  if (!isBare(specifier)) return probe(resolve(dir, specifier))
  let found: string | undefined
  const mapping = findPathMapping(from)
  if (mapping) for (const candidate of mapping(specifier)) if ((found = probe(candidate))) break
  if (specifier.startsWith('#')) found ??= resolveImports(specifier, dir)
  return found ?? resolvePackage(specifier, dir)
}

export class Project {
  readonly root: string
  private files = new Map<string, SourceFile>()
  /** The text of every file read, by display path, parsed or not (for code frames). */
  readonly texts = new Map<string, string>()
  /** Every file read while compiling (for the bundler's watch list). */
  readonly read = new Set<string>()
  /** Files read that are not TypeScript (a hand-written schema's .json): watched, never parsed as code. */
  readonly assets = new Set<string>()

  /** Scopes that are no file of their own (`declare module 'x' { … }`, ambient.ts), by their path. */
  private scopes = new Map<string, SourceFile>()

  constructor(root: string) {
    this.root = root
  }

  /** A file from disk (read again when it changed), or from `source` when given (the module being transformed). */
  file(path: string, source?: string): SourceFile {
    const scope = this.scopes.get(path)
    if (scope) return scope
    const hit = this.files.get(path)
    const mtime = source === undefined ? statSync(path).mtimeMs : -1
    if (hit && (source === undefined ? hit.mtime === mtime : hit.source === source)) return hit
    const text = source ?? readFileSync(path, 'utf8')
    const isDeclaration = /\.d\.[mc]?ts$/.test(path)
    const display = relative(this.root, path).split('\\').join('/') || path
    this.texts.set(display, text)
    const lineStarts = lineStartsOf(text)
    const parseAt = (slice: string, at?: { startIndex: number; startLine: number; startColumn: number }) => {
      try {
        return parseSource(slice, path, at)
      } catch (error) {
        throw parseRefusal(error, display, path)
      }
    }
    // A large type file read from disk (a package's types): each declaration parsed when first read (lazy.ts).
    const ast = (source === undefined && text.length >= LAZY_FROM ? lazyProgram(text, lineStarts, parseAt) : undefined) ?? parseAt(text)
    const file: SourceFile = { path, display, source: text, ast, isDeclaration, lineStarts, mtime }
    this.files.set(path, file)
    return file
  }

  /** A file that is not TypeScript, as text (kept for code frames and watched); undefined when it cannot be read. */
  asset(path: string): { text: string; display: string } | undefined {
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch {
      return undefined
    }
    const display = relative(this.root, path).split('\\').join('/') || path
    this.texts.set(display, text)
    this.assets.add(path)
    return { text, display }
  }

  /** The modification time of `path` when it was last read from disk and parsed, if it was (not for text handed in). */
  readAt(path: string): number | undefined {
    const mtime = this.files.get(path)?.mtime
    return mtime === undefined || mtime < 0 ? undefined : mtime
  }

  /** Every file parsed so far (ambient.ts reads their `declare module` and `declare global`). */
  parsed(): Iterable<SourceFile> {
    return this.files.values()
  }

  /**
   * Resolves an import specifier from `from` to a file path (or the path of a `declare module` block);
   * `'mcp-aot'` and unknowns to undefined.
   */
  resolveModule(specifier: string, from: string): string | undefined {
    if (specifier === PACKAGE_NAME || specifier.startsWith(PACKAGE_NAME + '/')) return undefined
    const found = locateFile(specifier, from)
    this.resolutions.push({ specifier, from, found })
    const bare = isBare(specifier)
    // Where a bare specifier leads depends on tsconfig `paths`: the configs are watched, so their edit rebuilds.
    if (bare) for (const config of tsconfigFiles(from)) this.assets.add(config)
    if (!found && bare) {
      const ambient = ambientModule(this, specifier)
      if (ambient) {
        this.scopes.set(ambient.path, ambient)
        this.read.add(ambient.path.slice(0, ambient.path.indexOf('#')))
        return ambient.path
      }
    }
    if (found) this.read.add(found)
    return found
  }

  /**
   * Every specifier resolved to a file (or to none) on disk, in order, for the compile cache to check
   * again (cache.ts): a new file, a tsconfig's `paths` or a package.json's `exports` may change where it
   * leads. Whoever reads it empties it.
   */
  readonly resolutions: Resolution[] = []

  /** Why `resolveModule(specifier, from)` found nothing, in one sentence (MCP018). */
  whyNotFound(specifier: string, from: string): string {
    const dir = dirname(from)
    const mapping = specifier.startsWith('.') ? null : findPathMapping(from)
    const why = whyNotFound(specifier, dir, this.root, mapping ? mapping(specifier) : [])
    const unread = specifier.startsWith('.') ? undefined : unreadTsconfig(from)
    return unread ? `${why} The paths of ${relative(this.root, unread.path).split('\\').join('/')} were not applied, as it cannot be read (${unread.reason}): correct it.` : why
  }
}
