/** SCHEMA.md § Declaring a tool — Output schema, and § Results: the result plan decided from the declared type. */
import { describe, expect, it } from 'vitest'
import { compileFiles } from './harness.ts'
import { IMPORTS, tool } from './golden.ts'

const PRELUDE = `${IMPORTS}interface Page { items: string[]; total: Int; next?: string }
type Alias = { ok: boolean }
interface Other { n: number }
`
const declOf = (ret: string) => {
  const out = compileFiles({ 'src/tools.ts': `${PRELUDE}/** @tool */\nexport async function t()${ret ? `: ${ret}` : ''} { return null as any }\n` })
  if (out.diagnostics.length) throw new Error(out.message)
  return out.declarations[0]!
}
const toolOf = (ret: string) => JSON.parse(tool(`${PRELUDE}/** @tool */\nexport async function t(): ${ret} { return null as any }\n`))

describe('outputSchema', () => {
  it('an interface result (Promise unwrapped): a closed object after inputSchema', () => {
    expect(tool(`${PRELUDE}/** Lists. @tool @readOnly */\nexport async function t(): Promise<Page> { return null as any }\n`)).toBe(
      '{"name":"t","description":"Lists.","inputSchema":{"type":"object","properties":{},"additionalProperties":false},"outputSchema":{"type":"object","properties":{"items":{"type":"array","items":{"type":"string"}},"total":{"type":"integer"},"next":{"type":"string"}},"required":["items","total"],"additionalProperties":false},"annotations":{"readOnlyHint":true}}',
    )
  })
  it('a non-Promise object type literal', () => {
    expect(JSON.stringify(toolOf('{ a: Date; /** Count. */ n: number }').outputSchema)).toBe(
      '{"type":"object","properties":{"a":{"type":"string","format":"date-time"},"n":{"type":"number","description":"Count."}},"required":["a","n"],"additionalProperties":false}',
    )
  })
  it('an alias of an object type', () => {
    expect(JSON.stringify(toolOf('Promise<Alias>').outputSchema)).toBe('{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"],"additionalProperties":false}')
  })
  it('a Record', () => {
    expect(JSON.stringify(toolOf('Promise<Record<string, Int8>>').outputSchema)).toBe('{"type":"object","additionalProperties":{"type":"integer","minimum":-128,"maximum":127}}')
  })
  it('an evaluated utility type of an interface', () => {
    expect(JSON.stringify(toolOf("Pick<Page, 'total'>").outputSchema)).toBe('{"type":"object","properties":{"total":{"type":"integer"}},"required":["total"],"additionalProperties":false}')
  })
  it.each([
    ['Promise<Page | Other>'],
    ['Promise<Page | null>'],
    ['Page | undefined'],
    ['Promise<string>'],
    ["'a' | 'b'"],
    ['TextContent'],
    ['ContentPart[]'],
    ['Promise<ToolResult>'],
    ['Page[]'],
    ['Promise<void>'],
    ['void'],
    ['number'],
    ['boolean'],
    ['unknown'],
    ['Date'],
  ])('never for %s', (ret) => {
    expect(toolOf(ret)).not.toHaveProperty('outputSchema')
  })
})

describe('result plan per Results row', () => {
  it.each([
    ['void', { kind: 'void' }],
    ['undefined', { kind: 'void' }],
    ['Promise<void>', { kind: 'void' }],
    ['Promise<undefined>', { kind: 'void' }],
    ['string', { kind: 'text' }],
    ['Promise<string>', { kind: 'text' }],
    ["'open' | 'closed'", { kind: 'text' }],
    ['TextContent', { kind: 'content' }],
    ['Promise<ContentPart>', { kind: 'content' }],
    ['ContentPart[]', { kind: 'content' }],
    ['Promise<Array<TextContent | ContentPart>>', { kind: 'content' }],
    ['ToolResult', { kind: 'raw' }],
    ['Promise<ToolResult>', { kind: 'raw' }],
    ['number', { kind: 'json' }],
    ['Promise<Int>', { kind: 'json' }],
    ['boolean', { kind: 'json' }],
    ['string[]', { kind: 'json' }],
    // JSON text results are projected too (issue 17, item 1): a row's undeclared fields stay on the server.
    ['Page[]', { kind: 'json', shape: { items: { props: { items: 0, total: 0, next: 0 } } } }],
    // Not discriminated, so each branch takes the other's keys too (open-unions.ts), as TypeScript does.
    ['Page | Other', {
      kind: 'json',
      shape: {
        anyOf: [
          [{ has: ['items', 'total'], only: ['items', 'total', 'next', 'n'] }, { props: { items: 0, total: 0, next: 0, n: 0 } }],
          [{ has: ['n'], only: ['n', 'items', 'total', 'next'] }, { props: { n: 0, items: 0, total: 0, next: 0 } }],
        ],
      },
    }],
    ['Promise<Page | null>', { kind: 'json', shape: { nullable: { props: { items: 0, total: 0, next: 0 } } } }],
    ['string | null', { kind: 'text' }],
    ['Promise<string | null>', { kind: 'text' }],
    ['string | undefined', { kind: 'text' }],
    ['Promise<string | undefined>', { kind: 'text' }],
    ["Promise<'a' | 'b' | null | undefined>", { kind: 'text' }],
    ['number | null', { kind: 'json' }],
    ['Page | undefined', { kind: 'json', shape: { props: { items: 0, total: 0, next: 0 } } }],
    ['1 | 2', { kind: 'json' }],
    ['Date', { kind: 'json' }],
    ['unknown', { kind: 'inspect' }],
    ['Promise<any>', { kind: 'inspect' }],
  ])('%s', (ret, plan) => {
    expect(declOf(ret).result).toEqual(plan)
  })

  it('a single object type is structured, projected to its declared properties (nested too)', () => {
    const decl = declOf('Promise<{ a: string; inner: { b: number }; list: { c: string }[]; maybe: { d: Date } | null; tags: Record<string, string> }>')
    expect(decl.result).toEqual({
      kind: 'structured',
      shape: { props: { a: 0, inner: { props: { b: 0 } }, list: { items: { props: { c: 0 } } }, maybe: { nullable: { props: { d: 0 } } }, tags: { props: {}, rest: 0 } } },
    })
  })
  it('a union is projected by the branch the value matches: each branch by its test, then its projection (issue 17)', () => {
    const decl = declOf('Promise<{ result: { ok: true; value: string } | { ok: false; error: string } }>')
    expect(decl.result).toEqual({
      kind: 'structured',
      shape: {
        props: {
          result: {
            anyOf: [
              [{ has: ['ok', 'value'], is: { ok: [true] }, only: ['ok', 'value'] }, { props: { ok: 0, value: 0 } }],
              [{ has: ['ok', 'error'], is: { ok: [false] }, only: ['ok', 'error'] }, { props: { ok: 0, error: 0 } }],
            ],
          },
        },
      },
    })
  })
  it('a union branch that keeps its value as it is is tested by each JSON type it can have; null is a branch of its own', () => {
    expect(declOf('{ v: { a: string } | Date | 1 | 2 | null }').result).toEqual({
      kind: 'structured',
      shape: { props: { v: { nullable: { anyOf: [[{ has: ['a'], only: ['a'] }, { props: { a: 0 } }], ['string', 0], [{ in: [1, 2] }, 0]] } } } },
    })
  })
  it('a union of values kept as they are is kept as it is', () => {
    expect(declOf('{ v: string | number[] | Record<string, unknown> }').result).toEqual({ kind: 'structured', shape: { props: { v: 0 } } })
  })
  it('a tuple keeps its positions, each projected; a Map its values, projected', () => {
    expect(declOf('{ pair: [{ a: string }, number]; byId: Map<string, { b: number }>; plain: Map<string, string> }').result).toEqual({
      kind: 'structured',
      shape: { props: { pair: { tuple: [{ props: { a: 0 } }, 0] }, byId: { props: {}, rest: { props: { b: 0 } } }, plain: 0 } },
    })
  })
  it('an interface result is structured with its props', () => {
    expect(declOf('Page').result).toEqual({ kind: 'structured', shape: { props: { items: 0, total: 0, next: 0 } } })
  })
  it('no declared return type is decided at run time', () => {
    expect(declOf('').result).toEqual({ kind: 'inspect' })
  })
})

describe('return types that cannot be described (MCP029)', () => {
  it.each([['Promise<() => void>'], ['symbol'], ['Promise<{ at: never }>']])('%s', (ret) => {
    const out = compileFiles({ 'src/tools.ts': `${PRELUDE}/** @tool */\nexport async function t(): ${ret} { return null as any }\n` })
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP029'])
    expect(out.diagnostics[0]!.loc.line).toBe(6)
  })
  it('a type the build cannot find is no error: the result is decided at run time (MCP107, test/compiler/lint.test.ts)', () => {
    expect(declOf('Promise<Missing>').result).toEqual({ kind: 'inspect' })
  })
})
