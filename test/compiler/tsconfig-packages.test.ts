/**
 * tsconfig.json and package layouts as TypeScript reads them, from the territory of the libraries that read
 * them (get-tsconfig, enhanced-resolve; issue 32): `extends` arrays and packages' configs named by their
 * package.json, `${configDir}`, a solution-style config's `exclude`; `exports` whose nested conditions are
 * taken in key order, TypeScript's own conditions (not Node's, not `types@` ranges for older TypeScript),
 * array fallbacks, a package importing itself by name. The code the build had before gave a wrong file or
 * none for each of these but the fall-through past a matched condition whose file does not exist, which
 * TypeScript makes and Node's rules (the library's) do not. Every layout is written out as files; each
 * expectation is what tsc (moduleResolution "bundler") resolves for that layout.
 */
import { describe, expect, it } from 'vitest'
import { clearTsconfigCache } from '../../src/compiler/source/tsconfig.ts'
import { bareFragment, refuse } from './golden.ts'

const ITEM = '{"type":"object","properties":{"sku":{"type":"string"}},"required":["sku"],"additionalProperties":false}'
const OTHER = '{"type":"object","properties":{"id":{"type":"number"}},"required":["id"],"additionalProperties":false}'
const item = 'export interface Item { sku: string }\n'
const other = 'export interface Item { id: number }\n'
const json = (value: object) => JSON.stringify(value)

describe('tsconfig.json', () => {
  it('extends a package config named by its package.json ("exports", or "tsconfig"), with ${configDir} in its paths', () => {
    for (const shared of [
      { 'node_modules/@acme/tsconfig/package.json': json({ name: '@acme/tsconfig', exports: { '.': './base.json' } }) },
      { 'node_modules/@acme/tsconfig/package.json': json({ name: '@acme/tsconfig', tsconfig: './base.json' }) },
    ]) {
      clearTsconfigCache()
      const extra = {
        ...shared,
        // ${configDir} is the folder of the config that extends this one: the project, not node_modules.
        'node_modules/@acme/tsconfig/base.json': json({ compilerOptions: { paths: { '@/*': ['${configDir}/src/*'] } } }),
        'tsconfig.json': json({ extends: '@acme/tsconfig' }),
        'src/lib/item.ts': item,
      }
      expect(bareFragment('Item', "import type { Item } from '@/lib/item'", extra)).toBe(ITEM)
    }
  })

  it('extends an array: a later config overrides an earlier one, each resolved from where it is', () => {
    clearTsconfigCache()
    const extra = {
      'node_modules/@acme/strict/package.json': json({ name: '@acme/strict', exports: { '.': './tsconfig.json' } }),
      'node_modules/@acme/strict/tsconfig.json': json({ compilerOptions: { strict: true, paths: { '@/*': ['./wrong/*'] } } }),
      'configs/paths.json': json({ compilerOptions: { paths: { '@/*': ['${configDir}/src/models/*'] } } }),
      'tsconfig.json': '{\n  // the last one wins\n  "extends": ["@acme/strict", "./configs/paths.json"],\n}\n',
      'src/models/item.ts': item,
    }
    expect(bareFragment('Item', "import type { Item } from '@/item'", extra)).toBe(ITEM)
  })

  it("a solution-style config's reference applies only to the files it includes and does not exclude", () => {
    clearTsconfigCache()
    const extra = {
      'tsconfig.json': json({ files: [], references: [{ path: './tsconfig.app.json' }, { path: './tsconfig.legacy.json' }] }),
      'tsconfig.app.json': json({ include: ['src'], exclude: ['src/legacy'], compilerOptions: { paths: { '@/*': ['./src/app-models/*'] } } }),
      'tsconfig.legacy.json': json({ include: ['src/legacy'], compilerOptions: { paths: { '@/*': ['./src/legacy/models/*'] } } }),
      'src/legacy/reexport.ts': "export type { Item } from '@/item'\n",
      'src/legacy/models/item.ts': item,
      'src/app-models/item.ts': other,
    }
    expect(bareFragment('Item', "import type { Item } from './legacy/reexport.ts'", extra)).toBe(ITEM)
    expect(bareFragment('Item', "import type { Item } from '@/item'", extra)).toBe(OTHER)
  })

  it('a config that cannot be read (its extends names a package not installed) is named where an import it would map is not found', () => {
    clearTsconfigCache()
    const extra = { 'tsconfig.json': json({ extends: '@tsconfig/not-installed', compilerOptions: { paths: { '@/*': ['./src/*'] } } }), 'src/item.ts': item }
    const out = refuse("import type { Item } from '@/item'\n/** @tool */\nexport function t(x: Item) {}\n", extra)
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP018'])
    expect(out.diagnostics[0]!.message).toContain("The paths of tsconfig.json were not applied, as it cannot be read (File '@tsconfig/not-installed' not found): correct it.")
  })
})

describe('package exports as TypeScript reads them', () => {
  const pkg = (exports: unknown, files: Record<string, string>) => ({
    'node_modules/kit/package.json': json({ name: 'kit', exports }),
    ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`node_modules/kit/${path}`, text])),
  })

  it('nested conditions are taken in the order of their keys: import → types before a later types', () => {
    const extra = pkg({ '.': { import: { types: './esm/index.d.mts', default: './esm/index.mjs' }, types: './cjs/index.d.ts' } }, { 'esm/index.d.mts': item, 'cjs/index.d.ts': other })
    expect(bareFragment('Item', "import type { Item } from 'kit'", extra)).toBe(ITEM)
  })

  it("only TypeScript's conditions match (node and require do not, in a bundler resolution), and a types@ range admits TypeScript 5", () => {
    expect(bareFragment('Item', "import type { Item } from 'kit'", pkg({ '.': { node: './node.d.ts', require: './cjs.d.ts', default: './index.d.ts' } }, { 'node.d.ts': other, 'cjs.d.ts': other, 'index.d.ts': item }))).toBe(ITEM)
    expect(bareFragment('Item', "import type { Item } from 'kit'", pkg({ '.': { 'types@<4.8': './ts4/index.d.ts', types: './index.d.ts' } }, { 'ts4/index.d.ts': other, 'index.d.ts': item }))).toBe(ITEM)
    expect(bareFragment('Item', "import type { Item } from 'kit'", pkg({ '.': { 'types@>=5.0': './ts5/index.d.ts', types: './index.d.ts' } }, { 'ts5/index.d.ts': item, 'index.d.ts': other }))).toBe(ITEM)
  })

  it('array fallbacks: an entry that matches no condition, or whose file does not exist, gives way to the next', () => {
    const layouts = [
      pkg({ '.': [{ worker: './worker.d.ts' }, './lib/index.js'] }, { 'worker.d.ts': other, 'lib/index.js': '', 'lib/index.d.ts': item }),
      pkg({ '.': [{ types: './missing.d.ts' }, './lib/index.js'] }, { 'lib/index.d.ts': item }),
      pkg({ './*': [{ types: './types/*.d.ts' }, './dist/*.js'] }, { 'dist/models/item.d.ts': item }),
    ]
    expect(bareFragment('Item', "import type { Item } from 'kit'", layouts[0]!)).toBe(ITEM)
    expect(bareFragment('Item', "import type { Item } from 'kit'", layouts[1]!)).toBe(ITEM)
    expect(bareFragment('Item', "import type { Item } from 'kit/models/item'", layouts[2]!)).toBe(ITEM)
  })

  it('a matched condition whose file does not exist gives way to the next matching one, as in TypeScript', () => {
    // A common packaging slip: `types` after `import`, whose JavaScript has no .d.ts beside it.
    const extra = pkg({ '.': { import: './esm/index.js', types: './index.d.ts' } }, { 'esm/index.js': '', 'index.d.ts': item })
    expect(bareFragment('Item', "import type { Item } from 'kit'", extra)).toBe(ITEM)
  })

  it('the project imports its own package by its name, through its exports', () => {
    const extra = { 'package.json': json({ name: 'app', type: 'module', exports: { './models/*': { types: './src/models/*.ts' } } }), 'src/models/item.ts': item }
    expect(bareFragment('Item', "import type { Item } from 'app/models/item'", extra)).toBe(ITEM)
  })
})
