/**
 * Unions revived by the branch the value matched, string-or-nothing results, and argument names that
 * Object.prototype also has: end to end through the esbuild plugin and a tools/call.
 */
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import type { McpServer } from '../../src/runtime/shared/api.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'
import { legacyRequest, send } from '../runtime/helpers.ts'

let server: McpServer<any>
beforeAll(async () => {
  server = await loadWorker(await bundleWorker(fileURLToPath(new URL('./fixtures/shapes-worker.ts', import.meta.url))))
})

async function call(name: string, args: unknown): Promise<any> {
  const reply = await send(server, legacyRequest('tools/call', { name, arguments: args }))
  expect(reply.status).toBe(200)
  return reply.body.result
}

/** The text of a result's one text part, parsed. */
async function seen(name: string, args: unknown): Promise<unknown> {
  const result = await call(name, args)
  expect(result.isError).toBeUndefined()
  expect(result.content).toHaveLength(1)
  return JSON.parse(result.content[0].text)
}

const ARGS = {
  at: '2026-05-01T10:00:00Z',
  span: { kind: 'range', from: '2026-05-01T00:00:00Z' },
  big: '12345678901234567890',
  maybe: '2026-01-02T00:00:00Z',
  site: 'https://example.com/a',
  blob: 'aGk=',
  tags: ['x', 'y'],
  counts: { a: '2026-01-03T00:00:00Z' },
  many: ['2026-01-04T00:00:00Z', 7],
  byKey: { a: 'never', b: '2026-01-05T00:00:00Z' },
  pair: ['2026-01-06T00:00:00Z', '9'],
  nested: { inner: { when: '2026-01-07T00:00:00Z' } },
}

describe('revival inside unions, by the branch the value matched', () => {
  it('revives the Date, URL, bigint, Uint8Array, Set and Map branches at every depth', async () => {
    expect(await seen('unions', ARGS)).toEqual({
      at: 'Date 2026-05-01T10:00:00.000Z',
      span: { kind: 'range', from: 'Date 2026-05-01T00:00:00.000Z' },
      big: 'bigint 12345678901234567890',
      maybe: 'Date 2026-01-02T00:00:00.000Z',
      site: 'URL https://example.com/a',
      blob: 'Uint8Array 104,105',
      tags: 'Set ["x","y"]',
      counts: 'Map [["a","Date 2026-01-03T00:00:00.000Z"]]',
      many: ['Date 2026-01-04T00:00:00.000Z', 7],
      byKey: { a: 'never', b: 'Date 2026-01-05T00:00:00.000Z' },
      pair: ['Date 2026-01-06T00:00:00.000Z', 'bigint 9'],
      nested: { inner: { when: 'Date 2026-01-07T00:00:00.000Z' } },
    })
  })

  it('leaves the other branches as they came', async () => {
    const plain = {
      at: 5,
      span: { kind: 'all' },
      big: 3.5,
      maybe: null,
      site: { host: 'h' },
      blob: [1, 2],
      tags: false,
      counts: 'none',
      pair: [1, true],
      nested: { inner: { when: 'now' } },
    }
    expect(await seen('unions', { ...ARGS, ...plain })).toMatchObject(plain)
    expect(await seen('unions', { ...ARGS, ...plain, nested: { inner: null } })).toMatchObject({ nested: { inner: null } })
  })

  it('a revived branch that cannot be converted is an argument error, not a failed tool', async () => {
    const result = await call('unions', { ...ARGS, blob: 'aGk' })
    expect(result).toEqual({ content: [{ type: 'text', text: "Argument 'blob' is not a valid base64." }], isError: true })
  })
})

describe('argument errors inside unions', () => {
  /** The argument lines of a call of `unions` with ARGS changed by `patch`. */
  async function lines(patch: Record<string, unknown>): Promise<string[]> {
    const result = await call('unions', { ...ARGS, ...patch })
    expect(result.isError).toBe(true)
    return result.content[0].text.split('\n')
  }

  it('a tagged union (Span) reports the branch its kind selects, or the tag itself', async () => {
    expect(await lines({ span: { kind: 'range' } })).toEqual(["Argument 'span.from' is required."])
    expect(await lines({ span: { kind: 'range', from: '2026-05-01', too: '2026-05-02T00:00:00Z' } })).toEqual([
      "Unknown argument 'span.too'; did you mean 'span.to'?",
      'Argument \'span.from\' must be a valid date-time, e.g. 2026-01-31T09:00:00Z (got "2026-05-01").',
    ])
    expect(await lines({ span: { kind: 'all', from: '2026-05-01T00:00:00Z' } })).toEqual(["Unknown argument 'span.from'."])
    expect(await lines({ span: { kind: 'some' } })).toEqual(['Argument \'span.kind\' must be one of: range, all (got "some").'])
    expect(await lines({ span: { from: '2026-05-01T00:00:00Z' } })).toEqual(["Argument 'span.kind' is required (one of: range, all)."])
    expect(await lines({ span: 'all' })).toEqual(['Argument \'span\' must be an object {kind: "range" | "all"} (got "all").'])
  })

  it('a union whose branches take different kinds reports the branch the value\'s kind selects', async () => {
    expect(await lines({ at: 'soon' })).toEqual(['Argument \'at\' must be a valid date-time, e.g. 2026-01-31T09:00:00Z (got "soon").'])
    expect(await lines({ big: '1.5' })).toEqual(['Argument \'big\' must match the pattern ^-?[0-9]+$ (got "1.5").'])
    expect(await lines({ site: { hots: 'h' } })).toEqual(["Argument 'site.host' is required.", "Unknown argument 'site.hots'; did you mean 'site.host'?"])
    expect(await lines({ blob: [1, 'x'] })).toEqual(['Argument \'blob[1]\' must be a number (got "x").'])
    expect(await lines({ counts: 'some' })).toEqual(['Argument \'counts\' must be an object or "none" (got "some").'])
    expect(await lines({ pair: ['2026-01-06T00:00:00Z', 2] })).toEqual(["Argument 'pair[1]' must be a string or a boolean (got 2)."])
  })

  it('a value of a kind no branch takes, or a union no kind tells apart, names the alternatives', async () => {
    expect(await lines({ at: true })).toEqual(["Argument 'at' must be a string (date-time) or a number (got true)."])
    expect(await lines({ tags: 'x' })).toEqual(['Argument \'tags\' must be an array of strings or a boolean (got "x").'])
    expect(await lines({ many: [null] })).toEqual(["Argument 'many[0]' must be a string (date-time) or a number (got null)."])
    expect(await lines({ nested: { inner: { when: 'later' } } })).toEqual(['Argument \'nested.inner.when\' must be a string (date-time) or "now" (got "later").'])
    // Null is allowed: the line says so.
    expect(await lines({ maybe: 5 })).toEqual(["Argument 'maybe' must be a string or null (got 5)."])
  })
})

describe('string results that may be null or undefined', () => {
  it.each([
    ['maybe_name', 'user a'],
    ['optional_name', 'user b'],
    ['later_name', 'user c'],
  ])('%s: the string is one text part, not JSON; null or undefined is no content', async (name, text) => {
    expect(await call(name, { found: true })).toEqual({ content: [{ type: 'text', text }] })
    expect(await call(name, { found: false })).toEqual({ content: [] })
  })
})

describe('names Object.prototype also has', () => {
  it('an absent parameter named toString, constructor, valueOf or hasOwnProperty is undefined', async () => {
    expect(await seen('inherited', {})).toEqual({ toString: 'undefined', constructor: 'undefined', valueOf: 'undefined', hasOwnProperty: 'undefined' })
    expect(await seen('inherited', { toString: 'a', constructor: 1, valueOf: true, hasOwnProperty: 'b' })).toEqual({
      toString: 'string',
      constructor: 'number',
      valueOf: 'boolean',
      hasOwnProperty: 'string',
    })
  })

  it('a required property named like an inherited member must be sent: the inherited one never counts', async () => {
    expect(await call('owned', { scores: {} })).toEqual({ content: [{ type: 'text', text: "Argument 'valueOf' is required." }], isError: true })
    expect(await call('inherited', { toString: 5 })).toMatchObject({ isError: true })
  })

  it('reads own properties only, and revives one named constructor', async () => {
    expect(await seen('owned', { valueOf: 2, scores: {} })).toEqual({ toString: 'undefined', constructor: 'undefined', valueOf: 2, scores: {}, keys: [] })
    expect(await seen('owned', { valueOf: 2, constructor: '2026-01-01T00:00:00Z', scores: { toString: 1 } })).toMatchObject({
      constructor: 'Date 2026-01-01T00:00:00.000Z',
      scores: { toString: 1 },
    })
  })

  it('a JSON key __proto__ is an own key: refused where undeclared, validated as a record entry, never a prototype', async () => {
    const proto = (json: string) => send(server, legacyRequest('tools/call', { name: 'owned', arguments: JSON.parse(json) }))
    const unknown = await proto('{"valueOf": 2, "__proto__": {"polluted": true}, "scores": {}}')
    expect(unknown.body.result).toEqual({ content: [{ type: 'text', text: "Unknown argument '__proto__'." }], isError: true })
    const bad = await proto('{"valueOf": 2, "scores": {"__proto__": "x"}}')
    expect(bad.body.result).toEqual({ content: [{ type: 'text', text: 'Argument \'scores.__proto__\' must be a number (got "x").' }], isError: true })
    const good = await proto('{"valueOf": 2, "scores": {"__proto__": 3}}')
    expect(JSON.parse(good.body.result.content[0].text)).toMatchObject({ scores: { ['__proto__']: 3 }, keys: ['__proto__'] })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('a declared result property named toString or constructor is sent only when the value has it', async () => {
    expect((await call('shown', { withString: false })).structuredContent).toEqual({ name: 'n' })
    expect((await call('shown', { withString: true })).structuredContent).toEqual({ toString: 's', name: 'n' })
  })
})

describe('recursive types', () => {
  it('tools/list writes $defs once and $ref where the type recurses', async () => {
    const reply = await send(server, legacyRequest('tools/list', {}))
    const tool = reply.body.result.tools.find((t: { name: string }) => t.name === 'thread')
    expect(JSON.stringify(tool.outputSchema)).toBe(
      '{"type":"object","properties":{"text":{"type":"string"},"at":{"type":"string","format":"date-time"},"replies":{"type":"array","items":{"$ref":"#/$defs/Comment"}}},"required":["text","at","replies"],"additionalProperties":false,' +
        '"$defs":{"Comment":{"type":"object","properties":{"text":{"type":"string"},"at":{"type":"string","format":"date-time"},"replies":{"type":"array","items":{"$ref":"#/$defs/Comment"}}},"required":["text","at","replies"],"additionalProperties":false}}}',
    )
  })

  it('validates and revives at every depth', async () => {
    const args = {
      thread: { text: 'a', at: '2026-01-01T00:00:00Z', replies: [{ text: 'b', at: '2026-01-02T00:00:00Z', replies: [{ text: 'c', at: '2026-01-03T00:00:00Z', replies: [] }] }] },
      tree: { v: '1', kids: [{ v: '2', kids: [{ v: '-3', kids: [] }] }] },
      filter: { and: [{ field: 'f', eq: 'x' }, { not: { after: '2026-01-04T00:00:00Z' } }] },
      folder: { name: 'root', files: { a: '2026-01-05T00:00:00Z', sub: { name: 'sub', parent: null, files: { b: '2026-01-06T00:00:00Z' } } } },
    }
    expect(await seen('recursive', args)).toEqual({
      thread: {
        text: 'a', at: 'Date 2026-01-01T00:00:00.000Z',
        replies: [{ text: 'b', at: 'Date 2026-01-02T00:00:00.000Z', replies: [{ text: 'c', at: 'Date 2026-01-03T00:00:00.000Z', replies: [] }] }],
      },
      tree: { v: 'bigint 1', kids: [{ v: 'bigint 2', kids: [{ v: 'bigint -3', kids: [] }] }] },
      filter: { and: [{ field: 'f', eq: 'x' }, { not: { after: 'Date 2026-01-04T00:00:00.000Z' } }] },
      folder: { name: 'root', files: { a: 'Date 2026-01-05T00:00:00.000Z', sub: { name: 'sub', parent: null, files: { b: 'Date 2026-01-06T00:00:00.000Z' } } } },
    })
    const bad = await call('recursive', { ...args, thread: { ...args.thread, replies: [{ text: 'b', at: 'yesterday', replies: [{ text: 1, at: '2026-01-03T00:00:00Z' }] }] } })
    expect(bad).toEqual({
      content: [{ type: 'text', text: ['Argument \'thread.replies[0].at\' must be a valid date-time, e.g. 2026-01-31T09:00:00Z (got "yesterday").', "Argument 'thread.replies[0].replies[0].replies' is required.", "Argument 'thread.replies[0].replies[0].text' must be a string (got 1)."].join('\n') }],
      isError: true,
    })
  })

  it('projects a recursive result at every depth', async () => {
    const result = await call('thread', { depth: 2 })
    expect(result.structuredContent).toEqual({
      text: 'c0', at: '2026-01-01T00:00:00.000Z',
      replies: [{ text: 'c1', at: '2026-01-02T00:00:00.000Z', replies: [{ text: 'c2', at: '2026-01-03T00:00:00.000Z', replies: [] }] }],
    })
  })
})
