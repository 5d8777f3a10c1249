/** Parsing: JSX only in .tsx/.jsx, decorators and `accessor` fields everywhere, a syntax error as one MCP032 in its own file. */
import { describe, expect, it } from 'vitest'
import { compileFiles, inputSchema } from './harness.ts'

const STRING_A = '{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}'

describe('what parses', () => {
  it('a .ts module with a generic arrow and a <T>x assertion (no JSX in .ts)', () => {
    const src = 'const first = <T>(xs: T[]) => xs[0]\n/** @tool */\nexport function t(a: string) { return first([<string>a]) }\n'
    expect(inputSchema(src)).toBe(STRING_A)
  })
  it('decorators (before and after export) and accessor fields, in the module and in an imported types file', () => {
    const types = 'declare const dec: any\n@dec export class C { @dec accessor n = 1; static accessor m: number }\nexport @dec class D {}\nexport interface A { a: string }\n'
    const src = "import type { A } from './types.ts'\ndeclare const dec: any\n@dec export class Svc { accessor x = 1 }\n/** @tool */\nexport function t(x: A) {}\n"
    expect(JSON.parse(inputSchema(src, { 'src/types.ts': types })).properties.x).toEqual(JSON.parse(STRING_A))
  })
  it('an imported .d.ts with a generic arrow type and decorators on declared classes', () => {
    const dts = 'declare const dec: any\nexport declare const first: <T>(xs: T[]) => T\n@dec export declare class K { accessor v: number }\nexport interface A { a: string }\n'
    const src = "import type { A } from './types.js'\n/** @tool */\nexport function t(x: A) {}\n"
    expect(JSON.parse(inputSchema(src, { 'src/types.d.ts': dts })).properties.x).toEqual(JSON.parse(STRING_A))
  })
  it('JSX in a .tsx module', () => {
    const out = compileFiles({ 'src/tools.tsx': 'const view = <div>hi</div>\n/** @tool */\nexport function t(a: string) { return a }\n' })
    expect(out.diagnostics).toEqual([])
    expect(out.declarations.map((d) => d.name)).toEqual(['t'])
  })
})

describe('what does not parse is one MCP032 in the file it is in', () => {
  it('the module itself: line and column of the error, a code frame, no Babel position suffix', () => {
    const out = compileFiles({ 'src/tools.ts': '/** @tool */\nexport function t(a: string {\n  return a\n}\n' })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP032', { file: 'src/tools.ts', line: 2, column: 29 }]])
    expect(out.message).toContain('src/tools.ts:2:29 - error MCP032: This file does not parse as TypeScript (')
    expect(out.message).toContain('> 2 | export function t(a: string {')
    expect(out.message).not.toMatch(/\(\d+:\d+\)/)
  })
  it('JSX in a .ts module is a syntax error there, with the hint', () => {
    const out = compileFiles({ 'src/tools.ts': 'const v = <div>hi</div>\n/** @tool */\nexport function t(a: string) {}\n' })
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP032'])
    expect(out.diagnostics[0]!.loc.file).toBe('src/tools.ts')
    expect(out.diagnostics[0]!.message).toContain('.tsx')
  })
  it('an imported types file: the finding points into that file, with its code frame', () => {
    const out = compileFiles({
      'src/tools.ts': "import type { A } from './types.ts'\n/** @tool */\nexport function t(x: A) {}\n",
      'src/types.ts': 'export interface A {\n  a: string\n  b: = 1\n}\n',
    })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP032', { file: 'src/types.ts', line: 3, column: 6 }]])
    expect(out.message).toContain('> 3 |   b: = 1')
  })
})
