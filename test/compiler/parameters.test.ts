/** SCHEMA.md § Parameters. */
import { describe, expect, it } from 'vitest'
import { compileFiles } from './harness.ts'
import { IMPORTS, input, refuse } from './golden.ts'

const codes = (src: string) => refuse(IMPORTS + src).diagnostics.map((d) => d.code)

describe('ToolContext and AbortSignal', () => {
  it('are never listed, in any position', () => {
    const src = `${IMPORTS}/** @tool */
export async function s(ctx: ToolContext, query: string, signal: AbortSignal, limit?: Int) {}
`
    expect(input(src)).toBe(`{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer"}},"required":["query"],"additionalProperties":false}`)
  })
  it('ToolContext generic over Env', () => {
    const src = `${IMPORTS}interface Env { KV: unknown }\n/** @tool */\nexport function s(a: string, ctx: ToolContext<Env>) {}\n`
    expect(input(src)).toBe('{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}')
  })
  it('only context and signal: an empty closed object without required', () => {
    const src = `${IMPORTS}/** @tool */\nexport function s(signal: AbortSignal, ctx: ToolContext) {}\n`
    expect(input(src)).toBe('{"type":"object","properties":{},"additionalProperties":false}')
  })
  it('their slots are passed in declared order', () => {
    const out = compileFiles({ 'src/tools.ts': `${IMPORTS}/** @tool */\nexport function s(signal: AbortSignal, q: string, ctx: ToolContext) {}\n` })
    expect(out.declarations[0]!.slots).toEqual([{ kind: 'signal' }, { kind: 'arg', name: 'q' }, { kind: 'context' }])
  })
  it('at most one of each (MCP007)', () => {
    expect(codes('/** @tool */\nexport function s(a: ToolContext, b: ToolContext) {}\n')).toEqual(['MCP007'])
    expect(codes('/** @tool */\nexport function s(a: AbortSignal, b: AbortSignal) {}\n')).toEqual(['MCP007'])
  })
})

describe('names and required', () => {
  it('names are written as declared, never rewritten', () => {
    const src = '/** @tool */\nexport function s(serviceName: string, max_results: number, $x: boolean) {}\n'
    expect(input(src)).toBe('{"type":"object","properties":{"serviceName":{"type":"string"},"max_results":{"type":"number"},"$x":{"type":"boolean"}},"required":["serviceName","max_results","$x"],"additionalProperties":false}')
  })
  it('x?: T is optional; T | undefined is optional; T | null is required and nullable', () => {
    const src = '/** @tool */\nexport function s(a?: string, b: string | undefined, c: string | null, d: number | null | undefined) {}\n'
    expect(input(src)).toBe('{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":["string","null"]},"d":{"type":["number","null"]}},"required":["c"],"additionalProperties":false}')
  })
  it('a parameter with a default is optional', () => {
    const src = '/** @tool */\nexport function s(q: string, n: number = 3) {}\n'
    expect(input(src)).toBe('{"type":"object","properties":{"q":{"type":"string"},"n":{"type":"number","default":3}},"required":["q"],"additionalProperties":false}')
  })
  it('no parameters: properties empty, required left out, always closed', () => {
    expect(input('/** @tool */\nexport function s() {}\n')).toBe('{"type":"object","properties":{},"additionalProperties":false}')
  })
})

describe('defaults', () => {
  it.each([
    ["s: string = 'x'", '{"type":"string","default":"x"}'],
    ['s: string = `tpl`', '{"type":"string","default":"tpl"}'],
    ['s: number = 2.5', '{"type":"number","default":2.5}'],
    ['s: number = -3', '{"type":"number","default":-3}'],
    ['s: Int & Min<-10> = -10', '{"type":"integer","minimum":-10,"default":-10}'],
    ['s: boolean = false', '{"type":"boolean","default":false}'],
    ['s: boolean = true', '{"type":"boolean","default":true}'],
    ["s: 'low' | 'normal' | 'high' = 'normal'", '{"type":"string","enum":["low","normal","high"],"default":"normal"}'],
    ['s: Int & Min<1> & Max<10> = 5', '{"type":"integer","minimum":1,"maximum":10,"default":5}'],
    ['s: number = 1 + 2', '{"type":"number","default":3}'],
    ['s: string | null = null', '{"type":["string","null"]}'],
    ['s: number = LIMIT', '{"type":"number","default":4}'],
  ])('%s', (param, expected) => {
    const src = `${IMPORTS}const LIMIT = 4\n/** @tool */\nexport function t(${param}) {}\n`
    expect(JSON.stringify(JSON.parse(input(src)).properties.s)).toBe(expected)
    expect(JSON.parse(input(src))).not.toHaveProperty('required')
  })
  it.each([
    ["e: Email = 'a@example.com'", '{"type":"string","format":"email","default":"a@example.com"}'],
    ["d: DateString = '2024-02-29'", '{"type":"string","format":"date","default":"2024-02-29"}'],
    ["t: TimeString = '14:30:00Z'", '{"type":"string","format":"time","default":"14:30:00Z"}'],
    ["h: Ipv4 = '10.0.0.1'", '{"type":"string","format":"ipv4","default":"10.0.0.1"}'],
    ["d: Duration = 'PT5M'", '{"type":"string","format":"duration","default":"PT5M"}'],
  ])('a default its format accepts is written: %s', (param, expected) => {
    const src = `${IMPORTS}/** @tool */\nexport function t(${param}) {}\n`
    const schema = JSON.parse(input(src))
    expect(JSON.stringify(Object.values(schema.properties)[0])).toBe(expected)
  })
  it('an enum member default is written as its value', () => {
    const src = `enum Priority { Low = 'low', High = 'high' }\nenum Level { A = 1, B = 2 }\n/** @tool */\nexport function t(p: Priority = Priority.High, l: Level = Level.B) {}\n`
    expect(input(src)).toBe('{"type":"object","properties":{"p":{"type":"string","enum":["low","high"],"default":"high"},"l":{"type":"integer","enum":[1,2],"default":2}},"additionalProperties":false}')
  })
  it('a description comes before the default', () => {
    const src = `${IMPORTS}/**\n * @tool\n * @param maxResults How many.\n */\nexport function t(maxResults: Int & Min<1> & Max<10> = 5) {}\n`
    expect(input(src)).toBe('{"type":"object","properties":{"maxResults":{"type":"integer","description":"How many.","minimum":1,"maximum":10,"default":5}},"additionalProperties":false}')
  })
  it.each([
    ['n: Int & Max<10> = 50'],
    ["s: string & MaxLength<3> = 'toolong'"],
    ["s: 'a' | 'b' = 'c'"],
    ['n: Int = 1.5'],
    ["s: string & Pattern<'^[a-z]+$'> = 'ABC'"],
    ['n: Uint8 = -1'],
    ["e: Email = 'x'"],
    ["u: Uuid = 'nope'"],
    ["d: DateString = '2024-13-45'"],
    ["d: DateTimeString = 'soon'"],
    ["t: TimeString = '14:30:00'"],
    ["h: Ipv4 = '999.1.1.1'"],
    ["h: Ipv6 = 'nope'"],
    ["u: Uri = 'not a uri'"],
    ["h: Hostname = '-bad-.example'"],
    ["d: Duration = '5 minutes'"],
  ])('a default its own fragment refuses is a build error (MCP022): %s', (param) => {
    expect(codes(`/** @tool */\nexport function t(${param}) {}\n`)).toEqual(['MCP022'])
  })
})

describe('one destructured object parameter is flattened', () => {
  it('properties of its type, defaults from the pattern', () => {
    const src = `${IMPORTS}interface SearchArgs { query: string; limit?: Int & Max<50> }
/** @tool */
export function search({ query, limit = 10 }: SearchArgs) {}
`
    expect(input(src)).toBe('{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer","maximum":50,"default":10}},"required":["query"],"additionalProperties":false}')
  })
  it('a pattern default makes a property optional', () => {
    const src = `interface A { q: string; n: number }\n/** @tool */\nexport function s({ q, n = 3 }: A) {}\n`
    expect(input(src)).toBe('{"type":"object","properties":{"q":{"type":"string"},"n":{"type":"number","default":3}},"required":["q"],"additionalProperties":false}')
  })
  it('@param root.prop describes a property, any root name; the property JSDoc wins', () => {
    const src = `interface Args {
  /** The search text. */
  query: string
  limit?: number
  sort?: 'asc' | 'desc'
}
/**
 * @tool
 * @param options The options.
 * @param options.query Ignored, the property's own JSDoc wins.
 * @param options.limit - How many.
 */
export function s({ query, limit, sort = 'asc' }: Args) {}
`
    expect(input(src)).toBe('{"type":"object","properties":{"query":{"type":"string","description":"The search text."},"limit":{"type":"number","description":"How many."},"sort":{"type":"string","enum":["asc","desc"],"default":"asc"}},"required":["query"],"additionalProperties":false}')
  })
  it('an inline object type works too, with another root name', () => {
    const src = '/**\n * @tool\n * @param args.a First.\n */\nexport const s = ({ a, b = false }: { a: string; b?: boolean }) => a\n'
    expect(input(src)).toBe('{"type":"object","properties":{"a":{"type":"string","description":"First."},"b":{"type":"boolean","default":false}},"required":["a"],"additionalProperties":false}')
  })
  it('properties are all listed even when not destructured, and pass as one object', () => {
    const src = 'interface A { a: string; b: number }\n/** @tool */\nexport function s({ a }: A, ctx: ToolContext) {}\n'
    const out = compileFiles({ 'src/tools.ts': IMPORTS + src })
    expect(out.diagnostics).toEqual([])
    expect(out.declarations[0]!.props.map((p) => p.name)).toEqual(['a', 'b'])
    expect(out.declarations[0]!.slots).toEqual([{ kind: 'all' }, { kind: 'context' }])
  })
  it('a destructured default its property refuses is MCP022', () => {
    expect(codes('interface A { n: Int & Max<10> }\n/** @tool */\nexport function s({ n = 50 }: A) {}\n')).toEqual(['MCP022'])
  })
})

describe('descriptions', () => {
  it("a type's own JSDoc is never used as a parameter description", () => {
    const src = '/** A stock keeping unit. */\ntype Sku = string\n/** A thing. */\ninterface Thing { a: string }\n/** @tool */\nexport function s(sku: Sku, thing: Thing) {}\n'
    expect(input(src)).toBe('{"type":"object","properties":{"sku":{"type":"string"},"thing":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}},"required":["sku","thing"],"additionalProperties":false}')
  })
  it('a union parameter: description goes before anyOf', () => {
    const src = '/**\n * @tool\n * @param v A value.\n */\nexport function s(v: string | number) {}\n'
    expect(input(src)).toBe('{"type":"object","properties":{"v":{"description":"A value.","anyOf":[{"type":"string"},{"type":"number"}]}},"required":["v"],"additionalProperties":false}')
  })
  it('a nullable parameter keeps description after type', () => {
    const src = '/**\n * @tool\n * @param note A note.\n */\nexport function s(note: string | null) {}\n'
    expect(input(src)).toBe('{"type":"object","properties":{"note":{"type":["string","null"],"description":"A note."}},"required":["note"],"additionalProperties":false}')
  })
})

describe('refused parameter shapes', () => {
  it('rest parameters (MCP004)', () => {
    expect(codes('/** @tool */\nexport function s(...xs: string[]) {}\n')).toEqual(['MCP004'])
  })
  it('generic functions (MCP005)', () => {
    expect(codes('/** @tool */\nexport function s<T>(x: string) {}\n')).toEqual(['MCP005'])
  })
  it('this parameters (MCP006)', () => {
    expect(codes('/** @tool */\nexport function s(this: unknown, x: string) {}\n')).toEqual(['MCP006'])
  })
})
