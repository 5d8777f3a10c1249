/** Revival: validated JSON → Date, URL, bigint, Uint8Array, Set, Map, by the RevivePlan. */
import { describe, expect, it } from 'vitest'
import { revive } from '../../src/runtime/call/revive.ts'
import type { RevivePlan } from '../../src/runtime/shared/table.ts'

function ok(value: unknown, plan: RevivePlan): unknown {
  const result = revive(value, plan)
  if (!result.ok) throw new Error(`unexpected errors: ${result.errors.join(' | ')}`)
  return result.value
}

function errors(value: unknown, plan: RevivePlan): string[] {
  const result = revive(value, plan)
  if (result.ok) throw new Error('expected revival to fail')
  return result.errors
}

describe('revive', () => {
  it('returns the very same value when the plan is 0', () => {
    const args = { a: [1, 2], b: { c: '2026-01-01T00:00:00Z' } }
    const result = revive(args, 0)
    expect(result).toEqual({ ok: true, value: args })
    expect((result as { value: unknown }).value).toBe(args)
  })

  it('gives a Date for an RFC 3339 date-time, honouring its offset', () => {
    const { when } = ok({ when: '2026-05-01T14:30:00.250+02:00' }, { props: { when: 'date' } }) as { when: Date }
    expect(when).toBeInstanceOf(Date)
    expect(when.toISOString()).toBe('2026-05-01T12:30:00.250Z')
  })

  it('refuses an impossible date', () => {
    expect(errors({ when: '2026-02-30T10:00:00Z' }, { props: { when: 'date' } })).toEqual([
      "Argument 'when' is not a valid date-time.",
    ])
  })

  it('gives a URL', () => {
    const { site } = ok({ site: 'https://example.com/a?b=1' }, { props: { site: 'url' } }) as { site: URL }
    expect(site).toBeInstanceOf(URL)
    expect(site.searchParams.get('b')).toBe('1')
    expect(errors({ site: 'http://[v1.x]/' }, { props: { site: 'url' } })).toEqual(["Argument 'site' is not a valid uri."])
  })

  it('gives a bigint', () => {
    const { n } = ok({ n: '-123456789012345678901234567890' }, { props: { n: 'bigint' } }) as { n: bigint }
    expect(n).toBe(-123456789012345678901234567890n)
    expect(errors({ n: '1e3' }, { props: { n: 'bigint' } })).toEqual(["Argument 'n' is not a valid integer."])
  })

  it('gives a Uint8Array from strict base64', () => {
    const { data } = ok({ data: 'aGVsbG8=' }, { props: { data: 'bytes' } }) as { data: Uint8Array }
    expect(data).toBeInstanceOf(Uint8Array)
    expect(new TextDecoder().decode(data)).toBe('hello')
    expect(errors({ data: 'aGVsbG8' }, { props: { data: 'bytes' } })).toEqual(["Argument 'data' is not a valid base64."])
    expect(errors({ data: 'aGV sbG8=' }, { props: { data: 'bytes' } })).toEqual(["Argument 'data' is not a valid base64."])
  })

  it('gives a Set, its items revived first', () => {
    const { days } = ok({ days: ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'] }, { props: { days: { set: 'date' } } }) as {
      days: Set<Date>
    }
    expect(days).toBeInstanceOf(Set)
    expect([...days].map((d) => d.toISOString())).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'])
    const { tags } = ok({ tags: ['a', 'b'] }, { props: { tags: { set: 0 } } }) as { tags: Set<string> }
    expect([...tags]).toEqual(['a', 'b'])
  })

  it('refuses duplicates that appear only after conversion', () => {
    expect(errors({ ids: ['01', '1', '2'] }, { props: { ids: { set: 'bigint' } } })).toEqual([
      "Argument 'ids' must not contain duplicates.",
    ])
    expect(
      errors({ days: ['2026-01-01T00:00:00Z', '2026-01-01T01:00:00+01:00'] }, { props: { days: { set: 'date' } } }),
    ).toEqual(["Argument 'days' must not contain duplicates."])
    expect(errors({ blobs: ['QQ==', 'QR=='] }, { props: { blobs: { set: 'bytes' } } })).toEqual([
      "Argument 'blobs' must not contain duplicates.",
    ])
    expect(errors({ sites: ['https://a.example', 'HTTPS://A.EXAMPLE/'] }, { props: { sites: { set: 'url' } } })).toEqual([
      "Argument 'sites' must not contain duplicates.",
    ])
    expect(
      errors({ s: [{ at: '2026-01-01T00:00:00Z' }, { at: '2026-01-01T00:00:00.000Z' }] }, { props: { s: { set: { props: { at: 'date' } } } } }),
    ).toEqual(["Argument 's' must not contain duplicates."])
  })

  it('names the item when a Set item cannot be converted', () => {
    expect(errors({ ids: ['1', 'x'] }, { props: { ids: { set: 'bigint' } } })).toEqual(["Argument 'ids[1]' is not a valid integer."])
  })

  it('gives a Map from an object', () => {
    const { at } = ok({ at: { start: '2026-01-01T00:00:00Z', 'the end': '2026-12-31T00:00:00Z' } }, { props: { at: { map: 'date' } } }) as {
      at: Map<string, Date>
    }
    expect(at).toBeInstanceOf(Map)
    expect([...at.keys()]).toEqual(['start', 'the end'])
    expect(at.get('the end')!.getUTCMonth()).toBe(11)
    const { plain } = ok({ plain: { a: 1 } }, { props: { plain: { map: 0 } } }) as { plain: Map<string, number> }
    expect(plain.get('a')).toBe(1)
    expect(errors({ at: { 'the end': 'soon' } }, { props: { at: { map: 'date' } } })).toEqual([
      'Argument \'at["the end"]\' is not a valid date-time.',
    ])
  })

  it('revives nested properties, items, tuples, index signatures and nullables, naming each path', () => {
    const plan: RevivePlan = {
      props: {
        items: { items: { props: { due: { nullable: 'date' }, qty: 0 } } },
        pair: { tuple: [0, 'bigint'] },
        extra: { props: { known: 'url' }, rest: 'bytes' },
      },
    }
    const input = {
      items: [{ due: null, qty: 1 }, { due: '2026-03-01T00:00:00Z', qty: 2 }],
      pair: ['x', '7'],
      extra: { known: 'https://example.com', more: 'AQI=' },
      untouched: { deep: ['2026-03-01T00:00:00Z'] },
    }
    const value = ok(input, plan) as any
    expect(value.items[0].due).toBeNull()
    expect(value.items[1].due).toBeInstanceOf(Date)
    expect(value.pair).toEqual(['x', 7n])
    expect(value.extra.known).toBeInstanceOf(URL)
    expect([...value.extra.more]).toEqual([1, 2])
    expect(value.untouched).toBe(input.untouched)

    expect(
      errors(
        { items: [{ due: null }, { due: 'x' }, { due: '2026-02-29T00:00:00Z' }], pair: ['x', 'y'], extra: { known: 'a:b', more: '!' } },
        plan,
      ),
    ).toEqual([
      "Argument 'items[1].due' is not a valid date-time.",
      "Argument 'items[2].due' is not a valid date-time.",
      "Argument 'pair[1]' is not a valid integer.",
      "Argument 'extra.more' is not a valid base64.",
    ])
  })

  it('leaves omitted optional arguments out', () => {
    const value = ok({}, { props: { when: 'date' } })
    expect(value).toEqual({})
    expect(Object.hasOwn(value as object, 'when')).toBe(false)
  })

  it('never modifies its input, and shares what did not change', () => {
    const input = { when: '2026-01-01T00:00:00Z', list: ['1', '2'], keep: { a: 1 }, same: ['x'] }
    const snapshot = structuredClone(input)
    const value = ok(input, { props: { when: 'date', list: { items: 'bigint' }, same: { items: 0 } } }) as any
    expect(input).toEqual(snapshot)
    expect(value).not.toBe(input)
    expect(value.list).toEqual([1n, 2n])
    expect(value.keep).toBe(input.keep)
    expect(value.same).toBe(input.same)
    // Nothing to convert: the same object comes back.
    const noDates = { list: ['a'] }
    expect(ok(noDates, { props: { when: 'date', list: { items: 0 } } })).toBe(noDates)
  })

  it('keeps an own __proto__ key an own property', () => {
    const input = JSON.parse('{"__proto__": "2026-01-01T00:00:00Z", "b": "1"}')
    const value = ok(input, { props: { b: 'bigint' }, rest: 'date' }) as any
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.hasOwn(value, '__proto__')).toBe(true)
    expect(value['__proto__']).toBeInstanceOf(Date)
    expect(value.b).toBe(1n)
  })
})
