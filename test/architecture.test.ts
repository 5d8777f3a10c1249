import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

const src = fileURLToPath(new URL('../src/', import.meta.url))
const runtime = join(src, 'runtime')

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []))
}

/** True when a module only declares (interfaces, types, imports and exports of them): no statement runs. */
function declarationsOnly(text: string): boolean {
  return !/^(?:export\s+)?(?:default\s+)?(?:const|let|var|function|async\s+function|class|enum|abstract\s+class)\b/m.test(text)
}

function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? m[2] ?? m[3]!)
}

describe('src/runtime runs on the edge', () => {
  const all = files(runtime)

  it('has files to check', () => {
    expect(all.length).toBeGreaterThan(10)
  })

  for (const file of all) {
    it(`${relative(src, file)} imports only Web-standard code of src/runtime`, () => {
      for (const spec of specifiers(file)) {
        expect(spec, `${relative(src, file)} imports ${spec}`).toMatch(/^\.\.?\//)
        const target = join(file, '..', spec)
        expect(relative(runtime, target).startsWith('..'), `${relative(src, file)} reaches outside src/runtime: ${spec}`).toBe(false)
      }
      expect(readFileSync(file, 'utf8')).not.toMatch(/\bprocess\.|\bBuffer\b|\brequire\(|new Function\(|\beval\(/)
    })
  }

  it('the package root bundles for a neutral platform with nothing build-time in it', async () => {
    const out = await build({ entryPoints: [join(src, 'index.ts')], bundle: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'silent', metafile: true })
    const inputs = Object.keys(out.metafile.inputs)
    expect(inputs.every((i) => i.startsWith('src/runtime/') || i === 'src/index.ts' || i === 'src/types.ts'), inputs.join(', ')).toBe(true)
    const code = out.outputFiles[0]!.text
    expect(code).not.toMatch(/from ['"]node:|@babel|ajv\/dist\/compile|new Function\(|\beval\(/)
  })
})

/**
 * The runtime's folders in the order a request passes through them (README "How it works"). A file may
 * import files of its own folder and of later stages; `shared/` and `validators/` are leaves every stage
 * may use, and import only each other. Files at the top (server.ts, internal.ts, core.ts, registry.ts)
 * are the entries that wire the stages together. features/ and input/ sit beside call/ and build on it
 * (a resource read or a prompt is a call too; the context runner wraps `run`); call/ never imports them:
 * the dispatch table hands them in. tasks/ sits beside them too: a task is a tool call (call/'s invokeTool)
 * run detached from its request; no stage imports it (rpc/ and call/ reach it through `core.tasks`, typed in
 * shared/table.ts), only the hosts that make it (`memoryTasks()`, mcp-aot/cloudflare's `durableTasks()`).
 * instrument/ (the `instrument` option's code: request timing, the tools/call wrapper, hook delivery) sits
 * there as well, reached the same way (`core.observer`), made only by `instrument()`. apps/ (MCP Apps: the
 * extension's capability, the model's tools/list) is a feature the tables hand in, as features/ are, and so is
 * skills/ (Skills over MCP: skills/list, skills/get, directory reads), handed in by the module mcp-aot/skills.
 * subscriptions/ (subscriptions/listen, GET streams, run-time visibility) is reached as tasks/ is (`core.subscriptions`),
 * made only by a `subscriptions` host.
 */
const STAGES = ['', 'session', 'http', 'rpc', ['features', 'input', 'tasks', 'instrument', 'apps', 'skills', 'subscriptions'], 'call'] as const
const LEAVES = ['shared', 'validators']

function folderOf(file: string): string {
  const path = relative(runtime, file).split(/[\\/]/)
  return path.length > 1 ? path[0]! : ''
}

function rankOf(folder: string): number {
  return STAGES.findIndex((stage) => (Array.isArray(stage) ? stage.includes(folder) : stage === folder))
}

/** Why an import from `from` to `to` (paths relative to src/runtime) breaks the layering, or undefined. */
export function layeringProblem(fromFolder: string, toFolder: string): string | undefined {
  if (fromFolder === toFolder) return undefined
  if (LEAVES.includes(fromFolder)) return LEAVES.includes(toFolder) ? undefined : `${fromFolder}/ is a shared leaf and may import only ${LEAVES.join('/ and ')}/`
  if (LEAVES.includes(toFolder)) return undefined
  const from = rankOf(fromFolder)
  const to = rankOf(toFolder)
  if (from < 0 || to < 0) return `${from < 0 ? fromFolder : toFolder}/ is not a stage of src/runtime (add it to STAGES in order)`
  if (to < from) return `${toFolder || 'the top'} comes before ${fromFolder}/ in a request: imports point down the stages`
  if (to === from) return `${fromFolder}/ and ${toFolder}/ are peers beside each other: neither imports the other`
  return undefined
}

/** Every relative import of src/runtime, types included, as [from, to] paths relative to src/runtime. */
function importEdges(): [string, string][] {
  return files(runtime).flatMap((file) =>
    specifiers(file)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => [relative(runtime, file), relative(runtime, join(file, '..', spec))] as [string, string]),
  )
}

/** A cycle in the graph (the files in import order, the first repeated at the end), or undefined. */
export function findCycle(edges: readonly (readonly [string, string])[]): string[] | undefined {
  const next = new Map<string, string[]>()
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to])
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node]
    if (state.get(node) === 'done') return undefined
    state.set(node, 'open')
    path.push(node)
    for (const to of next.get(node) ?? []) {
      const cycle = visit(to)
      if (cycle) return cycle
    }
    path.pop()
    state.set(node, 'done')
    return undefined
  }
  for (const node of [...next.keys()].sort()) {
    const cycle = visit(node)
    if (cycle) return cycle
  }
  return undefined
}

describe('src/runtime reads top-down by stage', () => {
  const edges = importEdges()

  it('reads every import, `import type` included', () => {
    expect(edges).toContainEqual(['call/tools.ts', 'shared/table.ts'])
    expect(edges.length).toBeGreaterThan(100)
  })

  it('has no import cycle (types included)', () => {
    const cycle = findCycle(edges)
    expect(cycle, cycle && `import cycle: ${cycle.join(' → ')}`).toBeUndefined()
  })

  for (const [from, to] of edges) {
    it(`${from} → ${to} points down the stages or to a shared leaf`, () => {
      const problem = layeringProblem(folderOf(join(runtime, from)), folderOf(join(runtime, to)))
      expect(problem, `${from} imports ${to}: ${problem}`).toBeUndefined()
    })
  }

  it('every folder of src/runtime is a stage or a leaf', () => {
    const folders = new Set(files(runtime).map(folderOf))
    for (const folder of folders) expect(LEAVES.includes(folder) || rankOf(folder) >= 0, `${folder}/ is not listed in STAGES or LEAVES`).toBe(true)
  })

  /**
   * Code reads top-down in ~250 lines. A file of declarations only (interfaces and types, no statement that
   * runs: the public API in shared/api.ts, the seams between stages in shared/seams.ts) may run to 320: its
   * interfaces refer to one another (Core, the entries, their runners and endings), so a cut would be an
   * import cycle, which the test above refuses.
   */
  it('no file is over ~250 lines (260 at most; 320 for a file of declarations only)', () => {
    for (const file of files(runtime)) {
      const text = readFileSync(file, 'utf8')
      const lines = text.split('\n').length
      const limit = declarationsOnly(text) ? 320 : 260
      expect(lines, `${relative(src, file)} has ${lines} lines`).toBeLessThanOrEqual(limit)
    }
    expect(declarationsOnly(readFileSync(join(runtime, 'shared/seams.ts'), 'utf8'))).toBe(true)
    expect(declarationsOnly(readFileSync(join(runtime, 'shared/table.ts'), 'utf8'))).toBe(false)
  })

  it('the checks catch what they are for', () => {
    expect(findCycle([['a.ts', 'b.ts'], ['b.ts', 'c.ts'], ['c.ts', 'a.ts']])).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts'])
    expect(findCycle([['a.ts', 'b.ts'], ['a.ts', 'c.ts'], ['b.ts', 'c.ts']])).toBeUndefined()
    expect(layeringProblem('call', 'rpc')).toBe('rpc comes before call/ in a request: imports point down the stages')
    expect(layeringProblem('call', 'input')).toBe('input comes before call/ in a request: imports point down the stages')
    expect(layeringProblem('shared', 'call')).toBe('shared/ is a shared leaf and may import only shared/ and validators/')
    expect(layeringProblem('input', 'features')).toBe('input/ and features/ are peers beside each other: neither imports the other')
    expect(layeringProblem('rpc', 'call')).toBeUndefined()
    expect(layeringProblem('features', 'call')).toBeUndefined()
    expect(layeringProblem('features', 'shared')).toBeUndefined()
  })
})

/**
 * The compiler's folders in the order the build's data flows back through them: an entry imports what it
 * runs, each stage imports only the stages after it here (the ones whose output it takes), so imports point
 * one way. compile.ts and cache.ts at the top are the entries; diagnostics.ts and refusal.ts at the top are
 * the leaves every stage reports through, importing only each other.
 */
const compiler = join(src, 'compiler')
const COMPILER_STAGES = ['', 'artifacts', 'table', 'views', 'model', 'declarations', 'schema', 'types', 'source'] as const
const COMPILER_LEAVES = ['diagnostics.ts', 'refusal.ts']

/** The stage of a compiler file (its first folder under src/compiler), or 'leaf'. */
function compilerStage(path: string): string {
  const parts = path.split(/[\\/]/)
  if (parts.length === 1) return COMPILER_LEAVES.includes(parts[0]!) ? 'leaf' : ''
  return parts[0]!
}

/** Why an import between two compiler files (paths relative to src/compiler) breaks the layering, or undefined. */
export function compilerProblem(from: string, to: string): string | undefined {
  const a = compilerStage(from)
  const b = compilerStage(to)
  if (b === 'leaf') return undefined
  if (a === 'leaf') return `${from} is a leaf every stage reports through: it imports only ${COMPILER_LEAVES.join(' and ')}`
  if (a === b) return undefined
  const ra = COMPILER_STAGES.indexOf(a as never)
  const rb = COMPILER_STAGES.indexOf(b as never)
  if (ra < 0 || rb < 0) return `${ra < 0 ? a : b}/ is not a stage of src/compiler (add it to COMPILER_STAGES in order)`
  if (rb < ra) return `${b || 'the top'} comes after ${a}/ in the build: a stage imports only the stages whose output it takes`
  return undefined
}

/** Every relative import of every file under `dir`, as [from, to] paths relative to `base`. */
function edgesUnder(dir: string, base: string): [string, string][] {
  return files(dir).flatMap((file) =>
    specifiers(file)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => [relative(base, file), relative(base, join(file, '..', spec))] as [string, string]),
  )
}

describe('src/compiler reads by stage, and src/ has no cycle', () => {
  const edges = edgesUnder(compiler, compiler).filter(([, to]) => !to.startsWith('..'))

  it('reads the compiler’s imports', () => {
    expect(edges).toContainEqual(['compile.ts', 'declarations/extract.ts'])
    expect(edges.length).toBeGreaterThan(100)
  })

  for (const [from, to] of edges) {
    it(`compiler: ${from} → ${to} points down the stages or to a leaf`, () => {
      const problem = compilerProblem(from, to)
      expect(problem, `${from} imports ${to}: ${problem}`).toBeUndefined()
    })
  }

  it('every stage folder has a header saying what it takes and what it hands on (README.md in the folder’s first file)', () => {
    for (const stage of COMPILER_STAGES.filter(Boolean)) {
      const first = readFileSync(join(compiler, stage, 'README.md'), 'utf8')
      expect(first, `src/compiler/${stage}/README.md`).toMatch(/^# src\/compiler\/\w+\/\n\nTakes .+ Hands on .+/s)
    }
  })

  it('has no import cycle anywhere in src/ (types included)', () => {
    const cycle = findCycle(edgesUnder(src, src))
    expect(cycle, cycle && `import cycle: ${cycle.join(' → ')}`).toBeUndefined()
  })

  it('no folder of src/ holds over 15 files, and no file is over 400 lines', () => {
    const byFolder = new Map<string, number>()
    for (const file of files(src)) {
      const folder = relative(src, join(file, '..'))
      byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1)
      const lines = readFileSync(file, 'utf8').split('\n').length
      expect(lines, `${relative(src, file)} has ${lines} lines`).toBeLessThanOrEqual(400)
    }
    for (const [folder, count] of byFolder) expect(count, `src/${folder} holds ${count} files`).toBeLessThanOrEqual(15)
  })

  it('the checks catch what they are for', () => {
    expect(compilerProblem('types/resolve.ts', 'schema/size.ts')).toBe('schema comes after types/ in the build: a stage imports only the stages whose output it takes')
    expect(compilerProblem('diagnostics.ts', 'types/ir.ts')).toBe('diagnostics.ts is a leaf every stage reports through: it imports only diagnostics.ts and refusal.ts')
    expect(compilerProblem('table/emit.ts', 'model/profiles/index.ts')).toBeUndefined()
    expect(compilerProblem('source/project.ts', 'refusal.ts')).toBeUndefined()
    expect(compilerProblem('compile.ts', 'source/project.ts')).toBeUndefined()
  })
})
