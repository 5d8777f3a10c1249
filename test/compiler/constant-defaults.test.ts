/**
 * Parameter defaults and enum members folded as TypeScript does: literals, consts bound to constants
 * (chains, imports, `as const`, negatives), enum members (imported too), bit operators and string
 * concatenation; for defaults also arrays and objects of constants, and members of `as const` ones.
 * Anything known only at run time (or changeable: an array or object bound to a name without `as const`)
 * is MCP035; a folded default its schema refuses is MCP022.
 */
import { describe, expect, it } from 'vitest'
import { compileFiles, inputSchema } from './harness.ts'

const IMP = "import type { Int, Max } from 'mcp-aot'\n"
const prop = (src: string, name: string, extra: Record<string, string> = {}) => JSON.stringify(JSON.parse(inputSchema(IMP + src, extra)).properties[name])
const CONSTS = { 'src/consts.ts': "export const Lim = 5\nexport const Name = 'dev' as const\nexport enum P { Lo, Hi }\nexport { Lim as Again }\n" }

describe('defaults that are constants', () => {
  it.each([
    ['a const of a literal', 'const LIMIT = 7\n', 'n: Int & Max<10> = LIMIT', '{"type":"integer","maximum":10,"default":7}'],
    ['a chain of consts and a negative', 'const A = 4\nconst B = A\nconst C = -B\n', 'n: number = C', '{"type":"number","default":-4}'],
    ['an expression of constants', 'const A = 4\n', 'n: number = A * 2 + 1', '{"type":"number","default":9}'],
    ['as const', '', "s: 'x' | 'y' = 'y' as const", '{"type":"string","enum":["x","y"],"default":"y"}'],
    ['an imported const, renamed on re-export', "import { Again } from './consts.ts'\n", 'n: number = Again', '{"type":"number","default":5}'],
    ['an imported const with as const', "import { Name } from './consts.ts'\n", 's: string = Name', '{"type":"string","default":"dev"}'],
    ['an imported enum member', "import { P } from './consts.ts'\n", 'p: P = P.Hi', '{"type":"integer","enum":[0,1],"default":1}'],
    ['a template of constants', "const Env = 'prod'\n", 's: string = `${Env}-eu`', '{"type":"string","default":"prod-eu"}'],
    ['an empty array', '', 's: string[] = []', '{"type":"array","items":{"type":"string"},"default":[]}'],
    ['an array of constants', 'const A = 2\n', 'n: Int[] = [1, A, A * 2]', '{"type":"array","items":{"type":"integer"},"default":[1,2,4]}'],
    ['an empty object', '', 'o: { a?: string } = {}', '{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false,"default":{}}'],
    ['an object of constants, keys quoted or not', "const U = 'c'\n", "o: { unit: string; 'max-age'?: Int } = { unit: U, 'max-age': 60 }", '{"type":"object","properties":{"unit":{"type":"string"},"max-age":{"type":"integer"}},"required":["unit"],"additionalProperties":false,"default":{"unit":"c","max-age":60}}'],
    ['a nested object with an array and null', '', 'o: { tags: string[]; note: string | null } = { tags: ["x"], note: null }', '{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"}},"note":{"type":["string","null"]}},"required":["tags","note"],"additionalProperties":false,"default":{"tags":["x"],"note":null}}'],
    ['a tuple', '', 'p: [number, string] = [1, "a"]', '{"type":"array","items":{"anyOf":[{"type":"number"},{"type":"string"}]},"prefixItems":[{"type":"number"},{"type":"string"}],"minItems":2,"maxItems":2,"default":[1,"a"]}'],
    ['a record', '', 'r: Record<string, number> = { a: 1 }', '{"type":"object","additionalProperties":{"type":"number"},"default":{"a":1}}'],
    ['a const array as const', "const STEPS = ['lint', 'test'] as const\n", 'steps: readonly string[] = STEPS', '{"type":"array","items":{"type":"string"},"default":["lint","test"]}'],
    ['a member of an as const object', "const Sizes = { S: 's', M: 'm' } as const\n", "size: 's' | 'm' = Sizes.M", '{"type":"string","enum":["s","m"],"default":"m"}'],
    ['an element of an as const array, and a nested member', "const C = { steps: ['a', 'b'] } as const\n", 's: string = C.steps[1]', '{"type":"string","default":"b"}'],
  ])('%s', (_label, prelude, param, expected) => {
    expect(prop(`${prelude}/** @tool */\nexport function t(${param}) {}\n`, param.split(':')[0]!, CONSTS)).toBe(expected)
  })
  it('a destructured default that is a const is folded too', () => {
    expect(prop('const TEN = 10\n/** @tool */\nexport function t({ n = TEN }: { n?: number }) {}\n', 'n')).toBe('{"type":"number","default":10}')
  })
})

describe('defaults the build refuses', () => {
  it('LIMIT = 50 against Max<10> is MCP022 at the default (the function never runs with it)', () => {
    const out = compileFiles({ 'src/tools.ts': `${IMP}const LIMIT = 50\n/** @tool */\nexport function t(n: Int & Max<10> = LIMIT) {}\n` })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP022', { file: 'src/tools.ts', line: 4, column: 38 }]])
    expect(out.diagnostics[0]!.message).toContain('The default 50 of \'n\'')
  })
  it.each([
    ['a call', 'n: number = Date.now()', 'Date.now()', 31],
    ['a let', 'n: number = L', 'L', 31],
    ['an array bound to a name without as const', 's: string[] = TAGS', 'TAGS', 33],
    ['an array with a spread', 's: string[] = [...TAGS]', '[...TAGS]', 33],
    ['an array with a call in it', 'n: number[] = [1, Date.now()]', '[1, Date.now()]', 33],
    ['an object with a computed key', "o: Record<string, number> = { [K]: 1 }", '{ [K]: 1 }', 47],
    ['an object with a method', 'o: { f?: unknown } = { f() {} }', '{ f() {} }', 40],
    ['a member of an object bound without as const', "s: string = UNITS.c", 'UNITS.c', 31],
    ['a Set', 's: Set<string> = new Set()', 'new Set()', 36],
    ['a constructor', 'd: Date = new Date()', 'new Date()', 29],
    ['a const bound to a call', 'n: number = R', 'R', 31],
    ['a parameter of the function', 'a: number, n: number = a', 'a', 42],
  ])('%s is MCP035', (_label, params, text, column) => {
    const out = compileFiles({ 'src/tools.ts': `${IMP}let L = 5\nconst R = Math.random()\nconst TAGS = ['a']\nconst K = 'k'\nconst UNITS = { c: 'celsius' }\n/** @tool */\nexport function t(${params}) {}\n` })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP035', { file: 'src/tools.ts', line: 8, column }]])
    expect(out.diagnostics[0]!.message).toContain(`(${text}) is not a literal, a const bound to one or an enum member`)
    expect(out.diagnostics[0]!.message).toContain('Write the literal')
  })
  it.each([
    ['too many items', "tags: string[] & MaxLength<1> = ['a', 'b']", "The default [\"a\",\"b\"] of 'tags'", 51],
    ['a missing required property', 'o: { a: string; b: string } = { a: "x" }', "The default {\"a\":\"x\"} of 'o'", 49],
    ['an extra property of a closed object', 'o: { a?: string } = { b: "x" }', "The default {\"b\":\"x\"} of 'o'", 39],
    ['an item its type refuses', 'n: (Int & Max<3>)[] = [1, 5]', "The default [1,5] of 'n'", 41],
  ])('%s is MCP022 at the default', (_label, param, text, column) => {
    const out = compileFiles({ 'src/tools.ts': `import type { Int, Max, MaxLength } from 'mcp-aot'\n/** @tool */\nexport function t(${param}) {}\n` })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP022', { file: 'src/tools.ts', line: 3, column }]])
    expect(out.diagnostics[0]!.message).toContain(text)
  })
  it('null writes no default', () => {
    expect(prop('/** @tool */\nexport function t(s: string | null = null) {}\n', 's')).toBe('{"type":["string","null"]}')
  })
})

describe('enum members folded as TypeScript does', () => {
  it('bit flags, references to earlier members, E.member, auto-increment after them', () => {
    const src = 'enum F { None = 0, A = 1 << 0, B = 1 << 1, AB = A | B, C = F.AB << 2, D, Inv = ~0 & 0xff }\n/** @tool */\nexport function t(f: F) {}\n'
    expect(prop(src, 'f')).toBe('{"type":"integer","enum":[0,1,2,3,12,13,255]}')
  })
  it('string concatenation and templates of members and consts', () => {
    const src = "const P = 'app'\nenum S { X = P + '.x', Y = `${X}-y`, Z = 'z' + 1 }\n/** @tool */\nexport function t(s: S) {}\n"
    expect(prop(src, 's')).toBe('{"type":"string","enum":["app.x","app.x-y","z1"]}')
  })
  it('an imported enum whose members use another enum', () => {
    const extra = { 'src/e.ts': "import { Base } from './base.ts'\nexport enum E { A = Base.One * 10, B }\n", 'src/base.ts': 'export enum Base { Zero, One }\n' }
    expect(prop("import { E } from './e.ts'\n/** @tool */\nexport function t(e: E) {}\n", 'e', extra)).toBe('{"type":"integer","enum":[10,11]}')
  })
  it('a member computed at run time stays MCP019, in the enum’s file', () => {
    const out = compileFiles({ 'src/tools.ts': "import { E } from './e.ts'\n/** @tool */\nexport function t(e: E) {}\n", 'src/e.ts': "export enum E {\n  A = 'a'.length,\n}\n" })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP019', { file: 'src/e.ts', line: 2, column: 3 }]])
  })
})
