/**
 * Views built by esbuild: the instance the plugin runs in (its build's `esbuild`) with the project's own
 * build options that shape a browser bundle (plugins other than mcp-aot, which resolve and load the view's
 * modules but whose onStart and onEnd stay the Worker's build's; alias, define, loaders, JSX, tsconfig,
 * resolution), or, where the plugin runs in another bundler that has none to offer, the project's
 * esbuild with none of them. Minified ESM for the browser, images and fonts as data URLs.
 */
import { dirname, join, resolve } from 'node:path'
import type * as Esbuild from 'esbuild'
import { ASSET_TYPES, sourceFiles, ViewBuildError, type Bundled, type ViewBundler } from './document.ts'

/** The build options a view takes from the project's esbuild build; output, platform and entry options are the view's own. */
const KEPT = ['alias', 'define', 'loader', 'jsx', 'jsxFactory', 'jsxFragment', 'jsxImportSource', 'jsxDev', 'jsxSideEffects', 'tsconfig', 'tsconfigRaw', 'conditions', 'mainFields', 'resolveExtensions', 'nodePaths', 'preserveSymlinks', 'supported', 'pure', 'drop', 'dropLabels'] as const

/** esbuild's first error as one line, located in the view's files when it has a location (relative to `root`). */
function esbuildFailure(error: unknown, root: string): ViewBuildError {
  const first = (error as { errors?: Esbuild.Message[] }).errors?.[0]
  if (!first) return new ViewBuildError(String((error as Error).message ?? error))
  const at = first.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : ''
  return new ViewBuildError(`${at}${first.text}`, first.location ? [resolve(root, first.location.file)] : [])
}

/** The build's life-cycle callbacks, which a project's plugin registers for the Worker's build, not for a view's. */
const LIFE_CYCLE = new Set<string | symbol>(['onStart', 'onEnd', 'onDispose'])

/** A project's plugin as it takes part in a view's build: it resolves and loads modules, its onStart and onEnd do not run. */
const resolvingOnly = (plugin: Esbuild.Plugin): Esbuild.Plugin => ({
  name: plugin.name,
  setup: (build) => plugin.setup(new Proxy(build, { get: (target, key) => (LIFE_CYCLE.has(key) ? () => {} : Reflect.get(target, key)) })),
})

export function esbuildViews(esbuild: Pick<typeof Esbuild, 'build'>, root: string, project: Esbuild.BuildOptions = {}): ViewBundler {
  const kept = Object.fromEntries(KEPT.filter((k) => project[k] !== undefined).map((k) => [k, project[k]]))
  const plugins = (project.plugins ?? []).filter((p) => p.name !== 'mcp-aot').map(resolvingOnly)
  return {
    async bundle(entry: string): Promise<Bundled> {
      let out: Esbuild.BuildResult & { outputFiles: Esbuild.OutputFile[]; metafile: Esbuild.Metafile }
      try {
        out = await esbuild.build({
          ...kept,
          loader: { ...Object.fromEntries(ASSET_TYPES.map((e) => [e, 'dataurl' as const])), ...project.loader },
          plugins,
          entryPoints: [entry],
          bundle: true,
          splitting: false,
          format: 'esm',
          platform: 'browser',
          target: 'es2022',
          minify: true,
          write: false,
          metafile: true,
          outdir: join(dirname(entry), '.mcp-view'),
          absWorkingDir: project.absWorkingDir ?? root,
          legalComments: 'none',
          charset: 'utf8',
          logLevel: 'silent',
        })
      } catch (error) {
        throw esbuildFailure(error, project.absWorkingDir ?? root)
      }
      const text = (ext: string) => out.outputFiles.filter((f) => f.path.endsWith(ext)).map((f) => f.text.trim()).join('')
      return { js: text('.js'), css: text('.css'), inputs: sourceFiles(Object.keys(out.metafile.inputs), project.absWorkingDir ?? root) }
    },
  }
}
