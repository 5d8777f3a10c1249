/** Tags that would silently declare nothing: each is exactly one diagnostic, in place, saying what to write. */
import { describe, expect, it } from 'vitest'
import { MARKER } from '../../src/compiler/compile.ts'
import { compileFiles } from './harness.ts'

const ADVICE = /\b(Write|Merge|Did you mean)\b/

describe('near-misses and misplaced @tool', () => {
  it.each([
    ['@Tool', '/** @Tool */\nexport function a(x: string) {}\n', 'MCP002', 1, 5, ['@Tool', 'Did you mean @tool?']],
    ['@tools', '/** @tools */\nexport function a(x: string) {}\n', 'MCP002', 1, 5, ['@tools', 'Did you mean @tool?']],
    ['@Prompt', '/** @Prompt */\nexport function a(x: string) {}\n', 'MCP002', 1, 5, ['Did you mean @prompt?']],
    ['@resources', '/** @resources file:///x */\nexport function a() {}\n', 'MCP002', 1, 5, ['Did you mean @resource?']],
    ['@Tools', '/** @Tools */\nexport function a(x: string) {}\n', 'MCP002', 1, 5, ['Did you mean @tool?']],
    ['// @tool', '// @tool\nexport function a(x: string) {}\n', 'MCP003', 1, 1, ['line comment', '/** @tool */']],
    ['/* @tool */', '/* @tool */\nexport function a(x: string) {}\n', 'MCP003', 1, 1, ['block comment', '/** @tool */']],
    ['a static method', 'export class K {\n  /** @tool */\n  static m(x: string) {}\n}\n', 'MCP003', 3, 3, ['static method of class K', 'export function']],
    ['an object literal method', 'export const o = {\n  /** @tool */\n  m(x: string) {},\n}\n', 'MCP003', 3, 3, ['object literal', 'export function']],
    ['a function nested in another', 'export function outer() {\n  /** @tool */\n  function inner(x: string) {}\n}\n', 'MCP003', 3, 3, ['inside another function']],
    ['export default (…) => …', '/** @tool */\nexport default (x: string) => x\n', 'MCP003', 2, 1, ['anonymous default export', 'export default function']],
    ['an unexported function', '/** @tool */\nfunction hidden(x: string) {}\n', 'MCP003', 2, 1, ['not exported', 'export function hidden']],
    ['a JSDoc block that is not the last before the function', '/** @tool */\n/** Adds. */\nexport function a(x: string) {}\n', 'MCP003', 1, 1, ['not the last one', 'Merge the blocks']],
    ['function*', '/** @tool */\nexport function* g(x: string) {}\n', 'MCP033', 2, 8, ['generator', 'array']],
    ['async function*', '/** @tool */\nexport async function* g(x: string) {}\n', 'MCP033', 2, 8, ['generator', 'async function']],
  ])('%s', (_label, source, code, line, column, mentions) => {
    expect(MARKER.test(source)).toBe(true) // the plugin's prefilter lets the module through
    const out = compileFiles({ 'src/tools.ts': source })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([[code, { file: 'src/tools.ts', line, column }]])
    for (const m of mentions as string[]) expect(out.diagnostics[0]!.message).toContain(m)
    expect(out.diagnostics[0]!.message).toMatch(ADVICE)
    expect(out.message).toContain(`> ${line} | `)
  })
})

describe('prose is not a tag', () => {
  it.each([
    ['a file header that mentions @tool', '/**\n * Helpers for functions marked @tool and @prompt.\n */\nimport { x } from "./x.ts"\nexport const y = x\n'],
    ['@todo and @pool in a function doc', '/**\n * @todo handle errors\n * @pool shared\n */\nexport function a(x: string) {}\n'],
    ['a line comment that only mentions @tool in passing', '// called by the @tool below? no: nothing here\nexport function a(x: string) {}\n'],
    ['an e-mail address', "export const contact = 'ops@toolbox.dev'\n"],
  ])('%s', (_label, source) => {
    const out = compileFiles({ 'src/tools.ts': source, 'src/x.ts': 'export const x = 1\n' })
    expect(out.diagnostics).toEqual([])
    expect(out.declarations).toEqual([])
  })
})
