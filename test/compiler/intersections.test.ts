/**
 * Intersections intersect (issue 8, items 1, 6, 9): `A & B` accepts what both accept, as TypeScript reads it.
 * Expectations are written by hand from the rules in docs/writing-tools.md (the type table).
 */
import { describe, expect, it } from 'vitest'
import { codesFor, fragment, refuse, tool, IMPORTS } from './golden.ts'

const S = '{"type":"string"}'
const obj = (props: string, required: string[], additional = 'false') =>
  `{"type":"object","properties":{${props}},${required.length ? `"required":${JSON.stringify(required)},` : ''}"additionalProperties":${additional}}`

describe('object intersections', () => {
  const todo = 'interface Todo { id: string; title: string; done: boolean }'
  it('required is the union of both sides: { id: string } & Partial<Todo>', () => {
    expect(fragment('{ id: string } & Partial<Todo>', todo)).toBe(obj(`"id":${S},"title":${S},"done":{"type":"boolean"}`, ['id']))
    expect(fragment('Partial<Todo> & { id: string }', todo)).toBe(obj(`"id":${S},"title":${S},"done":{"type":"boolean"}`, ['id']))
  })
  it('a property required on one side stays required: { a: string } & { a?: string }', () => {
    expect(fragment('{ a: string } & { a?: string }')).toBe(obj(`"a":${S}`, ['a']))
    expect(fragment('{ a?: string } & { a: string }')).toBe(obj(`"a":${S}`, ['a']))
  })
  it('a property on both sides gets the intersection of its types: a literal meets its primitive', () => {
    expect(fragment("{ kind: 'a' | 'b' } & { kind: string }")).toBe(obj('"kind":{"type":"string","enum":["a","b"]}', ['kind']))
    expect(fragment("{ kind: string } & { kind: 'a' | 'b' | 1 }")).toBe(obj('"kind":{"type":"string","enum":["a","b"]}', ['kind']))
    expect(fragment("{ n: 1 | 2.5 | 'x' } & { n: Int }")).toBe(obj('"n":{"type":"integer","enum":[1]}', ['n']))
  })
  it('nested objects under the same property merge recursively', () => {
    expect(fragment('{ n: { a: string; b?: number } } & { n: { b: number; c?: boolean } }')).toBe(
      obj(`"n":${obj(`"a":${S},"b":{"type":"number"},"c":{"type":"boolean"}`, ['a', 'b'])}`, ['n']),
    )
  })
  it('an object distributes over a union: (A | B) & { at: string }', () => {
    const p = "type A = { kind: 'a'; x: number }\ntype B = { kind: 'b'; y: string }"
    expect(fragment('(A | B) & { at: string }', p)).toBe(
      `{"anyOf":[${obj(`"kind":{"type":"string","enum":["a"]},"x":{"type":"number"},"at":${S}`, ['kind', 'x', 'at'])},${obj(`"kind":{"type":"string","enum":["b"]},"y":${S},"at":${S}`, ['kind', 'y', 'at'])}]}`,
    )
  })
  it('branches a distributed intersection empties are dropped', () => {
    const p = "type A = { kind: 'a' }\ntype B = { kind: 'b' }"
    expect(fragment("(A | B) & { kind: 'b' }", p)).toBe(obj('"kind":{"type":"string","enum":["b"]}', ['kind']))
    expect(fragment("('a' | 'b' | 'c') & ('b' | 'c' | 'd')")).toBe('{"type":"string","enum":["b","c"]}')
  })
  it('Record<string, unknown> & { id: string } keeps id required and typed, other keys allowed', () => {
    expect(fragment('Record<string, unknown> & { id: string }')).toBe(obj(`"id":${S}`, ['id'], '{}'))
    expect(fragment('{ id: string } & JsonObject')).toBe(obj(`"id":${S}`, ['id'], '{}'))
  })
  it('an index signature types the other side\'s properties and stays open', () => {
    expect(fragment('{ a: string | number } & { [k: string]: string }')).toBe(obj(`"a":${S}`, ['a'], S))
    expect(fragment('Record<string, Int8> & Record<string, Uint8>')).toBe('{"type":"object","additionalProperties":{"type":"integer","minimum":0,"maximum":127}}')
  })
  it('a nullable side keeps null only when both sides allow it', () => {
    expect(fragment('({ a: string } | null) & ({ b: string } | null)')).toBe(obj(`"a":${S},"b":${S}`, ['a', 'b']).replace('"type":"object"', '"type":["object","null"]'))
    expect(fragment('({ a: string } | null) & { b: string }')).toBe(obj(`"a":${S},"b":${S}`, ['a', 'b']))
  })
  it('a description and a @default of either side are kept', () => {
    const p = 'interface A { /** The size. @default 3 */ n?: number }\ninterface B { n: Int8 }'
    expect(fragment('A & B', p)).toBe(obj('"n":{"type":"integer","description":"The size.","minimum":-128,"maximum":127,"default":3}', ['n']))
  })
  it('an optional property typed never is left out: the closed object already refuses the key (workers-types\' error?: never)', () => {
    expect(fragment('{ a: string; error?: never }')).toBe(obj(`"a":${S}`, ['a']))
  })
  it('an output schema intersects the same way', () => {
    const out = JSON.parse(tool(`${IMPORTS}interface Meta { duration: number; rows?: Int }\ninterface Res { success: true; meta: Meta & Record<string, unknown>; error?: never }\ntype Result<T> = Res & { results: T[] }\n/** @tool */\nexport function q(): Result<{ id: string }> { return null as any }\n`))
    expect(JSON.stringify(out.outputSchema)).toBe(obj(
      `"success":{"type":"boolean","enum":[true]},"meta":${obj('"duration":{"type":"number"},"rows":{"type":"integer"}', ['duration'], '{}')},"results":{"type":"array","items":${obj(`"id":${S}`, ['id'])}}`,
      ['success', 'meta', 'results'],
    ))
  })
  it('the brand idiom still holds: a primitive meets an object literal', () => {
    expect(fragment("string & { __brand: 'Id' }")).toBe(S)
    expect(fragment("({ __brand: 'Id' }) & Int8")).toBe('{"type":"integer","minimum":-128,"maximum":127}')
  })
  it('integer ranges narrow: Int8 & Uint8', () => {
    expect(fragment('Int8 & Uint8')).toBe('{"type":"integer","minimum":0,"maximum":127}')
    expect(fragment('number & Int')).toBe('{"type":"integer"}')
  })
})

describe('empty intersections are refused as TypeScript reduces them to never', () => {
  it.each([
    ['string & number', 'MCP013', 'a string and a number have no value in common'],
    ["{ k: 'a' } & { k: 'b' }", 'MCP013', `property 'k': "a" and "b" have no value in common`],
    ['{ n: { m: string } } & { n: { m: boolean } }', 'MCP013', "property 'n': property 'm': a string and a boolean"],
    ["'a' & 'b'", 'MCP013', '"a" and "b" have no value in common'],
    ['string & object', 'MCP013', 'a string and object have no value in common'],
    ['[string] & [string, string]', 'MCP013', 'tuples of 1 and 2 elements'],
    ['Email & Uuid', 'MCP021', 'one format, not both email and uuid'],
  ])('%s → %s', (type, code, reason) => {
    const out = refuse(`${IMPORTS}\n/** @tool t */\nexport function t(x: ${type}) {}\n`)
    expect(out.diagnostics.map((d) => d.code)).toEqual([code])
    expect(out.diagnostics[0]!.message).toContain(reason)
    expect(out.diagnostics[0]!.loc).toEqual({ file: 'src/tools.ts', line: 4, column: 22 })
    expect(out.message).toContain('> 4 | export function t(x:')
  })
})

describe('constraint tags intersect (item 6)', () => {
  it.each([
    ['(string & MaxLength<10>) & MaxLength<20>', '{"type":"string","maxLength":10}'],
    ['string & MaxLength<20> & MaxLength<10>', '{"type":"string","maxLength":10}'],
    ['string & MinLength<2> & MinLength<1>', '{"type":"string","minLength":2}'],
    ['number & Min<1> & Min<-5>', '{"type":"number","minimum":1}'],
    ['number & Max<1> & Max<5>', '{"type":"number","maximum":1}'],
    ['Uint8 & Max<100> & Max<200>', '{"type":"integer","minimum":0,"maximum":100}'],
    ['string[] & MinLength<3> & MinLength<1>', '{"type":"array","items":{"type":"string"},"minItems":3}'],
    ['(string & MaxLength<5>) & (string & MaxLength<3>)', '{"type":"string","maxLength":3}'],
    ["string & Pattern<'^a'> & Pattern<'^a'>", '{"type":"string","pattern":"^a"}'],
  ])('%s', (type, expected) => {
    expect(fragment(type)).toBe(expected)
  })
  it("two patterns both apply, as lookaheads that keep each pattern's anchors", () => {
    const combined = String.raw`^(?=[\s\S]*?(?:^[a-z]+$))(?=[\s\S]*?(?:\d))`
    expect(fragment(String.raw`string & Pattern<'^[a-z]+$'> & Pattern<'\\d'>`)).toBe(JSON.stringify({ type: 'string', pattern: combined }))
    const re = new RegExp(combined, 'u')
    // Only what both accept: lowercase letters only, and a digit somewhere — no string is both.
    expect(['abc', '1', 'a1', ''].filter((s) => re.test(s))).toEqual([])
    const three = String.raw`^(?=[\s\S]*?(?:a))(?=[\s\S]*?(?:b))(?=[\s\S]*?(?:c$))`
    expect(fragment("string & Pattern<'a'> & Pattern<'b'> & Pattern<'c$'>")).toBe(JSON.stringify({ type: 'string', pattern: three }))
    expect(['abc', 'bac', 'cab', 'ab'].filter((s) => new RegExp(three, 'u').test(s))).toEqual(['abc', 'bac'])
  })
  it("a pattern the user wrote with lookaheads is wrapped like any other (only the build's own combinations are joined)", () => {
    const combined = String.raw`^(?=[\s\S]*?(?:^(?=.*[0-9]).{3,}$))(?=[\s\S]*?(?:^[a-z0-9]+$))`
    expect(fragment("string & Pattern<'^(?=.*[0-9]).{3,}$'> & Pattern<'^[a-z0-9]+$'>")).toBe(JSON.stringify({ type: 'string', pattern: combined }))
    expect(['ab1', 'abc', 'a1', 'AB1', 'ab12'].filter((s) => new RegExp(combined, 'u').test(s))).toEqual(['ab1', 'ab12'])
  })
  it('two patterns that cannot be combined are refused with MCP023', () => {
    expect(codesFor(String.raw`string & Pattern<'(a)\\1'> & Pattern<'(b)\\1'>`)).toEqual(['MCP023'])
    expect(codesFor("string & Pattern<'(?<x>a)'> & Pattern<'(?<x>b)'>")).toEqual(['MCP023'])
  })
  it('bounds that cross after intersecting are refused', () => {
    expect(codesFor('number & Min<5> & Max<1>')).toEqual(['MCP026'])
    expect(codesFor('(number & Min<5>) & (number & Max<1>)')).toEqual(['MCP013'])
  })
})

describe('{}, object and Record<string, never> (item 9)', () => {
  it.each([
    ['{}', '{"type":["boolean","number","string","array","object"]}'],
    ['{} | null', '{"type":["boolean","number","string","array","object","null"]}'],
    ['NonNullable<unknown>', '{"type":["boolean","number","string","array","object"]}'],
    ['object', '{"type":["array","object"]}'],
    ['object | null', '{"type":["array","object","null"]}'],
    ['object & { a: string }', obj(`"a":${S}`, ['a'])],
    ['{} & { a: string }', obj(`"a":${S}`, ['a'])],
    ['string & {}', S],
    ['(string | null) & {}', S],
    ['Record<string, never>', '{"type":"object","properties":{},"additionalProperties":false}'],
    ["Omit<{ a: string }, 'a'>", '{"type":["boolean","number","string","array","object"]}'],
  ])('%s', (type, expected) => {
    expect(fragment(type)).toBe(expected)
  })
  it('an empty interface is {} too', () => {
    expect(fragment('E', 'interface E {}')).toBe('{"type":["boolean","number","string","array","object"]}')
  })
})
