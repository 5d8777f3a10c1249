/**
 * Findings in esbuild's own shape: a message whose `location` is the tool file's line (with its text, so
 * esbuild draws its own code frame), for `result.errors`/`result.warnings` and esbuild's log, which
 * honours `logLevel`. Rollup, Rolldown and Vite take `this.warn`/a thrown error as they are; webpack a
 * module's own error (below), which it prints without a loader's name or a stack.
 */
import { readFileSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'

export interface Finding {
  code: string
  message: string
  loc: { file: string; line: number; column: number }
}

export interface EsbuildMessage {
  id: string
  pluginName: string
  text: string
  location: { file: string; namespace: string; line: number; column: number; length: number; lineText: string; suggestion: string }
  notes: { text: string }[]
  detail: unknown
}

/** The last text split into lines (a build's warnings are mostly in a few files, in order). */
let split: { text: string; lines: string[] } = { text: '', lines: [''] }

/** The line of `file` (1-based) from the texts the compiler read, else from disk; '' when neither has it. */
function lineOf(texts: ReadonlyMap<string, string>, root: string, file: string, line: number): string {
  const path = isAbsolute(file) ? file : join(root, file)
  let text = texts.get(file) ?? texts.get(path)
  if (text === undefined) {
    try {
      text = readFileSync(path, 'utf8')
    } catch {
      return ''
    }
  }
  if (split.text !== text) split = { text, lines: text.split(/\r?\n/) }
  return split.lines[line - 1] ?? ''
}

export function esbuildMessage(kind: 'error' | 'warning', f: Finding, texts: ReadonlyMap<string, string>, root: string): EsbuildMessage {
  const lineText = lineOf(texts, root, f.loc.file, f.loc.line)
  // esbuild's columns are 0-based; the compiler's are 1-based, as its own `file:line:column` prints them.
  const column = Math.max(0, Math.min(f.loc.column - 1, lineText.length))
  const word = /^[@\w.$]+/.exec(lineText.slice(column))?.[0].length ?? 0
  return {
    id: f.code,
    pluginName: 'mcp-aot',
    // The text every bundler prints (`file:line:column - error CODE: …`, the compiler's 1-based column), so
    // a script reading error.message sees the same under esbuild; the location adds esbuild's own frame.
    text: `${f.loc.file}:${f.loc.line}:${f.loc.column} - ${kind} ${f.code}: ${f.message}`,
    location: { file: f.loc.file, namespace: 'file', line: f.loc.line, column, length: word, lineText, suggestion: '' },
    notes: [],
    detail: undefined,
  }
}

/** esbuild prints warnings it is given by onLoad; the ones added at the end are printed here, as it would. */
export async function logWarnings(build: any, warnings: EsbuildMessage[]): Promise<void> {
  const level = build.initialOptions.logLevel ?? 'warning'
  if (warnings.length === 0 || level === 'silent' || level === 'error') return
  const color = build.initialOptions.color ?? Boolean(process.stderr.isTTY)
  const lines = await build.esbuild.formatMessages(warnings, { kind: 'warning', color })
  process.stderr.write(lines.join(''))
}

/** esbuild's loader for a TypeScript module. */
export function loaderOf(path: string): 'ts' | 'tsx' {
  return /x$/.test(path) ? 'tsx' : 'ts'
}

/** withInlineMap's text by the compile's map object: a compile served from the cache keeps its map. */
const inlined = new WeakMap<object, string>()

/** The compiled code with its source map inline (sources as read), as esbuild takes a loaded module's map. */
export function withInlineMap(out: { code: string; map?: unknown }, source: string, path: string): string {
  if (!out.map) return out.code
  const hit = typeof out.map === 'object' ? inlined.get(out.map) : undefined
  if (hit !== undefined) return hit
  const text = inlineMap(out as { code: string; map: unknown }, source, path)
  if (typeof out.map === 'object') inlined.set(out.map, text)
  return text
}

function inlineMap(out: { code: string; map: unknown }, source: string, path: string): string {
  const map = JSON.parse(typeof out.map === 'string' ? out.map : JSON.stringify(out.map)) as { sources?: string[]; sourcesContent?: (string | null)[] }
  if (!map.sourcesContent || map.sourcesContent.length === 0) map.sourcesContent = [source]
  if (!map.sources || map.sources.length === 0) map.sources = [path]
  return `${out.code}\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}`
}

/**
 * webpack and rspack: a module's findings (an error with `diagnostics`) as that module's own error, which
 * the stats print as `ERROR in ./tools.ts` and the diagnostics, where a loader's thrown error would add
 * "Module build failed (from …/unplugin/…/transform)" and the plugin's stack. Returns the module's code in
 * its place, which throws the message when run (as webpack's own failed modules do); undefined for anything else.
 */
export function addModuleError(native: { compiler?: any; loaderContext?: any } | undefined, error: unknown): string | undefined {
  const module = native?.loaderContext?._module
  const WebpackError = native?.compiler?.webpack?.WebpackError ?? native?.compiler?.rspack?.WebpackError
  const diagnostics = (error as { diagnostics?: unknown } | undefined)?.diagnostics
  if (!(error instanceof Error) || !diagnostics || !module?.addError || !WebpackError) return undefined
  const moduleError = Object.assign(new WebpackError(error.message), { name: error.name, hideStack: true, diagnostics })
  moduleError.stack = error.stack
  module.addError(moduleError)
  return `throw new Error(${JSON.stringify(error.message)})\n`
}

/**
 * The modules a build loaded, as the bundler's module graph has them: webpack's and rspack's compilation
 * modules (webpack joins modules into one, ModuleConcatenationPlugin, before buildEnd: the modules inside it),
 * Rollup's, Rolldown's and Vite's `getModuleIds`; undefined where there is no graph to read.
 */
export function graphModules(context: any): string[] | undefined {
  const native = context.getNativeBuildContext?.()
  const inner = (m: any): any[] => (Array.isArray(m.modules) ? m.modules.flatMap(inner) : [m])
  if (native?.compilation) return [...native.compilation.modules].flatMap(inner).map((m: any) => String(m.resource ?? '').replace(/[?#].*$/, ''))
  if (typeof context.getModuleIds === 'function') return [...context.getModuleIds()].map((id: string) => id.replace(/[?#].*$/, ''))
  return undefined
}
