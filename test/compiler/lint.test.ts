/** Build warnings (src/compiler/model/lint.ts, MCP101–MCP104, MCP107, MCP112): codes, locations and messages, written by hand. */
import { describe, expect, it } from 'vitest'
import { lint } from '../../src/compiler/model/lint.ts'
import { compileFiles } from './harness.ts'

const warnings = (source: string) => {
  const out = compileFiles({ 'src/tools.ts': source })
  if (out.diagnostics.length > 0) throw new Error(out.message)
  return lint(out.declarations).map((w) => `${w.loc.line}:${w.loc.column} ${w.code} ${w.message}`)
}

describe('lint', () => {
  it('MCP112: a tool that says none of @readOnly, @destructive and @openWorld, at its declaration; any one of them, true or false, is enough', () => {
    expect(warnings('/**\n * Adds.\n * @tool\n * @idempotent\n * @param a - A.\n */\nexport function add(a: number) {}\n')).toEqual([
      "7:8 MCP112 The tool 'add' says none of @readOnly, @destructive and @openWorld, so clients take the spec's defaults, the worst case: it may change and destroy data and reach outside systems (ChatGPT shows it so, and asks before every call). Write the hints that hold: @readOnly for a tool that only reads, else @destructive false for one that only adds; @openWorld false for one that stays within your own systems.",
    ])
    for (const tag of ['@readOnly', '@readOnly false', '@destructive', '@destructive false', '@openWorld', '@openWorld false']) {
      expect(warnings(`/**\n * Adds.\n * @tool\n * ${tag}\n * @param a - A.\n */\nexport function add(a: number) {}\n`), tag).toEqual([])
    }
  })
  it('a fully described tool has no warning', () => {
    expect(warnings('/**\n * Adds.\n * @tool @readOnly\n * @param a - A.\n */\nexport function add(a: number) {}\n')).toEqual([])
  })
  it('MCP101: a dotted tool name', () => {
    expect(warnings('/**\n * Stores.\n * @tool docs.store @readOnly\n * @param a - A.\n */\nexport function store(a: number) {}\n')).toEqual([
      "6:8 MCP101 The tool name 'docs.store' has a dot: OpenAI and Anthropic refuse a request listing it (names match ^[a-zA-Z0-9_-]{1,64}$). Use @tool docs_store.",
    ])
  })
  it('MCP101: a name over 64 characters; MCP102: over 40', () => {
    const long = 'a'.repeat(65)
    const mid = 'b'.repeat(41)
    expect(warnings(`/**\n * F.\n * @tool ${long} @readOnly\n */\nexport function f() {}\n/**\n * G.\n * @tool ${mid} @readOnly\n */\nexport function g() {}\n`)).toEqual([
      `5:8 MCP101 The tool name '${long}' is 65 characters long: OpenAI and Anthropic refuse a request listing it (names match ^[a-zA-Z0-9_-]{1,64}$). Use @tool ${'a'.repeat(64)}.`,
      `10:8 MCP102 The tool name '${mid}' is 41 characters long; clients prefix it with the server's name (mcp__server__…), which can pass the 64-character limit. Prefer a name of at most 40 characters.`,
    ])
  })
  it('MCP109: a tool without a description, at its declaration (a title is not one)', () => {
    expect(warnings('/**\n * @tool @readOnly\n * @title Add\n * @param a - A.\n */\nexport function add(a: number) {}\n')).toEqual([
      "6:8 MCP109 The tool 'add' has no description, so a model picks it by its name alone. Write one: the text of its /** … */ comment, before the tags.",
    ])
  })
  it('MCP103: a parameter and a nested property without a description, at their own locations', () => {
    expect(warnings('/**\n * Finds.\n * @tool @readOnly\n * @param q - Query.\n */\nexport function find(q: { text: string; /** Max. */ n: number }, page?: number) {}\n')).toEqual([
      "6:27 MCP103 'q.text' has no description, so a model guesses what to send. Write one: a @param q.text line, or a /** … */ comment on the property.",
      "6:66 MCP103 'page' has no description, so a model guesses what to send. Write one: a @param page line, or a /** … */ comment on the property.",
    ])
  })
  it('MCP104: a part without a type', () => {
    expect(warnings('/**\n * Logs.\n * @tool @readOnly\n * @param data - Anything.\n */\nexport function log(data: unknown) {}\n')).toEqual([
      "6:21 MCP104 'data' has a part without a type (unknown, any or JsonValue): a model is told nothing about it and strict providers refuse it. Give it a concrete type.",
    ])
  })
  it('MCP107: a declared return type the build cannot read: no outputSchema, the result sent as it comes, a warning at the type', () => {
    const source = '/** Finds. @tool @readOnly */\nexport async function near(): Promise<VectorizeMatches> { return null as any }\n'
    expect(warnings(source)).toEqual([
      "2:39 MCP107 The tool 'near' gets no outputSchema, and its results are sent as they come: Cannot find the type VectorizeMatches. Declare or import it; of the global types, only Date, URL, Uint8Array, Array, Set, Map, Record, Promise and the utility types Partial, Required, Pick, Omit, Readonly, NonNullable are understood. To keep the schema, declare a return type the build reads (an interface or object type of JSON values).",
    ])
    const decl = compileFiles({ 'src/tools.ts': source }).declarations[0]!
    expect(decl.outputSchema).toBeUndefined()
    expect(decl.result).toEqual({ kind: 'inspect' })
  })
  it('MCP107 for a class and a conditional type with infer; a function or a symbol stays the error MCP029', () => {
    expect(warnings('class Row { id = 1 }\n/** Finds. @tool @readOnly */\nexport function a(): Row { return new Row() }\n').map((w) => w.split(' ').slice(0, 2).join(' '))).toEqual(['3:22 MCP107'])
    expect(warnings('type U<T> = T extends Promise<infer X> ? X : T\n/** Finds. @tool @readOnly */\nexport function b(): U<string> { return \'\' }\n').map((w) => w.split(' ')[1])).toEqual(['MCP107'])
    expect(compileFiles({ 'src/tools.ts': '/** Finds. @tool @readOnly */\nexport function c(): { f: () => void } { return null as any }\n' }).diagnostics.map((d) => d.code)).toEqual(['MCP029'])
  })
  it('a property of a type several tools share is one warning at its line, not one per tool', () => {
    const source = 'interface Item {\n  sku: string\n}\n/** Adds. @tool @readOnly @param item - The item. */\nexport function add(item: Item) {}\n/** Drops. @tool @readOnly @param item - The item. */\nexport function drop(item: Item) {}\n'
    expect(warnings(source)).toEqual([
      "2:3 MCP103 'item.sku' has no description, so a model guesses what to send. Write one: a @param item.sku line, or a /** … */ comment on the property.",
    ])
  })
})
