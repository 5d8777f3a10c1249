/** JSDoc on parameters and properties: @deprecated, @param lines that repeat or name nothing, overloads. */
import { describe, expect, it } from 'vitest'
import { compileFiles, inputSchema } from './harness.ts'

describe('@deprecated on a property', () => {
  it('writes "deprecated": true last in the fragment, after default', () => {
    const src = 'interface Q {\n  /**\n   * Old page size.\n   * @deprecated use limit\n   * @default 5\n   */\n  size?: number\n  limit?: number\n}\n/** @tool */\nexport function t({ size, limit }: Q) {}\n'
    expect(inputSchema(src)).toBe(
      '{"type":"object","properties":{"size":{"type":"number","description":"Old page size.","default":5,"deprecated":true},"limit":{"type":"number"}},"additionalProperties":false}',
    )
  })
  it('inside a nested object type too', () => {
    const src = 'interface F {\n  /** @deprecated */\n  q?: string\n}\n/** @tool */\nexport function t(f: F) {}\n'
    expect(JSON.stringify(JSON.parse(inputSchema(src)).properties.f.properties.q)).toBe('{"type":"string","deprecated":true}')
  })
})

describe('@param lines', () => {
  it('a duplicate @param is MCP030 at the second line', () => {
    const out = compileFiles({ 'src/tools.ts': '/**\n * @tool\n * @param a One.\n * @param a Two.\n */\nexport function t(a: string) {}\n' })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP030', { file: 'src/tools.ts', line: 4, column: 4 }]])
    expect(out.diagnostics[0]!.message).toContain('@param a is written twice (first at line 3)')
  })
  it('a second root for a destructured parameter is MCP030 (it names nothing)', () => {
    const out = compileFiles({ 'src/tools.ts': '/**\n * @tool\n * @param args.a One.\n * @param opts.b Two.\n */\nexport function t({ a, b }: { a: string; b: string }) {}\n' })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP030', { file: 'src/tools.ts', line: 4, column: 4 }]])
    expect(out.diagnostics[0]!.message).toContain('@param opts.b names no parameter')
  })
  it('one root describes the properties', () => {
    const src = '/**\n * @tool\n * @param args The query.\n * @param args.a One.\n * @param args.b Two.\n */\nexport function t({ a, b }: { a: string; b: string }) {}\n'
    expect(inputSchema(src)).toBe('{"type":"object","properties":{"a":{"type":"string","description":"One."},"b":{"type":"string","description":"Two."}},"required":["a","b"],"additionalProperties":false}')
  })
  it('@param [limit=5] on an untyped default TypeScript gives no JSON type is one finding (MCP008), not two', () => {
    const out = compileFiles({ 'src/tools.ts': '/**\n * @tool\n * @param [limit=5] How many.\n */\nexport function t(limit = null) {}\n' })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP008', { file: 'src/tools.ts', line: 5, column: 19 }]])
  })
})

describe('overloads', () => {
  it('signatures with the implementation’s parameters: the implementation is read', () => {
    const src = '/**\n * @tool\n * @param a The text.\n */\nexport function t(a: string): string\nexport function t(a: string) { return a }\n'
    expect(inputSchema(src)).toBe('{"type":"object","properties":{"a":{"type":"string","description":"The text."}},"required":["a"],"additionalProperties":false}')
  })
  it('the JSDoc on the implementation: overloads that differ are MCP036 all the same', () => {
    const out = compileFiles({ 'src/tools.ts': 'export function t(a: string): string\nexport function t(a: number): number\n/** @tool */\nexport function t(a: string | number) { return a }\n' })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP036', { file: 'src/tools.ts', line: 1, column: 8 }]])
  })
  it('signatures that differ from the implementation are MCP036 at the first that differs', () => {
    const out = compileFiles({ 'src/tools.ts': '/** @tool */\nexport function t(a: string): string\nexport function t(a: number): number\nexport function t(a: string | number) { return a }\n' })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP036', { file: 'src/tools.ts', line: 2, column: 8 }]])
    expect(out.diagnostics[0]!.message).toContain("Remove the overloads and describe the arguments in the implementation's signature")
  })
})
