/** Return values → CallToolResults, per SCHEMA.md "Results" and its JSON rules. */
import { describe, expect, it } from 'vitest'
import { project, resultShaper, toJson, toJsonValue } from '../../src/runtime/call/results.ts'
import { image, resourceLink, text } from '../../src/runtime/call/content.ts'
import type { ToolResult } from '../../src/runtime/shared/api.ts'
import type { ResultPlan } from '../../src/runtime/shared/table.ts'

/** The CallToolResult the plan's shaper makes of `value` (for a titled client), as an object. */
function shapeResult(value: unknown, plan: ResultPlan): ToolResult {
  const result = resultShaper(plan)(value, false)
  return typeof result === 'string' ? JSON.parse(result) : result
}

describe('toJson', () => {
  it('applies the JSON rules at any depth', () => {
    const value = {
      when: new Date(Date.UTC(2026, 4, 1, 12, 30)),
      bytes: new Uint8Array([104, 105]),
      big: 12345678901234567890n,
      tags: new Set(['a', 'b']),
      scores: new Map<string, unknown>([['x', 1], ['y', new Set([new Date(0)])]]),
      site: new URL('https://example.com/a'),
      list: [undefined, () => 1, NaN, Infinity, -0],
      skip: undefined,
    }
    expect(toJson(value)).toBe(
      '{"when":"2026-05-01T12:30:00.000Z","bytes":"aGk=","big":"12345678901234567890","tags":["a","b"],' +
        '"scores":{"x":1,"y":["1970-01-01T00:00:00.000Z"]},"site":"https://example.com/a","list":[null,null,null,null,0]}',
    )
  })

  it('writes null for null and undefined, and refuses cycles', () => {
    expect(toJson(null)).toBe('null')
    expect(toJson(undefined)).toBe('null')
    const loop: Record<string, unknown> = {}
    loop.self = loop
    expect(() => toJson(loop)).toThrow(TypeError)
    const shared = { a: 1 }
    expect(toJson([shared, shared])).toBe('[{"a":1},{"a":1}]')
  })

  it('keeps an own __proto__ key an own property', () => {
    const value = toJsonValue(JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.hasOwn(value, '__proto__')).toBe(true)
    expect(toJson(value)).toBe('{"__proto__":{"polluted":true}}')
  })

  it('gives plain data', () => {
    const value = toJsonValue({ at: new Date(0), n: 1n }) as Record<string, unknown>
    expect(value).toEqual({ at: '1970-01-01T00:00:00.000Z', n: '1' })
  })
})

describe('project', () => {
  it('drops undeclared properties, recursively, and keeps declared order', () => {
    const shape = { props: { id: 0, owner: { props: { name: 0 } }, tags: { items: { props: { k: 0 } } } } } as const
    const value = { secret: 'x', tags: [{ k: 'a', v: 1 }], owner: { name: 'Ann', password: 'p' }, id: 7 }
    expect(JSON.stringify(project(value, shape))).toBe('{"id":7,"owner":{"name":"Ann"},"tags":[{"k":"a"}]}')
  })

  it('keeps the other keys of an index signature, projected by it', () => {
    const shape = { props: { total: 0 }, rest: { props: { n: 0 } } } as const
    expect(project({ a: { n: 1, x: 2 }, total: 3, b: { n: 4 } }, shape)).toEqual({ total: 3, a: { n: 1 }, b: { n: 4 } })
  })

  it('projects Maps, Sets and nullables, and serialises what is kept', () => {
    const shape = { props: { byName: { props: {}, rest: { props: { at: 0 } } }, seen: { items: 0 }, maybe: { nullable: { props: { a: 0 } } } } } as const
    const value = {
      byName: new Map([['x', { at: new Date(0), junk: 1 }]]),
      seen: new Set([1n, 2n]),
      maybe: null,
    }
    expect(project(value, shape)).toEqual({ byName: { x: { at: '1970-01-01T00:00:00.000Z' } }, seen: ['1', '2'], maybe: null })
    expect(project({ ...value, maybe: { a: 1, b: 2 } }, shape)).toMatchObject({ maybe: { a: 1 } })
  })

  it('reads declared members through getters', () => {
    class Point {
      #x = 1
      get x() {
        return this.#x
      }
      hidden = true
    }
    expect(project(new Point(), { props: { x: 0 } })).toEqual({ x: 1 })
  })
})

describe('project: unions, tuples and Map values (issue 17, item 1)', () => {
  const OK = { has: ['ok', 'value'], is: { ok: [true] }, only: ['ok', 'value'] } as const
  const FAILED = { has: ['ok', 'error'], is: { ok: [false] }, only: ['ok', 'error'] } as const
  const result = { anyOf: [[OK, { props: { ok: 0, value: 0 } }], [FAILED, { props: { ok: 0, error: 0 } }]] } as const

  it('projects a union by the branch the value matches, dropping what that branch lacks', () => {
    expect(JSON.stringify(project({ ok: true, value: 'v', apiKey: 'sk-1' }, result))).toBe('{"ok":true,"value":"v"}')
    expect(JSON.stringify(project({ apiKey: 'sk-1', error: 'e', ok: false }, result))).toBe('{"ok":false,"error":"e"}')
    // A class instance is tested by what it is written with, its getters too.
    class Row {
      secret = 's'
      get ok() { return true }
      get value() { return 'from a getter' }
    }
    expect(project(new Row(), result)).toEqual({ ok: true, value: 'from a getter' })
  })

  it('leaves out a value no branch matches, rather than sending it', () => {
    expect(project({ ok: 'maybe', apiKey: 'sk-1' }, result)).toBeUndefined()
    expect(project('text', result)).toBeUndefined()
    expect(JSON.stringify(project({ r: { apiKey: 'sk-1' }, n: 1 }, { props: { r: result, n: 0 } }))).toBe('{"n":1}')
    expect(JSON.stringify(project([{ apiKey: 'sk-1' }, { ok: true, value: 'v' }], { items: result }))).toBe('[null,{"ok":true,"value":"v"}]')
  })

  it('prefers the branch that declares every key, then the one that declares the most', () => {
    const a = { has: ['a'], only: ['a'] } as const
    const ab = { has: ['a'], only: ['a', 'b'] } as const
    const shape = { anyOf: [[a, { props: { a: 0 } }], [ab, { props: { a: 0, b: 0 } }]] } as const
    expect(project({ a: 1, b: 2 }, shape)).toEqual({ a: 1, b: 2 })
    expect(project({ a: 1, b: 2, secret: 3 }, shape)).toEqual({ a: 1, b: 2 })
    expect(project({ a: 1, secret: 3 }, shape)).toEqual({ a: 1 })
    // A key whose value is undefined is not written, so it does not count.
    expect(project({ a: 1, b: undefined }, shape)).toEqual({ a: 1 })
  })

  it('tests a value as the JSON it becomes: a Date or bigint is a string, a Set an array, a Map an object', () => {
    const shape = { anyOf: [['string', 0], ['array', 0], [{ has: ['k'], only: ['k'] }, { props: { k: 0 } }]] } as const
    expect(project(new Date(0), shape)).toBe('1970-01-01T00:00:00.000Z')
    expect(project(5n, shape)).toBe('5')
    expect(project(new Set([1]), shape)).toEqual([1])
    expect(project(new Map([['k', 1], ['x', 2]]), shape)).toEqual({ k: 1 })
    expect(project(7, shape)).toBeUndefined()
  })

  it('a tuple keeps its positions, each projected, and drops positions past them', () => {
    const shape = { tuple: [{ props: { a: 0 } }, 0] } as const
    expect(project([{ a: 1, secret: 2 }, 'x', { leaked: true }], shape)).toEqual([{ a: 1 }, 'x'])
    expect(project([{ a: 1 }], shape)).toEqual([{ a: 1 }, null])
  })

  it("a Map's values are projected", () => {
    const shape = { props: {}, rest: { props: { b: 0 } } } as const
    expect(project(new Map([['x', { b: 1, token: 't' }]]), shape)).toEqual({ x: { b: 1 } })
  })

  it('json with a shape: one text part with the projected JSON; undefined is no content', () => {
    const plan = { kind: 'json', shape: { items: { props: { name: 0 } } } } as const
    expect(shapeResult([{ name: 'Ann', hash: 'h' }], plan)).toEqual({ content: [{ type: 'text', text: '[{"name":"Ann"}]' }] })
    expect(shapeResult(undefined, plan)).toEqual({ content: [] })
    expect(shapeResult(null, { kind: 'json', shape: { nullable: { props: { a: 0 } } } })).toEqual({ content: [{ type: 'text', text: 'null' }] })
  })

  it('structured: the text mirror is the projected value too', () => {
    const plan = { kind: 'structured', shape: { props: { result } } } as const
    const shaped = shapeResult({ result: { ok: true, value: 'v', apiKey: 'sk-1' }, apiKey: 'sk-1' }, plan)
    expect(shaped).toEqual({ content: [{ type: 'text', text: '{"result":{"ok":true,"value":"v"}}' }], structuredContent: { result: { ok: true, value: 'v' } } })
  })
})

describe('shapeResult', () => {
  it('void: no content', () => {
    expect(shapeResult(undefined, { kind: 'void' })).toEqual({ content: [] })
    expect(shapeResult('ignored', { kind: 'void' })).toEqual({ content: [] })
  })

  it('text: one text part with the string itself', () => {
    expect(shapeResult('hello "x"', { kind: 'text' })).toEqual({ content: [{ type: 'text', text: 'hello "x"' }] })
  })

  it('content: the part, or the parts', () => {
    const part = image(new Uint8Array([1]), 'image/png')
    expect(shapeResult(part, { kind: 'content' })).toEqual({ content: [{ type: 'image', data: 'AQ==', mimeType: 'image/png' }] })
    const parts = [text('a'), resourceLink('https://example.com/r', 'r')]
    expect(shapeResult(parts, { kind: 'content' })).toEqual({ content: parts })
  })

  it('raw: a ToolResult passes through as it is', () => {
    const result: ToolResult = { content: [text('x')], isError: true, _meta: { a: 1 } }
    expect(shapeResult(result, { kind: 'raw' })).toBe(result)
  })

  it('structured: structuredContent projected and serialised, plus one text part with that JSON', () => {
    const shape = { props: { id: 0, at: 0, size: 0, tags: 0, meta: 0, blob: 0 } } as const
    const value = {
      id: 1,
      at: new Date(Date.UTC(2026, 0, 2)),
      size: 9007199254740993n,
      tags: new Set(['a']),
      meta: new Map([['k', 'v']]),
      blob: new Uint8Array([255]),
      internal: 'dropped',
    }
    const result = shapeResult(value, { kind: 'structured', shape })
    const json = '{"id":1,"at":"2026-01-02T00:00:00.000Z","size":"9007199254740993","tags":["a"],"meta":{"k":"v"},"blob":"/w=="}'
    expect(result.content).toEqual([{ type: 'text', text: json }])
    expect(result.structuredContent).toEqual(JSON.parse(json))
    expect(result.structuredContent!.at).toBe('2026-01-02T00:00:00.000Z')
    expect(Object.keys(result)).toEqual(['content', 'structuredContent'])
  })

  it('json: one text part with the JSON; null is the text null', () => {
    expect(shapeResult(42, { kind: 'json' })).toEqual({ content: [{ type: 'text', text: '42' }] })
    expect(shapeResult(null, { kind: 'json' })).toEqual({ content: [{ type: 'text', text: 'null' }] })
    expect(shapeResult([new Date(0), 1n], { kind: 'json' })).toEqual({
      content: [{ type: 'text', text: '["1970-01-01T00:00:00.000Z","1"]' }],
    })
    expect(shapeResult({ a: { b: 1 } }, { kind: 'json' })).toEqual({ content: [{ type: 'text', text: '{"a":{"b":1}}' }] })
    expect(shapeResult(undefined, { kind: 'json' })).toEqual({ content: [] })
  })

  it('inspect: decided from the value', () => {
    const inspect = { kind: 'inspect' } as const
    expect(shapeResult('hi', inspect)).toEqual({ content: [{ type: 'text', text: 'hi' }] })
    expect(shapeResult(undefined, inspect)).toEqual({ content: [] })
    expect(shapeResult(text('part'), inspect)).toEqual({ content: [{ type: 'text', text: 'part' }] })
    expect(shapeResult([text('a'), text('b')], inspect)).toEqual({ content: [text('a'), text('b')] })
    const result: ToolResult = { content: [text('r')], structuredContent: { a: 1 } }
    expect(shapeResult(result, inspect)).toBe(result)
    expect(shapeResult({ n: 1n }, inspect)).toEqual({ content: [{ type: 'text', text: '{"n":"1"}' }] })
    expect(shapeResult([], inspect)).toEqual({ content: [{ type: 'text', text: '[]' }] })
    expect(shapeResult(null, inspect)).toEqual({ content: [{ type: 'text', text: 'null' }] })
    expect(shapeResult({ type: 'text' }, inspect)).toEqual({ content: [{ type: 'text', text: '{"type":"text"}' }] })
  })

  it('a value that does not fit its declared plan is inspected, never sent malformed', () => {
    expect(shapeResult(5, { kind: 'text' })).toEqual({ content: [{ type: 'text', text: '5' }] })
    expect(shapeResult(null, { kind: 'structured', shape: { props: {} } })).toEqual({ content: [{ type: 'text', text: 'null' }] })
    expect(shapeResult('x', { kind: 'raw' })).toEqual({ content: [{ type: 'text', text: 'x' }] })
    expect(shapeResult({ a: 1 }, { kind: 'content' })).toEqual({ content: [{ type: 'text', text: '{"a":1}' }] })
  })
})
