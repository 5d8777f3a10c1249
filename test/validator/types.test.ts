/**
 * Every row of SCHEMA.md's Types table: the fragment as SCHEMA.md writes it, inside a closed object,
 * compiled to a standalone validator and loaded as an ES module. Valid values pass; invalid ones fail
 * with the exact argument error lines.
 */
import { describe, expect, it } from 'vitest'
import { closed, linesFor, load } from './load.ts'
import type { ValidateFn } from '../../src/runtime/shared/table.ts'

/** A validator for `{ p: fragment }`, p required. */
const one = (fragment: object): Promise<ValidateFn> => load(closed({ p: fragment }))

function accepts(validate: ValidateFn, ...values: unknown[]): void {
  for (const p of values) expect(linesFor(validate, { p }), JSON.stringify(p)).toEqual([])
}

function refuses(validate: ValidateFn, p: unknown, lines: string[]): void {
  expect(linesFor(validate, { p }), JSON.stringify(p)).toEqual(lines)
}

describe('primitive rows', () => {
  it('boolean', async () => {
    const v = await one({ type: 'boolean' })
    accepts(v, true, false)
    refuses(v, 'true', ['Argument \'p\' must be a boolean (got "true").'])
    refuses(v, null, ["Argument 'p' must be a boolean (got null)."])
  })

  it('number', async () => {
    const v = await one({ type: 'number' })
    accepts(v, 0, -3, 1.5, 1e300)
    refuses(v, '1', ['Argument \'p\' must be a number (got "1").'])
  })

  it('Int', async () => {
    const v = await one({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 })
    accepts(v, 0, -9007199254740991, 9007199254740991, 2.0)
    refuses(v, 1.5, ["Argument 'p' must be an integer (got 1.5)."])
    refuses(v, 9007199254740992, ["Argument 'p' must be <= 9007199254740991 (got 9007199254740992)."])
    refuses(v, -9007199254740992, ["Argument 'p' must be >= -9007199254740991 (got -9007199254740992)."])
  })

  const ranges: [string, number, number][] = [
    ['Int8', -128, 127],
    ['Uint8', 0, 255],
    ['Int16', -32768, 32767],
    ['Uint16', 0, 65535],
    ['Int32', -2147483648, 2147483647],
    ['Uint32', 0, 4294967295],
  ]
  for (const [name, min, max] of ranges) {
    it(name, async () => {
      const v = await one({ type: 'integer', minimum: min, maximum: max })
      accepts(v, min, max)
      refuses(v, min - 1, [`Argument 'p' must be >= ${min} (got ${min - 1}).`])
      refuses(v, max + 1, [`Argument 'p' must be <= ${max} (got ${max + 1}).`])
    })
  }

  it('bigint', async () => {
    const v = await one({ type: 'string', pattern: '^-?[0-9]+$' })
    accepts(v, '0', '-12', '123456789012345678901234567890')
    refuses(v, '1.5', ['Argument \'p\' must match the pattern ^-?[0-9]+$ (got "1.5").'])
    refuses(v, 12, ["Argument 'p' must be a string (got 12)."])
  })

  it('string', async () => {
    const v = await one({ type: 'string' })
    accepts(v, '', 'hello')
    refuses(v, 1, ["Argument 'p' must be a string (got 1)."])
    // An array or object is named by its kind, never echoed.
    refuses(v, ['a'], ["Argument 'p' must be a string (got an array)."])
  })
})

describe('literal and enum rows', () => {
  it('a string enum', async () => {
    const v = await one({ type: 'string', enum: ['low', 'normal', 'high'] })
    accepts(v, 'low', 'high')
    refuses(v, 'urgent', ['Argument \'p\' must be one of: low, normal, high (got "urgent").'])
  })

  it('a numeric enum', async () => {
    const v = await one({ type: 'integer', enum: [1, 2] })
    accepts(v, 1, 2)
    refuses(v, 3, ["Argument 'p' must be one of: 1, 2 (got 3)."])
    // Two rules fail, the type and the enum: one line, the enum's (its values say the type).
    refuses(v, '1', ['Argument \'p\' must be one of: 1, 2 (got "1").'])
  })

  it('a fractional numeric enum', async () => {
    const v = await one({ type: 'number', enum: [0.5, 1] })
    accepts(v, 0.5, 1)
    refuses(v, 2, ["Argument 'p' must be one of: 0.5, 1 (got 2)."])
  })

  it('a true literal', async () => {
    const v = await one({ type: 'boolean', enum: [true] })
    accepts(v, true)
    refuses(v, false, ["Argument 'p' must be one of: true (got false)."])
  })

  it('literals of mixed kinds', async () => {
    const v = await one({ enum: ['auto', 0] })
    accepts(v, 'auto', 0)
    refuses(v, 'manual', ['Argument \'p\' must be one of: auto, 0 (got "manual").'])
    // The echo tells the string "0" from the number 0.
    refuses(v, '0', ['Argument \'p\' must be one of: auto, 0 (got "0").'])
  })
})

describe('converted rows', () => {
  it('Date', async () => {
    const v = await one({ type: 'string', format: 'date-time' })
    accepts(v, '2026-05-01T10:00:00Z', '2026-05-01t10:00:00.123456+02:00', '2024-02-29T23:59:59-05:30', '2016-12-31T23:59:60Z')
    for (const bad of ['2026-02-30T10:00:00Z', '2026-05-01T10:00:00', '2026-05-01', '2026-05-01T25:00:00Z', 'yesterday']) {
      refuses(v, bad, [`Argument 'p' must be a valid date-time, e.g. 2026-01-31T09:00:00Z (got "${bad}").`])
    }
  })

  it('URL', async () => {
    const v = await one({ type: 'string', format: 'uri' })
    accepts(v, 'https://example.com/a/b?c=d#e', 'urn:isbn:0451450523', 'mailto:a@example.com', 'http://[::1]:8080/')
    for (const bad of ['/relative/path', 'example.com', 'https://exa mple.com', '']) {
      refuses(v, bad, [`Argument 'p' must be a valid uri, e.g. https://example.com/path (got "${bad}").`])
    }
  })

  it('Uint8Array', async () => {
    const v = await one({ type: 'string', contentEncoding: 'base64' })
    // contentEncoding is an annotation: any string passes validation; revival checks the base64.
    accepts(v, 'aGVsbG8=', '')
    refuses(v, 5, ["Argument 'p' must be a string (got 5)."])
  })
})

describe('T | null', () => {
  it('a type gains null', async () => {
    const v = await one({ type: ['integer', 'null'], minimum: 1 })
    accepts(v, null, 1)
    refuses(v, 'x', ['Argument \'p\' must be an integer or null (got "x").'])
    refuses(v, 0, ["Argument 'p' must be >= 1 (got 0)."])
  })

  it('an enum gains null last', async () => {
    const v = await one({ type: ['string', 'null'], enum: ['a', 'b', null] })
    accepts(v, 'a', null)
    refuses(v, 'c', ['Argument \'p\' must be one of: a, b, null (got "c").'])
  })

  it('an anyOf gains a last {"type":"null"}', async () => {
    const v = await one({
      anyOf: [{ type: 'string' }, closed({ x: { type: 'integer' } }), { type: 'null' }],
    })
    accepts(v, null, 's', { x: 1 })
    // One branch per kind: an object is checked against the object branch alone.
    refuses(v, { x: 'no' }, ['Argument \'p.x\' must be an integer (got "no").'])
    refuses(v, 5, ["Argument 'p' must be a string, an object {x} or null (got 5)."])
  })

  it('{} is unchanged', async () => {
    const v = await one({})
    accepts(v, null, 1, 'x', [1], { a: { b: null } })
  })
})

describe('collections', () => {
  it('T[]', async () => {
    const v = await one({ type: 'array', items: { type: 'integer' } })
    accepts(v, [], [1, 2, 2])
    refuses(v, [1, 'x', 3, 4.5], ['Argument \'p[1]\' must be an integer (got "x").', "Argument 'p[3]' must be an integer (got 4.5)."])
    refuses(v, { 0: 1 }, ["Argument 'p' must be an array (got an object)."])
  })

  it('Set<T>', async () => {
    const v = await one({ type: 'array', items: { type: 'string' }, uniqueItems: true })
    accepts(v, [], ['a', 'b'])
    refuses(v, ['a', 'b', 'a', 'b'], ["Argument 'p' must not contain duplicates (p[1] and p[3] are equal)."])
  })

  it('Set of objects compares by content', async () => {
    const v = await one({ type: 'array', items: closed({ a: { type: 'integer' }, b: { type: 'integer' } }), uniqueItems: true })
    accepts(v, [{ a: 1, b: 2 }, { a: 2, b: 1 }])
    refuses(v, [{ a: 1, b: 2 }, { b: 2, a: 1 }], ["Argument 'p' must not contain duplicates (p[0] and p[1] are equal)."])
  })

  it('[A, B]', async () => {
    const v = await one({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 2, maxItems: 2 })
    accepts(v, ['a', 1])
    refuses(v, ['a'], ["Argument 'p' must have at least 2 item(s) (got 1)."])
    refuses(v, ['a', 1, 2], ["Argument 'p' must have at most 2 item(s) (got 3)."])
    refuses(v, [1, 'a'], ["Argument 'p[0]' must be a string (got 1).", 'Argument \'p[1]\' must be a number (got "a").'])
  })

  it('Record<string, T> and Map<string, T>', async () => {
    const v = await one({ type: 'object', additionalProperties: { type: 'integer' } })
    accepts(v, {}, { a: 1, 'b c': 2 })
    refuses(v, { a: 1, 'b c': 'x', d: 'y', 7: 'z' }, [
      'Argument \'p[7]\' must be an integer (got "z").',
      'Argument \'p["b c"]\' must be an integer (got "x").',
      'Argument \'p.d\' must be an integer (got "y").',
    ])
    refuses(v, [], ["Argument 'p' must be an object (got an array)."])
  })

  it('named properties with a string index signature', async () => {
    const v = await one({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: { type: 'number' } })
    accepts(v, { id: 'a' }, { id: 'a', score: 1 })
    refuses(v, { extra: 'x' }, ["Argument 'p.id' is required.", 'Argument \'p.extra\' must be a number (got "x").'])
  })

  it("Record<'a' | 'b', T>", async () => {
    const v = await one(closed({ a: { type: 'integer' }, b: { type: 'integer' } }))
    accepts(v, { a: 1, b: 2 })
    // The one known name not given is one edit away from the unknown one.
    refuses(v, { a: 1, c: 3 }, ["Argument 'p.b' is required.", "Unknown argument 'p.c'; did you mean 'p.b'?"])
  })
})

describe('open and object rows', () => {
  it('unknown, any, JsonValue', async () => {
    const v = await one({})
    accepts(v, 0, 'x', true, null, [], {})
  })

  it('object, Record<string, unknown>, JsonObject', async () => {
    const v = await one({ type: 'object' })
    accepts(v, {}, { a: [1, { b: null }] })
    refuses(v, [], ["Argument 'p' must be an object (got an array)."])
    refuses(v, null, ["Argument 'p' must be an object (got null)."])
  })

  it('an interface: a closed object, named by path', async () => {
    const customer = closed({ name: { type: 'string' }, email: { type: 'string', format: 'email' } }, ['name', 'email'])
    const v = await load(closed({ customer }))
    expect(linesFor(v, { customer: { name: 'Ann', email: 'ann@example.com' } })).toEqual([])
    expect(linesFor(v, { customer: { name: 'Ann', email: 'not-an-email' } })).toEqual(['Argument \'customer.email\' must be a valid email, e.g. name@example.com (got "not-an-email").'])
    expect(linesFor(v, { customer: { name: 'Ann' } })).toEqual(["Argument 'customer.email' is required."])
    expect(linesFor(v, { customer: { name: 'Ann', email: 'a@b.co', vip: true } })).toEqual(["Unknown argument 'customer.vip'."])
  })

  it('a union of objects no tag tells apart: one line naming the alternatives, no per-branch lines', async () => {
    const v = await one({
      description: 'A circle or a square.',
      anyOf: [closed({ radius: { type: 'number' } }), closed({ side: { type: 'number' } })],
    })
    accepts(v, { radius: 1 }, { side: 2 })
    refuses(v, { radius: 'x' }, ["Argument 'p' must be an object {radius} or an object {side} (got an object)."])
    refuses(v, 'circle', ['Argument \'p\' must be an object {radius} or an object {side} (got "circle").'])
  })

  it('a union inside an array names the item', async () => {
    const v = await one({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } })
    accepts(v, ['a', 1])
    refuses(v, ['a', true, 2, null], [
      "Argument 'p[1]' must be a string or an integer (got true).",
      "Argument 'p[3]' must be a string or an integer (got null).",
    ])
  })

  it('a branded primitive is the primitive', async () => {
    const v = await one({ type: 'string' })
    accepts(v, 'id-1')
    refuses(v, 1, ["Argument 'p' must be a string (got 1)."])
  })
})

describe('format types', () => {
  // Format, valid values, invalid values, and the example its error line gives (itself valid).
  const cases: [string, unknown[], string[], string][] = [
    ['email', ['a@example.com', 'first.last+tag@sub.example.org'], ['a@', 'a@@b.com', 'plain'], 'name@example.com'],
    ['uri', ['https://example.com'], ['example.com'], 'https://example.com/path'],
    ['uuid', ['123e4567-e89b-12d3-a456-426614174000'], ['123e4567e89b12d3a456426614174000', 'xyz'], '123e4567-e89b-12d3-a456-426614174000'],
    ['date', ['2026-05-01', '2024-02-29'], ['2026-5-1', '2026-02-29', '2026-13-01', '2026-05-01T00:00:00Z'], '2026-01-31'],
    ['time', ['14:30:00Z', '14:30:00.5+02:00', '23:59:60Z'], ['14:30:00', '14:30', '24:00:00Z', '12:00:60Z'], '09:00:00Z'],
    ['date-time', ['2026-05-01T14:30:00Z'], ['2026-05-01T14:30:00'], '2026-01-31T09:00:00Z'],
    ['duration', ['P1D', 'PT1H30M', 'P1W'], ['1D', 'P', 'PT'], 'P1DT2H'],
    ['hostname', ['example.com', 'localhost'], ['-bad.example.com', 'a..b'], 'example.com'],
    ['ipv4', ['192.168.0.1'], ['256.1.1.1', '1.2.3'], '192.0.2.1'],
    ['ipv6', ['::1', '2001:db8::8a2e:370:7334'], ['2001:db8::g', '1:2:3'], '2001:db8::1'],
  ]
  for (const [format, good, bad, example] of cases) {
    it(format, async () => {
      const v = await one({ type: 'string', format })
      accepts(v, ...good, example)
      for (const b of bad) refuses(v, b, [`Argument 'p' must be a valid ${format}, e.g. ${example} (got "${b}").`])
    })
  }
})

describe('constraint tags', () => {
  it('Min and Max', async () => {
    const v = await one({ type: 'integer', minimum: 1, maximum: 10 })
    accepts(v, 1, 10)
    refuses(v, 0, ["Argument 'p' must be >= 1 (got 0)."])
    refuses(v, 11, ["Argument 'p' must be <= 10 (got 11)."])
  })

  it('MinLength and MaxLength on strings count code points', async () => {
    const v = await one({ type: 'string', minLength: 1, maxLength: 3 })
    accepts(v, 'a', 'abc', '😀😀😀')
    // A length rule echoes the length, counted as the rule counts.
    refuses(v, '', ["Argument 'p' must have at least 1 character(s) (got 0)."])
    refuses(v, 'abcd', ["Argument 'p' must have at most 3 character(s) (got 4)."])
    refuses(v, '😀😀😀😀', ["Argument 'p' must have at most 3 character(s) (got 4)."])
  })

  it('MinLength and MaxLength on arrays', async () => {
    const v = await one({ type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5 })
    accepts(v, ['a'])
    refuses(v, [], ["Argument 'p' must have at least 1 item(s) (got 0)."])
    refuses(v, ['a', 'b', 'c', 'd', 'e', 'f'], ["Argument 'p' must have at most 5 item(s) (got 6)."])
  })

  it('Pattern (a u-flag regular expression)', async () => {
    const v = await one({ type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' })
    accepts(v, 'ABC-1234')
    refuses(v, 'abc-1234', ['Argument \'p\' must match the pattern ^[A-Z]{3}-\\d{4}$ (got "abc-1234").'])
    const u = await one({ type: 'string', pattern: '^\\p{Lu}+$' })
    accepts(u, 'ÄÖÜ')
    refuses(u, 'äöü', ['Argument \'p\' must match the pattern ^\\p{Lu}+$ (got "äöü").'])
  })
})

describe('the arguments object', () => {
  const order = closed({
    items: {
      type: 'array',
      items: closed({ sku: { type: 'string' }, qty: { type: 'integer', minimum: 1, maximum: 99 } }),
      minItems: 1,
    },
    note: { type: 'string', maxLength: 80 },
    priority: { type: 'string', enum: ['low', 'normal', 'high'], default: 'normal' },
  }, ['items'])

  it('names a nested argument by path', async () => {
    const v = await load(order)
    const items = [{ sku: 'A', qty: 1 }, { sku: 'B', qty: 2 }, { sku: 'C', qty: 0 }]
    expect(linesFor(v, { items })).toEqual(["Argument 'items[2].qty' must be >= 1 (got 0)."])
  })

  it('reports every error at once, in order', async () => {
    const v = await load(order)
    expect(linesFor(v, { note: 5, colour: 'red', priority: 'asap', size: 1 })).toEqual([
      "Argument 'items' is required.",
      "Unknown argument 'colour'.",
      "Unknown argument 'size'.",
      "Argument 'note' must be a string (got 5).",
      'Argument \'priority\' must be one of: low, normal, high (got "asap").',
    ])
  })

  it('a default is never inserted', async () => {
    const v = await load(order)
    const args = { items: [{ sku: 'A', qty: 1 }] }
    expect(v(args)).toBe(true)
    expect(args).toEqual({ items: [{ sku: 'A', qty: 1 }] })
  })

  it('arguments that are not an object', async () => {
    const v = await load(order)
    expect(linesFor(v, null)).toEqual(['Arguments must be an object (got null).'])
    expect(linesFor(v, [1])).toEqual(['Arguments must be an object (got an array).'])
  })

  it('argument names that are not identifiers', async () => {
    const v = await load(closed({ 'dry-run': { type: 'boolean' }, opts: closed({ 'max depth': { type: 'integer' } }) }))
    expect(linesFor(v, { 'dry-run': 1, opts: { 'max depth': 'x', 'a/b~c': 1 } })).toEqual([
      "Argument 'dry-run' must be a boolean (got 1).",
      'Unknown argument \'opts["a/b~c"]\'.',
      'Argument \'opts["max depth"]\' must be an integer (got "x").',
    ])
  })
})
