/**
 * Issue 28, section 2: types the compiler once read wrongly without a word. Each case compiles a one-tool
 * module (the real compiler: resolver → schema → standalone ajv code, loaded as a module) and checks what
 * the validator takes against what tsc takes for the same value.
 */
import { describe, expect, it } from 'vitest'
import { objectSchema } from '../../src/compiler/schema/schema.ts'
import { compileValidators } from '../../src/compiler/schema/validator.ts'
import type { ValidateFn } from '../../src/runtime/shared/table.ts'
import { loadModule } from '../validator/load.ts'
import { fragment } from './golden.ts'
import { compileFiles } from './harness.ts'
import { installed } from './differential/corpus.ts'

/** The validator of a tool `t(x: <type>)`, after `prelude`. */
async function validatorOf(type: string, prelude = ''): Promise<(x: unknown) => boolean> {
  const compiled = compileFiles({ 'src/tools.ts': `${prelude}\n/** @tool t */\nexport function t(x: ${type}) {}\n` })
  if (compiled.message) throw new Error(compiled.message)
  const schema = objectSchema(compiled.declarations[0]!.props)
  const validate = (await loadModule({ v: compileValidators({ v: schema }) })).v as unknown as ValidateFn[]
  return (x) => Boolean(validate[0]!({ x }))
}

describe('W1: template literal keys (Record<`x-${string}`, T>) are checked', () => {
  it('writes the key pattern as patternProperties, other keys refused', () => {
    expect(fragment('Record<`x-${string}`, string>')).toBe('{"type":"object","patternProperties":{"^x-[\\\\s\\\\S]*$":{"type":"string"}},"additionalProperties":false}')
  })
  it('refuses a key outside the pattern: authorization never reaches the function', async () => {
    const accepts = await validatorOf('Record<`x-${string}`, string>')
    expect(accepts({ 'x-trace': 'a', 'x-': 'b' })).toBe(true)
    expect(accepts({ authorization: 'Bearer t' })).toBe(false)
    expect(accepts({ 'x-trace': 1 })).toBe(false)
  })
  it('through Partial<…>', async () => {
    const accepts = await validatorOf('Partial<Record<`x-${string}`, string>>')
    expect(accepts({ 'x-a': 'a' })).toBe(true)
    expect(accepts({ authorization: 'a' })).toBe(false)
  })
  it('with ${number} keys', async () => {
    const accepts = await validatorOf('Record<`${number}`, boolean>')
    expect(accepts({ '1': true, '2.5': false })).toBe(true)
    expect(accepts({ one: true })).toBe(false)
  })
  it('nested in an object, beside named properties', async () => {
    const accepts = await validatorOf('{ name: string; headers: Record<`x-${string}`, string> }')
    expect(accepts({ name: 'n', headers: { 'x-id': '1' } })).toBe(true)
    expect(accepts({ name: 'n', headers: { authorization: '1' } })).toBe(false)
    const both = await validatorOf('{ name: string } & Record<`x-${string}`, string>')
    expect(both({ name: 'n', 'x-id': '1' })).toBe(true)
    expect(both({ name: 'n', authorization: '1' })).toBe(false)
  })
  it('an index signature with a template literal key too', async () => {
    const accepts = await validatorOf('{ [key: `data-${string}`]: number }')
    expect(accepts({ 'data-a': 1 })).toBe(true)
    expect(accepts({ a: 1 })).toBe(false)
  })
})

describe('W1 under the provider profiles', () => {
  it('a template literal key type is a map to a profile that takes closed objects only', async () => {
    const { openObject } = await import('../../src/compiler/model/profiles/rewrite.ts')
    expect(openObject(JSON.parse(fragment('Record<`x-${string}`, string>')))).toBe('map')
  })
})

describe('W2: keyof of a numeric key is the number, as in tsc', () => {
  const ports = 'interface Ports { 80: string; 443: string; admin: string }'
  it('lists 80 and 443 as numbers, admin as a string', () => {
    expect(fragment('keyof Ports', ports)).toBe('{"anyOf":[{"type":"integer","enum":[80,443]},{"type":"string","enum":["admin"]}]}')
  })
  it('accepts the number 443 and refuses the string "443"', async () => {
    const accepts = await validatorOf('keyof { 80: string; 443: string; admin: string }')
    expect(accepts(443)).toBe(true)
    expect(accepts('admin')).toBe(true)
    expect(accepts('443')).toBe(false)
  })
  it('a key written as a number literal in any spelling is the number tsc reads (0x10 is 16)', () => {
    expect(fragment('keyof { 0x10: boolean; 1.5: boolean }')).toBe('{"type":"number","enum":[16,1.5]}')
  })
  it('Record, Pick and mapped types over such keys keep the object keys as strings', async () => {
    const record = await validatorOf('Record<keyof Ports, boolean>', ports)
    expect(record({ 80: true, 443: false, admin: true })).toBe(true)
    const picked = await validatorOf('Pick<Ports, 443>', ports)
    expect(picked({ 443: 'https' })).toBe(true)
    const mapped = await validatorOf('{ [K in keyof Ports]?: K }', ports)
    expect(mapped({ 443: 443, admin: 'admin' })).toBe(true)
    expect(mapped({ 443: '443' })).toBe(false)
  })
  it('keyof a template literal keyed record is its key pattern', async () => {
    const accepts = await validatorOf('keyof Record<`x-${string}`, string>')
    expect(accepts('x-a')).toBe(true)
    expect(accepts('a')).toBe(false)
  })
})

describe('regressions: type-fest helpers and classes as return types', () => {
  it('a class no JSON carries as the return type is the error MCP029, whatever its declared name', () => {
    const refused = (source: string, extra: Record<string, string> = {}) => compileFiles({ 'src/tools.ts': source, ...extra }).diagnostics.map((d) => `${d.loc.line}:${d.loc.column} ${d.code} ${d.message}`)
    const sentence = (name: string) => `The return type cannot be described: ${name} is a class whose instances carry no JSON data, so the client would get {}. Return the data itself: a string, an object type of JSON values, or content (ToolResult).`
    expect(refused('/** Fetches. @tool */\nexport async function a(): Promise<Response> { return new Response() }\n')).toEqual([`2:36 MCP029 ${sentence('Response')}`])
    expect(refused('type Reply = Blob\n/** Fetches. @tool */\nexport function a(): Reply { return new Blob() }\n')).toEqual([`1:14 MCP029 ${sentence('Blob')}`])
    // An ambient class (workers-types declares Response so) and a class with methods alone give {} too.
    expect(refused("import type { R2Object } from './r2'\n/** Fetches. @tool */\nexport function a(): R2Object { throw 0 }\n", { 'src/r2.d.ts': 'export declare class R2Object { readonly key: string }\n' })).toEqual([`3:22 MCP029 ${sentence('R2Object')}`])
    expect(refused('class Counter { inc() {} }\n/** Counts. @tool */\nexport function a(): Counter { return new Counter() }\n')).toEqual([`3:22 MCP029 ${sentence('Counter')}`])
  })
})

describe('regressions: type-fest helpers (the installed package)', () => {
  const withTypeFest = (type: string) => {
    const out = compileFiles({ 'src/tools.ts': `import type { SetOptional, SetRequired, Except, LiteralUnion, Tagged, RequireAtLeastOne, RequireExactlyOne } from 'type-fest'\ninterface Contact { id: string; email?: string; phone?: string }\n/** @tool t */\nexport function t(x: ${type}) {}\n`, ...installed('type-fest') })
    if (out.message) throw new Error(out.message)
    return JSON.stringify(objectSchema(out.declarations[0]!.props).properties)
  }
  it('SetOptional and SetRequired compile (no false "A function cannot travel as JSON")', () => {
    expect(withTypeFest("SetOptional<Contact, 'id'>")).toBe('{"x":{"type":"object","properties":{"id":{"type":"string"},"email":{"type":"string"},"phone":{"type":"string"}},"additionalProperties":false}}')
    expect(withTypeFest("SetRequired<Contact, 'email'>")).toBe('{"x":{"type":"object","properties":{"id":{"type":"string"},"email":{"type":"string"},"phone":{"type":"string"}},"required":["id","email"],"additionalProperties":false}}')
    expect(withTypeFest("Except<Contact, 'phone'>")).toBe('{"x":{"type":"object","properties":{"id":{"type":"string"},"email":{"type":"string"}},"required":["id"],"additionalProperties":false}}')
  })
  it('LiteralUnion is its base type, Tagged its type, RequireExactlyOne one key of the set', () => {
    expect(withTypeFest("LiteralUnion<'asc' | 'desc', string>")).toBe('{"x":{"type":"string"}}')
    expect(withTypeFest("Tagged<string, 'Order'>")).toBe('{"x":{"type":"string"}}')
    expect(withTypeFest("RequireExactlyOne<Contact, 'email' | 'phone'>")).toBe('{"x":{"anyOf":[{"type":"object","properties":{"id":{"type":"string"},"email":{"type":"string"}},"required":["id","email"],"additionalProperties":false},{"type":"object","properties":{"id":{"type":"string"},"phone":{"type":"string"}},"required":["id","phone"],"additionalProperties":false}]}}')
  })
})

describe('W3: conditional types decided as tsc decides them', () => {
  const isAny = 'type IsAny<T> = 0 extends 1 & T ? true : false'
  it('IsAny<any> is true, IsAny<unknown> and IsAny<string> false', () => {
    expect(fragment('IsAny<any>', isAny)).toBe('{"type":"boolean","enum":[true]}')
    expect(fragment('IsAny<unknown>', isAny)).toBe('{"type":"boolean","enum":[false]}')
    expect(fragment('IsAny<string>', isAny)).toBe('{"type":"boolean","enum":[false]}')
  })
  it('a tuple extends an array of its elements\' type', () => {
    expect(fragment('[string, string] extends string[] ? 1 : 2')).toBe('{"type":"integer","enum":[1]}')
    expect(fragment('[string, number] extends string[] ? 1 : 2')).toBe('{"type":"integer","enum":[2]}')
    expect(fragment('string[] extends [string] ? 1 : 2')).toBe('{"type":"integer","enum":[2]}')
    expect(fragment("['a', 'b'] extends [string, string] ? 1 : 2")).toBe('{"type":"integer","enum":[1]}')
    expect(fragment("'a'[] extends string[] ? 1 : 2")).toBe('{"type":"integer","enum":[1]}')
  })
})

describe('W2 through typeof of an as const object', () => {
  it('keyof typeof { 80: …, admin: … } is 80 | "admin"', () => {
    expect(fragment('keyof typeof PORTS', "const PORTS = { 80: 'http', 443: 'https', admin: 'x' } as const")).toBe('{"anyOf":[{"type":"integer","enum":[80,443]},{"type":"string","enum":["admin"]}]}')
  })
})
