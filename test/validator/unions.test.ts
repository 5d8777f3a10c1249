/**
 * Unions checked by the branch a value selects (src/compiler/schema/union-errors.ts): the verdict is exactly
 * ajv's own anyOf on any JSON value (selecting changes which errors are kept, never whether the value
 * passes), and the lines are the ones docs/results-and-errors.md gives, written here from its rules.
 */
import fc from 'fast-check'
import Ajv2020Module from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { compileValidators } from '../../src/compiler/schema/validator.ts'
import { alternatives, dispatch } from '../../src/compiler/schema/union-errors.ts'
import type { ValidateFn } from '../../src/runtime/shared/table.ts'
import { closed, linesFor, load, loadModule } from './load.ts'

const Ajv2020 = Ajv2020Module.default
const addFormats = addFormatsModule.default

const circle = closed({ kind: { type: 'string', enum: ['circle'] }, radius: { type: 'number', minimum: 0 } })
const rect = closed({ kind: { type: 'string', enum: ['rect'] }, w: { type: 'number' }, h: { type: 'number' } })
const polygon = closed({ kind: { type: 'string', enum: ['polygon'] }, points: { type: 'array', items: { type: 'number' }, minItems: 3 } })
const shape = { anyOf: [circle, rect, polygon] }

/** Union schemas of every form the dispatch reads, and forms it must leave to ajv's plain anyOf. */
const UNIONS: Record<string, object> = {
  tagged: shape,
  taggedNullable: { anyOf: [circle, rect, { type: 'null' }] },
  // Several tag values per branch, a numeric and a boolean tag.
  taggedEnum: { anyOf: [closed({ t: { type: 'string', enum: ['a', 'b'] }, x: { type: 'integer' } }), closed({ t: { type: 'string', enum: ['c'] } })] },
  numericTag: { anyOf: [closed({ v: { type: 'integer', enum: [1] }, a: { type: 'string' } }), closed({ v: { type: 'integer', enum: [2] }, b: { type: 'string' } })] },
  booleanTag: { anyOf: [closed({ ok: { type: 'boolean', enum: [true] }, value: { type: 'integer' } }), closed({ ok: { type: 'boolean', enum: [false] }, error: { type: 'string' } })] },
  // A tag beside other kinds.
  taggedOrString: { anyOf: [{ type: 'string', format: 'date' }, circle, rect] },
  kinds: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'number', minimum: 0 }, { type: 'array', items: { type: 'integer' }, maxItems: 2 }] },
  kindsWithEnum: { anyOf: [{ type: 'string', enum: ['none', 'all'] }, closed({ from: { type: 'integer' } }), { type: 'boolean' }] },
  mixedEnumBranch: { anyOf: [{ enum: ['auto', 0] }, closed({ n: { type: 'integer' } })] },
  nested: { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'integer' }] }, closed({ n: { type: 'integer' } })] },
  typeList: { anyOf: [{ type: ['object', 'null'], properties: { a: { type: 'string' } }, additionalProperties: false }, { type: 'string' }] },
  // Left to the plain anyOf: two object branches no tag tells apart, two string branches, integer and number.
  untaggedObjects: { anyOf: [closed({ a: { type: 'string' } }), closed({ b: { type: 'string' } })] },
  tagNotRequired: { anyOf: [closed({ k: { type: 'string', enum: ['a'] } }, []), closed({ k: { type: 'string', enum: ['b'] } })] },
  tagValueTwice: { anyOf: [closed({ k: { type: 'string', enum: ['a'] }, x: { type: 'integer' } }), closed({ k: { type: 'string', enum: ['a', 'b'] } })] },
  twoStrings: { anyOf: [{ type: 'string', format: 'email' }, { type: 'string', enum: ['none'] }] },
  integerOrNumber: { anyOf: [{ type: 'integer', maximum: 5 }, { type: 'number', minimum: 10 }] },
  objectOrMap: { anyOf: [closed({ id: { type: 'string' } }), { type: 'object', additionalProperties: { type: 'integer' } }] },
}

/** A value near the unions above: their tags, their property names, and any JSON. */
const near: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom('circle', 'rect', 'polygon', 'a', 'b', 'c', 'none', 'all', 'auto', '2026-05-01', '2026-05-01T10:00:00Z', 'x@example.com', 0, 1, 2, 3.5, -1, 12, true, false, null),
    fc.jsonValue({ maxDepth: 2 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.constantFrom('kind', 'radius', 'w', 'h', 'points', 't', 'x', 'v', 'a', 'b', 'ok', 'value', 'error', 'from', 'n', 'k', 'id', 'extra'),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value

describe('a union checked by the branch the value selects', () => {
  it('accepts exactly what ajv\'s own anyOf accepts, on any value', async () => {
    const ajv = new Ajv2020({ allErrors: false, strict: false })
    addFormats(ajv)
    const names = Object.keys(UNIONS)
    const compiled = (await loadModule({ all: compileValidators(Object.fromEntries(names.map((n) => [n, closed({ p: UNIONS[n]! })]))) })).all as unknown as ValidateFn[]
    names.forEach((name, i) => {
      const reference = ajv.compile(closed({ p: UNIONS[name]! }))
      fc.assert(
        fc.property(near, (p) => {
          const ours = compiled[i]!({ p })
          expect(ours, `${name}: ${JSON.stringify(p)}`).toBe(reference({ p }))
          // Refused means at least one argument line.
          if (!ours) expect(linesFor(compiled[i]!, { p }), `${name}: ${JSON.stringify(p)}`).not.toEqual([])
        }),
        { numRuns: 400, seed: 7 + i },
      )
    })
  })

  it('singles out a branch only where a kind or a tag tells the branches apart', () => {
    const self = (b: unknown) => b as Record<string, unknown>
    const routed = (name: string) => dispatch((UNIONS[name] as { anyOf: Record<string, unknown>[] }).anyOf, self)
    for (const name of ['tagged', 'taggedNullable', 'taggedEnum', 'numericTag', 'booleanTag', 'taggedOrString', 'kinds', 'kindsWithEnum', 'mixedEnumBranch', 'nested', 'typeList']) {
      expect(routed(name), name).toBeDefined()
    }
    for (const name of ['untaggedObjects', 'tagNotRequired', 'tagValueTwice', 'twoStrings', 'integerOrNumber', 'objectOrMap']) {
      expect(routed(name), name).toBeUndefined()
    }
    expect(routed('taggedOrString')).toEqual([
      { kinds: ['string'], branch: 0 },
      { kinds: ['object'], tag: 'kind', cases: [['circle', 1], ['rect', 2]] },
    ])
    expect(alternatives(shape.anyOf as Record<string, unknown>[], self, routed('tagged'))).toEqual(['an object {kind: "circle" | "rect" | "polygon"}'])
    expect(alternatives((UNIONS.untaggedObjects as { anyOf: Record<string, unknown>[] }).anyOf, self)).toEqual(['an object {a}', 'an object {b}'])
  })
})

describe('the lines of a union', () => {
  it('a tagged union: the selected branch\'s errors, or the tag\'s line', async () => {
    const v = await load(closed({ shape: { anyOf: [circle, rect, polygon, { type: 'null' }] } }))
    expect(linesFor(v, { shape: { kind: 'circle', radius: -1 } })).toEqual(["Argument 'shape.radius' must be >= 0 (got -1)."])
    expect(linesFor(v, { shape: { kind: 'polygon', points: [1, 2] } })).toEqual(["Argument 'shape.points' must have at least 3 item(s) (got 2)."])
    expect(linesFor(v, { shape: { kind: 'rect', w: 1, H: 2 } })).toEqual(["Argument 'shape.h' is required.", "Unknown argument 'shape.H'; did you mean 'shape.h'?"])
    // Four edits from `h`, more than a third of its five characters: no suggestion.
    expect(linesFor(v, { shape: { kind: 'rect', w: 1, hight: 2 } })).toEqual(["Argument 'shape.h' is required.", "Unknown argument 'shape.hight'."])
    expect(linesFor(v, { shape: { kind: 'hexagon', radius: 1 } })).toEqual(['Argument \'shape.kind\' must be one of: circle, rect, polygon (got "hexagon").'])
    expect(linesFor(v, { shape: { kind: 7 } })).toEqual(["Argument 'shape.kind' must be one of: circle, rect, polygon (got 7)."])
    expect(linesFor(v, { shape: { radius: 1 } })).toEqual(["Argument 'shape.kind' is required (one of: circle, rect, polygon)."])
    expect(linesFor(v, { shape: 'circle' })).toEqual(['Argument \'shape\' must be an object {kind: "circle" | "rect" | "polygon"} or null (got "circle").'])
    expect(linesFor(v, { shape: null })).toEqual([])
  })

  it('several tag values per branch, and tags that are not strings', async () => {
    const v = await load(closed({ e: UNIONS.taggedEnum!, n: UNIONS.numericTag!, r: UNIONS.booleanTag! }, []))
    expect(linesFor(v, { e: { t: 'b', x: 'y' } })).toEqual(['Argument \'e.x\' must be an integer (got "y").'])
    expect(linesFor(v, { e: { t: 'd' } })).toEqual(['Argument \'e.t\' must be one of: a, b, c (got "d").'])
    expect(linesFor(v, { n: { v: 2, a: 'x' } })).toEqual(["Argument 'n.b' is required.", "Unknown argument 'n.a'; did you mean 'n.b'?"])
    expect(linesFor(v, { n: { v: '1' } })).toEqual(['Argument \'n.v\' must be one of: 1, 2 (got "1").'])
    expect(linesFor(v, { r: { ok: false, value: 1 } })).toEqual(["Argument 'r.error' is required.", "Unknown argument 'r.value'."])
    expect(linesFor(v, { r: 1 })).toEqual(['Argument \'r\' must be an object {ok: true | false} (got 1).'])
  })

  it('a union of kinds: the branch of the value\'s kind, else the alternatives', async () => {
    const v = await load(closed({ k: UNIONS.kinds!, w: UNIONS.kindsWithEnum!, m: UNIONS.mixedEnumBranch!, t: UNIONS.typeList! }, []))
    expect(linesFor(v, { k: -1 })).toEqual(["Argument 'k' must be >= 0 (got -1)."])
    expect(linesFor(v, { k: [1, 2, 3] })).toEqual(["Argument 'k' must have at most 2 item(s) (got 3)."])
    expect(linesFor(v, { k: 'now' })).toEqual(['Argument \'k\' must be a valid date-time, e.g. 2026-01-31T09:00:00Z (got "now").'])
    expect(linesFor(v, { k: {} })).toEqual(["Argument 'k' must be a string (date-time), a number >= 0 or an array of integers (got an object)."])
    expect(linesFor(v, { w: 'some' })).toEqual(['Argument \'w\' must be "none", "all", an object {from} or a boolean (got "some").'])
    expect(linesFor(v, { w: null })).toEqual(['Argument \'w\' must be "none", "all", an object {from} or a boolean (got null).'])
    expect(linesFor(v, { m: 'manual' })).toEqual(['Argument \'m\' must be "auto", 0 or an object {n} (got "manual").'])
    expect(linesFor(v, { m: { n: 'x' } })).toEqual(['Argument \'m.n\' must be an integer (got "x").'])
    expect(linesFor(v, { t: { a: 1 } })).toEqual(["Argument 't.a' must be a string (got 1)."])
    expect(linesFor(v, { t: 5 })).toEqual(["Argument 't' must be an object {a}, null or a string (got 5)."])
  })

  it('a value a literal branch refuses names every alternative, not the literal alone (issue 20)', async () => {
    const v = await load(closed({ ttl: { anyOf: [{ type: 'string', enum: ['never'] }, { type: 'integer', minimum: 60 }] } }, []))
    expect(linesFor(v, { ttl: '3600' })).toEqual(['Argument \'ttl\' must be "never" or an integer >= 60 (got "3600").'])
    expect(linesFor(v, { ttl: 30 })).toEqual(["Argument 'ttl' must be >= 60 (got 30)."])
    expect(linesFor(v, { ttl: 'never' })).toEqual([])
    expect(linesFor(v, { ttl: 60 })).toEqual([])
  })

  it('a union no kind or tag tells apart names its alternatives, and keeps no branch\'s errors', async () => {
    const v = await load(closed({ u: UNIONS.untaggedObjects!, s: UNIONS.twoStrings!, i: UNIONS.integerOrNumber! }, []))
    expect(linesFor(v, { u: { a: 1 } })).toEqual(["Argument 'u' must be an object {a} or an object {b} (got an object)."])
    expect(linesFor(v, { s: 'nobody' })).toEqual(['Argument \'s\' must be a string (email) or "none" (got "nobody").'])
    expect(linesFor(v, { i: 7 })).toEqual(["Argument 'i' must be an integer <= 5 or a number >= 10 (got 7)."])
  })

  it('an opened union (each branch also lists the keys of the others, optional) names each branch by its required keys', async () => {
    const opened = { anyOf: [closed({ a: { type: 'string' }, b: { type: 'number' } }, ['a']), closed({ b: { type: 'number' }, a: { type: 'string' } }, ['b'])] }
    const v = await load(closed({ u: opened }))
    expect(linesFor(v, { u: { a: 'x', b: 1 } })).toEqual([])
    expect(linesFor(v, { u: { a: 'x', b: 'no' } })).toEqual(["Argument 'u' must be an object {a} or an object {b} (got an object)."])
    expect(linesFor(v, { u: 5 })).toEqual(["Argument 'u' must be an object {a} or an object {b} (got 5)."])
  })

  it('an object with many properties is named by its first four', async () => {
    const wide = closed({ a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' }, d: { type: 'string' }, e: { type: 'string' } })
    const v = await load(closed({ p: { anyOf: [wide, closed({ z: { type: 'string' } })] } }))
    expect(linesFor(v, { p: 1 })).toEqual(["Argument 'p' must be an object {a, b, c, d, …} or an object {z} (got 1)."])
  })
})
