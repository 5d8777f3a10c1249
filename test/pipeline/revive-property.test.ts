/**
 * Revival, property-based: for union and recursive shapes, valid JSON values generated from the type (with
 * fast-check) pass the compiled validator, and revival gives the declared run-time type at every position:
 * a Date where the type says Date, a bigint where it says bigint, a Set, a Map, … (for a union, the value
 * has the run-time type of one of its branches, as TypeScript would have it).
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import type { TypeIR } from '../../src/compiler/types/ir.ts'
import { planDefs, revivePlan } from '../../src/compiler/schema/plans.ts'
import { objectSchema } from '../../src/compiler/schema/schema.ts'
import { compileValidators } from '../../src/compiler/schema/validator.ts'
import { toBase64 } from '../../src/runtime/shared/base64.ts'
import { revive } from '../../src/runtime/call/revive.ts'
import type { ValidateFn } from '../../src/runtime/shared/table.ts'
import { compileFiles } from '../compiler/harness.ts'
import { loadModule } from '../validator/load.ts'
import { mistyped } from '../compiler/differential/runtime-types.ts'
import { closes } from '../compiler/differential/values.ts'

const PRELUDE = `
interface Comment { text: string; at: Date; replies: Comment[] }
type Tree<T> = { v: T; kids: Tree<T>[] }
type Filter = { field: string; eq: string } | { and: Filter[] } | { not: Filter } | { after: Date }
interface Folder { name: string; parent?: Folder | null; files: Record<string, Folder | Date> }
interface A { b?: B; at: Date }
interface B { a: A | null; site: URL }
type Json = string | number | boolean | null | Json[] | { [k: string]: Json }
`

/** The shapes: each becomes the one parameter `x` of a tool. */
const SHAPES = [
  'Date | number',
  "{ kind: 'range'; from: Date; to?: Date } | { kind: 'all' }",
  'bigint | number',
  'Date | null',
  'Date | number | null',
  'URL | { host: string }',
  'Uint8Array | number[]',
  'Set<string> | boolean',
  "Map<string, Date> | 'none'",
  "Date | 'now' | 'never'",
  '(Date | number)[]',
  "Record<string, Date | 'never'>",
  '[Date | number, bigint | boolean]',
  '[Date] | [string, string]',
  "{ inner: { when: Date | 'now' } | null }",
  '{ at: Date } | { n: number } | { b: Uint8Array; n?: number }',
  'Comment',
  'Tree<bigint>',
  'Tree<Date | number>',
  'Filter',
  'Folder',
  'A',
  'Json',
  '{ list: Comment[] | null; pick: Tree<URL> | number }',
  'Tree<Date | number> & Tree<Date | bigint>',
]

const iso = fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString())
const json = (v: unknown) => JSON.parse(JSON.stringify(v))

/** Valid JSON values of `type`; past `depth` recursive types, only what closes (empty arrays, no optional properties). */
function values(type: TypeIR, depth: number): fc.Arbitrary<unknown> {
  const deeper = depth > 0
  switch (type.kind) {
    case 'any': return fc.jsonValue({ maxDepth: 2 })
    case 'nonnull': return fc.jsonValue({ maxDepth: 2 }).filter((v) => v !== null)
    case 'nonprimitive': return fc.oneof(fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }), fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }))
    case 'object-any': return fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 })
    case 'boolean': return fc.boolean()
    case 'number': return type.integer ? fc.maxSafeInteger() : fc.double({ noNaN: true, noDefaultInfinity: true })
    case 'string': return fc.string()
    case 'bigint': return fc.bigInt().map(String)
    case 'date': return iso
    case 'url': return fc.webUrl()
    case 'bytes': return fc.uint8Array({ maxLength: 8 }).map(toBase64)
    case 'enum': return fc.constantFrom(...type.values)
    case 'array':
      if (!deeper) return fc.constant([])
      if (type.set) return fc.uniqueArray(values(type.items, depth), { maxLength: 3, selector: (v) => JSON.stringify(v) })
      return fc.array(values(type.items, depth), { maxLength: 3 })
    case 'tuple': return fc.tuple(...type.elements.map((e) => values(e, depth)))
    case 'object': {
      const props = deeper ? type.props : type.props.filter((p) => !p.optional)
      const named = fc.record(Object.fromEntries(props.map((p) => [p.name, values(p.type, depth)])), {
        requiredKeys: props.filter((p) => !p.optional).map((p) => p.name),
      })
      if (!type.rest || !deeper) return named
      const names = new Set(type.props.map((p) => p.name))
      const rest = fc.dictionary(fc.string().filter((k) => !names.has(k)), values(type.rest, depth), { maxKeys: 2 })
      return fc.tuple(rest, named).map(([r, n]) => ({ ...r, ...n }))
    }
    case 'union': {
      const members = deeper ? type.members : type.members.filter(closes)
      return fc.oneof(...members.map((m) => values(m, depth)))
    }
    case 'nullable': return deeper ? fc.option(values(type.inner, depth), { nil: null }) : fc.constant(null)
    case 'ref': return values(type.type(), depth - 1)
  }
}

interface Case {
  shape: string
  type: TypeIR
  validate: ValidateFn
  revive: (args: unknown) => ReturnType<typeof revive>
}

const cases: Case[] = []
beforeAll(async () => {
  const source = `${PRELUDE}\n${SHAPES.map((s, i) => `/** @tool */\nexport function t${i}(x: ${s}) {}`).join('\n')}\n`
  const out = compileFiles({ 'src/tools.ts': source })
  if (out.diagnostics.length > 0) throw new Error(out.message)
  const schemas = Object.fromEntries(out.declarations.map((d, i) => [`v${i}`, objectSchema(d.props)]))
  const mod = (await loadModule({ all: compileValidators(schemas) })) as unknown as { all: ValidateFn[] }
  out.declarations.forEach((d, i) => {
    const defs = planDefs()
    const plan = revivePlan({ kind: 'object', props: d.props }, defs)
    cases.push({ shape: SHAPES[i]!, type: d.props[0]!.type, validate: mod.all[i]!, revive: (args) => revive(args, plan, '', defs.plans) })
  })
})

describe('revival gives the declared run-time type at every position', () => {
  it.each(SHAPES.map((s, i) => [s, i] as const))('%s', (_shape, i) => {
    const c = cases[i]!
    fc.assert(
      fc.property(values(c.type, 3).map(json), (x) => {
        const args = { x }
        if (!c.validate(args)) throw new Error(`the validator refused a valid value: ${JSON.stringify(c.validate.errors)}`)
        const revived = c.revive(args)
        if (!revived.ok) throw new Error(`revival failed: ${revived.errors.join(' | ')}`)
        expect(mistyped((revived.value as { x: unknown }).x, c.type, '')).toBe('')
      }),
      { numRuns: 150 },
    )
  })
  it('the generators reach the revived branches (not only the plain ones)', () => {
    const dates = fc.sample(values(cases[0]!.type, 3), 200).filter((v) => typeof v === 'string').length
    expect(dates).toBeGreaterThan(20)
    const deep = fc.sample(values(cases[16]!.type, 3), 200).some((v) => JSON.stringify(v).split('"replies":[{').length > 2)
    expect(deep).toBe(true)
  })
})
