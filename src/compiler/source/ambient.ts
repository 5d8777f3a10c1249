/**
 * What a project declares for everyone, as TypeScript sees it from the files its tsconfig includes:
 * `declare module 'untyped-lib' { … }` (or the shorthand `declare module 'untyped-lib'`, whose names are
 * all `any`), `declare global { … }`, and the top-level names of a `.d.ts` without imports or exports (a
 * script, such as wrangler's `worker-configuration.d.ts`).
 *
 * Read from: every `.d.ts` under the project root (not `node_modules`, `dist`, `build` or dot folders; at
 * most 2,000), every file the build has parsed, and the project files these import (relative imports,
 * followed to 500 files). Looked at only when a module specifier resolves to no
 * file, or a type name is declared nowhere in scope; a global augmentation of a type of TypeScript's own
 * lib (`interface Array<T>`, `Date`, …) leaves that type as the lib declares it.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { probe } from './packages.ts'
import type { SourceFile } from './file.ts'

interface Files {
  readonly root: string
  file(path: string): SourceFile
  parsed(): Iterable<SourceFile>
}

interface Index {
  modules: Map<string, SourceFile>
  globals: SourceFile[]
}

const SKIP = new Set(['node_modules', 'dist', 'build', 'out', 'coverage'])
const MENTION = /\bdeclare\s+(module|global)\b/
const indexes = new WeakMap<Files, Index>()

/** The `.d.ts` files under `root`, breadth first. */
function declarationFiles(root: string): string[] {
  const out: string[] = []
  const dirs = [root]
  for (let i = 0; i < dirs.length && out.length < 2000 && i < 5000; i++) {
    let entries
    try {
      entries = readdirSync(dirs[i]!, { withFileTypes: true })
    } catch {
      continue
    }
    for (const e of entries) {
      if (e.isDirectory() && !e.name.startsWith('.') && !SKIP.has(e.name)) dirs.push(join(dirs[i]!, e.name))
      else if (e.isFile() && /\.d\.[mc]?ts$/.test(e.name)) out.push(join(dirs[i]!, e.name))
    }
  }
  return out
}

const isScript = (file: SourceFile) => !file.ast.program.body.some((s: any) => /^(Import|Export|TSExportAssignment)/.test(s.type))

/** A block's body as a scope of its own inside `file` (locations stay the file's). */
function blockScope(file: SourceFile, name: string, body: any[], shorthand = false): SourceFile {
  return { ...file, path: `${file.path}#${name}`, ast: { program: { body } }, isDeclaration: true, parent: file, ...(shorthand ? { shorthand } : {}) }
}

function build(files: Files): Index {
  const index: Index = { modules: new Map(), globals: [] }
  const seen = new Set<string>()
  const read = (file: SourceFile) => {
    if (seen.has(file.path)) return
    seen.add(file.path)
    const script = isScript(file)
    if (script && file.isDeclaration) index.globals.push(file)
    for (const stmt of file.ast.program.body) {
      if (stmt.type !== 'TSModuleDeclaration') continue
      if (stmt.kind === 'global' || stmt.id?.name === 'global') {
        if (stmt.body?.type === 'TSModuleBlock') index.globals.push(blockScope(file, 'global', stmt.body.body))
      } else if (stmt.id?.type === 'StringLiteral' && script && !stmt.id.value.includes('*') && !index.modules.has(stmt.id.value)) {
        // In a script `declare module 'x'` declares the module x; in a module it augments one (augment.ts).
        const body = stmt.body?.type === 'TSModuleBlock' ? stmt.body.body : []
        index.modules.set(stmt.id.value, blockScope(file, `module ${stmt.id.value}`, body, !stmt.body))
      }
    }
  }
  const queue = [...files.parsed()].filter((f) => f.mtime !== undefined && !f.path.includes('#'))
  const queued = new Set(queue.map((f) => f.path))
  for (let i = 0; i < queue.length && i < 500; i++) {
    const file = queue[i]!
    if (MENTION.test(file.source)) read(file)
    if (/[\\/]node_modules[\\/]/.test(file.path)) continue
    for (const m of file.source.matchAll(/(?:from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const path = probe(resolve(dirname(file.path), m[1]!))
      if (!path || queued.has(path)) continue
      queued.add(path)
      let source: string
      try {
        source = readFileSync(path, 'utf8')
      } catch {
        continue
      }
      queue.push(MENTION.test(source) ? files.file(path) : ({ path, source, mtime: 0 } as SourceFile))
    }
  }
  for (const path of declarationFiles(files.root)) {
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch {
      continue
    }
    // A .d.ts script declares globals even without `declare`; anything else only with `declare module/global`.
    if (MENTION.test(text) || !/^\s*(import|export)\b/m.test(text)) read(files.file(path))
  }
  return index
}

function indexOf(files: Files): Index {
  let index = indexes.get(files)
  if (!index) indexes.set(files, (index = build(files)))
  return index
}

/** The scope of `declare module 'specifier'` somewhere in the project, if any. */
export function ambientModule(files: Files, specifier: string): SourceFile | undefined {
  return indexOf(files).modules.get(specifier)
}

/** The scopes that declare global names (scripts and `declare global` blocks), for a name declared nowhere else. */
export function globalScopes(files: Files): readonly SourceFile[] {
  return indexOf(files).globals
}

/** Read the project's ambient declarations again (each compile: files may have changed). */
export function forgetAmbient(files: Files): void {
  indexes.delete(files)
}

/** Global types TypeScript's own lib declares: their meaning is the lib's, whatever augments them. */
export const LIB_TYPES = new Set(['Array', 'ReadonlyArray', 'Date', 'RegExp', 'Error', 'Map', 'ReadonlyMap', 'Set', 'ReadonlySet', 'WeakMap', 'WeakSet', 'WeakRef', 'Promise', 'PromiseLike', 'Record', 'Partial', 'Required', 'Readonly', 'Pick', 'Omit', 'Exclude', 'Extract', 'NonNullable', 'ReturnType', 'Parameters', 'InstanceType', 'Awaited', 'Uppercase', 'Lowercase', 'Capitalize', 'Uncapitalize', 'ConstructorParameters', 'ThisParameterType', 'OmitThisParameter', 'NoInfer', 'Object', 'String', 'Number', 'Boolean', 'BigInt', 'Symbol', 'Function', 'URL', 'URLSearchParams', 'Uint8Array', 'Int8Array', 'Int16Array', 'Int32Array', 'Uint16Array', 'Uint32Array', 'Uint8ClampedArray', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Blob', 'File', 'Request', 'Response', 'Headers', 'FormData', 'ReadableStream', 'WritableStream', 'AbortSignal', 'AbortController', 'Iterable', 'Iterator', 'AsyncIterable', 'AsyncIterator', 'Window', 'Document', 'Element', 'HTMLElement', 'Event', 'EventTarget', 'Console', 'JSON', 'Math', 'globalThis'])
