/**
 * Issue 17, items 4 and 5: a tool declared without a body is refused (MCP040); an empty tuple is the empty
 * array; and any schema ajv would refuse becomes a coded diagnostic at the TypeScript location, never ajv's text.
 */
import { describe, expect, it } from 'vitest'
import { emitTable } from '../../src/compiler/table/emit.ts'
import { Refusal } from '../../src/compiler/refusal.ts'
import { compileFiles } from './harness.ts'
import { fragment, refuse } from './golden.ts'

describe('a declaration without a body (MCP040)', () => {
  const findings = (source: string) => refuse(source).diagnostics.map((d) => `${d.loc.line}:${d.loc.column} ${d.code}: ${d.message}`)
  it('export declare function', () => {
    expect(findings('/**\n * Sends.\n * @tool\n */\nexport declare function send(text: string): string\n')).toEqual([
      '5:8 MCP040: send is declared without a body (declare function, or a signature alone), so there is no code to run and every call would fail. Put @tool on the function that implements it: export function send(…) { … }.',
    ])
  })
  it('a signature alone, and a bodiless resource or prompt', () => {
    expect(findings('/** @tool */\nexport function f(a: string): void\n').map((l) => l.split(' ')[1])).toEqual(['MCP040:'])
    expect(findings("/** @resource docs://x */\nexport declare function x(): string\n").map((l) => l.split(' ')[1])).toEqual(['MCP040:'])
  })
  it('overload signatures with an implementation still compile', () => {
    expect(refuse('/** @tool */\nexport function f(a: string): string\nexport function f(a: string): string { return a }\n').diagnostics).toEqual([])
  })
})

describe('an empty tuple (item 5)', () => {
  it('[] is the empty array', () => {
    expect(fragment('[]')).toBe('{"type":"array","maxItems":0}')
  })
  it('inside a tuple, an array and a union', () => {
    expect(fragment('[[], string]')).toBe('{"type":"array","items":{"anyOf":[{"type":"array","maxItems":0},{"type":"string"}]},"prefixItems":[{"type":"array","maxItems":0},{"type":"string"}],"minItems":2,"maxItems":2}')
    expect(fragment('[][] | null')).toBe('{"type":["array","null"],"items":{"type":"array","maxItems":0}}')
  })
})

describe('a schema the validator compiler refuses (the safety net behind every IR check)', () => {
  it('is MCP020 at the parameter, in words, without ajv\'s text', () => {
    const { declarations } = compileFiles({ 'src/tools.ts': '/** @tool */\nexport function t(a: string, b: number) {}\n' })
    const d = declarations[0]!
    // A type no resolver writes: a union of no members, whose `anyOf: []` ajv refuses.
    d.props[1] = { ...d.props[1]!, type: { kind: 'union', members: [] } }
    const error = (() => {
      try {
        emitTable('src/tools.ts', declarations)
      } catch (e) {
        return e
      }
    })() as Refusal
    expect(error).toBeInstanceOf(Refusal)
    expect([error.code, `${error.loc.line}:${error.loc.column}`]).toEqual(['MCP020', '2:30'])
    expect(error.message).toBe(
      "The JSON Schema written for the parameter 'b' of tool 't' is one the validator compiler refuses (its minItems rule fails at properties/b/anyOf), so no validator can be built for it. This is a gap in mcp-aot, not in your code (please report it); meanwhile write this parameter's type another way, such as an object type with named properties.",
    )
  })
})
