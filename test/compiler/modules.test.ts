/**
 * Module resolution as TypeScript and Vite do it (issue 17 §3): Vite's solution-style tsconfig, package
 * `exports` patterns, `typesVersions`, package.json `imports`, `declare module` shims, `declare global`,
 * `import('…')` types in a package's .d.ts, a large package read lazily; and, where a module is not read,
 * a message that says what exists and what was not read. Every layout is written out as files.
 */
import { describe, expect, it } from 'vitest'
import { clearTsconfigCache } from '../../src/compiler/source/tsconfig.ts'
import { bareFragment, refuse } from './golden.ts'

const ITEM = '{"type":"object","properties":{"sku":{"type":"string"}},"required":["sku"],"additionalProperties":false}'
const item = 'export interface Item { sku: string }\n'
const pkg = (name: string, json: object) => ({ [`node_modules/${name}/package.json`]: JSON.stringify({ name, ...json }) })

describe("Vite's tsconfig layout", () => {
  it('tsconfig.json with files: [] and references: the paths of tsconfig.app.json (which includes src) apply', () => {
    clearTsconfigCache()
    const extra = {
      'tsconfig.json': '{\n  "files": [],\n  "references": [{ "path": "./tsconfig.app.json" }, { "path": "./tsconfig.node.json" }]\n}\n',
      'tsconfig.app.json': '{\n  // Vite writes comments here\n  "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["./src/*"] } },\n  "include": ["src"],\n}\n',
      'tsconfig.node.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./nowhere/*'] } }, include: ['vite.config.ts'] }),
      'src/lib/item.ts': item,
    }
    expect(bareFragment('Item', "import type { Item } from '@/lib/item'", extra)).toBe(ITEM)
  })
  it('a reference to a folder, and paths inherited from a package config through extends', () => {
    clearTsconfigCache()
    const extra = {
      'tsconfig.json': JSON.stringify({ files: [], references: [{ path: './app' }] }),
      'app/tsconfig.json': JSON.stringify({ extends: '@acme/tsconfig/base.json', include: ['../src/**/*.ts'] }),
      'node_modules/@acme/tsconfig/base.json': JSON.stringify({ compilerOptions: { paths: { '~/*': ['../../../src/*'] } } }),
      'src/lib/item.ts': item,
    }
    expect(bareFragment('Item', "import type { Item } from '~/lib/item'", extra)).toBe(ITEM)
  })
})

describe('package exports, typesVersions, imports', () => {
  it('an exports pattern "./*" (with a types condition, and JavaScript with its .d.ts beside it)', () => {
    expect(bareFragment('Item', "import type { Item } from 'kit/models/item'", {
      ...pkg('kit', { exports: { '.': './index.js', './*': { types: './types/*.d.ts', default: './dist/*.js' } } }),
      'node_modules/kit/types/models/item.d.ts': item,
    })).toBe(ITEM)
    expect(bareFragment('Item', "import type { Item } from 'kit/item'", {
      ...pkg('kit', { exports: { './*': './dist/*.js' } }),
      'node_modules/kit/dist/item.d.ts': item,
    })).toBe(ITEM)
  })
  it('the longest matching pattern wins', () => {
    expect(bareFragment('Item', "import type { Item } from 'kit/deep/item'", {
      ...pkg('kit', { exports: { './*': './wrong/*.d.ts', './deep/*': './right/*.d.ts' } }),
      'node_modules/kit/right/item.d.ts': item,
    })).toBe(ITEM)
  })
  it('typesVersions maps the root and subpaths', () => {
    expect(bareFragment('Item', "import type { Item } from 'old'", {
      ...pkg('old', { types: 'index.d.ts', typesVersions: { '>=4.2': { '*': ['ts4/*'] } } }),
      'node_modules/old/ts4/index.d.ts': item,
    })).toBe(ITEM)
    expect(bareFragment('Item', "import type { Item } from 'old/sub'", {
      ...pkg('old', { typesVersions: { '<4': { '*': ['ts3/*'] }, '*': { 'sub': ['lib/sub.d.ts'] } } }),
      'node_modules/old/lib/sub.d.ts': item,
    })).toBe(ITEM)
  })
  it('package.json imports: "#types/*" to the project\'s own .ts files, and to a package', () => {
    expect(bareFragment('Item', "import type { Item } from '#types/item'", {
      'package.json': JSON.stringify({ name: 'app', imports: { '#types/*': './src/types/*.ts' } }),
      'src/types/item.ts': item,
    })).toBe(ITEM)
    expect(bareFragment('Item', "import type { Item } from '#kit'", {
      'package.json': JSON.stringify({ name: 'app', imports: { '#kit': { types: 'kit', default: './x.js' } } }),
      ...pkg('kit', { types: 'i.d.ts' }),
      'node_modules/kit/i.d.ts': item,
    })).toBe(ITEM)
  })
})

describe('ambient declarations', () => {
  it("declare module 'untyped-lib' { … } in a project .d.ts declares the package's types", () => {
    expect(bareFragment('Item', "import type { Item } from 'untyped-lib'", {
      ...pkg('untyped-lib', { main: 'index.js' }),
      'node_modules/untyped-lib/index.js': 'module.exports = {}\n',
      'src/shims.d.ts': "declare module 'untyped-lib' {\n  export interface Item { sku: string }\n}\n",
    })).toBe(ITEM)
  })
  it("the shorthand declare module 'untyped-lib' makes every import any, as in TypeScript", () => {
    expect(bareFragment('Opts', "import type { Opts } from 'untyped-lib'", { 'types/shims.d.ts': "declare module 'untyped-lib'\n" })).toBe('{}')
  })
  it('declare global { … } in a project .d.ts, and a .d.ts script (wrangler\'s worker-configuration.d.ts)', () => {
    expect(bareFragment('Item', '', { 'src/global.d.ts': 'export {}\ndeclare global {\n  interface Item { sku: string }\n}\n' })).toBe(ITEM)
    expect(bareFragment('Cloudflare.Item', '', { 'worker-configuration.d.ts': 'declare namespace Cloudflare {\n  interface Item { sku: string }\n}\n' })).toBe(ITEM)
  })
  it('declare global in a module the tool imports', () => {
    const extra = { 'src/env.ts': 'export const x = 1\ndeclare global {\n  interface Item { sku: string }\n}\n' }
    expect(bareFragment('Item', "import { x } from './env.ts'\nexport const y = x", extra)).toBe(ITEM)
  })
  it('a global augmentation of a lib type leaves the lib type as it is', () => {
    const extra = { 'src/global.d.ts': 'export {}\ndeclare global {\n  interface Date { toTemporal(): unknown }\n}\n' }
    expect(bareFragment('Date', '', extra)).toBe('{"type":"string","format":"date-time"}')
  })
  it('globalThis.Date is the global Date, whatever Date means locally', () => {
    expect(bareFragment('globalThis.Date', 'interface Date { day: number }')).toBe('{"type":"string","format":"date-time"}')
  })
})

describe("import('…') types in a package's .d.ts", () => {
  it("import('./opts').Opts, with type arguments and through a namespace", () => {
    const extra = {
      ...pkg('lib', { types: 'index.d.ts' }),
      'node_modules/lib/index.d.ts': "export interface Config { opts: import('./opts').Opts; page: import('./opts').Page<string>; n: import('./opts').N.Inner }\n",
      'node_modules/lib/opts.d.ts': 'export interface Opts { sku: string }\nexport type Page<T> = T[]\nexport declare namespace N { interface Inner { sku: string } }\n',
    }
    expect(bareFragment('Config', "import type { Config } from 'lib'", extra)).toBe(
      `{"type":"object","properties":{"opts":${ITEM.replace('"sku"', '"sku"')},"page":{"type":"array","items":{"type":"string"}},"n":${ITEM}},"required":["opts","page","n"],"additionalProperties":false}`,
    )
  })
  it("import('./missing').X is MCP018 naming what is missing", () => {
    const out = refuse("/** @tool */\nexport function t(x: import('./missing').X) {}\n")
    expect(out.diagnostics.map((d) => [d.code, d.loc.line, d.loc.column])).toEqual([['MCP018', 2, 22]])
    expect(out.diagnostics[0]!.message).toContain("No file src/missing (with a .ts, .tsx, .d.ts extension or an index file) exists.")
  })
})

describe('a large package .d.ts is read lazily, with exact locations', () => {
  const big = () => {
    let text = '/** Header. */\n'
    for (let i = 0; i < 4000; i++) text += `/** Doc ${i}. */\nexport interface I${i} extends Base {\n  /** Field ${i}. */\n  f${i}: string\n}\n`
    text += 'export interface Base { id: number }\nexport declare namespace NS {\n  type Bad = string extends infer U ? U : never\n}\nexport type Bad = NS.Bad\n'
    return text
  }
  it('reads the declarations used, their JSDoc and bases', () => {
    const extra = { ...pkg('big', { types: 'index.d.ts' }), 'node_modules/big/index.d.ts': big() }
    expect(extra['node_modules/big/index.d.ts'].length).toBeGreaterThan(200_000)
    expect(bareFragment('I3999', "import type { I3999 } from 'big'", extra)).toBe(
      '{"type":"object","properties":{"id":{"type":"number"},"f3999":{"type":"string","description":"Field 3999."}},"required":["id","f3999"],"additionalProperties":false}',
    )
  })
  it('a finding inside it points at the right line and column', () => {
    const extra = { ...pkg('big', { types: 'index.d.ts' }), 'node_modules/big/index.d.ts': big() }
    const out = refuse("import type { Bad } from 'big'\n/** @tool */\nexport function t(x: Bad) {}\n", extra)
    // Located at the user's reference (issue 28 §3), the package's exact place named in the sentence.
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP020', { file: 'src/tools.ts', line: 3, column: 22 }]])
    expect(out.message).toContain('In Bad (node_modules/big/index.d.ts:20004:14): ')
  })
})

describe('what is not read is named, never "Cannot find the module" for a module that exists', () => {
  const message = (prelude: string, extra: Record<string, string>) => {
    const out = refuse(`${prelude}\n/** @tool */\nexport function t(x: X) {}\n`, extra)
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP018'])
    expect(out.message).not.toMatch(/Cannot find the module/)
    return out.diagnostics[0]!.message
  }
  it('a package without types', () => {
    expect(message("import type { X } from 'plain'", { ...pkg('plain', { main: 'index.js' }), 'node_modules/plain/index.js': '' }))
      .toBe("Cannot read the module 'plain' that X is imported from. The package plain is installed (node_modules/plain) but ships no type declarations for 'plain' (no \"types\" in its exports or package.json, no .d.ts beside its JavaScript) and @types/plain is not installed. Install @types/plain, or declare the module in a .d.ts of the project: declare module 'plain' { export interface … }.")
  })
  it('a subpath the package does not export', () => {
    expect(message("import type { X } from 'kit/hidden'", { ...pkg('kit', { exports: { '.': './i.d.ts' } }), 'node_modules/kit/i.d.ts': '' }))
      .toContain("The package kit (node_modules/kit) does not export './hidden': its package.json \"exports\" lists '.'.")
  })
  it('a JavaScript module without a .d.ts', () => {
    expect(message("import type { X } from './util.js'", { 'src/util.js': 'export const a = 1\n' }))
      .toContain('src/util.js is JavaScript with no .d.ts beside it, and types are read from TypeScript and .d.ts files only.')
  })
  it('a paths mapping to nothing, a package that is not installed, a # import without an entry', () => {
    clearTsconfigCache()
    expect(message("import type { X } from '@/nope'", { 'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./src/*'] } } }) }))
      .toContain("tsconfig paths map '@/nope' to src/nope, and no such file exists.")
    clearTsconfigCache()
    expect(message("import type { X } from 'ghost'", {})).toContain('No package ghost is installed in a node_modules folder above this file')
    expect(message("import type { X } from '#nope'", { 'package.json': JSON.stringify({ name: 'app', imports: { '#x': './x.ts' } }) }))
      .toContain('No entry of the "imports" of package.json maps \'#nope\'')
  })
})

describe('@cloudflare/workers-types, the real package', () => {
  it('a type from it resolves, and its 18,616-line index.ts is parsed only where used', async () => {
    const { Project } = await import('../../src/compiler/source/project.ts')
    const { analyze } = await import('../../src/compiler/compile.ts')
    const { toolDefinition } = await import('../../src/compiler/table/emit.ts')
    const root = new URL('../..', import.meta.url).pathname
    const project = new Project(root)
    const src = "import type { D1ExecResult } from '@cloudflare/workers-types'\n/** @tool */\nexport function t(r: D1ExecResult): void {}\n"
    const out = analyze(project, `${root}src/__workers_types_probe.ts`, src)
    expect(out.error?.message).toBeUndefined()
    // The files read, and the tsconfig.json that decides where a bare import leads (watched, never parsed as code).
    expect(out.read.map((p) => p.slice(root.length))).toEqual(['node_modules/@cloudflare/workers-types/index.ts', 'tsconfig.json'])
    expect(JSON.stringify((toolDefinition(out.declarations[0]!) as any).inputSchema)).toBe('{"type":"object","properties":{"r":{"type":"object","properties":{"count":{"type":"number"},"duration":{"type":"number"}},"required":["count","duration"],"additionalProperties":false}},"required":["r"],"additionalProperties":false}')
    const body = project.file(`${root}node_modules/@cloudflare/workers-types/index.ts`).ast.program.body
    expect(body.length).toBeGreaterThan(1000)
  })
})
