/**
 * The unplugin instance: one plugin for Vite, esbuild, Rollup, Rolldown and webpack. It runs first
 * (`enforce: 'pre'`) on the original TypeScript, skips any module without `@tool`/`@resource`/`@prompt`
 * in its text, appends the dispatch table, and registers every file it read types from as a watch file.
 */
import { readFile } from 'node:fs/promises'
import { dirname, join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createUnplugin } from 'unplugin'
import { MARKER, type CompiledModule } from './compiler/compile.ts'
import { CompileError } from './compiler/diagnostics.ts'
import type { Declaration } from './compiler/declarations/declaration.ts'
import { Project } from './compiler/source/project.ts'
import { COMPILE_PROBE, CompiledModules, type CompileProbe } from './compiler/modules.ts'
import { duplicateFindings } from './compiler/declarations/duplicates.ts'
import { REEXPORT } from './compiler/declarations/reexports.ts'
import { artifacts, collect, emitForEsbuild, serverIdentity, type ArtifactOptions } from './compiler/artifacts/artifacts.ts'
import { listRefusals, modelReport, tokenTable, type ModelReport } from './compiler/artifacts/model-report.ts'
import { profileList, strictList } from './compiler/model/profiles/index.ts'
import { formatWarning } from './compiler/model/warnings.ts'
import { TokenizerMissing } from './compiler/model/tokens.ts'
import { discovery, registryUrl, SERVER_JSON_FILE, serverCardModule } from './compiler/artifacts/registry.ts'
import { addModuleError, graphModules, esbuildMessage, loaderOf, logWarnings, withInlineMap, type EsbuildMessage, type Finding } from './bundler-messages.ts'
import { DevLoop, devConfig, serveEntry, type DevOptions } from './dev/loop.ts'
import { serveDevPage } from './dev/page.ts'
import { workerBuildConfig } from './worker-build.ts'
import { readSkillFolders, skillsModule, type SkillFolders, type SkillsOption } from './compiler/artifacts/skill-folders.ts'
import { VIEW_ID, VIEW_VIRTUAL, viewPath, viewVirtualId, ViewModules } from './view-modules.ts'
import { VALIDATOR_ID, VALIDATOR_MODULE, validatorSource } from './compiler/schema/validator-modules.ts'
import { hostPackage, type ViewBundler } from './compiler/views/document.ts'
import { viewClashes } from './compiler/views/attach.ts'
import { esbuildViews } from './compiler/views/esbuild.ts'
import { viteViews, type ViteProject } from './compiler/views/vite.ts'
import { rollupViews } from './compiler/views/rollup.ts'
import { webpackViews } from './compiler/views/webpack.ts'

export interface McpAotOptions extends ArtifactOptions {
  /** The project root that locations in tables and diagnostics are relative to; default Vite's `root`, else `process.cwd()`. */
  root?: string
  /**
   * Vite's dev server only: serve the MCP endpoint from this Worker entry (`'src/worker.ts'`, or
   * `{ entry, path, env }`) in Node, reloading on every edit. Not needed with `@cloudflare/vite-plugin`.
   */
  dev?: DevOptions
  /**
   * Vite only: build this Worker entry (`'src/worker.ts'`) as one ES module bundle, `dist/worker.js`, for
   * workerd and Deno (Web conditions, everything bundled). Your own config's settings win.
   */
  worker?: string
  /**
   * The largest input or output schema a tool may have, in bytes of JSON; default 65536 (64 KiB). Every
   * schema is inline, so shared nested types multiply; a tool over the budget is a build error (MCP039).
   */
  schemaBudget?: number
  /**
   * Skills over MCP: the folder of skill folders (`'skills'`: `skills/<name>/SKILL.md` and its files), or
   * several, read when the build starts and served by the module `mcp-aot/skills` (`import * as skills from
   * 'mcp-aot/skills'`, passed to createServer as a tool module is), with each file's digest and size.
   */
  skills?: SkillsOption
}

const here = dirname(fileURLToPath(import.meta.url))
const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
/** The runtime the generated code imports: always this package's own copy, matching this compiler. */
const RUNTIME: Record<string, string> = {
  'mcp-aot': join(here, `index${ext}`),
  'mcp-aot/internal': join(here, 'runtime', `internal${ext}`),
  'mcp-aot/cloudflare': join(here, 'cloudflare', `index${ext}`),
}

const RUNTIME_ID = /^mcp-aot(\/internal|\/cloudflare)?$/
/** This package's own files (the runtime the generated code imports, wherever it is installed): never compiled. */
const own = (id: string) => id.startsWith(here + sep)
/** The module the `registry` option writes (serverInfo and the Server Card); without the option, the package's stand-in. */
const CARD_ID = 'mcp-aot/server-card'
const CARD_VIRTUAL = '\0mcp-aot/server-card'
/** The module the `skills` option writes (the skill folders' files and entries); without the option, the package's stand-in. */
const SKILLS_ID = 'mcp-aot/skills'
const SKILLS_VIRTUAL = '\0mcp-aot/skills'
// JavaScript too, so that a .js tool module is refused (MCP041) rather than left out without a word.
const SOURCE = /\.[cm]?[jt]sx?$/
/** A module the plugin reads: one that declares (MARKER) or may re-export declarations (a barrel). */
const CANDIDATE = new RegExp(`${MARKER.source}|${REEXPORT.source}`, 'i')
/** A bundler's `plugins` option, nested arrays and falsy entries as Rollup takes them, flattened. */
const flatPlugins = (plugins: unknown): unknown[] => (Array.isArray(plugins) ? plugins.flatMap(flatPlugins) : plugins ? [plugins] : [])

export const unplugin = createUnplugin((options: McpAotOptions | undefined, meta) => {
  let root = options?.root ?? process.cwd()
  let project = new Project(root)
  // The declarations the last build served (buildEnd: the modules it loaded), for its artefacts.
  let served: ReadonlyMap<string, readonly Declaration[]> = new Map()
  const profiles = profileList(options?.profiles)
  const strictProfiles = strictList(options?.strictProfiles, profiles)
  // `server`: the server's name as the manifest and cards give it (the option, else package.json), for the views' ui:// URIs.
  const emitOptions = { profiles, strictProfiles, lenient: options?.lenient, explicitHints: options?.explicitHints, schemaBudget: options?.schemaBudget, server: serverIdentity(root, options?.server).name, validatorModules: meta.framework !== 'webpack' && meta.framework !== 'rspack' }
  // Every module the instance compiled, and what each build serves of them (compiler/modules.ts).
  const compiled = new CompiledModules(() => project, emitOptions, (options as { [COMPILE_PROBE]?: CompileProbe } | undefined)?.[COMPILE_PROBE])
  // Vite's dev server: a module that stops compiling keeps its last good output (src/dev/loop.ts).
  const devLoop = new DevLoop<Pick<CompiledModule, 'code' | 'map'>>()
  // esbuild: the warnings buildEnd found, for the onEnd below to add to the result and log (its own channel).
  let esbuildWarnings: EsbuildMessage[] = []
  // esbuild: the modules each build loaded (its onLoad), and the duplicate names buildEnd found, for its onEnd.
  const esbuildLoaded = new WeakMap<object, Set<string>>()
  let esbuildErrorsFound: EsbuildMessage[] = []
  // `registry`: server.json beside the bundle and mcp-aot/server-card, from package.json (MCP044–MCP046 when it cannot).
  if (options?.registry) registryUrl(options.registry)
  const discovered = () => discovery(root, options!.registry!, serverIdentity(root, options?.server))
  // The module mcp-aot/server-card; when package.json cannot give it, its load reports that and buildEnd does not again.
  let cardFailed = false
  const cardModule = () => {
    try {
      return serverCardModule(discovered())
    } catch (error) {
      cardFailed = true
      throw error
    }
  }
  // `skills`: the skill folders, read (and checked: MCP053–MCP056) when each build starts.
  let skillFolders: SkillFolders | undefined
  const readSkills = () => (skillFolders = readSkillFolders(root, options!.skills!))
  const skillsSource = () => skillsModule((skillFolders ?? readSkills()).set)
  // Build artefacts (mcp-manifest.json, SKILL.md, llms.txt, server.json), emitted next to the bundle when asked for.
  const wantsArtifacts = Boolean(options?.manifest || options?.docs || options?.registry)
  // The model report buildEnd made for this build (lint, profiles, tokens): the manifest reuses it.
  let builtReport: ModelReport | undefined
  const artifactFiles = () => [
    ...artifacts(options ?? {}, serverIdentity(root, options?.server), collect(served), builtReport),
    ...(options?.registry ? [{ fileName: SERVER_JSON_FILE, source: discovered().serverJson }] : []),
  ]
  const emitArtifacts = (context: { emitFile(file: { type: 'asset'; fileName: string; source: string }): unknown }) => {
    for (const file of artifactFiles()) context.emitFile({ type: 'asset', fileName: file.fileName, source: file.source })
  }
  // `post`: after Vite's own asset pass, which drops assets from server (SSR, Worker) builds.
  const generateBundle = {
    order: 'post' as const,
    handler(this: any) {
      if (wantsArtifacts && served.size > 0) emitArtifacts(this)
    },
  }
  // MCP Apps: each view's document, built by the bundler the plugin runs in (src/view-modules.ts).
  const views = new ViewModules(compiled.declarations, () => project.texts, () => root)
  let viteProject: ViteProject | undefined
  let inputPlugins: unknown[] = []
  const projectEsbuild = async () => {
    const esbuild = await hostPackage<Pick<typeof import('esbuild'), 'build'>>('esbuild', root)
    if (!esbuild) throw new Error(`mcp-aot: esbuild, which builds views under ${meta.framework}, is not installed: npm i -D esbuild`)
    return esbuild
  }
  const viewBundler = async (native?: { compiler?: unknown }): Promise<ViewBundler> => {
    if (meta.framework === 'vite' && viteProject) return viteViews((await hostPackage<typeof import('vite')>('vite', root))!, viteProject)
    if (meta.framework === 'rollup' || meta.framework === 'rolldown') return rollupViews(meta.framework, root, inputPlugins)
    if ((meta.framework === 'webpack' || meta.framework === 'rspack') && native?.compiler) return webpackViews(native.compiler, root)
    return esbuildViews(await projectEsbuild(), root)
  }
  // esbuild: a CompileError's findings as its own errors, each at its line (anything else is thrown on).
  const esbuildErrors = (error: unknown, watchFiles: string[]) => {
    const findings = (error as { diagnostics?: Finding[] }).diagnostics
    if (!findings) throw error
    return { errors: findings.map((d) => esbuildMessage('error', d, project.texts, root)), watchFiles }
  }
  /** The module with its table appended, null when it declares and re-exports nothing; throws a CompileError for findings. */
  const transformModule = (rawId: string, code: string, watch: (file: string) => void): Pick<CompiledModule, 'code' | 'map'> | null => {
    const id = rawId.replace(/[?#].*$/, '')
    if (!SOURCE.test(id) || id.endsWith('.d.ts') || own(id)) return null
    try {
      const out = compiled.compile(id, code)
      if (!out) {
        devLoop.compiled(id, null)
        return null
      }
      for (const f of out.read) watch(f)
      // The map read only when the bundler asks for it (compile.ts makes it then).
      const result: Pick<CompiledModule, 'code' | 'map'> = { code: out.code, get map() { return out.map } }
      devLoop.compiled(id, result)
      devLoop.linted(id, code, () => modelReport(out.declarations, profiles).warnings.map((w) => formatWarning(w)))
      return result
    } catch (error) {
      for (const f of (error as { watchFiles?: string[] }).watchFiles ?? []) watch(f)
      const lastGood = devLoop.failed(id, error)
      if (lastGood) return lastGood
      compiled.forget(id)
      throw error
    }
  }
  /** The modules this build loaded: esbuild's loads (its onLoad below), else the bundler's module graph. */
  const buildModules = (context: any): Iterable<string> => {
    const native = context.getNativeBuildContext?.()
    if (meta.framework === 'esbuild') return (native?.build && esbuildLoaded.get(native.build)) ?? compiled.declarations.keys()
    return graphModules(context) ?? compiled.declarations.keys()
  }
  return {
    name: 'mcp-aot',
    enforce: 'pre',
    // unplugin's esbuild adapter puts every resolved id in its own namespace; resolve to files there directly.
    ...(meta.framework === 'esbuild'
      ? {
          esbuild: {
            setup: (build: any) => {
              build.onResolve({ filter: RUNTIME_ID }, (args: any) => ({ path: RUNTIME[args.path] }))
              // A validator the generated code imports (compiler/schema/validator-modules.ts): one module per bundle.
              build.onResolve({ filter: VALIDATOR_ID }, (args: any) => ({ path: args.path.slice(VALIDATOR_MODULE.length), namespace: 'mcp-aot-validator' }))
              build.onLoad({ filter: /./, namespace: 'mcp-aot-validator' }, (args: any) => ({ contents: validatorSource(args.path), loader: 'js', resolveDir: here }))
              // MCP Apps: a view's document, built by this build's esbuild with its options (compiler/views/esbuild.ts).
              build.onResolve({ filter: VIEW_ID }, (args: any) => ({ path: args.path.replace(VIEW_ID, ''), namespace: 'mcp-aot-view' }))
              build.onLoad({ filter: /./, namespace: 'mcp-aot-view' }, async (args: any) => {
                try {
                  const view = await views.load(args.path, async () => esbuildViews(build.esbuild ?? (await projectEsbuild()), root, build.initialOptions))
                  return { contents: view.code, loader: 'js', watchFiles: view.watchFiles }
                } catch (error) {
                  return esbuildErrors(error, (error as { watchFiles?: string[] }).watchFiles ?? [args.path])
                }
              })
              if (options?.registry) {
                build.onResolve({ filter: /^mcp-aot\/server-card$/ }, () => ({ path: CARD_ID, namespace: 'mcp-aot' }))
                build.onLoad({ filter: /^mcp-aot\/server-card$/, namespace: 'mcp-aot' }, () => ({ contents: cardModule(), loader: 'js', resolveDir: here }))
              }
              if (options?.skills) {
                build.onResolve({ filter: /^mcp-aot\/skills$/ }, () => ({ path: SKILLS_ID, namespace: 'mcp-aot' }))
                build.onLoad({ filter: /^mcp-aot\/skills$/, namespace: 'mcp-aot' }, () => ({ contents: skillsSource(), loader: 'js', resolveDir: here, watchFiles: [...(skillFolders?.read ?? [])] }))
              }
              // Tool modules: each finding an error at its own line of the tool file, with the line's text for
              // esbuild's code frame (an error thrown from a transform is put at the importing line instead).
              // JavaScript too: a .js tool module is refused (MCP041) at its own line, not left out without a word.
              const loaded = new Set<string>()
              esbuildLoaded.set(build, loaded)
              build.onLoad({ filter: SOURCE }, async (args: any) => {
                if (/node_modules/.test(args.path) || args.path.endsWith('.d.ts') || own(args.path)) return undefined
                const code = await readFile(args.path, 'utf8')
                if (!CANDIDATE.test(code)) return undefined
                loaded.add(args.path)
                const watchFiles: string[] = []
                try {
                  const out = transformModule(args.path, code, (f) => watchFiles.push(f))
                  if (!out) return undefined
                  // The map only when esbuild writes source maps (it reads none from its input otherwise).
                  const contents = build.initialOptions.sourcemap ? withInlineMap(out, code, args.path) : out.code
                  return { contents, loader: loaderOf(args.path), resolveDir: dirname(args.path), watchFiles }
                } catch (error) {
                  return esbuildErrors(error, [args.path, ...watchFiles])
                }
              })
              build.onStart(() => loaded.clear())
              // After unplugin's own onEnd, which runs buildEnd: its warnings join `result.warnings`, and a name
              // declared twice in this build is an error at the second declaration (with that line's text).
              build.onEnd(async (result: any) => {
                const found = esbuildWarnings
                const errors = esbuildErrorsFound
                esbuildWarnings = []
                esbuildErrorsFound = []
                result.warnings.push(...found)
                await logWarnings(build, found)
                if (wantsArtifacts) emitForEsbuild(build.initialOptions, result, served.size && result.errors.length === 0 && errors.length === 0 ? artifactFiles() : [])
                return errors.length > 0 ? { errors } : undefined
              })
            },
          },
        }
      : {
          resolveId: {
            filter: { id: /^mcp-aot(\/internal|\/cloudflare|\/server-card|\/skills|\/view:.+|\/validator:\w+)?$/ },
            handler: (id: string) =>
              VALIDATOR_ID.test(id) ? `\0${id}.js` : VIEW_ID.test(id) ? viewVirtualId(id) : id === CARD_ID ? (options?.registry ? CARD_VIRTUAL : null) : id === SKILLS_ID ? (options?.skills ? SKILLS_VIRTUAL : null) : (RUNTIME[id] ?? null),
          },
          load: {
            filter: { id: /^\0mcp-aot\/(server-card|skills|view:.+\.js|validator:\w+\.js)$/ },
            async handler(id: string) {
              if (id.startsWith(`\0${VALIDATOR_MODULE}`)) return validatorSource(id.slice(VALIDATOR_MODULE.length + 1, -'.js'.length))
              if (VIEW_VIRTUAL.test(id)) {
                // MCP Apps: a view's document, built by this bundler with the project's configuration (src/view-modules.ts).
                const native = (this as { getNativeBuildContext?: () => { compiler?: unknown } }).getNativeBuildContext?.()
                try {
                  const view = await views.load(viewPath(id), () => viewBundler(native))
                  for (const file of view.watchFiles) this.addWatchFile(file)
                  return view.code
                } catch (error) {
                  for (const file of (error as { watchFiles?: string[] }).watchFiles ?? []) this.addWatchFile(file)
                  throw error
                }
              }
              if (id !== SKILLS_VIRTUAL) return cardModule()
              // Read afresh (Vite's dev server loads it again when a watched skill file changes).
              const source = skillsModule(readSkills().set)
              for (const file of skillFolders!.read) this.addWatchFile(file)
              return source
            },
          },
        }),
    // esbuild loads tool modules in its own onLoad (above), to report findings in its own shape: no transform
    // there, so that unplugin adds no onLoad of its own, which would read every other file of the build again.
    ...(meta.framework === 'esbuild'
      ? {}
      : {
          transform: {
            filter: { id: { include: SOURCE, exclude: /node_modules/ }, code: CANDIDATE },
            handler(code: string, rawId: string) {
              try {
                return transformModule(rawId, code, (f) => this.addWatchFile(f))
              } catch (error) {
                // webpack and rspack: findings as the module's own error (src/bundler-messages.ts), its code one that throws them.
                const failed = addModuleError((this as any).getNativeBuildContext?.(), error)
                if (failed === undefined) throw error
                return { code: failed }
              }
            },
          },
        }),
    buildStart(...args: unknown[]) {
      compiled.startBuild()
      // Rollup and Rolldown: the build's plugins for the views' builds (compiler/views/rollup.ts), as the build
      // has them once every options hook ran (@rollup/plugin-commonjs adds its resolver there).
      if (meta.framework === 'rollup' || meta.framework === 'rolldown') inputPlugins = flatPlugins((args[0] as { plugins?: unknown } | undefined)?.plugins)
      // `skills`: read the folders afresh each build (a dev rebuild sees edited files), each file watched
      // (esbuild: by the module's onLoad above).
      if (!options?.skills) return
      readSkills()
      const context = this as { addWatchFile?: (file: string) => void }
      if (meta.framework !== 'esbuild') for (const file of skillFolders!.read) context.addWatchFile?.(file)
    },
    buildEnd() {
      served = compiled.served(buildModules(this))
      // esbuild: each duplicate an error at its declaration, added by the onEnd above.
      if (meta.framework === 'esbuild') esbuildErrorsFound = duplicateFindings(served).map((d) => esbuildMessage('error', d, project.texts, root))
      else {
        const duplicates = duplicateFindings(served)
        if (duplicates.length > 0) throw new CompileError(duplicates, project.texts)
      }
      // MCP Apps: a ui:// URI two modules' views (or a view and a resource) share (one module's failed its compile).
      const clashes = viewClashes(collect(served))
      if (clashes.length > 0) throw new CompileError(clashes, project.texts)
      // `registry`: a package.json that gives no valid server.json fails the build (MCP044–MCP046).
      const reported = cardFailed
      cardFailed = false
      if (options?.registry && !reported) discovered()
      // Lint and the parts a profile cannot write: warnings with codes and locations (src/compiler/model/warnings.ts).
      let report
      builtReport = undefined
      try {
        report = builtReport = modelReport(collect(served), profiles, Boolean(options?.tokens))
      } catch (error) {
        // `tokens: true` without gpt-tokenizer (an optional peer dependency): MCP043, what to install.
        throw error instanceof TokenizerMissing ? new CompileError([error.diagnostic], project.texts) : error
      }
      // `strictProfiles`: a list such a profile refuses as a whole fails the build (its tools' refusals failed their modules).
      const refusedLists = listRefusals(collect(served), report, strictProfiles)
      if (refusedLists.length > 0) throw new CompileError(refusedLists, project.texts)
      // buildEnd's context has no `warn` under every bundler: the bundler's channel where there is one.
      const context = this as { warn?: (message: string) => void; getNativeBuildContext?: () => { compilation?: any } }
      if (meta.framework === 'esbuild') esbuildWarnings = report.warnings.map((w) => esbuildMessage('warning', w, project.texts, root))
      else {
        // webpack and rspack: the compilation's warnings, which their stats and CLI print.
        const compilation = meta.framework === 'webpack' || meta.framework === 'rspack' ? context.getNativeBuildContext?.().compilation : undefined
        const WebpackError = compilation?.compiler?.webpack?.WebpackError ?? compilation?.compiler?.rspack?.WebpackError
        for (const w of report.warnings) {
          const text = formatWarning(w)
          if (compilation && WebpackError) compilation.warnings.push(Object.assign(new WebpackError(`mcp-aot: ${text}`), { name: 'McpAotWarning' }))
          else if (context.warn) context.warn(text)
          else console.warn(`mcp-aot: ${text}`)
        }
      }
      if (options?.tokens && report.tools.length > 0) console.info(`mcp-aot: ${tokenTable(report)}`)
      // webpack and rspack: assets added while the compilation processes them (esbuild: its onEnd above).
      if (wantsArtifacts && served.size > 0 && (meta.framework === 'webpack' || meta.framework === 'rspack')) emitArtifacts(this)
    },
    // Rollup, Rolldown and Vite: assets of each output, next to its chunks (Vite's dev server never calls it).
    rollup: { generateBundle },
    rolldown: { generateBundle },
    vite: {
      generateBundle,
      // `vite build` of `worker`; `vite dev`: the modules the plugin writes resolved in the server environment too.
      config: (_config: unknown, env: { command: string }) =>
        (options?.worker ? workerBuildConfig(options.worker, env.command) : undefined) ?? devConfig(env.command, Boolean(options?.skills || options?.registry)),
      configResolved: (config: any) => {
        if (!options?.root && config.root !== root) {
          project = new Project((root = config.root))
          // The views' ui:// URIs name the server as Vite's root's package.json does, as the manifest does.
          emitOptions.server = serverIdentity(root, options?.server).name
        }
        viteProject = { root: config.root, mode: config.mode, configFile: config.configFile }
        devLoop.configResolved(config)
      },
      configureServer: (server: any) => {
        devLoop.configureServer(server)
        if (options?.dev) serveEntry(server, options.dev)
        // A page at `/` for a browser: the tools, the URL to give a client, Vite's overlay (src/dev/page.ts).
        serveDevPage(server.middlewares, (typeof options?.dev === 'object' && options.dev.path) || '/mcp')
      },
    },
    watchChange(id, change) {
      if (change.event === 'delete') {
        compiled.forget(id, true)
      }
      // Vite's dev server has one build: what changed in it (a tsconfig, a new file) is seen all the same.
      compiled.startBuild()
    },
  }
})

export default unplugin
