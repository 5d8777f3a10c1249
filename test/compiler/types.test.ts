/** SCHEMA.md § Types: every row of the table, format types, constraint tags, nullable rules, brands. */
import { describe, expect, it } from 'vitest'
import { argumentText } from '../../src/compiler/artifacts/artifact-text.ts'
import { planDefs, revivePlan } from '../../src/compiler/schema/plans.ts'
import { compileFiles } from './harness.ts'
import { codesFor, fragment, IMPORTS, input, tool } from './golden.ts'


describe('Types table rows', () => {
  it.each([
    ['boolean', '{"type":"boolean"}'],
    ['number', '{"type":"number"}'],
    ['Int', `{"type":"integer"}`],
    ['Int8', '{"type":"integer","minimum":-128,"maximum":127}'],
    ['Uint8', '{"type":"integer","minimum":0,"maximum":255}'],
    ['Int16', '{"type":"integer","minimum":-32768,"maximum":32767}'],
    ['Uint16', '{"type":"integer","minimum":0,"maximum":65535}'],
    ['Int32', '{"type":"integer","minimum":-2147483648,"maximum":2147483647}'],
    ['Uint32', '{"type":"integer","minimum":0,"maximum":4294967295}'],
    ['bigint', '{"type":"string","pattern":"^-?[0-9]+$"}'],
    ['string', '{"type":"string"}'],
    ["'a' | 'b'", '{"type":"string","enum":["a","b"]}'],
    ['1 | 2', '{"type":"integer","enum":[1,2]}'],
    ['1 | 2.5', '{"type":"number","enum":[1,2.5]}'],
    ['-1 | 0 | 1', '{"type":"integer","enum":[-1,0,1]}'],
    ['true', '{"type":"boolean","enum":[true]}'],
    ['false', '{"type":"boolean","enum":[false]}'],
    ["'auto' | 0", '{"anyOf":[{"type":"string","enum":["auto"]},{"type":"integer","enum":[0]}]}'],
    ['Date', '{"type":"string","format":"date-time"}'],
    ['URL', '{"type":"string","format":"uri"}'],
    ['Uint8Array', '{"type":"string","contentEncoding":"base64"}'],
    ['string[]', '{"type":"array","items":{"type":"string"}}'],
    ['Array<Int>', `{"type":"array","items":{"type":"integer"}}`],
    ['ReadonlyArray<boolean>', '{"type":"array","items":{"type":"boolean"}}'],
    ['readonly string[]', '{"type":"array","items":{"type":"string"}}'],
    ['Date[][]', '{"type":"array","items":{"type":"array","items":{"type":"string","format":"date-time"}}}'],
    ['Set<string>', '{"type":"array","items":{"type":"string"},"uniqueItems":true}'],
    ['ReadonlySet<Int8>', '{"type":"array","items":{"type":"integer","minimum":-128,"maximum":127},"uniqueItems":true}'],
    ['[string, Int]', `{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"integer"}]},"prefixItems":[{"type":"string"},{"type":"integer"}],"minItems":2,"maxItems":2}`],
    ['[name: string, on: boolean]', '{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"boolean"}]},"prefixItems":[{"type":"string"},{"type":"boolean"}],"minItems":2,"maxItems":2}'],
    ['Record<string, Int>', `{"type":"object","additionalProperties":{"type":"integer"}}`],
    ['{ [k: string]: boolean }', '{"type":"object","additionalProperties":{"type":"boolean"}}'],
    ['Map<string, number>', '{"type":"object","additionalProperties":{"type":"number"}}'],
    ['{ name: string; [k: string]: string }', '{"type":"object","properties":{"name":{"type":"string"}},"required":["name"],"additionalProperties":{"type":"string"}}'],
    ["Record<'a' | 'b', Int8>", '{"type":"object","properties":{"a":{"type":"integer","minimum":-128,"maximum":127},"b":{"type":"integer","minimum":-128,"maximum":127}},"required":["a","b"],"additionalProperties":false}'],
    ['unknown', '{}'],
    ['any', '{}'],
    ['JsonValue', '{}'],
    ['object', '{"type":["array","object"]}'],
    ['{}', '{"type":["boolean","number","string","array","object"]}'],
    ['Record<string, never>', '{"type":"object","properties":{},"additionalProperties":false}'],
    ['{ [k: string]: never }', '{"type":"object","properties":{},"additionalProperties":false}'],
    ['Record<string, unknown>', '{"type":"object"}'],
    ['JsonObject', '{"type":"object"}'],
    ['{ a: string; b?: number }', '{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"number"}},"required":["a"],"additionalProperties":false}'],
    ['string | number', '{"anyOf":[{"type":"string"},{"type":"number"}]}'],
    ['{ a: string } | { b: number }', '{"anyOf":[{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"number"}},"required":["a"],"additionalProperties":false},{"type":"object","properties":{"b":{"type":"number"},"a":{"type":"string"}},"required":["b"],"additionalProperties":false}]}'],
    ['string | string[]', '{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}'],
    ["string & { __brand: 'Id' }", '{"type":"string"}'],
    ["number & { readonly __brand: 'Cents' }", '{"type":"number"}'],
    ["Int & { __brand: 'Qty' }", `{"type":"integer"}`],
  ])('%s', (type, expected) => {
    expect(fragment(type)).toBe(expected)
  })
})

describe('enums (declaration order)', () => {
  it('a string enum lists its values in declaration order', () => {
    expect(fragment('Color', `enum Color { Red = 'red', Green = 'green', Blue = 'blue' }`)).toBe('{"type":"string","enum":["red","green","blue"]}')
  })
  it('a numeric enum with implicit and explicit values', () => {
    expect(fragment('Level', 'enum Level { Low, Mid, High = 10 }')).toBe('{"type":"integer","enum":[0,1,10]}')
  })
  it('a numeric enum with a fractional member is number', () => {
    expect(fragment('Ratio', 'enum Ratio { Half = 0.5, One = 1 }')).toBe('{"type":"number","enum":[0.5,1]}')
  })
  it('a mixed enum is one typed enum branch per kind in anyOf', () => {
    expect(fragment('Mode', `enum Mode { Auto = 'auto', Off = 0 }`)).toBe('{"anyOf":[{"type":"string","enum":["auto"]},{"type":"integer","enum":[0]}]}')
  })
  it('a const enum is read the same way', () => {
    expect(fragment('Dir', `const enum Dir { Up = 'up', Down = 'down' }`)).toBe('{"type":"string","enum":["up","down"]}')
  })
  it('a literal union keeps its written order', () => {
    expect(fragment(`'low' | 'normal' | 'high'`)).toBe('{"type":"string","enum":["low","normal","high"]}')
  })
})

describe('T | null', () => {
  it.each([
    ['string | null', '{"type":["string","null"]}'],
    ['null | string', '{"type":["string","null"]}'],
    ['Int | null', `{"type":["integer","null"]}`],
    ['boolean | null', '{"type":["boolean","null"]}'],
    ['Date | null', '{"type":["string","null"],"format":"date-time"}'],
    ['string[] | null', '{"type":["array","null"],"items":{"type":"string"}}'],
    ['{ a: string } | null', '{"type":["object","null"],"properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}'],
    ["'a' | 'b' | null", '{"type":["string","null"],"enum":["a","b",null]}'],
    ['1 | 2 | null', '{"type":["integer","null"],"enum":[1,2,null]}'],
    ['true | null', '{"type":["boolean","null"],"enum":[true,null]}'],
    ["'auto' | 0 | null", '{"anyOf":[{"type":"string","enum":["auto"]},{"type":"integer","enum":[0]},{"type":"null"}]}'],
    ['string | number | null', '{"anyOf":[{"type":"string"},{"type":"number"},{"type":"null"}]}'],
    ['{ a: string } | { b: Int8 } | null', '{"anyOf":[{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer","minimum":-128,"maximum":127}},"required":["a"],"additionalProperties":false},{"type":"object","properties":{"b":{"type":"integer","minimum":-128,"maximum":127},"a":{"type":"string"}},"required":["b"],"additionalProperties":false},{"type":"null"}]}'],
    ['unknown | null', '{}'],
    ['JsonValue | null', '{}'],
    ['Record<string, string> | null', '{"type":["object","null"],"additionalProperties":{"type":"string"}}'],
    ['Uint8Array | null', '{"type":["string","null"],"contentEncoding":"base64"}'],
  ])('%s', (type, expected) => {
    expect(fragment(type)).toBe(expected)
  })
  it('a nullable string enum', () => {
    expect(fragment('Color | null', `enum Color { Red = 'red', Blue = 'blue' }`)).toBe('{"type":["string","null"],"enum":["red","blue",null]}')
  })
  it('a nullable alias of a union of objects', () => {
    expect(fragment('Shape | null', 'type Shape = { r: number } | { w: number }')).toBe('{"anyOf":[{"type":"object","properties":{"r":{"type":"number"},"w":{"type":"number"}},"required":["r"],"additionalProperties":false},{"type":"object","properties":{"w":{"type":"number"},"r":{"type":"number"}},"required":["w"],"additionalProperties":false},{"type":"null"}]}')
  })
})

describe('format types', () => {
  it.each([
    ['Email', 'email'],
    ['Uri', 'uri'],
    ['Uuid', 'uuid'],
    ['DateString', 'date'],
    ['TimeString', 'time'],
    ['DateTimeString', 'date-time'],
    ['Duration', 'duration'],
    ['Hostname', 'hostname'],
    ['Ipv4', 'ipv4'],
    ['Ipv6', 'ipv6'],
  ])('%s → format %s', (type, format) => {
    expect(fragment(type)).toBe(`{"type":"string","format":"${format}"}`)
  })
  it('a format with a length tag keeps the keyword order', () => {
    expect(fragment('Email & MaxLength<80>')).toBe('{"type":"string","format":"email","maxLength":80}')
  })
  it('a nullable format type', () => {
    expect(fragment('Uuid | null')).toBe('{"type":["string","null"],"format":"uuid"}')
  })
})

describe('constraint tags', () => {
  it.each([
    ['number & Min<0>', '{"type":"number","minimum":0}'],
    ['number & Max<1.5>', '{"type":"number","maximum":1.5}'],
    ['number & Min<-10> & Max<10>', '{"type":"number","minimum":-10,"maximum":10}'],
    ['Max<10> & number & Min<1>', '{"type":"number","minimum":1,"maximum":10}'],
    ['Int & Min<1> & Max<10>', '{"type":"integer","minimum":1,"maximum":10}'],
    ['Int & Min<1>', '{"type":"integer","minimum":1}'],
    ['Int & Max<0>', '{"type":"integer","maximum":0}'],
    ['Uint8 & Max<100>', '{"type":"integer","minimum":0,"maximum":100}'],
    ['Int8 & Min<0>', '{"type":"integer","minimum":0,"maximum":127}'],
    ['Int32 & Min<-5> & Max<5>', '{"type":"integer","minimum":-5,"maximum":5}'],
    ['string & MinLength<1>', '{"type":"string","minLength":1}'],
    ['string & MaxLength<80>', '{"type":"string","maxLength":80}'],
    ['string & MinLength<1> & MaxLength<80>', '{"type":"string","minLength":1,"maxLength":80}'],
    ["string & Pattern<'^[a-z]+$'>", '{"type":"string","pattern":"^[a-z]+$"}'],
    ["string & MaxLength<8> & Pattern<'^\\\\d+$'>", '{"type":"string","maxLength":8,"pattern":"^\\\\d+$"}'],
    ['string[] & MinLength<1>', '{"type":"array","items":{"type":"string"},"minItems":1}'],
    ['Array<Int8> & MinLength<1> & MaxLength<5>', '{"type":"array","items":{"type":"integer","minimum":-128,"maximum":127},"minItems":1,"maxItems":5}'],
    ['Set<string> & MaxLength<3>', '{"type":"array","items":{"type":"string"},"maxItems":3,"uniqueItems":true}'],
    ['(string & MaxLength<3>)[]', '{"type":"array","items":{"type":"string","maxLength":3}}'],
    ['(number & Min<0>) | null', '{"type":["number","null"],"minimum":0}'],
  ])('%s', (type, expected) => {
    expect(fragment(type)).toBe(expected)
  })

  it('compose in aliases (type Sku = string & Pattern<…>)', () => {
    const prelude = String.raw`type Sku = string & Pattern<'^[A-Z]{3}-\\d{4}$'>`
    expect(fragment('Sku', prelude)).toBe(String.raw`{"type":"string","pattern":"^[A-Z]{3}-\\d{4}$"}`)
  })
  it('compose through alias chains and add more tags at use', () => {
    const prelude = 'type Name = string & MinLength<1>\ntype ShortName = Name & MaxLength<20>'
    expect(fragment('ShortName', prelude)).toBe('{"type":"string","minLength":1,"maxLength":20}')
  })
  it('an alias of a narrowed integer', () => {
    const prelude = 'type Qty = Int & Min<1> & Max<1000>'
    expect(fragment('Qty[]', prelude)).toBe('{"type":"array","items":{"type":"integer","minimum":1,"maximum":1000}}')
  })
  it.each([
    ['string & Min<1>', 'MCP021'],
    ['number & MaxLength<3>', 'MCP021'],
    ["boolean & Pattern<'x'>", 'MCP021'],
    ["number & Pattern<'^1$'>", 'MCP021'],
    ['Date & MinLength<1>', 'MCP021'],
    ['Int8 & Max<200>', 'MCP025'],
    ['Uint8 & Min<-1>', 'MCP025'],
    ["string & Pattern<'(unclosed'>", 'MCP023'],
    [String.raw`string & Pattern<'\\a'>`, 'MCP023'],
    ['[...number[], string]', 'MCP024'],
    ['[Date, ...string[]]', 'MCP024'],
  ])('%s is refused with %s', (type, code) => {
    expect(codesFor(type)).toEqual([code])
  })
})

describe('objects', () => {
  it('properties in declaration order, readonly changes nothing, required without ?', () => {
    const prelude = 'interface Item { readonly sku: string; qty?: Int8; note: string | undefined; tags: string[] }'
    expect(fragment('Item', prelude)).toBe('{"type":"object","properties":{"sku":{"type":"string"},"qty":{"type":"integer","minimum":-128,"maximum":127},"note":{"type":"string"},"tags":{"type":"array","items":{"type":"string"}}},"required":["sku","tags"],"additionalProperties":false}')
  })
  it('property JSDoc is the description, tags apply, @default holds a JSON literal', () => {
    const prelude = `interface Opts {
  /** How many
   *  results.
   * @default 10 */
  limit?: Int & Min<1> & Max<50>
  /** Sort order. @default "asc" */
  order?: 'asc' | 'desc'
  /** @default false */
  verbose?: boolean
}`
    expect(fragment('Opts', prelude)).toBe('{"type":"object","properties":{"limit":{"type":"integer","description":"How many results.","minimum":1,"maximum":50,"default":10},"order":{"type":"string","description":"Sort order.","enum":["asc","desc"],"default":"asc"},"verbose":{"type":"boolean","default":false}},"additionalProperties":false}')
  })
  it('@default holds any JSON value: an array or an object too, checked against the property', () => {
    const prelude = `interface Opts {
  /** @default ["a", "b"] */
  tags?: string[]
  /** @default {"by": "name"} */
  sort?: { by: 'name' | 'date'; desc?: boolean }
}`
    expect(fragment('Opts', prelude)).toBe('{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"},"default":["a","b"]},"sort":{"type":"object","properties":{"by":{"type":"string","enum":["name","date"]},"desc":{"type":"boolean"}},"required":["by"],"additionalProperties":false,"default":{"by":"name"}}},"additionalProperties":false}')
  })
  it('an object with no required properties leaves out required', () => {
    expect(fragment('{ a?: string }')).toBe('{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}')
  })
  it('a nested object is closed too', () => {
    expect(fragment('{ customer: { name: string; email: Email } }')).toBe('{"type":"object","properties":{"customer":{"type":"object","properties":{"name":{"type":"string"},"email":{"type":"string","format":"email"}},"required":["name","email"],"additionalProperties":false}},"required":["customer"],"additionalProperties":false}')
  })
  it("a type's own JSDoc is never a description", () => {
    expect(fragment('Point', '/** A point on the plane. */\ninterface Point { x: number }')).toBe('{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],"additionalProperties":false}')
  })
  it('quoted property names are kept as written', () => {
    expect(fragment(`{ 'content-type': string; "x.y"?: number }`)).toBe('{"type":"object","properties":{"content-type":{"type":"string"},"x.y":{"type":"number"}},"required":["content-type"],"additionalProperties":false}')
  })
  it('a property description goes before anyOf', () => {
    const prelude = 'interface A { /** Either. */ v: string | number }'
    expect(fragment('A', prelude)).toBe('{"type":"object","properties":{"v":{"description":"Either.","anyOf":[{"type":"string"},{"type":"number"}]}},"required":["v"],"additionalProperties":false}')
  })
})

describe('more unions, nullables and compositions', () => {
  const prelude = "enum Color { Red = 'red', Blue = 'blue' }\ntype MaybeName = string | null"
  it.each([
    ['bigint | null', '{"type":["string","null"],"pattern":"^-?[0-9]+$"}'],
    ['JsonValue[]', '{"type":"array","items":{}}'],
    ['Readonly<string[]>', '{"type":"array","items":{"type":"string"}}'],
    ['Array<string | null>', '{"type":"array","items":{"type":["string","null"]}}'],
    ['MaybeName | undefined', '{"type":["string","null"]}'],
    ['(string | null) | null', '{"type":["string","null"]}'],
    ['string | undefined | null', '{"type":["string","null"]}'],
    ["Color | 'purple'", '{"type":"string","enum":["red","blue","purple"]}'],
    ['1 | 2 | 3.5 | null', '{"type":["number","null"],"enum":[1,2,3.5,null]}'],
    ["'a' | true", '{"anyOf":[{"type":"string","enum":["a"]},{"type":"boolean","enum":[true]}]}'],
    ['true | false', '{"type":"boolean"}'],
    ['Record<string, Int8 | null>', '{"type":"object","additionalProperties":{"type":["integer","null"],"minimum":-128,"maximum":127}}'],
    ['Set<Date>', '{"type":"array","items":{"type":"string","format":"date-time"},"uniqueItems":true}'],
    ['Map<string, Set<Int8>>', '{"type":"object","additionalProperties":{"type":"array","items":{"type":"integer","minimum":-128,"maximum":127},"uniqueItems":true}}'],
    ['[string, number] | null', '{"type":["array","null"],"items":{"anyOf":[{"type":"string"},{"type":"number"}]},"prefixItems":[{"type":"string"},{"type":"number"}],"minItems":2,"maxItems":2}'],
    ['number | Date', '{"anyOf":[{"type":"number"},{"type":"string","format":"date-time"}]}'],
    ['NonNullable<MaybeName>', '{"type":"string"}'],
    ["Record<Color, boolean>", '{"type":"object","properties":{"red":{"type":"boolean"},"blue":{"type":"boolean"}},"required":["red","blue"],"additionalProperties":false}'],
    ["string & { __brand: 'Id' } & MaxLength<5>", '{"type":"string","maxLength":5}'],
  ])('%s', (type, expected) => {
    expect(fragment(type, prelude)).toBe(expected)
  })
  it("a literal absorbed by its primitive is the primitive (string | 'a' is string, as in TypeScript)", () => {
    expect(fragment("string | 'a'")).toBe('{"type":"string"}')
  })
})

describe('unions whose branches JSON cannot tell apart but that revive differently (MCP037)', () => {
  it.each([
    ['Date | string'], ['string | Date'], ['Date | URL'], ['bigint | Date'], ['Uint8Array | string'], ['Date[] | number[]'],
    ['Set<string> | string[]'], ['Map<string, Date> | Record<string, string>'], ['{ at: Date } | { at: string }'],
    ["{ kind: 'a' | 'b'; at: Date } | { kind: 'b'; at: string }"],
    ["Date | 'a' | '2026-01-01T00:00:00Z'"], ['{ inner: Date | string }[]'], ['Record<string, Date | string>'],
    // Every key is known to a union with an index signature branch: `{ n: 1, at: '…' }` is also a `{ n: number }`.
    ['{ at: Date; [k: string]: unknown } | { n: number }'],
  ])('%s', (type) => {
    expect(codesFor(type)).toEqual(['MCP037'])
  })
  it.each([
    ["Date | 'now' | 'never'"], ['[Date] | [string, string]'], ["{ kind: 'a'; at: Date } | { kind: 'b'; at: string }"],
    ['{ at: Date } | { on: string }'], ['{ a: Date; b?: number } | { c: number }'], ['string | number'],
  ])('%s is told apart', (type) => {
    expect(codesFor(type)).toEqual([])
  })
})

describe('the function receives (revival plan per row)', () => {
  const plan = (type: string) => {
    const out = compileFiles({ 'src/tools.ts': `${IMPORTS}/** @tool */\nexport function t(x: ${type}) {}\n` })
    if (out.diagnostics.length) throw new Error(out.message)
    return revivePlan({ kind: 'object', props: out.declarations[0]!.props })
  }
  it.each([
    ['boolean'], ['number'], ['Int'], ['string'], ["'a' | 'b'"], ['unknown'], ['JsonObject'], ['string[]'], ['{ a: string }'], ['string | number'], ['{ a: string } | { b: string }'], ['Email'], ['DateTimeString'],
  ])('%s: as parsed', (type) => {
    expect(plan(type)).toBe(0)
  })
  it.each([
    ['Date', 'date'],
    ['URL', 'url'],
    ['bigint', 'bigint'],
    ['Uint8Array', 'bytes'],
    ['Set<string>', { set: 0 }],
    ['ReadonlySet<Date>', { set: 'date' }],
    ['Map<string, number>', { map: 0 }],
    ['Map<string, URL>', { map: 'url' }],
    ['Date[]', { items: 'date' }],
    ['[Date, string]', { tuple: ['date', 0] }],
    ['Date | null', { nullable: 'date' }],
    ['Record<string, bigint>', { props: {}, rest: 'bigint' }],
    ['{ at: Date; n: number; tags: Set<string> }', { props: { at: 'date', tags: { set: 0 } } }],
    // Unions: each branch with its run-time test, literal sets first; trailing branches that revive nothing are left out.
    ['Date | number', { anyOf: [['string', 'date']] }],
    ['number | Date', { anyOf: [['number', 0], ['string', 'date']] }],
    ['bigint | number', { anyOf: [['string', 'bigint']] }],
    ['Date | null', { nullable: 'date' }],
    ['Date | number | null', { nullable: { anyOf: [['string', 'date']] } }],
    ["Date | 'now'", { anyOf: [[{ in: ['now'] }, 0], ['string', 'date']] }],
    ['URL | { host: string }', { anyOf: [['string', 'url']] }],
    ['Uint8Array | number[]', { anyOf: [['string', 'bytes']] }],
    ['Set<string> | boolean', { anyOf: [['array', { set: 0 }]] }],
    ["Map<string, Date> | 'none'", { anyOf: [[{ in: ['none'] }, 0], ['object', { map: 'date' }]] }],
    ['(Date | number)[]', { items: { anyOf: [['string', 'date']] } }],
    ['[Date, string] | [number]', { anyOf: [[{ length: 2 }, { tuple: ['date', 0] }]] }],
    [
      "{ kind: 'range'; from: Date; to?: Date } | { kind: 'all' }",
      { anyOf: [[{ has: ['kind', 'from'], is: { kind: ['range'] }, only: ['kind', 'from', 'to'] }, { props: { from: 'date', to: 'date' } }]] },
    ],
    [
      "{ kind: 'all' } | { kind: 'range'; from: Date }",
      { anyOf: [[{ has: ['kind'], is: { kind: ['all'] }, only: ['kind'] }, 0], [{ has: ['kind', 'from'], is: { kind: ['range'] }, only: ['kind', 'from'] }, { props: { from: 'date' } }]] },
    ],
    ['{ at: Date } | { n: number }', { anyOf: [[{ has: ['at'], only: ['at', 'n'] }, { props: { at: 'date' } }], [{ has: ['n'], only: ['n', 'at'] }, { props: { at: 'date' } }]] }],
  ])('%s', (type, expected) => {
    expect(plan(type)).toEqual({ props: { x: expected } })
  })
})

describe('recursive types: $defs and $ref only where a type recurses', () => {
  const schemaOf = (source: string) => input(`${source}\n/** @tool t */\nexport function t(x: X) {}\n`)
  const NODE = '{"type":"object","properties":{"value":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"required":["value","children"],"additionalProperties":false}'
  it('a tree: the parameter and the items refer to one definition', () => {
    expect(schemaOf('interface Node { value: string; children: Node[] }\ntype X = Node')).toBe(
      `{"type":"object","properties":{"x":{"$ref":"#/$defs/Node"}},"required":["x"],"additionalProperties":false,"$defs":{"Node":${NODE}}}`,
    )
  })
  it('a non-recursive type next to it stays inline, even when used twice', () => {
    expect(schemaOf('interface P { n: number }\ninterface Node { value: string; children: Node[] }\ntype X = { a: P; b: P; tree?: Node }')).toBe(
      '{"type":"object","properties":{"x":{"type":"object","properties":{"a":{"type":"object","properties":{"n":{"type":"number"}},"required":["n"],"additionalProperties":false},' +
        '"b":{"type":"object","properties":{"n":{"type":"number"}},"required":["n"],"additionalProperties":false},"tree":{"$ref":"#/$defs/Node"}},"required":["a","b"],"additionalProperties":false}},' +
        `"required":["x"],"additionalProperties":false,"$defs":{"Node":${NODE}}}`,
    )
  })
  it('mutually recursive types: only the one the cycle comes back to is a definition', () => {
    expect(schemaOf('interface A { b?: B; n: number }\ninterface B { a: A | null }\ntype X = A')).toBe(
      '{"type":"object","properties":{"x":{"$ref":"#/$defs/A"}},"required":["x"],"additionalProperties":false,"$defs":{"A":{"type":"object","properties":{"b":{"type":"object","properties":{"a":{"anyOf":[{"$ref":"#/$defs/A"},{"type":"null"}]}},"required":["a"],"additionalProperties":false},"n":{"type":"number"}},"required":["n"],"additionalProperties":false}}}',
    )
  })
  it('a recursive generic alias, instantiated twice, is two definitions', () => {
    expect(schemaOf('type Tree<T> = { v: T; kids: Tree<T>[] }\ntype X = { s: Tree<string>; d: Tree<Date> }')).toBe(
      '{"type":"object","properties":{"x":{"type":"object","properties":{"s":{"$ref":"#/$defs/Tree"},"d":{"$ref":"#/$defs/Tree2"}},"required":["s","d"],"additionalProperties":false}},"required":["x"],"additionalProperties":false,' +
        '"$defs":{"Tree":{"type":"object","properties":{"v":{"type":"string"},"kids":{"type":"array","items":{"$ref":"#/$defs/Tree"}}},"required":["v","kids"],"additionalProperties":false},' +
        '"Tree2":{"type":"object","properties":{"v":{"type":"string","format":"date-time"},"kids":{"type":"array","items":{"$ref":"#/$defs/Tree2"}}},"required":["v","kids"],"additionalProperties":false}}}',
    )
  })
  it('recursion through a union, a record and an optional property', () => {
    expect(schemaOf("type X = { kind: 'leaf'; at: Date } | { kind: 'all'; of: X[] } | { kind: 'not'; arg?: X } | { kind: 'map'; m: Record<string, X> }")).toBe(
      '{"type":"object","properties":{"x":{"$ref":"#/$defs/X"}},"required":["x"],"additionalProperties":false,"$defs":{"X":{"anyOf":[' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["leaf"]},"at":{"type":"string","format":"date-time"}},"required":["kind","at"],"additionalProperties":false},' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["all"]},"of":{"type":"array","items":{"$ref":"#/$defs/X"}}},"required":["kind","of"],"additionalProperties":false},' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["not"]},"arg":{"$ref":"#/$defs/X"}},"required":["kind"],"additionalProperties":false},' +
        '{"type":"object","properties":{"kind":{"type":"string","enum":["map"]},"m":{"type":"object","additionalProperties":{"$ref":"#/$defs/X"}}},"required":["kind","m"],"additionalProperties":false}]}}}',
    )
  })
  it('a length tag on an array of the type being defined (`X[] & MinLength<1>` inside X) narrows the array', () => {
    expect(schemaOf("import type { MinLength } from 'mcp-aot'\ntype X = { leaf: string } | { all: X[] & MinLength<1> }")).toBe(
      '{"type":"object","properties":{"x":{"$ref":"#/$defs/X"}},"required":["x"],"additionalProperties":false,"$defs":{"X":{"anyOf":[' +
        '{"type":"object","properties":{"leaf":{"type":"string"},"all":{"type":"array","items":{"$ref":"#/$defs/X"},"minItems":1}},"required":["leaf"],"additionalProperties":false},' +
        '{"type":"object","properties":{"all":{"type":"array","items":{"$ref":"#/$defs/X"},"minItems":1},"leaf":{"type":"string"}},"required":["all"],"additionalProperties":false}]}}}',
    )
  })
  it('two recursive types intersected meet themselves again inside: the intersection is a recursive type of its own (the outer one written out, as any object intersection)', () => {
    const both = '{"type":"object","properties":{"v":{"type":"string","enum":["a","b"]},"kids":{"type":"array","items":{"$ref":"#/$defs/TreeAndTree2"}}},"required":["v","kids"],"additionalProperties":false}'
    expect(schemaOf("type Tree<T> = { v: T; kids: Tree<T>[] }\ntype X = Tree<string> & Tree<'a' | 'b'>")).toBe(
      `{"type":"object","properties":{"x":${both}},"required":["x"],"additionalProperties":false,"$defs":{"TreeAndTree2":${both}}}`,
    )
  })
  it('a recursive type intersected with an object: the outer object merges, the recursion inside stays the type itself', () => {
    expect(schemaOf('interface Node { value: string; children: Node[] }\ntype X = Node & { root: true }')).toBe(
      '{"type":"object","properties":{"x":{"type":"object","properties":{"value":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}},"root":{"type":"boolean","enum":[true]}},"required":["value","children","root"],"additionalProperties":false}},' +
        `"required":["x"],"additionalProperties":false,"$defs":{"Node":${NODE}}}`,
    )
  })
  it('NonNullable of a recursive type with null is its definition without null; the inner uses keep null', () => {
    const ev = '{"type":"object","properties":{"at":{"type":"string","format":"date-time"},"sub":{"type":"array","items":{"$ref":"#/$defs/Ev"}}},"required":["at"],"additionalProperties":false}'
    expect(schemaOf('type Ev = { at: Date; sub?: Ev[] } | null\ntype X = NonNullable<Ev>')).toBe(
      `{"type":"object","properties":{"x":${ev}},"required":["x"],"additionalProperties":false,"$defs":{"Ev":${ev.replace('"type":"object"', '"type":["object","null"]')}}}`,
    )
  })
  it('an output schema keeps "type":"object" at its root', () => {
    expect(JSON.parse(tool('interface Node { value: string; children: Node[] }\n/** @tool t */\nexport function t(): Node { return { value: "", children: [] } }\n')).outputSchema).toEqual(
      { ...JSON.parse(NODE), $defs: { Node: JSON.parse(NODE) } },
    )
  })
  it('revival plans: a recursive type is one plan, referred to by index; a tree with nothing to revive has none', () => {
    const plan = (source: string) => {
      const out = compileFiles({ 'src/tools.ts': `${source}\n/** @tool */\nexport function t(x: X) {}\n` })
      if (out.diagnostics.length) throw new Error(out.message)
      const defs = planDefs()
      return { plan: revivePlan({ kind: 'object', props: out.declarations[0]!.props }, defs), defs: defs.plans }
    }
    expect(plan('interface X { at: Date; replies: X[] }')).toEqual({ plan: { props: { x: { ref: 0 } } }, defs: [{ props: { at: 'date', replies: { items: { ref: 0 } } } }] })
    expect(plan('interface X { text: string; replies: X[] }')).toEqual({ plan: 0, defs: [] })
    expect(plan('type X = { v: bigint } | { and: X[] }')).toEqual({
      plan: { props: { x: { ref: 0 } } },
      defs: [{ anyOf: [[{ has: ['v'], only: ['v', 'and'] }, { props: { v: 'bigint', and: { items: { ref: 0 } } } }], [{ has: ['and'], only: ['and', 'v'] }, { props: { and: { items: { ref: 0 } }, v: 'bigint' } }]] }],
    })
  })
})

describe('names Object.prototype also has', () => {
  it('are ordinary properties of the schema', () => {
    expect(input('/** @tool t */\nexport function t(toString: string, constructor?: number, valueOf?: { hasOwnProperty: boolean }) {}\n')).toBe(
      '{"type":"object","properties":{"toString":{"type":"string"},"constructor":{"type":"number"},"valueOf":{"type":"object","properties":{"hasOwnProperty":{"type":"boolean"}},"required":["hasOwnProperty"],"additionalProperties":false}},"required":["toString"],"additionalProperties":false}',
    )
  })
  it("__proto__ as a declared property, parameter or Record key is MCP020 (never an ajv error)", () => {
    expect(codesFor("Record<'__proto__' | 'a', number>")).toEqual(['MCP020'])
    expect(codesFor('{ __proto__: string }')).toEqual(['MCP020'])
    const out = compileFiles({ 'src/tools.ts': "/** @tool */\nexport function t(x: Record<'a' | '__proto__', number>) {}\n" })
    expect(out.diagnostics.map((d) => [d.code, d.loc.line, d.loc.column])).toEqual([['MCP020', 2, 29]])
    expect(out.message).not.toMatch(/ajv/i)
  })
})

describe('a recursive type in an intersection', () => {
  it('adds its properties, its own recursion still a $ref', () => {
    expect(input('interface Node { value: string; children: Node[] }\n/** @tool t */\nexport function t(x: Node & { depth: number }) {}\n')).toBe(
      '{"type":"object","properties":{"x":{"type":"object","properties":{"value":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}},"depth":{"type":"number"}},"required":["value","children","depth"],"additionalProperties":false}},"required":["x"],"additionalProperties":false,' +
        '"$defs":{"Node":{"type":"object","properties":{"value":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"required":["value","children"],"additionalProperties":false}}}',
    )
  })
})

describe('a recursive type in SKILL.md and llms.txt', () => {
  it('is spelt out where it first appears and named inside itself', () => {
    const out = compileFiles({ 'src/tools.ts': 'interface Node { value: string; children: Node[] }\n/** @tool */\nexport function t(x: Node, y: Node[]) {}\n' })
    expect(out.declarations[0]!.props.map(argumentText)).toEqual([
      'Node, recursive: { value: string, children: array of Node }',
      'array of (Node, recursive: { value: string, children: array of Node })',
    ])
  })
})

describe('a default of a recursive union', () => {
  it('is checked against its definition', () => {
    expect(codesFor('Json = "x"', 'type Json = string | number | Json[] | { [k: string]: Json }')).toEqual([])
    expect(codesFor('Json = true', 'type Json = string | number | Json[] | { [k: string]: Json }')).toEqual(['MCP022'])
  })
})
