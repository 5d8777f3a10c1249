/**
 * `@inputSchema` (issue 19 §3) at build time: what is listed, what reaches the validator, and every refusal
 * with its code, location and sentence (MCP051 the schema, MCP052 the parameters against it, MCP108 the
 * unchecked warning). Expected values are written from the contract in docs/writing-tools.md.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { analyze } from '../../src/compiler/compile.ts'
import { Project } from '../../src/compiler/source/project.ts'
import { lint } from '../../src/compiler/model/lint.ts'
import { validationSchema } from '../../src/compiler/schema/hand-written.ts'
import { emitTable } from '../../src/compiler/table/emit.ts'
import { Refusal } from '../../src/compiler/refusal.ts'
import { compileFiles, toolsJson } from './harness.ts'

const SCHEMA = { type: 'object', properties: { q: { type: 'string' }, n: { type: 'integer' } }, required: ['q'], additionalProperties: false }
const tool = (params: string, ref = './q.json') => `/**\n * Finds.\n * @tool @readOnly\n * @inputSchema ${ref}\n */\nexport function find(${params}) {}\n`
const compile = (source: string, files: Record<string, string> = { 'src/q.json': JSON.stringify(SCHEMA) }) => compileFiles({ 'src/tools.ts': source, ...files })
const findings = (source: string, files?: Record<string, string>) => compile(source, files).diagnostics.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.column} ${d.code} ${d.message}`)

describe('@inputSchema: listed as written', () => {
  it('from a .json file beside the module, every keyword kept', () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...SCHEMA, $defs: { a: { $anchor: 'A', type: 'string' } }, $comment: 'kept' }
    expect(JSON.parse(toolsJson(tool('q: string, n?: number'), { 'src/q.json': JSON.stringify(schema) })[0]!).inputSchema).toEqual(schema)
  })
  it('from a const of the module (as const satisfies), or one it imports', () => {
    const local = `const Q = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } as const satisfies object\n${tool('q: string', 'Q')}`
    expect(JSON.parse(toolsJson(local)[0]!).inputSchema).toEqual({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] })
    const imported = `import { Q } from './schemas.ts'\n${tool('q: string', 'Q')}`
    expect(JSON.parse(toolsJson(imported, { 'src/schemas.ts': "export const Q = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }\n" })[0]!).inputSchema).toEqual({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] })
  })
  it('the JSON file is among the files read (the bundler watches them)', () => {
    const root = mkdtempSync(join(tmpdir(), 'mcp-aot-hand-'))
    try {
      mkdirSync(join(root, 'src'))
      writeFileSync(join(root, 'src/q.json'), JSON.stringify(SCHEMA))
      const out = analyze(new Project(root), join(root, 'src/tools.ts'), tool('q: string, n?: number'))
      expect(out.error).toBeUndefined()
      expect(out.read).toEqual([join(root, 'src/q.json')])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('what the validator compiles', () => {
  it('an $anchor reference becomes its definition\'s path; $schema and $anchor are left out, the rest kept', () => {
    expect(validationSchema({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', $defs: { address: { $anchor: 'addr', type: 'object' } }, properties: { a: { $ref: '#addr' }, b: { $ref: '#/$defs/address' } } })).toEqual(
      { type: 'object', $defs: { address: { type: 'object' } }, properties: { a: { $ref: '#/$defs/address' }, b: { $ref: '#/$defs/address' } } },
    )
  })
})

describe('MCP051: a schema that cannot be read or validated', () => {
  const at = 'src/tools.ts:4:4 MCP051'
  it.each([
    ['no file', {}, `${at} @inputSchema ./q.json: there is no such file next to src/tools.ts. Correct the path (relative to this module).`],
    ['a draft-07 $schema', { 'src/q.json': JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' }) }, `${at} The input schema ./q.json at /$schema: The validators check JSON Schema 2020-12, and this schema says "http://json-schema.org/draft-07/schema#". Write "$schema": "https://json-schema.org/draft/2020-12/schema" (or leave it out) and the 2020-12 keywords ($defs, prefixItems).`],
    ['a root that is not an object', { 'src/q.json': JSON.stringify({ type: 'array' }) }, `${at} The input schema ./q.json at /type: A tool's input schema describes the arguments object: its root needs "type": "object".`],
    ['definitions', { 'src/q.json': JSON.stringify({ type: 'object', definitions: {} }) }, `${at} The input schema ./q.json at /definitions: The validators cannot take definitions (draft-07): rename it $defs and the references #/$defs/….`],
    ['a reference to nothing', { 'src/q.json': JSON.stringify({ type: 'object', properties: { q: { $ref: '#/$defs/missing' } } }) }, `${at} The input schema ./q.json at /properties/q/$ref: The reference "#/$defs/missing" names no definition of this schema's $defs. Refer to one as "#/$defs/name", or by its $anchor ("#anchor").`],
    ['an array', { 'src/q.json': '[]' }, `${at} src/q.json holds an array, not a JSON Schema object. Write the schema of the arguments object ({ "type": "object", … }).`],
  ])('%s', (_what, files, expected) => {
    expect(findings(tool('q?: string'), files)).toEqual([expected])
  })
  it('a file that is not JSON: located in the file', () => {
    const out = findings(tool('q?: string'), { 'src/q.json': '{\n  "type": "object",\n  "properties": {,}\n}\n' })
    expect(out).toHaveLength(1)
    expect(out[0]).toMatch(/^src\/q\.json:3:18 MCP051 src\/q\.json is not JSON \(.+\), so it is no input schema\. Correct the file\.$/)
  })
  it('an unknown keyword (a typo) and a keyword of the wrong form: what ajv says, at the tool, when the validators are compiled', () => {
    const emitted = (schema: object) => {
      const out = compile(tool('q?: string'), { 'src/q.json': JSON.stringify(schema) })
      expect(out.diagnostics).toEqual([])
      try {
        emitTable('src/tools.ts', out.declarations)
      } catch (e) {
        if (!(e instanceof Refusal)) throw e
        return `${e.loc.file}:${e.loc.line}:${e.loc.column} ${e.code} ${e.message}`
      }
      return 'compiled'
    }
    expect(emitted({ type: 'object', properties: { q: { type: 'string', maxLenght: 3 } } })).toMatch(/^src\/tools\.ts:6:8 MCP051 The input schema \.\/q\.json of tool 'find' is one no validator can be built for: .*maxLenght.* Correct the schema \(JSON Schema 2020-12\)\.$/)
    expect(emitted({ type: 'object', properties: { q: { type: 'string', minLength: -1 } } })).toMatch(/^src\/tools\.ts:6:8 MCP051 .*minLength.*Correct the schema/)
    expect(emitted({ type: 'object', properties: { q: { minLength: 1 } }, required: ['q', 'other'] })).toBe('compiled') // JSON Schema allows both
  })
  it('a const the build cannot read, and a name no const has', () => {
    expect(findings(`const Q = makeSchema()\n${tool('q?: string', 'Q')}`)).toEqual([
      "src/tools.ts:5:4 MCP051 @inputSchema Q: its value is not an object the build can read (an object literal of literals, arrays and objects, as const or satisfies allowed): the schema must be known at build time.",
    ])
    expect(findings(tool('q?: string', 'NOPE'))).toEqual([
      "src/tools.ts:4:4 MCP051 @inputSchema NOPE: no const NOPE is declared in or imported into this module. Declare it (export const NOPE = { type: 'object', … } as const), or name a .json file.",
    ])
  })
})

describe('MCP052: the parameters against the schema', () => {
  const suffix = ' (the input schema ./q.json).'
  it.each([
    ['a parameter the schema does not declare', 'q: string, n?: number, extra?: string', `src/tools.ts:6:45 MCP052 'extra' is a parameter of find, but the schema declares no property 'extra', so its value is never checked. Add it to the schema's properties, or remove the parameter${suffix}`],
    ['a required parameter the schema lets a call leave out', 'q: string, n: number', `src/tools.ts:6:33 MCP052 'n' is required by the function's type, but the schema lets a call leave it out. Add 'n' to the schema's required, or make the parameter optional (n?: …)${suffix}`],
    ['JSON types that disagree', 'q: number, n?: number', `src/tools.ts:6:22 MCP052 'q' is number in the function's type, but the schema lets it be string. Make the two agree${suffix}`],
    ['a schema property no parameter receives', 'q: string', `src/tools.ts:6:8 MCP052 The schema declares the property 'n', but no parameter of find receives it. Add a parameter 'n' (or a property of the destructured parameter's type), or take the whole arguments object as one parameter typed unknown${suffix}`],
  ])('%s', (_what, params, expected) => {
    expect(findings(tool(params))).toEqual([expected])
  })
  it('integer in the schema fits number in the type; a destructured object parameter is checked the same way', () => {
    expect(findings(tool('q: string, n?: number'))).toEqual([])
    expect(findings(tool('{ q, n }: { q: string; n?: number }'))).toEqual([])
    expect(findings(tool('{ q }: { q: string; n: number }'))).toEqual([expect.stringMatching(/MCP052 'n' is required by the function's type/)])
  })
})

describe('MCP108: one parameter typed unknown takes the whole arguments object, unchecked', () => {
  it.each([['args: unknown'], ['args: Record<string, unknown>']])('%s', (params) => {
    const out = compile(tool(params))
    expect(out.diagnostics).toEqual([])
    expect(out.declarations[0]!.slots).toEqual([{ kind: 'all' }])
    expect(lint(out.declarations).map((w) => `${w.loc.line}:${w.loc.column} ${w.code} ${w.message}`)).toEqual([
      "6:22 MCP108 The tool 'find' takes its arguments as unknown, so the build cannot check the function against its input schema ./q.json, and a change to either goes unnoticed. Declare the parameters the schema describes (one per property, or one destructured object).",
    ])
  })
})
