/**
 * Views built by webpack: a compiler of its own made with the webpack the plugin runs in
 * (`compiler.webpack`), with the project's module rules, resolve and resolveLoader options, so its loaders
 * (ts-loader, babel-loader, css-loader, …) build the view too. Stylesheets and images no rule of the
 * project takes are webpack's own CSS modules (`experiments.css`) and inline assets. One chunk, minified;
 * written to a temporary folder that is removed after.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ASSET_TYPES, sourceFiles, ViewBuildError, type Bundled, type ViewBundler } from './document.ts'

/** Whether one of the project's rules takes a file named `name` (by `test`, as rules are mostly written). */
function ruled(rules: readonly any[], name: string): boolean {
  const matches = (cond: any): boolean =>
    cond instanceof RegExp ? cond.test(name) : typeof cond === 'string' ? name.endsWith(cond) : typeof cond === 'function' ? Boolean(cond(name)) : Array.isArray(cond) ? cond.some(matches) : false
  return rules.some((r) => r && typeof r === 'object' && ((r.test && matches(r.test)) || (r.oneOf && ruled(r.oneOf, name)) || (r.rules && ruled(r.rules, name))))
}

/** webpack's first error as one line, located in the view's files when it has a location; a loader's error by its own reason. */
function webpackFailure(error: any): ViewBuildError {
  const file: string | undefined = error?.module?.resource
  const line = error?.loc?.start?.line
  const at = file ? `${file}${line ? `:${line}:${(error.loc.start.column ?? 0) + 1}` : ''}: ` : ''
  // `Module build failed (from ./loader.js):` heads a loader's error; the reason is the line after.
  const lines = String(error?.error?.message ?? error?.message ?? error).split('\n').map((l) => l.trim()).filter((l) => l && !/^Module build failed\b/.test(l))
  return new ViewBuildError(`${at}${lines[0] ?? 'the build failed'}`, file ? [file] : [])
}

/**
 * The project's resolve options for a browser build: webpack filled in the Worker's target's conditions,
 * main and alias fields (a Node target's pick Node builds of packages); without them the view's `web` target
 * fills in its own. Aliases, extensions, modules and resolver plugins stay.
 */
function browserResolve(resolve: Record<string, unknown> | undefined): Record<string, unknown> {
  const { conditionNames: _c, mainFields: _m, aliasFields: _a, byDependency: _b, exportsFields: _e, ...rest } = resolve ?? {}
  return rest
}

export function webpackViews(compiler: any, root: string): ViewBundler {
  const webpack = compiler.webpack ?? compiler.rspack
  const rules: any[] = compiler.options?.module?.rules ?? []
  const css = ruled(rules, 'view.css')
  const assets = ASSET_TYPES.filter((e) => !ruled(rules, `view${e}`))
  return {
    async bundle(entry: string): Promise<Bundled> {
      const out = mkdtempSync(join(tmpdir(), 'mcp-aot-view-'))
      try {
        const child = webpack({
          mode: 'production',
          context: root,
          entry,
          target: 'web',
          devtool: false,
          output: { path: out, filename: 'view.js', cssFilename: 'view.css', publicPath: '', module: true, chunkFormat: 'module', iife: false },
          experiments: { outputModule: true, ...(css ? {} : { css: true }) },
          module: {
            rules: [
              ...rules,
              ...(css ? [] : [{ test: /\.css$/i, type: 'css' }]),
              ...(assets.length > 0 ? [{ test: new RegExp(`(${assets.map((e) => e.replace('.', '\\.')).join('|')})$`, 'i'), type: 'asset/inline' }] : []),
            ],
          },
          resolve: browserResolve(compiler.options.resolve),
          resolveLoader: compiler.options.resolveLoader,
          optimization: { minimize: true, splitChunks: false, runtimeChunk: false },
          performance: false,
          infrastructureLogging: { level: 'none' },
          plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
        })
        const stats: any = await new Promise((done, fail) => child.run((error: unknown, result: unknown) => child.close(() => (error ? fail(error) : done(result)))))
        if (stats.hasErrors()) throw webpackFailure(stats.compilation.errors[0])
        const read = (ext: string) => readdirSync(out).filter((f) => f.endsWith(ext)).map((f) => readFileSync(join(out, f), 'utf8').trim()).join('')
        const inputs = sourceFiles(stats.compilation.fileDependencies, root).filter((f) => statSync(f, { throwIfNoEntry: false })?.isFile())
        return { js: entry.endsWith('.css') ? '' : read('.js'), css: read('.css'), inputs }
      } catch (error) {
        throw error instanceof ViewBuildError ? error : webpackFailure(error)
      } finally {
        rmSync(out, { recursive: true, force: true })
      }
    },
  }
}
