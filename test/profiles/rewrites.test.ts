/**
 * Golden tests for every profile rewrite: a listed schema in, the provider's schema out, both written by
 * hand from the rules cited in src/compiler/model/profiles/.
 */
import { describe, expect, it } from 'vitest'
import { listProblems, profileTools, servedEntry, type ProfiledTool, type ProfileName, type ToolEntry } from '../../src/compiler/model/profiles/index.ts'
import { RULES, violations } from './provider-rules.ts'

const obj = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({ type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false })
const one = (profile: ProfileName, inputSchema: Record<string, unknown>, name = 't'): ProfiledTool => profileTools(profile, [{ name, inputSchema } as ToolEntry])[0]!
const out = (t: ProfiledTool) => JSON.stringify(t.tool.inputSchema)

describe('portable', () => {
  it('is the listed schema, accepted', () => {
    const s = obj({ a: { type: 'string', minLength: 1 } })
    expect(one('portable', s)).toEqual({ status: 'accepted', tool: { name: 't', inputSchema: s }, rewrites: [], degraded: [], problems: [], lost: [] })
  })
})

describe('openai-strict', () => {
  it('an optional property becomes required with null among its types', () => {
    const t = one('openai-strict', obj({ a: { type: 'string' }, b: { type: 'integer' } }, ['a']))
    expect(out(t)).toBe('{"type":"object","properties":{"a":{"type":"string"},"b":{"type":["integer","null"]}},"required":["a","b"],"additionalProperties":false}')
    expect(t.status).toBe('accepted')
    expect(t.rewrites).toEqual(['/properties/b: optional, written required with null allowed (null means absent)'])
  })
  it('an optional nullable property cannot keep absent and null apart: degraded, with what was lost (issue 20)', () => {
    const t = one('openai-strict', obj({ id: { type: 'string' }, bio: { type: ['string', 'null'] } }, ['id']))
    expect(out(t)).toBe('{"type":"object","properties":{"id":{"type":"string"},"bio":{"type":["string","null"]}},"required":["id","bio"],"additionalProperties":false}')
    expect(t.status).toBe('degraded')
    expect(t.rewrites).toEqual([])
    expect(t.degraded).toEqual(['/properties/bio: optional and nullable, written required'])
    expect(t.lost).toEqual([{ path: '/properties/bio', message: "optional and nullable, written required: a strict client can no longer leave 'bio' out, and sends null, which reaches the function as null (not as absent). If null and leaving it out mean different things, give the third state a value of its own (bio?: T | 'unchanged') or a flag, or make 'bio' required." }])
  })
  it('an optional enum gains null in its type and its values; an optional anyOf gains a null branch', () => {
    const t = one('openai-strict', obj({ e: { type: 'string', enum: ['a', 'b'] }, u: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }, []))
    expect(out(t)).toBe('{"type":"object","properties":{"e":{"type":["string","null"],"enum":["a","b",null]},"u":{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]}},"required":["e","u"],"additionalProperties":false}')
  })
  it('default moves into the description (a rewrite: it is an annotation)', () => {
    const t = one('openai-strict', obj({ n: { type: 'integer', description: 'How many.', maximum: 50, default: 10 } }))
    expect(out(t)).toBe('{"type":"object","properties":{"n":{"type":"integer","description":"How many. Default: 10.","maximum":50}},"required":["n"],"additionalProperties":false}')
    expect(t.status).toBe('accepted')
    expect(t.rewrites).toEqual(['/properties/n: default moved into the description'])
  })
  it('after a description of several lines, the moved sentences are a paragraph of their own', () => {
    const t = one('openai-strict', obj({ n: { type: 'integer', description: 'How many:\n- 1 for one\n- more for a page', default: 10 } }))
    expect(JSON.parse(out(t)).properties.n.description).toBe('How many:\n- 1 for one\n- more for a page\n\nDefault: 10.')
  })
  it('minLength, maxLength, uniqueItems, contentEncoding and unlisted formats move into the description (degraded)', () => {
    const t = one('openai-strict', obj({
      s: { type: 'string', minLength: 1, maxLength: 80 },
      u: { type: 'string', format: 'uri' },
      e: { type: 'string', format: 'email' },
      b: { type: 'string', contentEncoding: 'base64' },
      l: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    }))
    expect(out(t)).toBe('{"type":"object","properties":{"s":{"type":"string","description":"At least 1 character. At most 80 characters."},"u":{"type":"string","description":"Format: uri."},"e":{"type":"string","format":"email"},"b":{"type":"string","description":"Base64-encoded."},"l":{"type":"array","description":"Items are unique.","items":{"type":"string"}}},"required":["s","u","e","b","l"],"additionalProperties":false}')
    expect(t.status).toBe('degraded')
    expect(t.degraded).toEqual(['/properties/s: minLength moved into the description', '/properties/s: maxLength moved into the description', '/properties/u: format moved into the description', '/properties/b: contentEncoding moved into the description', '/properties/l: uniqueItems moved into the description'])
  })
  it('a tuple keeps items and its count; prefixItems moves into the description', () => {
    const t = one('openai-strict', obj({ p: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] }, prefixItems: [{ type: 'string' }, { type: 'integer' }], minItems: 2, maxItems: 2 } }))
    expect(out(t)).toBe('{"type":"object","properties":{"p":{"type":"array","description":"Exactly 2 items, in order: string, integer.","items":{"anyOf":[{"type":"string"},{"type":"integer"}]},"minItems":2,"maxItems":2}},"required":["p"],"additionalProperties":false}')
    expect(t.status).toBe('degraded')
  })
  it('a tuple of one element type loses nothing without prefixItems', () => {
    const t = one('openai-strict', obj({ p: { type: 'array', items: { type: 'number' }, prefixItems: [{ type: 'number' }, { type: 'number' }], minItems: 2, maxItems: 2 } }))
    expect(out(t)).toBe('{"type":"object","properties":{"p":{"type":"array","items":{"type":"number"},"minItems":2,"maxItems":2}},"required":["p"],"additionalProperties":false}')
    expect(t.status).toBe('accepted')
  })
  it('keywords added later: deprecated becomes text; an unknown keyword is dropped (degraded)', () => {
    const t = one('openai-strict', obj({ a: { type: 'string', deprecated: true, 'x-unit': 'cm' } }))
    expect(out(t)).toBe('{"type":"object","properties":{"a":{"type":"string","description":"Deprecated."}},"required":["a"],"additionalProperties":false}')
    expect(t.rewrites).toEqual(['/properties/a: deprecated moved into the description'])
    expect(t.degraded).toEqual(['/properties/a: x-unit dropped'])
  })
  it('$defs are rewritten by the same rules and $ref kept', () => {
    const t = one('openai-strict', { ...obj({ n: { $ref: '#/$defs/Node' } }), $defs: { Node: obj({ v: { type: 'string' } }, []) } })
    expect(out(t)).toBe('{"type":"object","properties":{"n":{"$ref":"#/$defs/Node"}},"required":["n"],"additionalProperties":false,"$defs":{"Node":{"type":"object","properties":{"v":{"type":["string","null"]}},"required":["v"],"additionalProperties":false}}}')
  })
  it('refuses a map, a free-form object, an untyped part and a dotted name, each with its path', () => {
    const t = one('openai-strict', obj({ m: { type: 'object', additionalProperties: { type: 'string' } }, f: { type: 'object' }, x: {} }), 'docs.store')
    expect(t.status).toBe('refused')
    expect(t.problems.map((p) => p.path)).toEqual(['', '/properties/m', '/properties/f', '/properties/x'])
    expect(t.problems[0]!.message).toBe("The tool name 'docs.store' is not accepted by OpenAI: use 1 to 64 letters, digits, _ or - (for example docs_store).")
  })
})

describe('anthropic-strict', () => {
  it('optional stays optional; numeric and length bounds move into the description; default, simple patterns and listed formats stay', () => {
    const t = one('anthropic-strict', obj({
      n: { type: 'integer', minimum: 1, maximum: 9, default: 5 },
      s: { type: 'string', format: 'uri', maxLength: 8, pattern: '^[a-z]+$' },
    }, ['s']))
    expect(out(t)).toBe('{"type":"object","properties":{"n":{"type":"integer","description":"At least 1. At most 9.","default":5},"s":{"type":"string","format":"uri","description":"At most 8 characters.","pattern":"^[a-z]+$"}},"required":["s"],"additionalProperties":false}')
    expect(t.status).toBe('degraded')
  })
  it('minItems 0 or 1 stays; more moves into the description, as does maxItems; a lookahead pattern too', () => {
    const t = one('anthropic-strict', obj({ a: { type: 'array', items: { type: 'string' }, minItems: 1 }, b: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 5 }, p: { type: 'string', pattern: '^(?!x)' } }))
    expect(out(t)).toBe('{"type":"object","properties":{"a":{"type":"array","items":{"type":"string"},"minItems":1},"b":{"type":"array","description":"At least 2 items. At most 5 items.","items":{"type":"string"}},"p":{"type":"string","description":"Matches the regular expression ^(?!x)."}},"required":["a","b","p"],"additionalProperties":false}')
  })
  it('refuses a recursive type', () => {
    const t = one('anthropic-strict', { ...obj({ n: { $ref: '#/$defs/Node' } }), $defs: { Node: obj({ next: { $ref: '#/$defs/Node' } }, []) } })
    expect(t.status).toBe('refused')
    expect(t.problems.map((p) => p.path)).toEqual(['/$defs/Node'])
  })
  it('per request: a verdict on the list, with its totals, located where it crosses the 20 tools, 24 optional parameters and 16 unions; no tool is refused for it', () => {
    const tools = Array.from({ length: 21 }, (_, i) => ({ name: `t${i}`, inputSchema: obj({ a: { type: 'string' }, b: { type: ['string', 'null'] }, c: { type: 'string' } }, ['b']) }) as ToolEntry)
    const out = profileTools('anthropic-strict', tools)
    expect(out.every((t) => t.status === 'accepted')).toBe(true)
    const problems = listProblems('anthropic-strict', out)
    expect(problems.map((p) => `${p.tool}${p.path}`)).toEqual(['t20', 't12/properties/a', 't16/properties/b'])
    expect(problems.map((p) => p.message)).toEqual([
      "The list has 21 tools, and Anthropic strict mode takes at most 20 strict tools per request (the 21st is 't20'). Mark only the tools that need strict mode, or split the server.",
      "The list's tools have 42 optional parameters, and Anthropic strict mode takes at most 24 across all strict tools of a request (the 25th is 'a' of 't12'). Make some parameters required, or split the server.",
      "The list's tools have 21 parameters with union types, and Anthropic strict mode takes at most 16 across all strict tools of a request (the 17th is 'b' of 't16'). Replace some unions with one type, or split the server.",
    ])
    expect(listProblems('anthropic-strict', out.slice(0, 12))).toEqual([])
  })
})

describe('gemini', () => {
  it('a type list becomes one type with nullable; additionalProperties: false is left out', () => {
    const t = one('gemini', obj({ a: { type: ['string', 'null'], description: 'A.' } }, []))
    expect(out(t)).toBe('{"type":"object","properties":{"a":{"type":"string","nullable":true,"description":"A."}}}')
    expect(t.status).toBe('accepted')
  })
  it('a null anyOf member becomes nullable, and a single remaining member is inlined', () => {
    const t = one('gemini', obj({ u: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] }, v: { anyOf: [{ type: 'string' }, { type: 'null' }] } }))
    expect(out(t)).toBe('{"type":"object","properties":{"u":{"anyOf":[{"type":"string"},{"type":"integer"}],"nullable":true},"v":{"type":"string","nullable":true}},"required":["u","v"]}')
  })
  it('a non-string enum and unlisted formats move into the description; string enums, date-time and length bounds stay', () => {
    const t = one('gemini', obj({ n: { type: 'integer', enum: [1, 2] }, e: { type: 'string', format: 'email' }, d: { type: 'string', format: 'date-time', maxLength: 40 }, k: { type: 'string', enum: ['a'] } }))
    expect(out(t)).toBe('{"type":"object","properties":{"n":{"type":"integer","description":"One of: 1, 2."},"e":{"type":"string","description":"Format: email."},"d":{"type":"string","format":"date-time","maxLength":40},"k":{"type":"string","enum":["a"]}},"required":["n","e","d","k"]}')
    expect(t.status).toBe('degraded')
  })
  it('a tool without parameters leaves parameters out (FunctionDeclaration.parameters unset); served over MCP, which requires inputSchema, as {"type":"object"}', () => {
    const empty = { type: 'object', properties: {}, additionalProperties: false }
    // The referee: Gemini refuses the portable form and a bare {"type":"object"} alike.
    expect(violations(RULES.gemini, { name: 't', inputSchema: empty })).not.toEqual([])
    expect(violations(RULES.gemini, { name: 't', inputSchema: { type: 'object' } })).not.toEqual([])
    const t = profileTools('gemini', [{ name: 't', title: 'T', description: 'Pings.', inputSchema: empty, annotations: { readOnlyHint: true } } as ToolEntry])[0]!
    expect(t.tool).toEqual({ name: 't', title: 'T', description: 'Pings.', annotations: { readOnlyHint: true } })
    expect(t.tool).not.toHaveProperty('inputSchema')
    expect(t.status).toBe('accepted')
    expect(t.rewrites).toEqual(['/: no parameters, parameters left out'])
    expect(violations(RULES.gemini, t.tool)).toEqual([])
    expect(JSON.stringify(servedEntry(t))).toBe('{"name":"t","title":"T","description":"Pings.","inputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}}')
    // A tool with parameters is served as the profile lists it.
    const p = one('gemini', obj({ a: { type: 'string' } }))
    expect(servedEntry(p)).toBe(p.tool)
  })
  it('a dotted tool name is accepted; a name starting with a digit, a dashed property name, a reference and an empty nested object are refused', () => {
    expect(one('gemini', obj({ a: { type: 'string' } }), 'docs.store').status).toBe('accepted')
    const t = one('gemini', { ...obj({ 'a-b': { type: 'string' }, r: { $ref: '#/$defs/X' }, o: obj({}) }), $defs: { X: { type: 'string' } } }, '1t')
    expect(t.problems.map((p) => p.path)).toEqual(['', '/properties/r', '/properties/o', '/$defs', '/properties/a-b'])
  })
})
