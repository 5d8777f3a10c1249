/**
 * Issue 28 §1: a parameter written without a type but with a default is typed as tsc infers it, widened
 * (`dryRun = false` is a boolean, `limit = 10` a number, `format = 'json'` a string, arrays and objects of
 * them likewise); a default tsc types as no JSON value, or whose type is a name's, stays MCP008, with a type
 * to write that fits the default (the differential test checks the inferred ones against tsc).
 */
import { describe, expect, it } from 'vitest'
import { compileFiles, inputSchema } from './harness.ts'

const schemaOf = (params: string) => JSON.parse(inputSchema(`/** @tool */\nexport function t(${params}) {}\n`))
const refusal = (params: string, before = '') => {
  const out = compileFiles({ 'src/tools.ts': `${before}/** @tool */\nexport function t(${params}) {}\n` })
  expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP008'])
  return out.diagnostics[0]!.message
}

describe('untyped defaults, typed as tsc widens them', () => {
  it.each([
    ['dryRun = false', { dryRun: { type: 'boolean', default: false } }],
    ['limit = 10', { limit: { type: 'number', default: 10 } }],
    ['offset = -1', { offset: { type: 'number', default: -1 } }],
    ["format = 'json'", { format: { type: 'string', default: 'json' } }],
    ['label = `plain`', { label: { type: 'string', default: 'plain' } }],
    ["tags = ['a', 'b']", { tags: { type: 'array', items: { type: 'string' }, default: ['a', 'b'] } }],
    ["mixed = ['a', 1]", { mixed: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] }, default: ['a', 1] } }],
    ["sort = { by: 'name', desc: false }", { sort: { type: 'object', properties: { by: { type: 'string' }, desc: { type: 'boolean' } }, required: ['by', 'desc'], additionalProperties: false, default: { by: 'name', desc: false } } }],
  ])('%s', (params, properties) => {
    const schema = schemaOf(params)
    expect(schema.properties).toEqual(properties)
    expect(schema.required).toBeUndefined()
  })

  it('beside typed parameters, each optional with its default', () => {
    expect(schemaOf("query: string, limit = 25, dryRun = false")).toEqual({
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'number', default: 25 }, dryRun: { type: 'boolean', default: false } },
      required: ['query'],
      additionalProperties: false,
    })
  })
})

describe('untyped defaults inference cannot type: MCP008, with a type that fits the default', () => {
  it.each([
    ['sort = null', "Write its type (sort: string | null = null)."],
    ['tags = []', 'Write its type (tags: string[] = []).'],
    ['opts = {}', 'Write its type (opts: Record<string, string> = {}).'],
    ['id = undefined', 'Write its type and leave the default out (id?: string).'],
  ])('%s', (params, hint) => {
    expect(refusal(params)).toContain(hint)
  })

  it('a const of a boolean suggests a boolean, a const of a number a number', () => {
    expect(refusal('strict = STRICT', 'const STRICT = true\n')).toContain('Write its type (strict: boolean = STRICT).')
    expect(refusal('limit = LIMIT', 'const LIMIT = 10\n')).toContain('Write its type (limit: number = LIMIT).')
  })

  it('without a default: the parameter\'s own name in the hint', () => {
    expect(refusal('verbose')).toContain("Parameter 'verbose' has no type annotation, so its schema is unknown. Write its type (verbose: string).")
  })
})
