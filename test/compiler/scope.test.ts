/** Every name resolves in the file (and scope) that declared it: generic defaults, same-named types and values, namespaces, `export =` packages. */
import { describe, expect, it } from 'vitest'
import { compileFiles, inputSchema } from './harness.ts'

const prop = (src: string, name: string, extra: Record<string, string> = {}) => JSON.stringify(JSON.parse(inputSchema(src, extra)).properties[name])
const PKG = { 'node_modules/pkg/package.json': '{"name":"pkg","types":"index.d.ts"}', 'node_modules/pkg/index.d.ts': 'declare namespace X {\n  interface Foo { a: string }\n}\nexport = X\n' }

describe('generic parameter defaults', () => {
  it("resolve in the declaring file, not the caller's (the caller's own Item is a number)", () => {
    const src = "import type { Page } from './types.ts'\ntype Item = number\n/** @tool */\nexport function f(p: Page) {}\n"
    const types = 'type Item = { id: string }\nexport interface Page<T = Item> { items: T[] }\n'
    expect(prop(src, 'p', { 'src/types.ts': types })).toBe(
      '{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"],"additionalProperties":false}}},"required":["items"],"additionalProperties":false}',
    )
  })
  it('a default that names nothing is MCP018 at its place in the declaring file', () => {
    const out = compileFiles({ 'src/tools.ts': "import type { Page } from './types.ts'\n/** @tool */\nexport function f(p: Page) {}\n", 'src/types.ts': 'export interface Page<T = Missing> { items: T[] }\n' })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP018', { file: 'src/types.ts', line: 1, column: 27 }]])
    expect(out.message).toContain('> 1 | export interface Page<T = Missing> { items: T[] }')
  })
})

describe('a type and a value of the same name', () => {
  it.each([
    ['type first', "type Status = 'a' | 'b'\nexport const Status = { A: 'a', B: 'b' } as const\n"],
    ['const first', "export const Status = { A: 'a', B: 'b' } as const\ntype Status = 'a' | 'b'\n"],
  ])('in type position the type wins (%s)', (_label, prelude) => {
    expect(prop(`${prelude}/** @tool */\nexport function f(s: Status) {}\n`, 's')).toBe('{"type":"string","enum":["a","b"]}')
  })
})

describe('namespaces', () => {
  it('import * as Ns from a module: Ns.T is that module’s T', () => {
    expect(prop("import * as Ns from './types.ts'\n/** @tool */\nexport function f(p: Ns.T) {}\n", 'p', { 'src/types.ts': 'export interface T { a: string }\n' })).toBe(
      '{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}',
    )
  })
  it('a local namespace: Ns.T, with names inside resolved in the namespace first, then the file', () => {
    const src = "type Id = number\ntype Note = string\nnamespace Ns {\n  type Id = string\n  export interface T { id: Id; note: Note }\n}\n/** @tool */\nexport function f(s: Ns.T) {}\n"
    expect(prop(src, 's')).toBe('{"type":"object","properties":{"id":{"type":"string"},"note":{"type":"string"}},"required":["id","note"],"additionalProperties":false}')
  })
  it('nested namespaces: A.B.T, A.B.C.T, `namespace A.B { … }`, and an enum member A.E.M (each part exported by the one before)', () => {
    const src = "namespace Geo {\n  export namespace Deep {\n    export type Id = string\n    export namespace Deeper { export type N = number }\n    export enum E { On = 'on', Off = 'off' }\n  }\n}\nnamespace Lib.Inner { export type B = boolean }\n/** @tool */\nexport function f(a: Geo.Deep.Id, b: Geo.Deep.Deeper.N, c: Lib.Inner.B, d: Geo.Deep.E.On) {}\n"
    const out = compileFiles({ 'src/tools.ts': src })
    expect(out.diagnostics).toEqual([])
    expect(out.declarations[0]!.props.map((p) => [p.name, p.type])).toEqual([
      ['a', { kind: 'string' }],
      ['b', { kind: 'number', integer: false }],
      ['c', { kind: 'boolean' }],
      ['d', { kind: 'enum', values: ['on'] }],
    ])
  })
  it('a nested namespace that is not exported is MCP018 naming the whole qualified name', () => {
    const out = compileFiles({ 'src/tools.ts': 'namespace Geo {\n  namespace Deep { export type Id = string }\n}\n/** @tool */\nexport function f(a: Geo.Deep.Id) {}\n' })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP018', { file: 'src/tools.ts', line: 5, column: 22 }]])
    expect(out.diagnostics[0]!.message).toContain('Cannot find the type Geo.Deep.Id.')
  })
  it('a member the namespace does not export is MCP018, and a problem inside it points into the namespace', () => {
    const hidden = compileFiles({ 'src/tools.ts': 'namespace Ns {\n  interface T { a: string }\n}\n/** @tool */\nexport function f(s: Ns.T) {}\n' })
    expect(hidden.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP018', { file: 'src/tools.ts', line: 5, column: 22 }]])
    expect(hidden.diagnostics[0]!.message).toContain('The namespace Ns does not export a type named T. Export it there')
    const inside = compileFiles({ 'src/tools.ts': "import { Ns } from './types.ts'\n/** @tool */\nexport function f(s: Ns.T) {}\n", 'src/types.ts': 'export namespace Ns {\n  export interface T { a: symbol }\n}\n' })
    expect(inside.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP012', { file: 'src/types.ts', line: 2, column: 27 }]])
  })
  it.each([
    ['a named import', "import type { Foo } from 'pkg'\n/** @tool */\nexport function f(p: Foo) {}\n"],
    ['a default import and X.Foo', "import X from 'pkg'\n/** @tool */\nexport function f(p: X.Foo) {}\n"],
    ['import * as X and X.Foo', "import * as X from 'pkg'\n/** @tool */\nexport function f(p: X.Foo) {}\n"],
  ])('an `export = X` package whose X is a declared namespace: its types are the names (%s)', (_label, src) => {
    expect(prop(src, 'p', PKG)).toBe('{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}')
  })
  it('an `export =` package that assigns a function is MCP034, not a misleading MCP018', () => {
    const pkg = { 'node_modules/fn/package.json': '{"name":"fn","types":"index.d.ts"}', 'node_modules/fn/index.d.ts': 'declare function make(): void\nexport = make\n' }
    const out = compileFiles({ 'src/tools.ts': "import type { Options } from 'fn'\n/** @tool */\nexport function f(p: Options) {}\n", ...pkg })
    expect(out.diagnostics.map((d) => [d.code, d.loc])).toEqual([['MCP034', { file: 'src/tools.ts', line: 3, column: 22 }]])
    expect(out.diagnostics[0]!.message).toContain('Options comes from node_modules/fn/index.d.ts, whose `export =` assigns a value, not a namespace of types')
    expect(out.diagnostics[0]!.message).toContain('Declare the fields you need')
  })
})
