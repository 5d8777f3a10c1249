/**
 * Issue 17, item 3: a module augmentation of an interface a declaration uses is refused (MCP041) at the
 * augmenting interface, never ignored; one of an interface no declaration uses is left alone.
 */
import { describe, expect, it } from 'vitest'
import { compileFiles } from './harness.ts'

const TYPES = 'export interface Settings { theme: string }\nexport interface Unused { a: string }\n'
const findings = (files: Record<string, string>) =>
  compileFiles(files).diagnostics.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.column} ${d.code}: ${d.message}`)
const ADVICE =
  "MCP041: This augments Settings (declared in src/types.ts), which a declaration here uses, and mcp-aot does not merge module augmentations, so its schema would lack what this adds. Declare the members in Settings itself, or in an interface of your own that extends it (interface MySettings extends Settings { … }) and use that."

describe('module augmentation (MCP041)', () => {
  it('in the tool module itself', () => {
    const tools = "import type { Settings } from './types.ts'\ndeclare module './types.ts' {\n  interface Settings { lang: string }\n}\n/** @tool */\nexport function save(s: Settings) {}\n"
    expect(findings({ 'src/tools.ts': tools, 'src/types.ts': TYPES })).toEqual([`src/tools.ts:3:3 ${ADVICE}`])
  })
  it('without the extension, exported, and in a file the types are read from', () => {
    const augment = "import type { Settings } from './types'\nexport type Lang = string\ndeclare module './types' {\n  export interface Settings { lang: Lang }\n}\n"
    const tools = "import type { Settings } from './types'\nimport type { Lang } from './augment'\n/** @tool */\nexport function save(s: Settings, l: Lang) {}\n"
    expect(findings({ 'src/tools.ts': tools, 'src/types.ts': TYPES, 'src/augment.ts': augment })).toEqual([`src/augment.ts:4:10 ${ADVICE}`])
  })
  it("a package's interface, re-exported from another of its files", () => {
    const pkg = {
      'node_modules/opts-lib/package.json': '{ "name": "opts-lib", "types": "index.d.ts" }',
      'node_modules/opts-lib/index.d.ts': "export type { Opts } from './opts'\n",
      'node_modules/opts-lib/opts.d.ts': 'export interface Opts { size: number }\n',
    }
    const tools = "import type { Opts } from 'opts-lib'\ndeclare module 'opts-lib' {\n  interface Opts { color: string }\n}\n/** @tool */\nexport function draw(o: Opts) {}\n"
    const out = findings({ 'src/tools.ts': tools, ...pkg })
    expect(out.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual(['src/tools.ts:3:3 MCP041:'])
    expect(out[0]).toContain('This augments Opts (declared in node_modules/opts-lib/opts.d.ts)')
  })
  it('an augmentation of an interface no declaration uses, or of a type alias, is left alone', () => {
    const tools = "import type { Settings } from './types.ts'\ndeclare module './types.ts' {\n  interface Unused { b: string }\n}\n/** @tool */\nexport function save(s: Settings) {}\n"
    expect(findings({ 'src/tools.ts': tools, 'src/types.ts': TYPES })).toEqual([])
  })
})
