/** compileValidators: a module's schemas in one compile, sharing code, with the same results as one compile each. */
import { describe, expect, it } from 'vitest'
import { compileValidator, compileValidators } from '../../src/compiler/schema/validator.ts'
import { MAX_COLLECTED_ERRORS } from '../../src/runtime/call/arg-errors.ts'
import type { ValidateFn } from '../../src/runtime/shared/table.ts'
import { closed, linesFor, loadModule } from './load.ts'

const customer = closed({ name: { type: 'string', minLength: 1 }, email: { type: 'string', format: 'email' } })
const item = closed({ sku: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' }, qty: { type: 'integer', minimum: 1, maximum: 1000 } })
const order = (description: string) =>
  closed({
    customer: { ...customer, description },
    items: { type: 'array', description: 'Lines.', items: item, minItems: 1 },
    note: { type: ['string', 'null'] },
    priority: { type: 'string', description, enum: ['low', 'normal', 'high'], default: 'normal' },
  }, ['customer', 'items'])
const invoice = closed({ customer, lines: { type: 'array', items: item }, shape: { anyOf: [item, { type: 'null' }] } })
const echo = closed({ text: { type: 'string' } })

const schemas = { a: order('Who orders.'), b: echo, c: order('Someone else.'), d: invoice }

async function loadAll(): Promise<ValidateFn[]> {
  const mod = (await loadModule({ all: compileValidators(schemas) })) as unknown as { all: ValidateFn[] }
  return mod.all
}

const inputs: unknown[] = [
  { customer: { name: 'Ann', email: 'ann@example.com' }, items: [{ sku: 'ABC-1234', qty: 2 }], priority: 'high' },
  { customer: { name: '', email: 'nope', x: 1 }, items: [{ sku: 'abc', qty: 0 }, { qty: 1.5 }, 3], note: 1, priority: 'urgent', coupon: 'X' },
  { customer: null, items: [] },
  { text: 'hi' },
  { text: 3, extra: true },
  { customer: { name: 'A', email: 'a@b.co' }, lines: [{ sku: 'ABC-1234', qty: 1 }], shape: null },
  { customer: { name: 'A', email: 'a@b.co' }, lines: [{ sku: 'ABC-1234', qty: 1 }], shape: { sku: 'x', qty: 0 } },
  { customer: { email: 'a@b.co' }, lines: [{ sku: 'ABC-1234', qty: 1001 }], shape: 'square' },
  'not an object',
  null,
]

describe('compileValidators', () => {
  it('returns one validate function per schema, in order, with the results of one compile each', async () => {
    const all = await loadAll()
    expect(all).toHaveLength(4)
    const one = await loadModule(Object.fromEntries(Object.entries(schemas).map(([k, s]) => [k, compileValidator(s, k)])))
    Object.keys(schemas).forEach((k, i) => {
      for (const input of inputs) {
        expect(all[i]!(input), `${k} ${JSON.stringify(input)}`).toBe(one[k]!(input))
        expect(all[i]!.errors ?? null).toEqual(one[k]!.errors ?? null)
      }
    })
  })

  it('writes the argument lines of SCHEMA.md through a shared type', async () => {
    const [a] = await loadAll()
    expect(linesFor(a!, inputs[1])).toEqual([
      "Unknown argument 'coupon'.",
      "Unknown argument 'customer.x'.",
      "Argument 'customer.name' must have at least 1 character(s) (got 0).",
      'Argument \'customer.email\' must be a valid email, e.g. name@example.com (got "nope").',
      'Argument \'items[0].sku\' must match the pattern ^[A-Z]{3}-\\d{4}$ (got "abc").',
      "Argument 'items[0].qty' must be >= 1 (got 0).",
      "Argument 'items[1].sku' is required.",
      "Argument 'items[1].qty' must be an integer (got 1.5).",
      "Argument 'items[2]' must be an object (got 3).",
      "Argument 'note' must be a string or null (got 1).",
      'Argument \'priority\' must be one of: low, normal, high (got "urgent").',
    ])
  })

  it('gives schemas that differ only in annotations one function, and compiles a repeated type once', async () => {
    const [a, b, c, d] = await loadAll()
    expect(a).toBe(c)
    expect(new Set([a, b, d]).size).toBe(3)
    const code = compileValidators(schemas)
    // Three tools, plus one function each for the object types used more than once (Customer, Item).
    expect(code.match(/^function validate\d+\(/gm)).toHaveLength(5)
    expect(code.match(/, "format", /g)).toHaveLength(1)
    expect(code.match(/, "pattern", /g)).toHaveLength(1)
    expect(code).not.toContain('Who orders.')
    expect(code).toMatch(/\nreturn \[(validate\d+), validate\d+, \1, validate\d+\]\n\}\)\(\)$/)
  })

  it('is byte-identical whatever was compiled before', () => {
    const first = compileValidators(schemas)
    compileValidators({ x: invoice, y: echo })
    compileValidator(customer, 'z')
    expect(compileValidators(schemas)).toBe(first)
  })

  it('names the validator ajv refuses, and refuses references and unevaluated*', () => {
    expect(() => compileValidators({ ok: echo, bad: { type: 'string', minimum: 1 } })).toThrow(/^Validator bad: ajv refused the schema/)
    expect(() => compileValidators({ ok: echo, bad: { type: 'string', description: 3 } })).toThrow(/^Validator bad: ajv refused the schema/)
    expect(() => compileValidators({ r: closed({ a: { $ref: 'https://example.com/x' } }) })).toThrow(/^Validator r: '\$ref' is not supported/)
    expect(() => compileValidators({ r: closed({ a: { $ref: '#/$defs/x' } }) })).toThrow(/^Validator r: ajv refused the schema/)
    expect(() => compileValidators({ r: { ...closed({}), definitions: {} } })).toThrow(/^Validator r: 'definitions' is not supported/)
    expect(() => compileValidators({ u: { type: 'object', unevaluatedProperties: false } })).toThrow(/^Validator u: 'unevaluatedProperties' is not supported/)
    expect(() => compileValidators({ 'not-an-identifier': echo })).toThrow(/not a JS identifier/)
  })
})

describe('recursive types (local $defs and $ref)', () => {
  const node = { type: 'object', properties: { v: { type: 'integer' }, kids: { type: 'array', items: { $ref: '#/$defs/Node' } } }, required: ['v', 'kids'], additionalProperties: false }
  const root = { $ref: '#/$defs/Node' }
  const tree = { ...closed({ root }), $defs: { Node: node } }
  it('validates at every depth, also where a shared fragment moved out of the root', async () => {
    const mod = (await loadModule({ all: compileValidators({ a: tree, c: { ...closed({ t: root, n: node }), $defs: { Node: node } } }) })) as unknown as { all: ValidateFn[] }
    const [a, c] = mod.all
    const deep = { v: 1, kids: [{ v: 2, kids: [{ v: 3, kids: [] }] }] }
    expect(a!({ root: deep })).toBe(true)
    expect(c!({ t: deep, n: deep })).toBe(true)
    expect(c!({ t: deep, n: { v: 1, kids: [{ v: 2 }] } })).toBe(false)
    expect(linesFor(a!, { root: { v: 1, kids: [{ v: 2, kids: [{ v: 'three', kids: [] }] }] } })).toEqual(['Argument \'root.kids[0].kids[0].v\' must be an integer (got "three").'])
  })
})

describe('generated error objects', () => {
  it('report a failed anyOf by the errors of the branch its kind selects, or by its own error naming the alternatives, and keep errors outside it', async () => {
    const { v } = await loadModule({
      v: compileValidator(closed({
        items: { type: 'array', items: { anyOf: [{ type: 'string' }, closed({ x: { type: 'integer' } })] }, maxItems: 2 },
        pair: { anyOf: [closed({ x: { type: 'integer' } }), closed({ y: { type: 'integer' } })] },
        n: { type: 'integer' },
      }, ['items']), 'v'),
    })
    expect(v!({ items: [{ x: 'a' }, true], pair: { x: 'a' }, n: 'x' })).toBe(false)
    expect(v!.errors).toEqual([
      // An object: only the object branch is checked, and its error kept.
      { instancePath: '/items/0/x', keyword: 'type', params: { type: 'integer' }, data: 'a' },
      // A boolean: no branch takes one.
      { instancePath: '/items/1', keyword: 'anyOf', params: { alternatives: ['a string', 'an object {x}'] }, data: true },
      // Two object branches and no tag: the anyOf alone, its branches' errors dropped.
      { instancePath: '/pair', keyword: 'anyOf', params: { alternatives: ['an object {x}', 'an object {y}'] }, data: { x: 'a' } },
      { instancePath: '/n', keyword: 'type', params: { type: 'integer' }, data: 'x' },
    ])
    expect(v!({ items: [{ x: 1 }] })).toBe(true)
    expect(v!.errors).toBeNull()
  })

  it('bound their work: an array over maxItems is not walked, and loops stop after MAX_COLLECTED_ERRORS errors', async () => {
    const { v, w } = await loadModule({
      v: compileValidator(closed({ tags: { type: 'array', items: { type: 'string' }, maxItems: 3, uniqueItems: true } }), 'v'),
      w: compileValidator(closed({ tags: { type: 'array', items: { type: 'string' } }, map: { type: 'object', additionalProperties: { type: 'integer' } } }, []), 'w'),
    })
    // Too long and every item wrong: the length alone is reported.
    expect(v!({ tags: [1, 2, 3, 4, 5] })).toBe(false)
    expect(v!.errors).toEqual([{ instancePath: '/tags', keyword: 'maxItems', params: { limit: 3 }, data: [1, 2, 3, 4, 5] }])
    // Within maxItems the items are still checked one by one.
    expect(v!({ tags: ['a', 2] })).toBe(false)
    expect(v!.errors).toEqual([{ instancePath: '/tags/1', keyword: 'type', params: { type: 'string' }, data: 2 }])
    // No maxItems: a million wrong items give MAX_COLLECTED_ERRORS errors, not a million.
    expect(w!({ tags: new Array(1_000_000).fill(0) })).toBe(false)
    expect(w!.errors).toHaveLength(MAX_COLLECTED_ERRORS)
    expect(w!.errors!.at(-1)).toEqual({ instancePath: `/tags/${MAX_COLLECTED_ERRORS - 1}`, keyword: 'type', params: { type: 'string' }, data: 0 })
    // Unknown keys and wrong map values alike.
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 'x']))
    expect(w!({ ...many })).toBe(false)
    expect(w!.errors).toHaveLength(MAX_COLLECTED_ERRORS)
    expect(w!({ map: many })).toBe(false)
    expect(w!.errors).toHaveLength(MAX_COLLECTED_ERRORS)
    // Stopping never turns an invalid value valid, nor a valid one invalid.
    expect(w!({ tags: new Array(5000).fill('a'), map: { a: 1 } })).toBe(true)
  })

  it('take params from the schema as literals, whatever the properties are called', async () => {
    const schema = closed({
      schema0: { type: 'string', enum: ['a', 'b'] },
      schemaPath: { type: ['integer', 'null'] },
      'say "schema0.x"': { enum: [1, 'two', null] },
    })
    const code = compileValidator(schema, 'v')
    expect(code).not.toMatch(/^const schema\d+ = /m)
    const { v } = await loadModule({ v: code })
    expect(linesFor(v!, { schema0: 'c', schemaPath: 'x', 'say "schema0.x"': 3 })).toEqual([
      'Argument \'schema0\' must be one of: a, b (got "c").',
      'Argument \'schemaPath\' must be an integer or null (got "x").',
      'Argument \'say "schema0.x"\' must be one of: 1, two, null (got 3).',
    ])
    // The value itself, by reference: never a copy of the schema.
    expect(v!.errors!.map((e) => Object.keys(e))).toEqual([
      ['instancePath', 'keyword', 'params', 'data'],
      ['instancePath', 'keyword', 'params', 'data'],
      ['instancePath', 'keyword', 'params', 'data'],
    ])
  })
})
