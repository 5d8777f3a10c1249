/**
 * Diagnostics that tell the truth (issue 17 §4): near-miss kind tags and `@tool` after text are findings;
 * a JavaScript tool module is refused with its own code; the messages that misled now compile or say what is
 * wrong; MCP039 names the cure for a union without a discriminant. Expectations are hand-written.
 */
import { describe, expect, it } from 'vitest'
import { misspeltKind } from '../../src/compiler/declarations/tag-rules.ts'
import { compileFiles } from './harness.ts'
import { bareFragment, fragment } from './golden.ts'

const findings = (source: string, extra: Record<string, string> = {}, path = 'src/tools.ts') =>
  compileFiles({ [path]: source, ...extra }).diagnostics.map((d) => [d.code, `${d.loc.file}:${d.loc.line}:${d.loc.column}`, d.message])

describe('near-miss kind tags', () => {
  it.each([['tol', 'tool'], ['too', 'tool'], ['tl', 'tool'], ['to', 'tool'], ['tpol', 'tool'], ['rsource', 'resource'], ['resouce', 'resource'], ['promt', 'prompt'], ['prmpt', 'prompt'], ['Tool', 'tool'], ['tools', 'tool']])('@%s is read as a misspelt @%s', (tag, kind) => {
    expect(misspeltKind(tag)).toBe(kind)
  })
  it.each(['todo', 'type', 'prop', 'param', 'pool', 'toolbox', 'this', 'returns', 'readonly', 'tooltip', 'p', 't'])('@%s is not', (tag) => {
    expect(misspeltKind(tag)).toBeUndefined()
  })
  it('@tol on an exported function is MCP002 at the tag, with the code frame', () => {
    const out = compileFiles({ 'src/tools.ts': '/**\n * Adds.\n * @tol\n */\nexport function add(a: number) {}\n' })
    expect(out.diagnostics.map((d) => [d.code, d.loc.line, d.loc.column])).toEqual([['MCP002', 3, 4]])
    expect(out.diagnostics[0]!.message).toContain('Did you mean @tool?')
    expect(out.message).toContain('> 3 |  * @tol')
  })
  it('@tl in a one-line block', () => {
    expect(findings('/** Adds. @tl */\nexport function add(a: number) {}\n').map(([c]) => c)).toEqual(['MCP002'])
  })
})

describe('@tool after text in a comment that is not JSDoc', () => {
  it.each([
    ['// Adds two numbers. @tool', 'line comment'],
    ['// Adds two numbers @tool add_numbers', 'line comment'],
    ['/* Adds two numbers. @tool */', 'block comment'],
    ['/* Adds. @tool @readOnly */', 'block comment'],
  ])('%s', (comment, what) => {
    const out = findings(`${comment}\nexport function add(a: number) {}\n`)
    expect(out.map(([c, l]) => [c, l])).toEqual([['MCP003', 'src/tools.ts:1:1']])
    expect(out[0]![2]).toContain(what)
    expect(out[0]![2]).toContain('/** @tool */')
  })
  it('a sentence that mentions @tool is prose', () => {
    expect(findings('// the @tool below? no: nothing here\nexport function a(x: string) {}\n')).toEqual([])
    expect(findings('// see the @toolbox docs\nexport function a(x: string) {}\n')).toEqual([])
  })
})

describe('a JavaScript tool module', () => {
  it('is refused with MCP041 at its tag, saying to write it in TypeScript', () => {
    const out = compileFiles({ 'src/tools.js': '/**\n * Adds.\n * @tool\n * @param {number} a\n */\nexport function add(a) {\n  return a\n}\n' })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP041', { file: 'src/tools.js', line: 3, column: 4 }]])
    expect(out.diagnostics[0]!.message).toBe('src/tools.js is JavaScript: a tool’s arguments are read from TypeScript types, and JSDoc types (@param {number} a) are not read, so its tools cannot be compiled. Rename it to src/tools.ts and write the parameters’ types there (a: number).')
    expect(out.message).toContain('> 3 |  * @tool')
  })
  it('a JavaScript module that only mentions @tool in prose is not refused', () => {
    expect(compileFiles({ 'src/util.mjs': '// the @tool functions live in tools.ts\nexport const x = 1\n' }).diagnostics).toEqual([])
  })
})

describe('messages that misled', () => {
  it("export * from 'mcp-aot' in a barrel does not shadow the project's own types", () => {
    const extra = { 'src/types/index.ts': "export * from 'mcp-aot'\nexport * from './item.ts'\n", 'src/types/item.ts': 'export interface Item { sku: string }\n' }
    expect(bareFragment('Item', "import type { Item } from './types/index.ts'", extra)).toBe('{"type":"object","properties":{"sku":{"type":"string"}},"required":["sku"],"additionalProperties":false}')
    expect(bareFragment('Int', "import type { Int } from './types/index.ts'", extra)).toBe('{"type":"integer"}')
  })
  it('b?: undefined says it can only be left out, not to make it optional', () => {
    const out = findings('/** @tool */\nexport function t(a: string, b?: undefined) {}\n')
    expect(out).toEqual([['MCP014', 'src/tools.ts:2:34', 'undefined alone describes no JSON value: a parameter or property of this type can only be left out. Remove it, or give it the type of the value it may carry (x?: string).']])
  })
  it('never[] is the empty array, string | never is string', () => {
    expect(fragment('never[]')).toBe('{"type":"array","maxItems":0}')
    expect(fragment('string | never')).toBe('{"type":"string"}')
    expect(findings('/** @tool */\nexport function t(x: never | never) {}\n').map(([c]) => c)).toEqual(['MCP013'])
  })
  it('Partial<Record<string, unknown>> is any object', () => {
    expect(fragment('Partial<Record<string, unknown>>')).toBe('{"type":"object"}')
    expect(fragment('Required<Record<string, unknown>>')).toBe('{"type":"object"}')
  })
  it('import type X = require(…) reads the module', () => {
    const extra = { 'src/legacy.ts': 'export interface Item { sku: string }\n' }
    expect(bareFragment('L.Item', "import type L = require('./legacy')", extra)).toBe('{"type":"object","properties":{"sku":{"type":"string"}},"required":["sku"],"additionalProperties":false}')
  })
})

describe('MCP039 for a union without a discriminant', () => {
  it('names the cure: a discriminant', () => {
    let types = ''
    for (let i = 0; i < 24; i++) types += `type M${i} = { a${i}: string; b${i}: number; c${i}: boolean; d${i}: string }\n`
    const union = Array.from({ length: 24 }, (_, i) => `M${i}`).join(' | ')
    const out = compileFiles({ 'src/tools.ts': `${types}type U = ${union}\n/** @tool */\nexport function t(x: U, y: U, z: U, w: U, v: U, q: U) {}\n` }, { schemaBudget: 20_000 })
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP039'])
    expect(out.diagnostics[0]!.message).toContain("A union of 24 object types without a discriminant grows with the square of its members")
    expect(out.diagnostics[0]!.message).toContain("give every member a literal tag property (kind: 'a', kind: 'b', …)")
  })
})
