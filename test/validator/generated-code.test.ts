/** The generated validator code itself: plain ESM, no require/eval, deterministic, scoped, strict. */
import { RUNTIME_IMPORT, runtimeImport, standaloneToExpression } from '../../src/compiler/schema/validator-code.ts'
import { describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { compileValidator } from '../../src/compiler/schema/validator.ts'
import { closed, linesFor, loadModule } from './load.ts'

/** Uses every keyword and format SCHEMA.md writes, and every helper the runtime provides. */
const everything = closed({
  email: { type: 'string', format: 'email', description: 'Who to tell; may require("x") or eval(y) in prose.' },
  uri: { type: 'string', format: 'uri' },
  uuid: { type: 'string', format: 'uuid' },
  date: { type: 'string', format: 'date' },
  time: { type: 'string', format: 'time' },
  when: { type: 'string', format: 'date-time' },
  duration: { type: 'string', format: 'duration' },
  host: { type: 'string', format: 'hostname' },
  ip4: { type: 'string', format: 'ipv4' },
  ip6: { type: 'string', format: 'ipv6' },
  name: { type: 'string', minLength: 1, maxLength: 80, pattern: '^\\p{L}' },
  bytes: { type: 'string', contentEncoding: 'base64' },
  tags: { type: 'array', items: closed({ k: { type: 'string' } }), minItems: 1, maxItems: 5, uniqueItems: true },
  pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], minItems: 2, maxItems: 2 },
  level: { type: ['string', 'null'], enum: ['low', 'high', null], default: 'low' },
  mixed: { enum: ['auto', 0] },
  shape: { anyOf: [closed({ r: { type: 'number' } }), { type: 'null' }] },
  counts: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
  any: {},
}, ['email'])

describe('compileValidator', () => {
  it('writes an IIFE of plain code: no require, new Function or eval', () => {
    const code = compileValidator(everything, 'v0')
    expect(code.startsWith('(() => {\n')).toBe(true)
    expect(code.endsWith('\nreturn validate0\n})()')).toBe(true)
    expect(code).not.toContain('require(')
    expect(code).not.toContain('new Function(')
    expect(code).not.toContain('eval(')
    // Only assertions reach the code: no copy of the schema, its descriptions, schema paths, or the 2020-12
    // bookkeeping for unevaluated*/$dynamicRef.
    expect(code).not.toContain('in prose')
    expect(code).not.toMatch(/\bschema\d+\b|schemaPath|evaluated|dynamicAnchors/)
    // Error params are literals: the enum's values are written where the error is built.
    expect(code).toContain('"enum", {allowedValues: ["low","high",null]}')
    expect(code).not.toMatch(/^export /m)
    expect(code).not.toContain('"use strict"')
    // Every helper comes from the runtime import.
    expect(code).toContain('= __mcp_ucs2length;')
    expect(code).toContain('= __mcp_equal;')
    expect(code).toContain('= __mcp_format_uri;')
    expect(code).toContain('= __mcp_format_date_time;')
    expect(code).not.toContain('__mcp_formats')
  })

  it('names the runtime import: every helper for RUNTIME_IMPORT, only the used ones for runtimeImport', () => {
    expect(RUNTIME_IMPORT).toBe(
      "import { equal as __mcp_equal, format_date as __mcp_format_date, format_date_time as __mcp_format_date_time, format_time as __mcp_format_time, format_uri as __mcp_format_uri, ucs2length as __mcp_ucs2length } from 'mcp-aot/internal'",
    )
    const code = compileValidator(closed({ when: { type: 'string', format: 'date-time' }, name: { type: 'string', minLength: 1 } }, ['when']), 'v0')
    expect(runtimeImport(code, ['table as __mcp_table'])).toBe(
      "import { table as __mcp_table, format_date_time as __mcp_format_date_time, ucs2length as __mcp_ucs2length } from 'mcp-aot/internal'",
    )
    expect(runtimeImport(compileValidator(closed({ n: { type: 'integer' } }, ['n']), 'v1'))).toBe('')
  })

  it('is byte-identical whatever was compiled before, and in another process', () => {
    const first = compileValidator(everything, 'v0')
    compileValidator(closed({ other: { type: 'string', format: 'email', pattern: '^a' } }), 'v1')
    compileValidator({ type: 'object', properties: { x: { type: 'array', items: {}, uniqueItems: true } } }, 'v2')
    expect(compileValidator(everything, 'v0')).toBe(first)

    const validator = fileURLToPath(new URL('../../src/compiler/schema/validator.ts', import.meta.url))
    const script = `import { compileValidator } from ${JSON.stringify(validator)}
process.stdout.write(compileValidator(${JSON.stringify(everything)}, 'v0'))`
    const node = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url))
    const other = execFileSync(node, ['--input-type=module', '-e', script], { encoding: 'utf8' })
    expect(other).toBe(first)
  })

  it('keeps several validators in one module apart', async () => {
    const mod = await loadModule({
      v0: compileValidator(closed({ a: { type: 'string', maxLength: 2 } }), 'v0'),
      v1: compileValidator(closed({ a: { type: 'integer' } }), 'v1'),
    })
    expect(linesFor(mod.v0!, { a: 'abc' })).toEqual(["Argument 'a' must have at most 2 character(s) (got 3)."])
    expect(linesFor(mod.v1!, { a: 'abc' })).toEqual(['Argument \'a\' must be an integer (got "abc").'])
    expect(linesFor(mod.v0!, { a: 'ab' })).toEqual([])
  })

  it('loads and runs the schema that uses every helper', async () => {
    const { v0 } = await loadModule({ v0: compileValidator(everything, 'v0') })
    const good = {
      email: 'a@example.com', uri: 'https://example.com', uuid: '123e4567-e89b-12d3-a456-426614174000',
      date: '2026-05-01', time: '14:30:00Z', when: '2026-05-01T14:30:00Z', duration: 'P1D', host: 'example.com',
      ip4: '10.0.0.1', ip6: '::1', name: 'Ärger', bytes: 'AA==', tags: [{ k: 'a' }, { k: 'b' }], pair: ['a', 1],
      level: null, mixed: 'auto', shape: { r: 1 }, counts: { a: 1 }, any: [1, 'x'],
    }
    expect(linesFor(v0!, good)).toEqual([])
    expect(linesFor(v0!, { ...good, tags: [{ k: 'a' }, { k: 'a' }], name: '1', time: '14:30:00' })).toEqual([
      'Argument \'time\' must be a valid time, e.g. 09:00:00Z (got "14:30:00").',
      'Argument \'name\' must match the pattern ^\\p{L} (got "1").',
      "Argument 'tags' must not contain duplicates (tags[0] and tags[1] are equal).",
    ])
  })

  it('bundles as plain ESM with no CommonJS handling, and runs', async () => {
    const internal = fileURLToPath(new URL('../../src/runtime/internal.ts', import.meta.url))
    const plain = structuredClone(everything) as { properties: { email: { description?: string } } }
    delete plain.properties.email.description // its prose mentions require(
    const entry = [RUNTIME_IMPORT, `export const v0 = ${compileValidator(plain, 'v0')}`].join('\n')
    const out = await build({
      stdin: { contents: entry, loader: 'js', resolveDir: process.cwd() },
      alias: { 'mcp-aot/internal': internal },
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
      logLevel: 'silent',
    })
    const bundle = out.outputFiles[0]!.text
    expect(bundle).not.toMatch(/\brequire\(|__commonJS|__require/)
    const { v0 } = await import(`data:text/javascript,${encodeURIComponent(bundle)}`)
    expect(linesFor(v0, { email: 'a@example.com', when: '2026-02-29T00:00:00Z' })).toEqual([
      'Argument \'when\' must be a valid date-time, e.g. 2026-01-31T09:00:00Z (got "2026-02-29T00:00:00Z").',
    ])
  })

  it('refuses what ajv strict mode refuses', () => {
    expect(() => compileValidator({ type: 'string', format: 'credit-card' }, 'v0')).toThrow(/ajv refused the schema: unknown format "credit-card"/)
    expect(() => compileValidator({ type: 'string', minimum: 1 }, 'v0')).toThrow(/ajv refused the schema/)
    expect(() => compileValidator({ type: 'string', pattern: '(' }, 'v0')).toThrow(/ajv refused the schema/)
    expect(() => compileValidator({ type: 'string', frobnicate: true }, 'v0')).toThrow(/ajv refused the schema/)
  })

  it('refuses a name that is not an identifier', () => {
    expect(() => compileValidator({}, 'v-0')).toThrow(/not a JS identifier/)
  })

  it('refuses standalone code needing a helper the runtime lacks', () => {
    const source = [
      '"use strict";',
      'export const validate = validate0;',
      'export default validate0;',
      'const func0 = require("ajv/dist/runtime/uri").default;',
      'function validate0(data){return true}',
    ].join('\n')
    expect(() => standaloneToExpression(source, 'v9')).toThrow(/v9: the generated code still contains 'require\(' .*runtime\/uri/)
    const unknownFormat = source.replace('require("ajv/dist/runtime/uri").default', '__mcp_formats.regex')
    expect(() => standaloneToExpression(unknownFormat, 'v9')).toThrow(/format 'regex' has no matching run-time check/)
    const known = source.replace('require("ajv/dist/runtime/uri").default', 'require("ajv/dist/runtime/equal").default')
    expect(standaloneToExpression(known, 'v9')).toBe(
      '(() => {\n// v9: standalone ajv validator\nconst func0 = __mcp_equal;\nfunction validate0(data){return true}\nreturn validate0\n})()',
    )
  })
})
