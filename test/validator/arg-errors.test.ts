/** ajv error objects → argument error lines, on hand-written errors (the shapes ajv reports). */
import { describe, expect, it } from 'vitest'
import { argumentErrors, boundLines, joinPath, MAX_COLLECTED_ERRORS, pointerToPath } from '../../src/runtime/call/arg-errors.ts'
import type { AjvError } from '../../src/runtime/shared/table.ts'

const err = (instancePath: string, schemaPath: string, keyword: string, params: Record<string, unknown> = {}): AjvError => ({
  instancePath,
  schemaPath,
  keyword,
  params,
  message: 'ajv message',
})

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
        err('/p', '#/properties/p/pattern', 'pattern', { pattern: '^[A-Z]{3}-\\d{4}$' }),
        err('/p', '#/properties/p/format', 'format', { format: 'email' }),
        err('/p', '#/properties/p/enum', 'enum', { allowedValues: ['low', 'normal', 'high', null, 2, true] }),
        err('/p', '#/properties/p/uniqueItems', 'uniqueItems', { i: 2, j: 1 }),
        err('/p', '#/properties/p/anyOf', 'anyOf'),
        err('/p', '#/properties/p/multipleOf', 'multipleOf', { multipleOf: 2 }),
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
      "Argument 'p' must match the pattern ^[A-Z]{3}-\\d{4}$.",
      "Argument 'p' must be a valid email.",
      "Argument 'p' must be one of: low, normal, high, null, 2, true.",
      "Argument 'p' must not contain duplicates.",
      "Argument 'p' does not match any allowed shape.",
      "Argument 'p' ajv message.",
    ])
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

  it('shows 20 lines, cuts each to 200 characters, and counts the rest', () => {
    const missing = (i: number) => err('', '#/required', 'required', { missingProperty: `a${i}` })
    const lines = argumentErrors(Array.from({ length: 25 }, (_, i) => missing(i)))
    expect(lines).toHaveLength(21)
    expect(lines[19]).toBe("Argument 'a19' is required.")
    expect(lines[20]).toBe('… and 5 more.')
    // A list the validator stopped collecting: the count is a lower bound.
    const stopped = argumentErrors(Array.from({ length: MAX_COLLECTED_ERRORS }, (_, i) => missing(i)))
    expect(stopped[20]).toBe(`… and at least ${MAX_COLLECTED_ERRORS - 20} more.`)
    const long = argumentErrors([err('', '#/additionalProperties', 'additionalProperties', { additionalProperty: 'k'.repeat(10_000) })])
    expect(long).toEqual([`Unknown argument '${'k'.repeat(200 - "Unknown argument '".length - 1)}…`])
    expect(boundLines(['x'])).toEqual(['x'])
  })
})
