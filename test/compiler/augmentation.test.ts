/**
 * Issue 17, item 3: module augmentation merges into the interface it names, as in TypeScript: in the tool
 * module, in a file its types are read from or that it imports for effects, and of a package's interface.
 */
import { describe, expect, it } from 'vitest'
import { compileFiles } from './harness.ts'

const TYPES = "export type Mode = 'dark' | 'light'\nexport interface Settings { theme: string }\n"

describe('module augmentation merges', () => {
  it('in the tool module itself: the added member is required, and listed after the declared ones', () => {
    const tools = "import type { Settings } from './types.ts'\ndeclare module './types.ts' {\n  interface Settings { lang: string }\n}\n/** @tool */\nexport function save(s: Settings) {}\n"
    const out = compileFiles({ 'src/tools.ts': tools, 'src/types.ts': TYPES })
    expect(out.diagnostics).toEqual([])
    const type = out.declarations[0]!.props[0]!.type
    expect(type.kind === 'object' && type.props.map((p) => [p.name, p.optional, `${p.loc!.file}:${p.loc!.line}:${p.loc!.column}`])).toEqual([
      ['theme', false, 'src/types.ts:2:29'],
      ['lang', false, 'src/tools.ts:3:24'],
    ])
  })
  it('names in the block resolve in the block, then in the augmented module, then in the augmenting file', () => {
    const augment = "import type { Settings } from './types'\nexport type Lang = 'en' | 'de'\ndeclare module './types' {\n  type Size = number\n  export interface Settings { lang: Lang; mode?: Mode; size?: Size }\n}\n"
    const tools = "import type { Settings } from './types'\nimport type { Lang } from './augment'\n/** @tool */\nexport function save(s: Settings, l: Lang) {}\n"
    const out = compileFiles({ 'src/tools.ts': tools, 'src/types.ts': TYPES, 'src/augment.ts': augment })
    expect(out.diagnostics).toEqual([])
    const type = out.declarations[0]!.props[0]!.type
    expect(type.kind === 'object' && type.props.map((p) => [p.name, p.optional, p.type])).toEqual([
      ['theme', false, { kind: 'string' }],
      ['lang', false, { kind: 'enum', values: ['en', 'de'] }],
      ['mode', true, { kind: 'enum', values: ['dark', 'light'] }],
      ['size', true, { kind: 'number', integer: false }],
    ])
  })
  it('in a file the module imports for its effects only', () => {
    const augment = "export {}\ndeclare module './types.ts' {\n  interface Settings { lang: string }\n}\n"
    for (const line of ["import './augment.ts'", "import type {} from './augment.ts'"]) {
      const tools = `import type { Settings } from './types.ts'\n${line}\n/** @tool */\nexport function save(s: Settings) {}\n`
      const out = compileFiles({ 'src/tools.ts': tools, 'src/types.ts': TYPES, 'src/augment.ts': augment })
      const type = out.declarations[0]!.props[0]!.type
      expect(type.kind === 'object' && type.props.map((p) => p.name)).toEqual(['theme', 'lang'])
    }
  })
  it("a package's interface, declared in another of its files and re-exported", () => {
    const pkg = {
      'node_modules/opts-lib/package.json': '{ "name": "opts-lib", "types": "index.d.ts" }',
      'node_modules/opts-lib/index.d.ts': "export type { Opts } from './opts'\n",
      'node_modules/opts-lib/opts.d.ts': 'export interface Opts { size: number }\n',
    }
    const tools = "import type { Opts } from 'opts-lib'\ndeclare module 'opts-lib' {\n  interface Opts { color: string }\n}\n/** @tool */\nexport function draw(o: Opts) {}\n"
    const out = compileFiles({ 'src/tools.ts': tools, ...pkg })
    expect(out.diagnostics).toEqual([])
    const type = out.declarations[0]!.props[0]!.type
    expect(type.kind === 'object' && type.props.map((p) => `${p.name}:${p.type.kind}`)).toEqual(['size:number', 'color:string'])
  })
  it('an augmentation of an interface no declaration uses changes nothing', () => {
    const tools = "import type { Settings } from './types.ts'\ndeclare module './types.ts' {\n  interface Other { b: string }\n}\n/** @tool */\nexport function save(s: Settings) {}\n"
    const out = compileFiles({ 'src/tools.ts': tools, 'src/types.ts': TYPES })
    const type = out.declarations[0]!.props[0]!.type
    expect(type.kind === 'object' && type.props.map((p) => p.name)).toEqual(['theme'])
  })
  it('a refusal inside an augmentation is located there', () => {
    const tools = "import type { Settings } from './types.ts'\ndeclare module './types.ts' {\n  interface Settings { when: symbol }\n}\n/** @tool */\nexport function save(s: Settings) {}\n"
    const out = compileFiles({ 'src/tools.ts': tools, 'src/types.ts': TYPES })
    expect(out.diagnostics.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.column} ${d.code}`)).toEqual(['src/tools.ts:3:30 MCP012'])
  })
})
