/**
 * The incremental compiler under each bundler's own rebuild loop (esbuild context, Rollup watch, `vite build
 * --watch`, webpack watch): a rebuild compiles exactly the modules whose text or type files changed, counted
 * through the plugin's compile probe (not timed), and serves what a cold build of the same files serves.
 */
import { readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, context, transform } from 'esbuild'
import { watch as rollupWatch } from 'rollup'
import { build as viteBuild } from 'vite'
import webpack from 'webpack'
import { afterAll, describe, expect, it } from 'vitest'
import mcpEsbuild from '../../src/esbuild.ts'
import mcpRollup from '../../src/rollup.ts'
import mcpVite from '../../src/vite.ts'
import { connect } from '../../src/testing.ts'
import { startDevProject, until } from '../dev/project.ts'
import mcpWebpack from '../../src/webpack.ts'
import { COMPILE_PROBE } from '../../src/compiler/modules.ts'
import { tempProject } from '../helpers/temp-project.ts'
import { modernRequest, send } from '../runtime/helpers.ts'
import { load, webpackConfig } from './build.ts'

// a.ts and b.ts read Customer from types.ts; c.ts declares its own type; worker.ts declares nothing.
const FILES: Record<string, string> = {
  'package.json': '{ "name": "inc", "version": "1.0.0", "type": "module" }\n',
  'src/types.ts': "import type { MinLength } from 'mcp-aot'\n\nexport interface Customer {\n  name: string & MinLength<1>\n}\n",
  'src/a.ts': "import type { Customer } from './types.ts'\n\n/** Greets a customer. @tool */\nexport function greet(customer: Customer): string {\n  return customer.name\n}\n",
  'src/b.ts': "import type { Int } from 'mcp-aot'\nimport type { Customer } from './types.ts'\n\n/** Bills a customer. @tool */\nexport function bill(customer: Customer, cents: Int): string {\n  return customer.name + cents\n}\n",
  'src/c.ts': '/** A point. */\ninterface Point {\n  x: number\n  y: number\n}\n\n/** Measures a point. @tool */\nexport function measure(point: Point): number {\n  return Math.hypot(point.x, point.y)\n}\n',
  'src/worker.ts': "import { createServer } from 'mcp-aot'\nimport * as a from './a.ts'\nimport * as b from './b.ts'\nimport * as c from './c.ts'\n\nexport default createServer({ name: 'inc', version: '1.0.0' }, a, b, c)\n",
}

const roots: string[] = []
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })))

/** The project in a fresh folder, its files dated a minute back (a watcher started now sees none as just changed). */
function project(): string {
  const root = tempProject('mcp-aot-incremental-', FILES)
  roots.push(root)
  const past = new Date(Date.now() - 60_000)
  for (const path of Object.keys(FILES)) utimesSync(join(root, path), past, past)
  return root
}

/** Rewrites a file of the project through `edit` (the same text again when none: a save without a change). */
function edit(root: string, path: string, change: (text: string) => string = (t) => t): void {
  const file = join(root, path)
  const before = readFileSync(file, 'utf8')
  const after = change(before)
  if (path !== 'src/worker.ts' && after === before) throw new Error(`the edit of ${path} changed nothing`)
  writeFileSync(file, after)
}

/** Each tool's input schema as tools/list serves it from the bundle, by tool name. */
async function schemas(code: string): Promise<Record<string, any>> {
  const server = (await load(code)).default
  const listed = (await send(server, modernRequest('tools/list'))).body.result.tools as { name: string; description: string; inputSchema: any }[]
  return Object.fromEntries(listed.map((t) => [t.name, { ...t.inputSchema, description: t.description }]))
}

/** A build's bundle and its mcp-manifest.json. */
interface Built {
  code: string
  manifest: string
}

/** One bundler's rebuild loop: `next()` is the next build (esbuild: a rebuild() it starts). */
interface Loop {
  next(): Promise<Built>
  close(): Promise<void>
}

/** Builds arrive as events; `next()` waits for the next one (or the next error). */
function queue(): { push(built: Built): void; fail(error: unknown): void; next(): Promise<Built> } {
  type Event = { built: Built } | { error: unknown }
  const done: Event[] = []
  const waiting: ((v: Event) => void)[] = []
  const put = (v: Event) => (waiting.length > 0 ? waiting.shift()!(v) : done.push(v))
  return {
    push: (built) => put({ built }),
    fail: (error) => put({ error }),
    next: async () => {
      const v = done.length > 0 ? done.shift()! : await new Promise<Event>((resolve) => waiting.push(resolve))
      if ('error' in v) throw v.error
      return v.built
    },
  }
}

/** The bundle `file` and the manifest beside it, as written. */
const written = (dir: string, file: string): Built => ({ code: readFileSync(join(dir, file), 'utf8'), manifest: readFileSync(join(dir, 'mcp-manifest.json'), 'utf8') })

/** esbuild's outputs (write: false): the bundle and the manifest. */
const outputs = (files: { path: string; text: string }[]): Built => ({ code: files.find((f) => f.path.endsWith('.js'))!.text, manifest: files.find((f) => f.path.endsWith('mcp-manifest.json'))!.text })

/** A cold build of the project as it is now, by a new plugin instance. */
async function coldBuild(root: string): Promise<Built> {
  const out = await build({ entryPoints: [join(root, 'src/worker.ts')], bundle: true, format: 'esm', platform: 'neutral', outdir: join(root, 'cold'), write: false, logLevel: 'silent', plugins: [mcpEsbuild({ root, manifest: true })] })
  return outputs(out.outputFiles)
}

const stripTypes = { name: 'strip', async transform(code: string, id: string) { return id.endsWith('.ts') ? (await transform(code, { loader: 'ts' })).code : null } }

const LOOPS: Record<string, (root: string, probe: { compiled(id: string): void }) => Promise<Loop>> = {
  'esbuild context': async (root, probe) => {
    const ctx = await context({ entryPoints: [join(root, 'src/worker.ts')], bundle: true, format: 'esm', platform: 'neutral', outdir: join(root, 'out'), write: false, logLevel: 'silent', plugins: [mcpEsbuild({ root, manifest: true, [COMPILE_PROBE]: probe } as any)] })
    return { next: async () => outputs((await ctx.rebuild()).outputFiles!), close: () => ctx.dispose() }
  },
  'rollup watch': async (root, probe) => {
    const out = join(root, 'out')
    const watcher = rollupWatch({ input: join(root, 'src/worker.ts'), plugins: [mcpRollup({ root, manifest: true, [COMPILE_PROBE]: probe } as any), stripTypes], output: { dir: out, format: 'es' }, watch: { buildDelay: 50 }, onwarn: () => {} })
    const builds = queue()
    watcher.on('event', async (event) => {
      if (event.code === 'ERROR') builds.fail(event.error)
      if (event.code !== 'BUNDLE_END') return
      await event.result.close()
      builds.push(written(out, 'worker.js'))
    })
    return { next: builds.next, close: () => watcher.close() }
  },
  'vite build --watch': async (root, probe) => {
    const out = join(root, 'dist')
    const watcher: any = await viteBuild({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [mcpVite({ root, manifest: true, [COMPILE_PROBE]: probe } as any)],
      build: { ssr: join(root, 'src/worker.ts'), outDir: out, minify: false, watch: {}, rolldownOptions: { output: { format: 'es' } } },
      ssr: { noExternal: true, target: 'webworker' },
    })
    const builds = queue()
    watcher.on('event', async (event: any) => {
      if (event.code === 'ERROR') builds.fail(event.error)
      if (event.code !== 'BUNDLE_END') return
      await event.result?.close?.()
      builds.push(written(out, 'worker.js'))
    })
    return { next: builds.next, close: () => watcher.close() }
  },
  'webpack watch': async (root, probe) => {
    const out = join(root, 'dist')
    const compiler = webpack(webpackConfig(join(root, 'src/worker.ts'), root, out, 'worker.mjs', mcpWebpack({ root, manifest: true, [COMPILE_PROBE]: probe } as any)))
    const builds = queue()
    const watching = compiler.watch({ aggregateTimeout: 50 }, (err, stats) => {
      if (err) return builds.fail(err)
      if (stats?.hasErrors()) return builds.fail(new Error(stats.toString({ all: false, errors: true })))
      builds.push(written(out, 'worker.mjs'))
    })
    return { next: builds.next, close: () => new Promise<void>((resolve) => (watching ? watching.close(() => resolve()) : resolve())) }
  },
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a rebuild compiles exactly the modules whose text or type files changed', () => {
  for (const [name, start] of Object.entries(LOOPS)) {
    it(`${name}: cold, no change, a type file edited, one tool file edited`, async () => {
      const root = project()
      let compiled: string[] = []
      const loop = await start(root, { compiled: (id) => compiled.push(id.startsWith(root) ? id.slice(root.length + 1) : id) })
      /** The next build's compiled modules (sorted) and schemas; `change` made first, after a pause watchers need to see it as new. */
      const step = async (change?: () => void) => {
        if (change) {
          await pause(150)
          change()
        }
        compiled = []
        const built = await loop.next()
        return { compiled: compiled.sort(), schemas: await schemas(built.code), manifest: built.manifest }
      }
      try {
        const cold = await step()
        expect(cold.compiled).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts'])
        expect(cold.schemas.greet.properties.customer.properties.name.minLength).toBe(1)

        // A save of the entry without a change (esbuild: rebuild() with nothing changed): nothing compiles.
        const same = await step(() => edit(root, 'src/worker.ts'))
        expect(same.compiled).toEqual([])
        expect(same.schemas).toEqual(cold.schemas)

        // types.ts edited: the two modules that read it compile again, with the new schema; c.ts does not.
        const typed = await step(() => edit(root, 'src/types.ts', (t) => t.replace('MinLength<1>', 'MinLength<3>')))
        expect(typed.compiled).toEqual(['src/a.ts', 'src/b.ts'])
        expect(typed.schemas.greet.properties.customer.properties.name.minLength).toBe(3)
        expect(typed.schemas.bill.properties.customer.properties.name.minLength).toBe(3)
        expect(typed.schemas.measure).toEqual(cold.schemas.measure)

        // c.ts edited: only c.ts compiles again.
        const tool = await step(() => edit(root, 'src/c.ts', (t) => t.replace('Measures a point.', 'Measures a point from the origin.')))
        expect(tool.compiled).toEqual(['src/c.ts'])
        expect(tool.schemas.measure.description).toBe('Measures a point from the origin.')
        expect(tool.schemas.greet).toEqual(typed.schemas.greet)

        // What the rebuilds made is what a cold build of the same files makes: the schemas and the manifest.
        const fresh = await coldBuild(root)
        expect(tool.schemas).toEqual(await schemas(fresh.code))
        expect(JSON.parse(tool.manifest)).toEqual(JSON.parse(fresh.manifest))
        expect(JSON.parse(typed.manifest)).not.toEqual(JSON.parse(fresh.manifest))
      } finally {
        await loop.close()
      }
    }, 120_000)
  }
})

/** `files` (and a package.json) in a fresh folder under an esbuild context: `step()` rebuilds, giving the modules compiled and the schemas. */
async function esbuildProject(files: Record<string, string>) {
  const root = tempProject('mcp-aot-incremental-', { 'package.json': FILES['package.json']!, ...files })
  roots.push(root)
  let compiled: string[] = []
  const loop = await LOOPS['esbuild context']!(root, { compiled: (id) => compiled.push(id.slice(root.length + 1)) })
  const step = async () => {
    compiled = []
    const built = await loop.next()
    return { compiled: compiled.sort(), schemas: await schemas(built.code) }
  }
  return { root, step, close: () => loop.close() }
}

describe('a module is compiled again when one of its imports leads elsewhere', () => {
  it('esbuild context: a tsconfig `paths` edit, and a new file an import now resolves to', async () => {
    const shape = (min: number) => `import type { MinLength } from 'mcp-aot'\n\nexport interface Customer {\n  name: string & MinLength<${min}>\n}\n`
    const { root, step, close } = await esbuildProject({
      'tsconfig.json': '{ "compilerOptions": { "paths": { "@shapes/*": ["./src/shapes-a/*"] } } }\n',
      'src/shapes-a/customer.ts': shape(1),
      'src/shapes-b/customer.ts': shape(5),
      'src/model/index.ts': 'export interface Point {\n  x: number\n}\n',
      'src/p.ts': "import type { Customer } from '@shapes/customer'\n\n/** Greets. @tool */\nexport function greet(customer: Customer): string {\n  return customer.name\n}\n",
      'src/q.ts': "import type { Point } from './model'\n\n/** Places. @tool */\nexport function place(point: Point): number {\n  return point.x\n}\n",
      'src/worker.ts': "import { createServer } from 'mcp-aot'\nimport * as p from './p.ts'\nimport * as q from './q.ts'\n\nexport default createServer({ name: 'inc', version: '1.0.0' }, p, q)\n",
    })
    try {
      const cold = await step()
      expect(cold.compiled).toEqual(['src/p.ts', 'src/q.ts'])
      expect(cold.schemas.greet.properties.customer.properties.name.minLength).toBe(1)
      expect(Object.keys(cold.schemas.place.properties.point.properties)).toEqual(['x'])

      edit(root, 'tsconfig.json', (t) => t.replace('shapes-a', 'shapes-b'))
      const mapped = await step()
      expect(mapped.compiled).toEqual(['src/p.ts'])
      expect(mapped.schemas.greet.properties.customer.properties.name.minLength).toBe(5)

      // ./model was model/index.ts; model.ts comes first once it exists.
      writeFileSync(join(root, 'src/model.ts'), 'export interface Point {\n  x: number\n  y: number\n}\n')
      const created = await step()
      expect(created.compiled).toEqual(['src/q.ts'])
      expect(Object.keys(created.schemas.place.properties.point.properties)).toEqual(['x', 'y'])

      expect((await step()).compiled).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)
})

describe('Vite dev server: a request after an edit compiles exactly the modules the edit concerns', () => {
  it('no edit, a type file edited, one tool file edited', async () => {
    let compiled: string[] = []
    const project = await startDevProject((r) => [mcpVite({ root: r, dev: 'src/worker.ts', [COMPILE_PROBE]: { compiled: (id: string) => compiled.push(id.slice(r.length + 1)) } } as any)], FILES)
    const client = await connect(project.url)
    const tools = async () => Object.fromEntries((await client.listTools()).map((t) => [t.name, t]))
    const taken = () => compiled.splice(0).sort()
    try {
      const first = await tools()
      expect(first.greet!.inputSchema.properties.customer.properties.name.minLength).toBe(1)
      expect(taken()).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts'])

      await tools()
      expect(taken()).toEqual([])

      await project.write('src/types.ts', FILES['src/types.ts']!.replace('MinLength<1>', 'MinLength<3>'))
      const typed = await until(async () => ((await tools()).bill!.inputSchema.properties.customer.properties.name.minLength === 3 ? tools() : undefined))
      expect(typed.greet!.inputSchema.properties.customer.properties.name.minLength).toBe(3)
      expect(taken()).toEqual(['src/a.ts', 'src/b.ts'])

      await project.write('src/c.ts', FILES['src/c.ts']!.replace('Measures a point.', 'Measures a point from the origin.'))
      await until(async () => ((await tools()).measure!.description === 'Measures a point from the origin.' ? true : undefined))
      expect(taken()).toEqual(['src/c.ts'])
    } finally {
      await client.close()
      await project.close()
    }
  }, 60_000)
})

describe('a barrel stays compiled while the modules it re-exports are unchanged', () => {
  it('esbuild context: nothing changed compiles nothing; an edit of one re-exported module compiles it and the barrel', async () => {
    const { root, step, close } = await esbuildProject({
      'src/tools/a.ts': FILES['src/c.ts']!,
      'src/tools/b.ts': '/** Says hello. @tool */\nexport function hello(): string {\n  return "hello"\n}\n',
      'src/tools/index.ts': "export * from './a.ts'\nexport * from './b.ts'\n",
      'src/worker.ts': "import { createServer } from 'mcp-aot'\nimport * as tools from './tools/index.ts'\n\nexport default createServer({ name: 'inc', version: '1.0.0' }, tools)\n",
    })
    try {
      const cold = await step()
      expect(cold.compiled).toEqual(['src/tools/a.ts', 'src/tools/b.ts', 'src/tools/index.ts'])
      expect(Object.keys(cold.schemas).sort()).toEqual(['hello', 'measure'])
      expect((await step()).compiled).toEqual([])
      edit(root, 'src/tools/a.ts', (t) => t.replace('Measures a point.', 'Measures a point from the origin.'))
      const edited = await step()
      expect(edited.compiled).toEqual(['src/tools/a.ts', 'src/tools/index.ts'])
      expect(edited.schemas.measure.description).toBe('Measures a point from the origin.')
    } finally {
      await close()
    }
  }, 60_000)
})
