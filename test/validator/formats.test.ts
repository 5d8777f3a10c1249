/**
 * mcp-aot's own run-time helpers against ajv's: the format checks the generated code calls have the shape
 * ajv-formats gives them and the same answers (except the listed cases where ajv-formats strays from the
 * RFCs); ucs2length and equal agree with ajv's runtime helpers.
 */
import { describe, expect, it } from 'vitest'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import * as ajvUcs2length from 'ajv/dist/runtime/ucs2length.js'
import * as ajvEqual from 'ajv/dist/runtime/equal.js'
import { formats } from '../../src/runtime/validators/formats.ts'
import { parseDateTime } from '../../src/runtime/validators/formats.ts'
import { ucs2length } from '../../src/runtime/validators/ucs2length.ts'
import { equal } from '../../src/runtime/validators/equal.ts'
import * as internal from '../../src/runtime/internal.ts'

/** A CommonJS module's `exports.default`, however the loader presents it. */
const cjsDefault = <T>(module: object): T => {
  const d = (module as { default: unknown }).default
  return (typeof d === 'function' ? d : (d as { default: unknown }).default) as T
}

type Check = ((s: string) => boolean) | { validate: ((s: string) => boolean) | RegExp } | RegExp
const run = (check: Check, s: string): boolean =>
  typeof check === 'function' ? check(s) : check instanceof RegExp ? check.test(s) : typeof check.validate === 'function' ? check.validate(s) : check.validate.test(s)

const corpus: Record<keyof typeof formats, string[]> = {
  date: ['2026-05-01', '2024-02-29', '2023-02-29', '1900-02-29', '2000-02-29', '0000-01-01', '2026-00-10', '2026-12-31',
    '2026-12-32', '2026-04-31', '2026-04-30', '26-05-01', '2026-05-1', '2026-05-01 ', '２０２６-05-01', ''],
  time: ['14:30:00Z', '14:30:00z', '14:30:00', '14:30:00+02:00', '14:30:00+0200', '14:30:00+02', '14:30:00-23:59',
    '14:30:00+24:00', '14:30:00+02:60', '23:59:60Z', '23:59:60.999Z', '23:59:61Z', '00:59:60+01:00', '22:59:60-01:00',
    '12:00:60Z', '24:00:00Z', '24:59:30+01:00', '23:60:00Z', '14:30:00.123456789Z', '14:30:00.Z', '1:30:00Z', '14:30Z',
    '00:00:60+00:01'],
  'date-time': ['2026-05-01T14:30:00Z', '2026-05-01t14:30:00z', '2026-05-01 14:30:00Z', '2026-05-01\t14:30:00Z',
    '2026-05-01T14:30:00', '2026-02-30T00:00:00Z', '2026-05-01TT14:30:00Z', '2026-05-01T14:30:00ZT',
    '2016-12-31T23:59:60Z', '2026-05-01T14:30:00.5+05:45', '2026-05-01'],
  uri: ['https://example.com', 'https://example.com/a/b?c=d#e', 'http://user:pw@example.com:8080/p', 'urn:isbn:0451450523',
    'mailto:a@example.com', 'http://[::1]/', 'http://[v1.fe]/', 'http://[::g]/', 'foo:', 'foo:?q', 'foo:#f', 'http:/x',
    'http:/[::1]', 'http://a b', '/rel', 'rel', 'example.com', 'HTTP://EXAMPLE.COM/%7E', 'http://x/%zz', 'a1+-.:x',
    '1a:x', 'http://例え.jp', 'http://x/ä', '', ':x', 'http://x/"q"', 'http://x/<>', 'file:///etc/passwd',
    'data:text/plain,hi', 'tel:+1-816-555-1212', 'http://192.168.0.1:/', 'http://x?a=b/c?d', 'http://[2001:db8::7]:80/x'],
}

/** Where ajv-formats 3.0.1 departs from RFC 3339/3986 and mcp-aot does not: [format, text, mcp-aot's answer]. */
const divergences: [string, string, boolean][] = [
  ['time', '24:59:30+01:00', false],
  ['date-time', '2026-05-01\t14:30:00Z', false],
  ['uri', 'foo:', true],
  ['uri', 'foo:?q', true],
  ['uri', 'foo:#f', true],
  ['uri', 'http:/[::1]', false],
]

describe('formats', () => {
  it('has exactly the function formats, in the shape ajv-formats gives them', () => {
    expect(Object.keys(formats).sort()).toEqual(['date', 'date-time', 'time', 'uri'])
    for (const [name, check] of Object.entries(formats)) {
      const theirs = (fullFormats as Record<string, unknown>)[name]
      expect(typeof check, name).toBe(typeof theirs)
      if (typeof theirs === 'object') expect(typeof (check as { validate: unknown }).validate).toBe('function')
    }
  })

  for (const [name, texts] of Object.entries(corpus)) {
    it(`${name} answers as ajv-formats full mode does`, () => {
      for (const text of texts) {
        const divergence = divergences.find(([f, t]) => f === name && t === text)
        const ours = run((formats as Record<string, Check>)[name]!, text)
        const theirs = run((fullFormats as Record<string, Check>)[name]!, text)
        if (divergence) {
          expect(ours, JSON.stringify(text)).toBe(divergence[2])
          expect(theirs, JSON.stringify(text)).toBe(!divergence[2])
        } else {
          expect(ours, JSON.stringify(text)).toBe(theirs)
        }
      }
    })
  }

  it('parseDateTime gives the instant, honouring the offset', () => {
    expect(parseDateTime('2026-05-01T14:30:00Z')).toBe(Date.UTC(2026, 4, 1, 14, 30))
    expect(parseDateTime('2026-05-01T14:30:00.1239+02:00')).toBe(Date.UTC(2026, 4, 1, 12, 30, 0, 123))
    expect(parseDateTime('2026-05-01 00:15:00-0130')).toBe(Date.UTC(2026, 4, 1, 1, 45))
    expect(parseDateTime('0005-01-01T00:00:00Z')).toBe(new Date('0005-01-01T00:00:00Z').getTime())
    expect(parseDateTime('2016-12-31T23:59:60Z')).toBe(Date.UTC(2017, 0, 1))
    expect(parseDateTime('2026-02-29T00:00:00Z')).toBeUndefined()
    expect(parseDateTime('2026-05-01T14:30:00')).toBeUndefined()
  })
})

describe('ucs2length', () => {
  it('counts code points as ajv does', () => {
    const ajvLength = cjsDefault<(s: string) => number>(ajvUcs2length)
    for (const s of ['', 'abc', '😀', 'a😀b', '\ud83d', '\ude00', '\ude00\ud83d', '\ud83d\ud83d\ude00', 'é', 'e\u0301', '𝄞𝄞']) {
      expect(ucs2length(s), JSON.stringify(s)).toBe(ajvLength(s))
    }
    expect(ucs2length('😀😀')).toBe(2)
    expect(ucs2length('\ud83d')).toBe(1)
  })
})

describe('equal', () => {
  it('compares JSON values deeply, as ajv does', () => {
    const ajvDeepEqual = cjsDefault<(a: unknown, b: unknown) => boolean>(ajvEqual)
    const values: unknown[] = [null, 0, 1, '1', true, false, [], {}, [1, 2], [2, 1], [1, [2]], { a: 1 }, { a: 1, b: 2 },
      { b: 2, a: 1 }, { a: [1, { b: null }] }, { a: [1, { b: 0 }] }, { a: undefined }, { b: undefined }, [null], [[]]]
    for (const a of values) {
      for (const b of values) {
        expect(equal(a, b), `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(ajvDeepEqual(a, b))
      }
    }
    expect(equal({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true)
    expect(equal([1, 2], { 0: 1, 1: 2 })).toBe(false)
  })
})

describe('mcp-aot/internal', () => {
  it('exports the table constructors (a module\'s, a barrel\'s), the helpers (each format on its own) and the optional runtime parts, nothing else', () => {
    expect(Object.keys(internal).sort()).toEqual([
      'appsFeature',
      'contentResult',
      'contextRunner',
      'equal',
      'format_date',
      'format_date_time',
      'format_time',
      'format_uri',
      'handWrittenRules',
      'inspectResult',
      'jsonResult',
      'lenient',
      'paramHeadersFeature',
      'profilesFeature',
      'promptsFeature',
      'rawResult',
      'reexport',
      'resourcesFeature',
      'reviver',
      'scopesFeature',
      'serverCard',
      'signalRunner',
      'skillResources',
      'skillsFeature',
      'structuredResult',
      'table',
      'textResult',
      'ucs2length',
      'voidResult',
    ])
  })
})
