/** Builds one entry with each real bundler and the mcp-aot plugin, returning the output text. */
import { createRequire } from 'node:module'
const require = createRequire(import.meta.url)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build as esbuild, transform } from 'esbuild'
import { rollup } from 'rollup'
import { rolldown } from 'rolldown'
import webpack from 'webpack'
import { build as viteBuild } from 'vite'
import mcpEsbuild from '../../src/esbuild.ts'
import mcpRollup from '../../src/rollup.ts'
import mcpRolldown from '../../src/rolldown.ts'
import mcpVite from '../../src/vite.ts'
import mcpWebpack from '../../src/webpack.ts'
import type { McpAotOptions } from '../../src/plugin.ts'

export type Bundler = 'esbuild' | 'vite' | 'rollup' | 'rolldown' | 'webpack'
export const BUNDLERS: Bundler[] = ['esbuild', 'vite', 'rollup', 'rolldown', 'webpack']

/** Rollup has no TypeScript of its own: strip types after mcp-aot (which runs first) with esbuild. No CommonJS plugin. */
const stripTypes = {
  name: 'strip-types',
  async transform(code: string, id: string) {
    if (!/\.ts$/.test(id)) return null
    const out = await transform(code, { loader: 'ts', format: 'esm', sourcemap: true, sourcefile: id })
    return { code: out.code, map: out.map }
  },
}

/**
 * The project's own configuration beside mcp-aot, as a project would have it: esbuild plugins, Rollup-shaped
 * plugins (Rollup, Rolldown), a vite.config file, webpack resolve aliases.
 */
export interface ProjectConfig {
  esbuildPlugins?: import('esbuild').Plugin[]
  rollupPlugins?: any[]
  viteConfigFile?: string
  webpackAlias?: Record<string, string>
  /** The mcp-aot plugin made once (`mcp-aot/<bundler>`), for several builds by one instance; else a new one per build. */
  instance?: any
}

/**
 * Builds `entry`; `warn`, when given, receives every warning through the bundler's own channel: esbuild's
 * `result.warnings` (rendered by `warningText`), Rollup's `onwarn`, Rolldown's `onLog`, Vite's logger,
 * webpack's compilation warnings. `plugin`: more plugin options than the root.
 */
export async function bundle(bundler: Bundler, entry: string, root: string, warn: (text: string) => void = () => {}, plugin: Omit<McpAotOptions, 'root'> = {}, project: ProjectConfig = {}): Promise<string> {
  switch (bundler) {
    case 'esbuild': {
      const out = await esbuild({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'silent', plugins: [project.instance ?? mcpEsbuild({ root, ...plugin }), ...(project.esbuildPlugins ?? [])] })
      for (const w of out.warnings) warn(warningText(w as any))
      return out.outputFiles[0]!.text
    }
    case 'rollup': {
      const b = await rollup({ input: entry, plugins: [project.instance ?? mcpRollup({ root, ...plugin }), stripTypes, ...(project.rollupPlugins ?? [])], onwarn: (w) => warn(w.message) })
      const { output } = await b.generate({ format: 'es' })
      await b.close()
      return output[0].code
    }
    case 'rolldown': {
      const b = await rolldown({ input: entry, plugins: [project.instance ?? mcpRolldown({ root, ...plugin }), ...(project.rollupPlugins ?? [])], onLog: (level, log) => level === 'warn' && warn(log.message) })
      const { output } = await b.generate({ format: 'es' })
      await b.close()
      return output[0].code
    }
    case 'vite': {
      const out: any = await viteBuild({
        configFile: project.viteConfigFile ?? false,
        root,
        customLogger: logger(warn),
        plugins: [project.instance ?? mcpVite({ root, ...plugin })],
        build: { ssr: entry, write: false, minify: false, rolldownOptions: { output: { format: 'es' } } },
        ssr: { noExternal: true, target: 'webworker' },
      })
      const result = Array.isArray(out) ? out[0] : out
      return result.output[0].code
    }
    case 'webpack': {
      const outDir = mkdtempSync(join(tmpdir(), 'mcp-aot-webpack-'))
      const compiler = webpack({ ...webpackConfig(entry, root, outDir, 'out.mjs', project.instance ?? mcpWebpack({ root, ...plugin })), resolve: { extensions: ['.ts', '.js'], alias: project.webpackAlias } })
      await new Promise<void>((resolve, reject) =>
        compiler.run((err, stats) => {
          if (err) return reject(err)
          if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })))
          for (const w of stats?.compilation.warnings ?? []) warn(w.message)
          compiler.close(() => resolve())
        }),
      )
      try {
        return readFileSync(join(outDir, 'out.mjs'), 'utf8')
      } finally {
        rmSync(outDir, { recursive: true, force: true })
      }
    }
  }
}

/**
 * webpack's configuration for a Worker entry with `plugin`: an ES module `outDir/filename`, unminified,
 * TypeScript stripped after mcp-aot by a loader (written to `outDir`) that calls esbuild.
 */
export function webpackConfig(entry: string, root: string, outDir: string, filename: string, plugin: any): import('webpack').Configuration {
  mkdirSync(outDir, { recursive: true })
  const loader = join(outDir, 'strip-types.cjs')
  writeFileSync(loader, `const { transformSync } = require(${JSON.stringify(require.resolve('esbuild'))})\nmodule.exports = function (code) { return transformSync(code, { loader: 'ts', format: 'esm' }).code }\n`)
  return {
    mode: 'production',
    entry,
    context: root,
    target: 'webworker',
    devtool: false,
    optimization: { minimize: false },
    experiments: { outputModule: true },
    output: { path: outDir, filename, library: { type: 'module' } },
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: [{ test: /\.ts$/, use: [{ loader }] }] },
    plugins: [plugin],
  }
}

/** A view's document as a loaded tool module's table serves it (resources/read of its ui:// URI). */
export async function viewDocument(mod: { __mcp: { entries: { uri?: string; invoke: () => unknown }[] } }, uri: string): Promise<string> {
  const entry = mod.__mcp.entries.find((e) => e.uri === uri)
  if (!entry) throw new Error(`no entry serves ${uri}`)
  return ((await entry.invoke()) as { text: string }).text
}

/** Imports bundled ESM text as a module. */
export async function load(code: string): Promise<any> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-aot-load-'))
  const file = join(dir, 'bundle.mjs')
  writeFileSync(file, code)
  try {
    return await import(pathToFileURL(file).href)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A failed build's text, every bundler alike. esbuild's errors are its own messages, each located in the
 * file the finding is in (not at the importing line) with that line's text: they are checked to be so,
 * then written out as the compiler's own `file:line:column - error CODE: …` and `> line | text` frame.
 */
export function errorText(error: unknown): string {
  const messages = (error as { errors?: { pluginName: string; text: string; location: { file: string; line: number; column: number; lineText: string } | null }[] }).errors
  if (!messages?.length) return String((error as Error)?.message)
  const ours = messages.filter((m) => m.pluginName === 'mcp-aot')
  if (ours.length === 0) return String((error as Error).message)
  for (const m of ours) located(m)
  const n = ours.length
  return `mcp-aot: ${n} error${n === 1 ? '' : 's'}\n\n` + ours.map((m) => `${m.text}\n> ${m.location!.line} | ${m.location!.lineText}`).join('\n\n')
}

/**
 * What a failed build prints of it: its message (where Rolldown, Vite and webpack put the errors they
 * gathered), esbuild's messages, and the stack of each error the plugin raised (Rollup's is the error itself).
 */
export function printedText(error: unknown): string {
  type Raised = { message?: string; stack?: string; text?: string; plugin?: string }
  const e = error as Raised & { errors?: Raised[] }
  const raised = [e, ...(e.errors ?? [])].filter((x) => x.plugin === 'mcp-aot')
  return [e.message, ...(e.errors ?? []).map((x) => x.text ?? ''), ...raised.map((x) => x.stack ?? '')].join('\n')
}

/** Throws unless the message's location is the line its text names (esbuild's column is 0-based), with that line's text. */
function located(m: { text: string; location: { file: string; line: number; column: number; lineText: string } | null }): void {
  const at = /^(.+?):(\d+):(\d+) - /.exec(m.text)
  const l = m.location
  if (!at || !l || !l.lineText || l.file !== at[1] || l.line !== Number(at[2]) || l.column !== Number(at[3]) - 1) throw new Error(`an esbuild message not located at its own line: ${JSON.stringify(m)}`)
}

/** Vite's logger, keeping only warnings (Vite prints nothing of its own here). */
function logger(warn: (text: string) => void): any {
  const warned = new Set<string>()
  return {
    hasWarned: false,
    info() {},
    warn: (msg: string) => warn(msg),
    warnOnce: (msg: string) => warned.has(msg) || (warned.add(msg), warn(msg)),
    error() {},
    clearScreen() {},
    hasErrorLogged: () => false,
  }
}

/** An esbuild warning of mcp-aot's, checked to be located in the tool file with its line, as `file:line:column - text`. */
export function warningText(w: { pluginName: string; text: string; location: { file: string; line: number; column: number; lineText: string } | null }): string {
  if (w.pluginName !== 'mcp-aot') return w.text
  located(w)
  return `${w.text}\n> ${w.location!.line} | ${w.location!.lineText}`
}
