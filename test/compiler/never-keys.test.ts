/**
 * Issue 17, item 2: a key declared `k?: never` (or `k?: undefined`) carries no JSON value in that member,
 * and a union never lends it to that member (the XOR idiom `{ id: string; email?: never } | { email: string; id?: never }`).
 */
import { describe, expect, it } from 'vitest'
import { fragment, refuse } from './golden.ts'

const S = '{"type":"string"}'
const closed = (props: string, required: string[]) =>
  `{"type":"object","properties":{${props}},${required.length ? `"required":${JSON.stringify(required)},` : ''}"additionalProperties":false}`

describe('keys declared never', () => {
  it('XOR: each member is closed without the other key; neither lends it', () => {
    expect(fragment('{ id: string; email?: never } | { email: string; id?: never }')).toBe(`{"anyOf":[${closed(`"id":${S}`, ['id'])},${closed(`"email":${S}`, ['email'])}]}`)
  })
  it('`?: undefined` means the same: no JSON value is undefined', () => {
    expect(fragment('{ id: string; email?: undefined } | { email: string; id?: undefined }')).toBe(`{"anyOf":[${closed(`"id":${S}`, ['id'])},${closed(`"email":${S}`, ['email'])}]}`)
  })
  it('a key declared never discriminates, as in TypeScript: the other member does not take this one\'s keys either', () => {
    expect(fragment('{ a: string; b?: never } | { b: number }')).toBe(`{"anyOf":[${closed(`"a":${S}`, ['a'])},${closed('"b":{"type":"number"}', ['b'])}]}`)
  })
  it('replaces the key an extended interface declares, and an intersection keeps it absent', () => {
    const prelude = 'interface Base { id?: string; email?: string }\ninterface ById extends Base { id: string; email?: never }\n'
    expect(fragment('ById', prelude)).toBe(closed(`"id":${S}`, ['id']))
    expect(fragment('{ a?: string; b: string } & { a?: never }')).toBe(closed(`"b":${S}`, ['b']))
  })
  it('an object of never keys only is the closed empty object (not `{}`, which takes any value but null)', () => {
    expect(fragment('{ a?: never }')).toBe('{"type":"object","properties":{},"additionalProperties":false}')
  })
  it('Pick and Partial keep the key absent', () => {
    expect(fragment("Pick<{ a: string; b?: never; c: number }, 'a' | 'b'> | { b: string }")).toBe(`{"anyOf":[${closed(`"a":${S}`, ['a'])},${closed(`"b":${S}`, ['b'])}]}`)
  })
})

describe('refused: a key declared never where no schema can say it', () => {
  const one = (type: string) => {
    const out = refuse(`/** @tool */\nexport function t(x: ${type}) {}\n`)
    return out.diagnostics.map((d) => `${d.loc.line}:${d.loc.column} ${d.code}: ${d.message}`)
  }
  it('beside an index signature (MCP020)', () => {
    expect(one('{ [k: string]: string; b?: never }')).toEqual([
      "2:45 MCP020: 'b' is declared never (or undefined) beside an index signature, and the schema cannot refuse one key the index signature allows. Name the other keys instead of using an index signature, or let the index signature's type take the key.",
    ])
    expect(one('Record<string, number> & { b?: never }').map((l) => l.split(' ')[1])).toEqual(['MCP020:'])
  })
  it('made required by Required<…> (MCP013)', () => {
    expect(one('Required<{ a?: never; b: string }>')).toEqual([
      "2:22 MCP013: Required<…> makes 'a', declared never, a required key, so no value has this type. Leave the key optional (Partial, or the type as it is), or Omit it first.",
    ])
  })
  it('required on one side of an intersection, never on the other (MCP013)', () => {
    expect(one('{ a: string } & { a?: never }').map((l) => l.split(' ')[1])).toEqual(['MCP013:'])
  })
})
