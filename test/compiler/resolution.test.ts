/** SCHEMA.md § Types — types are found by where they come from, not by spelling; evaluated utility types. */
import { describe, expect, it } from 'vitest'
import { bareFragment, codesFor, fragment, IMPORTS, input, refuse } from './golden.ts'

const closed = (props: string, required: string[]) =>
  `{"type":"object","properties":{${props}},${required.length ? `"required":${JSON.stringify(required)},` : ''}"additionalProperties":false}`

describe('by origin, not spelling', () => {
  it('a local Date interface shadows the global', () => {
    expect(bareFragment('Date', 'interface Date { day: number }')).toBe(closed('"day":{"type":"number"}', ['day']))
  })
  it('a local URL type alias shadows the global', () => {
    expect(bareFragment('URL', 'type URL = { href: string }')).toBe(closed('"href":{"type":"string"}', ['href']))
  })
  it('an imported Set shadows the global', () => {
    const extra = { 'src/set.ts': 'export interface Set<T> { first: T }\n' }
    expect(bareFragment('Set<string>', "import type { Set } from './set.ts'", extra)).toBe(closed('"first":{"type":"string"}', ['first']))
  })
  it('the global Date, URL, Uint8Array, Set, Map when not shadowed', () => {
    expect(bareFragment('Date')).toBe('{"type":"string","format":"date-time"}')
    expect(bareFragment('URL')).toBe('{"type":"string","format":"uri"}')
    expect(bareFragment('Uint8Array')).toBe('{"type":"string","contentEncoding":"base64"}')
    expect(bareFragment('Map<string, Date>')).toBe('{"type":"object","additionalProperties":{"type":"string","format":"date-time"}}')
  })
  it('tags imported from mcp-aot under another name are still tags', () => {
    expect(bareFragment('string & Len<3>', "import type { MaxLength as Len } from 'mcp-aot'")).toBe('{"type":"string","maxLength":3}')
  })
  it('a namespace import of mcp-aot works', () => {
    expect(bareFragment('M.Int8', "import type * as M from 'mcp-aot'")).toBe('{"type":"integer","minimum":-128,"maximum":127}')
  })
  it('a local type named like a format type is not a format type', () => {
    expect(bareFragment('Email', 'type Email = string')).toBe('{"type":"string"}')
  })
  it('a local type named Int is not the package Int', () => {
    expect(bareFragment('Int', 'type Int = number')).toBe('{"type":"number"}')
  })
  it('a tag-named type from elsewhere is not a tag: it is read as what it is', () => {
    const extra = { 'src/my.ts': 'export type MaxLength<N extends number> = { max: N }\n' }
    expect(bareFragment('MaxLength<3>', "import type { MaxLength } from './my.ts'", extra)).toBe(closed('"max":{"type":"integer","enum":[3]}', ['max']))
  })
  it('mcp-aot names re-exported through a local module are still recognised', () => {
    const extra = { 'src/contract.ts': "export type { Int8, Email } from 'mcp-aot'\n" }
    expect(bareFragment('Int8', "import type { Int8 } from './contract.ts'", extra)).toBe('{"type":"integer","minimum":-128,"maximum":127}')
  })
  it('a type that is not declared anywhere is MCP018', () => {
    expect(codesFor('Nowhere')).toEqual(['MCP018'])
  })
  it('an unknown name imported from mcp-aot is MCP018', () => {
    expect(codesFor('NotAThing', "import type { NotAThing } from 'mcp-aot'")).toEqual(['MCP018'])
  })
})

describe('relative imports and re-exports', () => {
  const item = 'export interface Item { sku: string; qty: number }\n'
  const ITEM = closed('"sku":{"type":"string"},"qty":{"type":"number"}', ['sku', 'qty'])
  it('a relative import (.ts extension)', () => {
    expect(bareFragment('Item', "import type { Item } from './types.ts'", { 'src/types.ts': item })).toBe(ITEM)
  })
  it('a relative import without extension', () => {
    expect(bareFragment('Item', "import type { Item } from './types'", { 'src/types.ts': item })).toBe(ITEM)
  })
  it('a relative import with a .js extension resolves the .ts file', () => {
    expect(bareFragment('Item', "import type { Item } from './types.js'", { 'src/types.ts': item })).toBe(ITEM)
  })
  it('an index file in a folder', () => {
    expect(bareFragment('Item', "import type { Item } from './model'", { 'src/model/index.ts': item })).toBe(ITEM)
  })
  it('export * from', () => {
    const extra = { 'src/index.ts': "export * from './types.ts'\n", 'src/types.ts': item }
    expect(bareFragment('Item', "import type { Item } from './index.ts'", extra)).toBe(ITEM)
  })
  it('export { X as Y } from', () => {
    const extra = { 'src/index.ts': "export { Item as LineItem } from './types.ts'\n", 'src/types.ts': item }
    expect(bareFragment('LineItem', "import type { LineItem } from './index.ts'", extra)).toBe(ITEM)
  })
  it('import { X as Y }', () => {
    expect(bareFragment('Line', "import type { Item as Line } from './types.ts'", { 'src/types.ts': item })).toBe(ITEM)
  })
  it('a local export list re-exporting a local declaration', () => {
    const extra = { 'src/types.ts': 'interface Item { sku: string; qty: number }\nexport type { Item as Thing }\n' }
    expect(bareFragment('Thing', "import type { Thing } from './types.ts'", extra)).toBe(ITEM)
  })
  it('a namespace import', () => {
    expect(bareFragment('T.Item', "import type * as T from './types.ts'", { 'src/types.ts': item })).toBe(ITEM)
  })
  it('a chain of imports across files, with tags imported in the other file', () => {
    const extra = {
      'src/a.ts': "import type { Qty } from './b.ts'\nexport interface Line { qty: Qty }\n",
      'src/b.ts': "import type { Int, Min, Max } from 'mcp-aot'\nexport type Qty = Int & Min<1> & Max<1000>\n",
    }
    expect(bareFragment('Line', "import type { Line } from './a.ts'", extra)).toBe(closed('"qty":{"type":"integer","minimum":1,"maximum":1000}', ['qty']))
  })
  it('property JSDoc in an imported interface is read', () => {
    const extra = { 'src/types.ts': 'export interface A {\n  /** The id. */\n  id: string\n}\n' }
    expect(bareFragment('A', "import type { A } from './types.ts'", extra)).toBe(closed('"id":{"type":"string","description":"The id."}', ['id']))
  })
  it('a name the imported module does not export is MCP018', () => {
    expect(codesFor('Missing', "import type { Missing } from './types.ts'").length).toBeGreaterThan(0)
    const out = codesFor('Missing', "import type { Missing } from './types.ts'")
    expect(out).toEqual(['MCP018'])
  })
})

describe('tsconfig paths', () => {
  it('resolves an alias through compilerOptions.paths', () => {
    const extra = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@models/*': ['src/models/*'] } } }),
      'src/models/item.ts': 'export interface Item { sku: string }\n',
    }
    expect(bareFragment('Item', "import type { Item } from '@models/item'", extra)).toBe(closed('"sku":{"type":"string"}', ['sku']))
  })
  it('paths without baseUrl are relative to the tsconfig', () => {
    const extra = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '~/*': ['./src/*'] } } }),
      'src/lib/ids.ts': "export type Id = string & { __brand: 'Id' }\n",
    }
    expect(bareFragment('Id', "import type { Id } from '~/lib/ids.ts'", extra)).toBe('{"type":"string"}')
  })
  it('paths inherited through tsconfig extends', () => {
    const extra = {
      'tsconfig.base.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@m/*': ['src/models/*'] } } }),
      'tsconfig.json': JSON.stringify({ extends: './tsconfig.base.json' }),
      'src/models/item.ts': 'export interface Item { sku: string }\n',
    }
    expect(bareFragment('Item', "import type { Item } from '@m/item'", extra)).toBe(closed('"sku":{"type":"string"}', ['sku']))
  })
  it('a tsconfig with comments and trailing commas', () => {
    const extra = {
      'tsconfig.json': '{\n  // paths\n  "compilerOptions": {\n    "paths": { "#t": ["./src/t.ts"], },\n  },\n}\n',
      'src/t.ts': 'export type Flag = boolean\n',
    }
    expect(bareFragment('Flag', "import type { Flag } from '#t'", extra)).toBe('{"type":"boolean"}')
  })
})

describe("a package's .d.ts", () => {
  const dts = "export interface Money { amount: number; currency: 'EUR' | 'USD' }\nexport declare function helper(): void\n"
  const MONEY = closed('"amount":{"type":"number"},"currency":{"type":"string","enum":["EUR","USD"]}', ['amount', 'currency'])
  it('via package.json types', () => {
    const extra = {
      'node_modules/money/package.json': JSON.stringify({ name: 'money', types: './dist/index.d.ts' }),
      'node_modules/money/dist/index.d.ts': dts,
    }
    expect(bareFragment('Money', "import type { Money } from 'money'", extra)).toBe(MONEY)
  })
  it('via package.json exports (types condition)', () => {
    const extra = {
      'node_modules/money/package.json': JSON.stringify({ name: 'money', exports: { '.': { types: './lib/main.d.ts', default: './lib/main.js' } } }),
      'node_modules/money/lib/main.d.ts': dts,
    }
    expect(bareFragment('Money', "import type { Money } from 'money'", extra)).toBe(MONEY)
  })
  it('via a subpath export', () => {
    const extra = {
      'node_modules/money/package.json': JSON.stringify({ name: 'money', exports: { './types': { types: './lib/types.d.ts' } } }),
      'node_modules/money/lib/types.d.ts': dts,
    }
    expect(bareFragment('Money', "import type { Money } from 'money/types'", extra)).toBe(MONEY)
  })
  it('via nested exports conditions (import → types)', () => {
    const extra = {
      'node_modules/money/package.json': JSON.stringify({ name: 'money', exports: { '.': { import: { types: './esm/i.d.mts', default: './esm/i.mjs' }, require: { types: './cjs/i.d.cts' } } } }),
      'node_modules/money/esm/i.d.mts': dts,
    }
    expect(bareFragment('Money', "import type { Money } from 'money'", extra)).toBe(MONEY)
  })
  it('via exports pointing at JavaScript, with the .d.ts next to it (as TypeScript resolves it)', () => {
    const extra = {
      'node_modules/money/package.json': JSON.stringify({ name: 'money', exports: './dist/index.js' }),
      'node_modules/money/dist/index.d.ts': dts,
    }
    expect(bareFragment('Money', "import type { Money } from 'money'", extra)).toBe(MONEY)
  })
  it('via exports with a conditions object whose default is JavaScript next to its .d.ts', () => {
    const extra = {
      'node_modules/money/package.json': JSON.stringify({ name: 'money', exports: { '.': { import: './dist/index.js' } } }),
      'node_modules/money/dist/index.d.ts': dts,
    }
    expect(bareFragment('Money', "import type { Money } from 'money'", extra)).toBe(MONEY)
  })
  it('via the typings field, index.d.ts, or @types/<name>', () => {
    expect(bareFragment('Money', "import type { Money } from 'money'", {
      'node_modules/money/package.json': JSON.stringify({ name: 'money', typings: 'lib.d.ts' }),
      'node_modules/money/lib.d.ts': dts,
    })).toBe(MONEY)
    expect(bareFragment('Money', "import type { Money } from 'money'", {
      'node_modules/money/package.json': JSON.stringify({ name: 'money' }),
      'node_modules/money/index.d.ts': dts,
    })).toBe(MONEY)
    expect(bareFragment('Money', "import type { Money } from 'money'", {
      'node_modules/money/package.json': JSON.stringify({ name: 'money', main: 'index.js' }),
      'node_modules/@types/money/package.json': JSON.stringify({ name: '@types/money' }),
      'node_modules/@types/money/index.d.ts': dts,
    })).toBe(MONEY)
  })
  it('a finding inside a package .d.ts is located at the user\'s reference, naming the type and the place in the package', () => {
    const extra = {
      'node_modules/money/package.json': JSON.stringify({ name: 'money', types: 'i.d.ts' }),
      'node_modules/money/i.d.ts': "export type Amount = string extends infer U ? U : number\n",
    }
    const out = refuse(`import type { Amount } from 'money'\n/** @tool */\nexport function t(x: Amount) {}\n`, extra)
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP020', { file: 'src/tools.ts', line: 3, column: 22 }]])
    expect(out.diagnostics[0]!.message).toMatch(/^In Amount \(node_modules\/money\/i\.d\.ts:1:22\): Conditional types/)
  })
  it('a scoped package whose .d.ts re-exports from a sibling file', () => {
    const extra = {
      'node_modules/@acme/kit/package.json': JSON.stringify({ name: '@acme/kit', types: 'index.d.ts' }),
      'node_modules/@acme/kit/index.d.ts': "export * from './money.js'\nexport { Money as Cash } from './money.js'\n",
      'node_modules/@acme/kit/money.d.ts': dts,
    }
    expect(bareFragment('Money', "import type { Money } from '@acme/kit'", extra)).toBe(MONEY)
    expect(bareFragment('Cash', "import type { Cash } from '@acme/kit'", extra)).toBe(MONEY)
  })
  it('enums and aliases in a .d.ts', () => {
    const extra = {
      'node_modules/lvl/package.json': JSON.stringify({ name: 'lvl', types: 'index.d.ts' }),
      'node_modules/lvl/index.d.ts': "export declare enum Level { Low = 'low', High = 'high' }\nexport type Levels = Level[]\n",
    }
    expect(bareFragment('Levels', "import type { Levels } from 'lvl'", extra)).toBe('{"type":"array","items":{"type":"string","enum":["low","high"]}}')
  })
  it('a class in a .d.ts is not read as an object type (MCP010)', () => {
    const extra = {
      'node_modules/cls/package.json': JSON.stringify({ name: 'cls', types: 'index.d.ts' }),
      'node_modules/cls/index.d.ts': 'export declare class Thing { a: string }\n',
    }
    const out = codesFor('Thing', "import type { Thing } from 'cls'")
    // Without the package present, the type cannot be found; with it, it is a class.
    expect(out).toEqual(['MCP018'])
    const src = `${IMPORTS}import type { Thing } from 'cls'\n/** @tool */\nexport function t(x: Thing) {}\n`
    expect(() => input(src, extra)).toThrow(/MCP010/)
  })
})

describe('utility types, extends, intersections, generics', () => {
  const prelude = 'interface User { id: string; name?: string; readonly age: number }'
  it('Partial', () => {
    expect(fragment('Partial<User>', prelude)).toBe(closed('"id":{"type":"string"},"name":{"type":"string"},"age":{"type":"number"}', []))
  })
  it('Required', () => {
    expect(fragment('Required<User>', prelude)).toBe(closed('"id":{"type":"string"},"name":{"type":"string"},"age":{"type":"number"}', ['id', 'name', 'age']))
  })
  it("Pick keeps the declaration order, not the key order", () => {
    expect(fragment("Pick<User, 'age' | 'id'>", prelude)).toBe(closed('"id":{"type":"string"},"age":{"type":"number"}', ['id', 'age']))
  })
  it('Omit', () => {
    expect(fragment("Omit<User, 'id'>", prelude)).toBe(closed('"name":{"type":"string"},"age":{"type":"number"}', ['age']))
  })
  it('Readonly', () => {
    expect(fragment('Readonly<User>', prelude)).toBe(closed('"id":{"type":"string"},"name":{"type":"string"},"age":{"type":"number"}', ['id', 'age']))
  })
  it('NonNullable', () => {
    expect(fragment('NonNullable<string | null>')).toBe('{"type":"string"}')
    expect(fragment('NonNullable<User | null | undefined>', prelude)).toBe(closed('"id":{"type":"string"},"name":{"type":"string"},"age":{"type":"number"}', ['id', 'age']))
  })
  it('nested utilities: Partial<Pick<…>>', () => {
    expect(fragment("Partial<Pick<User, 'id'>>", prelude)).toBe(closed('"id":{"type":"string"}', []))
  })
  it('interface extends: bases first, in order', () => {
    const p = 'interface A { a: string }\ninterface B { b: number }\ninterface C extends A, B { c: boolean }'
    expect(fragment('C', p)).toBe(closed('"a":{"type":"string"},"b":{"type":"number"},"c":{"type":"boolean"}', ['a', 'b', 'c']))
  })
  it('interface extends a base that extends, and a utility type', () => {
    const p = "interface A { a: string; z?: number }\ninterface B extends A { b: number }\ninterface C extends Omit<B, 'z'> { c: boolean }"
    expect(fragment('C', p)).toBe(closed('"a":{"type":"string"},"b":{"type":"number"},"c":{"type":"boolean"}', ['a', 'b', 'c']))
  })
  it('a redeclared property in the derived interface keeps the base position with the derived type', () => {
    const p = "interface A { kind: string; a: number }\ninterface B extends A { kind: 'b' }"
    expect(fragment('B', p)).toBe(closed('"kind":{"type":"string","enum":["b"]},"a":{"type":"number"}', ['kind', 'a']))
  })
  it('intersections of object types merge properties in order', () => {
    expect(fragment('{ a: string } & { b?: Int }')).toBe(closed(`"a":{"type":"string"},"b":{"type":"integer"}`, ['a']))
  })
  it('an intersection of an alias and an interface', () => {
    const p = 'type A = { a: string }\ninterface B { b: number }\ntype AB = A & B'
    expect(fragment('AB', p)).toBe(closed('"a":{"type":"string"},"b":{"type":"number"}', ['a', 'b']))
  })
  it('generic aliases instantiated with concrete arguments', () => {
    const p = 'type Page<T> = { items: T[]; next: string | null }'
    expect(fragment('Page<Int8>', p)).toBe(closed('"items":{"type":"array","items":{"type":"integer","minimum":-128,"maximum":127}},"next":{"type":["string","null"]}', ['items', 'next']))
  })
  it('generic interfaces and defaults of type parameters', () => {
    const p = 'interface Box<T, U = string> { value: T; label: U }'
    expect(fragment('Box<boolean>', p)).toBe(closed('"value":{"type":"boolean"},"label":{"type":"string"}', ['value', 'label']))
  })
  it('a generic alias nested in another', () => {
    const p = 'type Pair<A, B> = [A, B]\ntype Named<T> = { name: string; pair: Pair<T, T> }'
    expect(fragment('Named<number>', p)).toBe(closed('"name":{"type":"string"},"pair":{"type":"array","items":{"type":"number"},"prefixItems":[{"type":"number"},{"type":"number"}],"minItems":2,"maxItems":2}', ['name', 'pair']))
  })
  it('a generic interface base: interface B extends Base<Int8>', () => {
    const p = 'interface Base<T> { v: T; id: string }\ninterface B extends Base<Int8> { b: boolean }'
    expect(fragment('B', p)).toBe(closed('"v":{"type":"integer","minimum":-128,"maximum":127},"id":{"type":"string"},"b":{"type":"boolean"}', ['v', 'id', 'b']))
  })
  it('a generic alias that applies tags to its type argument', () => {
    expect(fragment('L<string>', 'type L<T> = T[] & MaxLength<3>')).toBe('{"type":"array","items":{"type":"string"},"maxItems":3}')
  })
  it('a generic alias whose argument is a tag value: type Bounded<N extends number> = Int & Min<1> & Max<N>', () => {
    const p = 'type Bounded<N extends number> = Int & Min<1> & Max<N>'
    expect(fragment('Bounded<10>', p)).toBe('{"type":"integer","minimum":1,"maximum":10}')
  })
  it('a generic alias passing a pattern through', () => {
    const p = 'type Matching<P extends string> = string & Pattern<P>'
    expect(fragment("Matching<'^x'>", p)).toBe('{"type":"string","pattern":"^x"}')
  })
  it('a generic alias over Record with literal keys', () => {
    expect(fragment("Rec<'k', Date>", 'type Rec<K extends string, V> = Record<K, V>')).toBe(closed('"k":{"type":"string","format":"date-time"}', ['k']))
  })
  it('intersections under utilities and nullable', () => {
    const p = 'type X = { a: string }\ntype Y = { b?: number }'
    expect(fragment('(X & Y) | null', p)).toBe('{"type":["object","null"],"properties":{"a":{"type":"string"},"b":{"type":"number"}},"required":["a"],"additionalProperties":false}')
    expect(fragment('Partial<X & Y>', p)).toBe(closed('"a":{"type":"string"},"b":{"type":"number"}', []))
    expect(fragment("Omit<X & Y, 'a'>", p)).toBe(closed('"b":{"type":"number"}', []))
  })
  it('a parenthesized type', () => {
    expect(fragment('(string)[]')).toBe('{"type":"array","items":{"type":"string"}}')
  })
})

describe('enums', () => {
  it('a string enum declared in another file', () => {
    const extra = { 'src/e.ts': "export enum Status { Open = 'open', Closed = 'closed' }\n" }
    expect(bareFragment('Status', "import { Status } from './e.ts'", extra)).toBe('{"type":"string","enum":["open","closed"]}')
  })
  it('a numeric enum continues counting after an explicit value', () => {
    expect(fragment('E', 'enum E { A = 5, B, C }')).toBe('{"type":"integer","enum":[5,6,7]}')
  })
  it('negative numeric members', () => {
    expect(fragment('E', 'enum E { Down = -1, Flat = 0, Up = 1 }')).toBe('{"type":"integer","enum":[-1,0,1]}')
  })
  it('a single enum member as a type is that literal', () => {
    expect(fragment('E.B', "enum E { A = 'a', B = 'b' }")).toBe('{"type":"string","enum":["b"]}')
  })
  it('a mixed enum', () => {
    expect(fragment('M', "enum M { Auto = 'auto', Zero = 0, One = 1 }")).toBe('{"anyOf":[{"type":"string","enum":["auto"]},{"type":"integer","enum":[0,1]}]}')
  })
})
