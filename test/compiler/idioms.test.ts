/**
 * Issue 17 §2: the TypeScript idioms real tool files use, each with the fragment its meaning gives
 * (hand-written from SCHEMA.md's table and TypeScript's reading of the type), and the refusals that remain.
 */
import { describe, expect, it } from 'vitest'
import { planDefs, revivePlan } from '../../src/compiler/schema/plans.ts'
import { project } from '../../src/runtime/call/results.ts'
import { revive } from '../../src/runtime/call/revive.ts'
import type { Projection } from '../../src/runtime/shared/table.ts'
import { codesFor, fragment, input, IMPORTS, refuse, tool } from './golden.ts'
import { compileFiles } from './harness.ts'

const PRELUDE = `
export const Role = { Admin: 'admin', Viewer: 'viewer' } as const
export type Role = (typeof Role)[keyof typeof Role]
export const SIZES = ['s', 'm', 'l'] as const
export const Codes = { ok: 200, gone: 410 } as const satisfies Record<string, number>
export const Widths = [1, 2.5]
export enum Level { Low, High = 10 }
export interface Order { id: string; status: 'open' | 'paid'; items: { sku: string; qty: Int }[]; note?: string; at: [number, number] }
export interface Base { id: string; created: string }
export interface Post extends Base { title: string; draft?: boolean }
export type Shape = { kind: 'circle'; r: number } | { kind: 'rect'; w: number }
declare const brand: unique symbol
export type UserId = string & { readonly [brand]: 'UserId' }
export namespace NS { export enum Pri { Low = 'low', High = 'high' } }
`
const STR = '{"type":"string"}'
const NUM = '{"type":"number"}'
const BOOL = '{"type":"boolean"}'

describe('as const objects and arrays as enums', () => {
  it.each([
    ['Role', '{"type":"string","enum":["admin","viewer"]}'],
    ['(typeof SIZES)[number]', '{"type":"string","enum":["s","m","l"]}'],
    ['(typeof Codes)[keyof typeof Codes]', '{"type":"integer","enum":[200,410]}'],
    ['typeof Codes', '{"type":"object","properties":{"ok":{"type":"integer","enum":[200]},"gone":{"type":"integer","enum":[410]}},"required":["ok","gone"],"additionalProperties":false}'],
    ['typeof SIZES', '{"type":"array","items":{"anyOf":[{"type":"string","enum":["s"]},{"type":"string","enum":["m"]},{"type":"string","enum":["l"]}]},"prefixItems":[{"type":"string","enum":["s"]},{"type":"string","enum":["m"]},{"type":"string","enum":["l"]}],"minItems":3,"maxItems":3}'],
    ['(typeof Widths)[number]', NUM],
    ['keyof typeof Level', '{"type":"string","enum":["Low","High"]}'],
  ])('%s', (type, expected) => expect(fragment(type, PRELUDE)).toBe(expected))
  it('a member of the const is a default of its type', () => {
    expect(input(`${IMPORTS}${PRELUDE}\n/** @tool t */\nexport function t(r: Role = Role.Viewer) {}\n`)).toBe('{"type":"object","properties":{"r":{"type":"string","enum":["admin","viewer"],"default":"viewer"}},"additionalProperties":false}')
  })
})

describe('indexed access, keyof, Record<keyof T, V>, Omit<T, keyof Base>', () => {
  it.each([
    ["Order['status']", '{"type":"string","enum":["open","paid"]}'],
    ["Order['items'][number]", '{"type":"object","properties":{"sku":{"type":"string"},"qty":{"type":"integer"}},"required":["sku","qty"],"additionalProperties":false}'],
    ["Order['at'][1]", NUM],
    // string absorbs the literals, as in TypeScript
    ["Order['status' | 'id']", STR],
    ['keyof Order', '{"type":"string","enum":["id","status","items","note","at"]}'],
    ['Record<keyof Base, boolean>', `{"type":"object","properties":{"id":${BOOL},"created":${BOOL}},"required":["id","created"],"additionalProperties":false}`],
    ['Omit<Post, keyof Base>', `{"type":"object","properties":{"title":${STR},"draft":${BOOL}},"required":["title"],"additionalProperties":false}`],
    ['keyof Record<string, number>', `{"anyOf":[${STR},${NUM}]}`],
  ])('%s', (type, expected) => expect(fragment(type, PRELUDE)).toBe(expected))
  it("an optional property's type makes the parameter optional (T | undefined)", () => {
    expect(input(`${IMPORTS}${PRELUDE}\n/** @tool t */\nexport function t(n: Order['note']) {}\n`)).toBe(`{"type":"object","properties":{"n":${STR}},"additionalProperties":false}`)
  })
})

describe('Exclude, Extract, NonNullable', () => {
  it.each([
    ["Exclude<Order['status'], 'paid'>", '{"type":"string","enum":["open"]}'],
    ['Exclude<Level, Level.Low>', '{"type":"integer","enum":[10]}'],
    ["Extract<Shape, { kind: 'rect' }>", `{"type":"object","properties":{"kind":{"type":"string","enum":["rect"]},"w":${NUM}},"required":["kind","w"],"additionalProperties":false}`],
    ['Exclude<string | number | null, number>', '{"type":["string","null"]}'],
    ["NonNullable<Order['note']>", STR],
    ['Exclude<boolean, false>', '{"type":"boolean","enum":[true]}'],
  ])('%s', (type, expected) => expect(fragment(type, PRELUDE)).toBe(expected))
})

describe('template literal types', () => {
  it.each([
    ['`user_${string}`', '{"type":"string","pattern":"^user_[\\\\s\\\\S]*$"}'],
    ["`${'sm' | 'md'}-${'x' | 'y'}`", '{"type":"string","enum":["sm-x","sm-y","md-x","md-y"]}'],
    ['`${boolean}`', '{"type":"string","enum":["true","false"]}'],
    ['`${string}.json`', '{"type":"string","pattern":"^[\\\\s\\\\S]*\\\\.json$"}'],
    ['`${string}/${string}`', '{"type":"string","pattern":"^(?:(?!\\\\/)[\\\\s\\\\S])*\\\\/[\\\\s\\\\S]*$"}'],
    ['`${string}`', STR],
  ])('%s', (type, expected) => expect(fragment(type, PRELUDE)).toBe(expected))
  // What tsc 7 accepts and refuses for `${number}px` and `${bigint}` (checked with tsc, written here by hand).
  it('`${number}px` takes what tsc takes: +s a finite number, whitespace around it or alone', () => {
    const re = new RegExp(JSON.parse(fragment('`${number}px`')).pattern, 'u')
    expect(['1px', '-2.5px', '.5px', '1.px', '+.5px', '1e5px', '0x1Fpx', ' 1px', '\n1px', '1 px', ' px'].filter((s) => !re.test(s))).toEqual([])
    expect(['px', 'apx', '.px', '1', '1_000px', 'Infinitypx', '-0x1px', '0b2px', '1e400px'].filter((s) => re.test(s))).toEqual([])
  })
  it('`${number}px` with long exponents and mantissas: what is finite, never what is Infinity', () => {
    const re = new RegExp(JSON.parse(fragment('`${number}px`')).pattern, 'u')
    // tsc takes each of these (+s is finite: 1e-400 is 0).
    expect(['1e-400px', '1e299px', '123456789e299px', '.5e299px', '1e+05px', '1e0099px', `${'9'.repeat(208)}e99px`, `${'9'.repeat(300)}px`].filter((s) => !re.test(s))).toEqual([])
    // tsc refuses these (Infinity); and 1e300px, which tsc takes, is past what the pattern can prove finite.
    expect(['1e400px', '1e309px', `${'9'.repeat(400)}px`, '1e300px'].filter((s) => re.test(s))).toEqual([])
  })
  it('`${bigint}` takes a bigint literal: no leading zero, no +, no whitespace', () => {
    const re = new RegExp(JSON.parse(fragment('`${bigint}`')).pattern, 'u')
    expect(['0', '-5', '0x1F', '-0x1', '12'].filter((s) => !re.test(s))).toEqual([])
    expect(['007', '+5', ' 5', '- 5', '0n', '1_0'].filter((s) => re.test(s))).toEqual([])
  })
  it.each([['`${string}${number}`'], ['`${number}.${number}`'], ['`id-${Date}`']])('%s is MCP020', (type) => expect(codesFor(type)).toEqual(['MCP020']))
})

describe('mapped types', () => {
  it.each([
    ["{ [K in 'read' | 'write']: boolean }", `{"type":"object","properties":{"read":${BOOL},"write":${BOOL}},"required":["read","write"],"additionalProperties":false}`],
    ["{ [K in 'a' | 'b']?: K }", '{"type":"object","properties":{"a":{"type":"string","enum":["a"]},"b":{"type":"string","enum":["b"]}},"additionalProperties":false}'],
    ['{ [K in keyof Post]: boolean }', `{"type":"object","properties":{"id":${BOOL},"created":${BOOL},"title":${BOOL},"draft":${BOOL}},"required":["id","created","title"],"additionalProperties":false}`],
    ['{ [K in keyof Post]-?: Post[K] }', `{"type":"object","properties":{"id":${STR},"created":${STR},"title":${STR},"draft":${BOOL}},"required":["id","created","title","draft"],"additionalProperties":false}`],
    ['{ [K in string]: Int }', '{"type":"object","additionalProperties":{"type":"integer"}}'],
  ])('%s', (type, expected) => expect(fragment(type, PRELUDE)).toBe(expected))
  it('key remapping stays MCP020', () => expect(codesFor('{ [K in keyof Post as `get_${K}`]: boolean }', PRELUDE)).toEqual(['MCP020']))
  it('number keys are MCP015', () => expect(codesFor('{ [K in number]: boolean }', PRELUDE)).toEqual(['MCP015']))
})

describe('tuples with optional and rest elements', () => {
  it.each([
    ['[string, ...string[]]', `{"type":"array","items":${STR},"prefixItems":[${STR}],"minItems":1}`],
    ['[name: string, age?: number]', `{"type":"array","items":{"anyOf":[${STR},${NUM}]},"prefixItems":[${STR},${NUM}],"minItems":1,"maxItems":2}`],
    ['[a?: string]', `{"type":"array","items":${STR},"prefixItems":[${STR}],"maxItems":1}`],
    ['[...boolean[]]', `{"type":"array","items":${BOOL}}`],
    ['[string, number?, ...boolean[]]', `{"type":"array","items":${BOOL},"prefixItems":[${STR},${NUM}],"minItems":1}`],
  ])('%s', (type, expected) => expect(fragment(type, PRELUDE)).toBe(expected))
  it('a result keeps the elements it has: no null for a missing optional one, every rest element, nothing undeclared inside', () => {
    const shape = (type: string) => {
      const d = compileFiles({ 'src/tools.ts': `${IMPORTS}/** @tool t */\nexport function t(): { x: ${type} } { return null! }\n` }).declarations[0]!
      return (v: unknown) => project({ x: v }, (d.result as { shape: Projection }).shape)
    }
    expect(shape('[string, number?]')(['a'])).toEqual({ x: ['a'] })
    expect(shape('[string, number?]')(['a', 1])).toEqual({ x: ['a', 1] })
    expect(shape('[string, ...number[]]')(['a', 1, 2])).toEqual({ x: ['a', 1, 2] })
    expect(shape('[{ a: string }, { a: string }?]')([{ a: 'x', key: 1 }])).toEqual({ x: [{ a: 'x' }] })
  })
  it('revival reaches every rest element', () => {
    const d = compileFiles({ 'src/tools.ts': `${IMPORTS}/** @tool t */\nexport function t(x: [Date, ...Date[]]) {}\n` }).declarations[0]!
    const defs = planDefs()
    const out = revive({ x: ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'] }, revivePlan({ kind: 'object', props: d.props }, defs), '', defs.plans)
    expect(out.ok && (out.value as { x: unknown[] }).x.every((v) => v instanceof Date)).toBe(true)
  })
  it.each([['[...string[], number]'], ['[string, ...Date[]]']])('%s is MCP024', (type) => expect(codesFor(type)).toEqual(['MCP024']))
})

describe('ReturnType<typeof f> and Awaited: the declared return type', () => {
  const load = 'async function load(): Promise<{ a: string }> { return { a: "" } }\n'
  it('gives the output schema of what load is declared to return', () => {
    expect(tool(`${load}/** @tool t */\nexport async function t(): Promise<Awaited<ReturnType<typeof load>>> { return load() }\n`)).toBe(
      `{"name":"t","inputSchema":{"type":"object","properties":{},"additionalProperties":false},"outputSchema":{"type":"object","properties":{"a":${STR}},"required":["a"],"additionalProperties":false}}`)
  })
  it('an arrow function const too; one without a declared return type is refused, saying so', () => {
    expect(fragment('ReturnType<typeof f>', 'const f = (): Int8 => 1')).toBe('{"type":"integer","minimum":-128,"maximum":127}')
    const out = refuse(`${IMPORTS}function g() { return 1 }\n/** @tool t */\nexport function t(x: ReturnType<typeof g>) {}\n`)
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP020'])
    expect(out.diagnostics[0]!.message).toContain('g has no declared return type')
  })
})

describe('unique-symbol brands, defaults, conditional types', () => {
  it.each([
    ['UserId', STR],
    ['{ id: UserId }[]', `{"type":"array","items":{"type":"object","properties":{"id":${STR}},"required":["id"],"additionalProperties":false}}`],
    ['NS.Pri', '{"type":"string","enum":["low","high"]}'],
    ["'open' extends Order['status'] ? Int8 : string", '{"type":"integer","minimum":-128,"maximum":127}'],
  ])('%s', (type, expected) => expect(fragment(type, PRELUDE)).toBe(expected))
  it('a symbol-keyed object on its own is MCP012', () => expect(codesFor('{ readonly [brand]: 1 }', PRELUDE)).toEqual(['MCP012']))
  it('n: bigint = 10n writes the decimal string as the default; an enum member inside a namespace is a constant', () => {
    expect(input(`${IMPORTS}${PRELUDE}\n/** @tool t */\nexport function t(n: bigint = 10n, m: bigint = -3n, p: NS.Pri = NS.Pri.High) {}\n`)).toBe(
      '{"type":"object","properties":{"n":{"type":"string","pattern":"^-?[0-9]+$","default":"10"},"m":{"type":"string","pattern":"^-?[0-9]+$","default":"-3"},"p":{"type":"string","enum":["low","high"],"default":"high"}},"additionalProperties":false}')
  })
  it('a conditional type that reduces is its branch, distributed over a union as TypeScript does', () => {
    expect(fragment('NotNull<string | null | undefined>', `${PRELUDE}type NotNull<T> = T extends null | undefined ? never : T\n`)).toBe(STR)
  })
  it('a conditional type with infer, or one the build cannot decide, is MCP020 and says so', () => {
    const out = refuse(`${IMPORTS}${PRELUDE}type El<T> = T extends (infer U)[] ? U : never\n/** @tool t */\nexport function t(x: El<string[]>) {}\n`)
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP020'])
    expect(out.diagnostics[0]!.message).toContain('Conditional types are evaluated only when they reduce to one of their branches')
  })
})
