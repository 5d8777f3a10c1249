/** ajv error objects → argument error lines, on hand-written errors (the shapes ajv reports). */
import { describe, expect, it } from 'vitest'
import { argumentErrors, joinPath, MAX_COLLECTED_ERRORS, nearestName, pointerToPath, received } from '../../src/runtime/call/arg-errors.ts'
import { boundLines, MAX_LINE, MAX_TEXT } from '../../src/runtime/call/bound-lines.ts'
import { handWrittenRules } from '../../src/runtime/call/schema-rules.ts'
import type { AjvError } from '../../src/runtime/shared/table.ts'

const err = (instancePath: string, schemaPath: string, keyword: string, params: Record<string, unknown> = {}): AjvError => ({
  instancePath,
  schemaPath,
  keyword,
  params,
  message: 'ajv message',
})
/** An error as mcp-aot's validators write it: no schemaPath, the value it is about as `data`. */
const got = (instancePath: string, keyword: string, params: Record<string, unknown>, data: unknown): AjvError => ({ instancePath, keyword, params, data })

describe('paths', () => {
  it('turns JSON pointers into display paths', () => {
    expect(pointerToPath('')).toBe('')
    expect(pointerToPath('/items/2/qty')).toBe('items[2].qty')
    expect(pointerToPath('/customer/email')).toBe('customer.email')
    expect(pointerToPath('/m/a~1b~0c/0')).toBe('m["a/b~c"][0]')
    expect(pointerToPath('/m/02')).toBe('m["02"]')
    expect(pointerToPath('/m/$ok/_x1')).toBe('m.$ok._x1')
    expect(pointerToPath('/dry-run')).toBe('dry-run')
  })

  it('joins keys', () => {
    expect(joinPath('', 'a')).toBe('a')
    expect(joinPath('a', 0)).toBe('a[0]')
    expect(joinPath('a', 'b c')).toBe('a["b c"]')
    expect(joinPath('a', 'say "hi"')).toBe('a["say \\"hi\\""]')
  })
})

describe('argumentErrors', () => {
  it('writes one line per rule', () => {
    expect(
      argumentErrors([
        err('', '#/required', 'required', { missingProperty: 'p' }),
        err('/customer', '#/properties/customer/additionalProperties', 'additionalProperties', { additionalProperty: 'x' }),
        err('/p', '#/properties/p/type', 'type', { type: 'string' }),
        err('/p', '#/properties/p/type', 'type', { type: ['integer', 'null'] }),
        err('/p', '#/properties/p/type', 'type', { type: 'array,object' }),
        err('/p', '#/properties/p/minimum', 'minimum', { comparison: '>=', limit: 1 }),
        err('/p', '#/properties/p/maximum', 'maximum', { comparison: '<=', limit: 10 }),
        err('/p', '#/properties/p/exclusiveMinimum', 'exclusiveMinimum', { comparison: '>', limit: 0 }),
        err('/p', '#/properties/p/minLength', 'minLength', { limit: 1 }),
        err('/p', '#/properties/p/maxLength', 'maxLength', { limit: 80 }),
        err('/p', '#/properties/p/minItems', 'minItems', { limit: 1 }),
        err('/p', '#/properties/p/maxItems', 'maxItems', { limit: 5 }),
        err('/c', '#/properties/c/pattern', 'pattern', { pattern: '^[A-Z]{3}-\\d{4}$' }),
        err('/p', '#/properties/p/format', 'format', { format: 'email' }),
        err('/e', '#/properties/e/enum', 'enum', { allowedValues: ['low', 'normal', 'high', null, 2, true] }),
        err('/p', '#/properties/p/uniqueItems', 'uniqueItems', { i: 2, j: 1 }),
        err('/p', '#/properties/p/anyOf', 'anyOf'),
        err('/p', '#/properties/p/propertyNames', 'propertyNames', { propertyName: 'x' }),
      ]),
    ).toEqual([
      "Argument 'p' is required.",
      "Unknown argument 'customer.x'.",
      "Argument 'p' must be a string.",
      "Argument 'p' must be an integer or null.",
      "Argument 'p' must be an array or an object.",
      "Argument 'p' must be >= 1.",
      "Argument 'p' must be <= 10.",
      "Argument 'p' must be > 0.",
      "Argument 'p' must have at least 1 character(s).",
      "Argument 'p' must have at most 80 character(s).",
      "Argument 'p' must have at least 1 item(s).",
      "Argument 'p' must have at most 5 item(s).",
      "Argument 'c' must match the pattern ^[A-Z]{3}-\\d{4}$.",
      "Argument 'p' must be a valid email, e.g. name@example.com.",
      "Argument 'e' must be one of: low, normal, high, null, 2, true.",
      "Argument 'p' must not contain duplicates (p[1] and p[2] are equal).",
      "Argument 'p' does not match any allowed shape.",
      "Argument 'p' ajv message.",
    ])
  })

  it("a hand-written schema's keywords (@inputSchema, whose tools carry handWrittenRules): const, multipleOf, oneOf, not, min/maxProperties, contains, dependentRequired; a failed if is told by its branch", () => {
    expect(
      argumentErrors([
        { ...err('/mode', '#/properties/mode/const', 'const', { allowedValue: 'fast' }), data: 'slow' },
        { ...err('/step', '#/properties/step/multipleOf', 'multipleOf', { multipleOf: 5 }), data: 7 },
        err('', '#/oneOf', 'oneOf', { passingSchemas: [0, 1] }),
        err('/pick', '#/properties/pick/oneOf', 'oneOf', { passingSchemas: null }),
        err('', '#/not', 'not'),
        err('/tags', '#/properties/tags/minProperties', 'minProperties', { limit: 1 }),
        err('/tags', '#/properties/tags/maxProperties', 'maxProperties', { limit: 3 }),
        err('/items', '#/properties/items/contains', 'contains', { minContains: 2 }),
        err('', '#/dependentRequired', 'dependentRequired', { property: 'step', missingProperty: 'to', depsCount: 1, deps: 'to' }),
        err('', '#/then/required', 'required', { missingProperty: 'phone' }),
        err('', '#/if', 'if', { failingKeyword: 'then' }),
      ], handWrittenRules),
    ).toEqual([
      'Argument \'mode\' must be fast (got "slow").',
      "Argument 'step' must be a multiple of 5 (got 7).",
      'Arguments must match exactly one of its shapes (it matches 2).',
      "Argument 'pick' must match exactly one of its shapes (it matches none).",
      'Arguments has a form its schema rules out (not).',
      "Argument 'tags' must have at least 1 property.",
      "Argument 'tags' must have at most 3 properties.",
      "Argument 'items' must contain at least 2 matching item(s).",
      "Argument 'to' is required when 'step' is given.",
      "Argument 'phone' is required.",
    ])
  })

  it('without handWrittenRules (a tool whose schema is written from its types) such keywords get ajv\'s message', () => {
    expect(argumentErrors([{ ...err('/step', '#/properties/step/multipleOf', 'multipleOf', { multipleOf: 5 }), message: 'must be multiple of 5' }])).toEqual(["Argument 'step' must be multiple of 5."])
  })

  it('removes repeated lines', () => {
    expect(
      argumentErrors([
        err('/p', '#/properties/p/type', 'type', { type: 'string' }),
        err('/p', '#/properties/p/type', 'type', { type: 'string' }),
      ]),
    ).toEqual(["Argument 'p' must be a string."])
  })

  it('names the arguments object itself', () => {
    expect(argumentErrors([err('', '#/type', 'type', { type: 'object' })])).toEqual(['Arguments must be an object.'])
  })

  it('is empty for no errors', () => {
    expect(argumentErrors([])).toEqual([])
  })

  it('shows 20 lines, cuts each to MAX_LINE characters, and counts the rest', () => {
    const missing = (i: number) => err('', '#/required', 'required', { missingProperty: `a${i}` })
    const lines = argumentErrors(Array.from({ length: 25 }, (_, i) => missing(i)))
    expect(lines).toHaveLength(21)
    expect(lines[19]).toBe("Argument 'a19' is required.")
    expect(lines[20]).toBe('… and 5 more.')
    // A list the validator stopped collecting: the count is a lower bound.
    const stopped = argumentErrors(Array.from({ length: MAX_COLLECTED_ERRORS }, (_, i) => missing(i)))
    expect(stopped[20]).toBe(`… and at least ${MAX_COLLECTED_ERRORS - 20} more.`)
    const long = argumentErrors([err('', '#/additionalProperties', 'additionalProperties', { additionalProperty: 'k'.repeat(10_000) })])
    expect(long).toEqual([`Unknown argument '${'k'.repeat(MAX_LINE - "Unknown argument '".length - 1)}…`])
    expect(boundLines(['x'])).toEqual(['x'])
  })
})

// Supabase's create_project `region`: 16 values (its MCP server's list, as ported in issue 31's corpus).
const REGIONS = ['us-west-1', 'us-east-1', 'us-east-2', 'ca-central-1', 'eu-west-1', 'eu-west-2', 'eu-west-3', 'eu-central-1', 'eu-central-2', 'eu-north-1', 'ap-south-1', 'ap-southeast-1', 'ap-southeast-2', 'ap-northeast-1', 'ap-northeast-2', 'sa-east-1']

describe('a long enum', () => {
  it('gets its whole line: every value, and the echo a model corrects from', () => {
    const lines = argumentErrors([got('/region', 'type', { type: 'string' }, 'eu-west'), got('/region', 'enum', { allowedValues: REGIONS }, 'eu-west')])
    expect(lines).toEqual([`Argument 'region' must be one of: ${REGIONS.join(', ')} (got "eu-west").`])
    expect(lines[0]!.length).toBeGreaterThan(200)
  })
  it('longer than a line holds: the middle values are cut, never the echo', () => {
    const values = Array.from({ length: 400 }, (_, i) => `value-${i}`)
    const [line] = argumentErrors([got('/v', 'enum', { allowedValues: values }, 'value-x')])
    expect(line!.length).toBe(MAX_LINE)
    expect(line!.startsWith("Argument 'v' must be one of: value-0, value-1, value-2,")).toBe(true)
    expect(line!.endsWith('… (got "value-x").')).toBe(true)
  })
  it('the whole reply stays bounded as before: lines past MAX_TEXT characters are counted, not shown', () => {
    const many = Array.from({ length: 20 }, (_, i) => got(`/r${i}`, 'enum', { allowedValues: REGIONS }, 'eu-west'))
    const lines = argumentErrors(many)
    const text = lines.join('\n')
    expect(text.length).toBeLessThanOrEqual(MAX_TEXT + '\n… and 20 more.'.length)
    expect(lines.at(-1)).toBe(`… and ${20 - (lines.length - 1)} more.`)
    expect(lines.length - 1).toBe(Math.floor((MAX_TEXT + 1) / (lines[0]!.length + 1)))
    expect(MAX_TEXT).toBeLessThanOrEqual(20 * 200)
  })
})

describe('what the client sent, echoed', () => {
  it('as written when short, a string quoted and cut after 32 characters, an array or object by its kind', () => {
    expect(received(1001)).toBe('1001')
    expect(received(-0.5)).toBe('-0.5')
    expect(received(true)).toBe('true')
    expect(received(null)).toBe('null')
    expect(received('urgent')).toBe('"urgent"')
    expect(received('')).toBe('""')
    expect(received('say "hi"\n')).toBe('"say \\"hi\\"\\n"')
    expect(received('a'.repeat(32))).toBe(`"${'a'.repeat(32)}"`)
    expect(received('a'.repeat(33))).toBe(`"${'a'.repeat(32)}…"`)
    // Cut by characters, never inside a surrogate pair.
    expect(received('😀'.repeat(40))).toBe(`"${'😀'.repeat(32)}…"`)
    expect(received([1, [2, { a: 'x'.repeat(1000) }]])).toBe('an array')
    expect(received({ a: { b: 1 } })).toBe('an object')
  })

  it('after the rule, in every line that checks the value itself', () => {
    expect(
      argumentErrors([
        got('/p', 'type', { type: 'string' }, ['a']),
        got('/p', 'type', { type: ['string', 'null'] }, 5),
        got('/p', 'minimum', { limit: 1 }, 0),
        got('/p', 'exclusiveMaximum', { limit: 10 }, 10),
        got('/p', 'maxLength', { limit: 3 }, 'abcd'),
        got('/p', 'minItems', { limit: 2 }, [1]),
        got('/c', 'pattern', { pattern: '^[a-z]+$' }, 'ABC'),
        got('/p', 'format', { format: 'date' }, 'tomorrow'),
        got('/p', 'format', { format: 'ipv4' }, '1.2.3'),
        got('/e', 'enum', { allowedValues: ['low', 'high'] }, 'urgent'),
      ]),
    ).toEqual([
      "Argument 'p' must be a string (got an array).",
      "Argument 'p' must be a string or null (got 5).",
      "Argument 'p' must be >= 1 (got 0).",
      "Argument 'p' must be < 10 (got 10).",
      "Argument 'p' must have at most 3 character(s) (got 4).",
      "Argument 'p' must have at least 2 item(s) (got 1).",
      'Argument \'c\' must match the pattern ^[a-z]+$ (got "ABC").',
      'Argument \'p\' must be a valid date, e.g. 2026-01-31 (got "tomorrow").',
      'Argument \'p\' must be a valid ipv4, e.g. 192.0.2.1 (got "1.2.3").',
      'Argument \'e\' must be one of: low, high (got "urgent").',
    ])
  })

  it('a value that fails its type and its enum gets the enum line alone', () => {
    expect(argumentErrors([got('/p', 'type', { type: 'string' }, 3), got('/p', 'enum', { allowedValues: ['a', 'b'] }, 3), got('/q', 'type', { type: 'string' }, 3)])).toEqual([
      "Argument 'p' must be one of: a, b (got 3).",
      "Argument 'q' must be a string (got 3).",
    ])
  })

  it('a value that fails its format and a pattern beside it gets the format line alone', () => {
    // zod's z.email() writes its regex beside format: email; the format's line says what to send.
    const zodEmail = "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$"
    const errors = [got('/email', 'pattern', { pattern: zodEmail }, 'x'), got('/email', 'format', { format: 'email' }, 'x'), got('/phone', 'pattern', { pattern: '^\\+[0-9]{7,15}$' }, '12')]
    expect(argumentErrors(errors)).toEqual([
      'Argument \'email\' must be a valid email, e.g. name@example.com (got "x").',
      'Argument \'phone\' must match the pattern ^\\+[0-9]{7,15}$ (got "12").',
    ])
  })

  it('stays within the line bound whatever was sent, cutting the middle and keeping the echo', () => {
    const [line] = argumentErrors([got(`/${'k'.repeat(5000)}`, 'type', { type: 'integer' }, 'v'.repeat(100_000))])
    expect(line!.length).toBe(MAX_LINE)
    expect(line).toMatch(/^Argument 'k+…k* \(got "v{32}…"\)\.$/)
    expect(line!.endsWith(` (got "${'v'.repeat(32)}…").`)).toBe(true)
    const [short] = argumentErrors([got('/p', 'type', { type: 'integer' }, 'v'.repeat(100_000))])
    expect(short).toBe(`Argument 'p' must be an integer (got "${'v'.repeat(32)}…").`)
  })
})

describe('unions', () => {
  it('a union no kind or tag tells apart names its alternatives', () => {
    const alternatives = ['a string (date-time)', 'an object {after, before}', 'null']
    expect(argumentErrors([got('/when', 'anyOf', { alternatives }, 5)])).toEqual([
      "Argument 'when' must be a string (date-time), an object {after, before} or null (got 5).",
    ])
    expect(argumentErrors([got('/p', 'anyOf', { alternatives: ['"auto"', 'an integer'] }, true)])).toEqual(['Argument \'p\' must be "auto" or an integer (got true).'])
  })

  it('a tagged union names the tag when it is missing or has no branch, the alternatives when the value is no object', () => {
    const params = { alternatives: ['an object {kind: "circle" | "rect" | "polygon"}', 'null'], tag: 'kind', allowedValues: ['circle', 'rect', 'polygon'] }
    expect(argumentErrors([got('/shape', 'anyOf', params, { kind: 'hexagon', sides: 6 })])).toEqual([
      'Argument \'shape.kind\' must be one of: circle, rect, polygon (got "hexagon").',
    ])
    expect(argumentErrors([got('/shape', 'anyOf', params, { radius: 1 })])).toEqual(["Argument 'shape.kind' is required (one of: circle, rect, polygon)."])
    expect(argumentErrors([got('/shape', 'anyOf', params, [1])])).toEqual([
      'Argument \'shape\' must be an object {kind: "circle" | "rect" | "polygon"} or null (got an array).',
    ])
  })
})

describe('unknown arguments', () => {
  it('suggest the nearest known name not given', () => {
    const unknown = (name: string, known: string[], data: Record<string, unknown> = {}) =>
      argumentErrors([got('/opts', 'additionalProperties', { additionalProperty: name, known }, { ...data, [name]: 1 })])
    expect(unknown('colour', ['size', 'color'])).toEqual(["Unknown argument 'opts.colour'; did you mean 'opts.color'?"])
    expect(unknown('dry_run', ['dryRun'])).toEqual(["Unknown argument 'opts.dry_run'; did you mean 'opts.dryRun'?"])
    expect(unknown('Priority', ['priority'])).toEqual(["Unknown argument 'opts.Priority'; did you mean 'opts.priority'?"])
    expect(unknown('zzz', ['color'])).toEqual(["Unknown argument 'opts.zzz'."])
    // A name the object already has is not suggested.
    expect(unknown('colour', ['color'], { color: 'red' })).toEqual(["Unknown argument 'opts.colour'."])
    // Errors written without the known names (ajv's own) get no suggestion.
    expect(argumentErrors([got('', 'additionalProperties', { additionalProperty: 'colr' }, { colr: 1 })])).toEqual(["Unknown argument 'colr'."])
  })

  it('nearestName: case and separators, then at most a third of the length in edits, none for long names', () => {
    expect(nearestName('colour', ['color'])).toBe('color')
    expect(nearestName('max-depth', ['maxDepth'])).toBe('maxDepth')
    expect(nearestName('qyt', ['qty', 'sku'])).toBe('qty')
    expect(nearestName('quantity', ['qty'])).toBeUndefined()
    expect(nearestName('ab', ['xy'])).toBeUndefined()
    expect(nearestName('a'.repeat(39) + 'b', ['a'.repeat(40)])).toBeUndefined()
    expect(nearestName('a'.repeat(38) + 'b', ['a'.repeat(39)])).toBe('a'.repeat(39))
  })

  it('only the lines shown look for a suggestion', () => {
    const errors = Array.from({ length: 30 }, (_v, i) => got('', 'additionalProperties', { additionalProperty: `colour${i}`, known: [`color${i}`] }, {}))
    const lines = argumentErrors(errors)
    expect(lines[19]).toBe("Unknown argument 'colour19'; did you mean 'color19'?")
    expect(lines[20]).toBe('… and 10 more.')
  })
})
