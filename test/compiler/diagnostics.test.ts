/** SCHEMA.md § Diagnostics: one test per code (code, message, file:line:column), and how findings are reported. */
import { describe, expect, it } from 'vitest'
import { validatorSource } from '../../src/compiler/schema/validator-modules.ts'
import { compileModule } from '../../src/compiler/compile.ts'
import { CODES, CompileError } from '../../src/compiler/diagnostics.ts'
import { WARNINGS } from '../../src/compiler/model/warnings.ts'
import { Project } from '../../src/compiler/source/project.ts'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compileFiles } from './harness.ts'

const IMP = "import type { Int, Int8, Min, Max, MinLength, Pattern, ToolContext } from 'mcp-aot'"

/** Says what to write instead: an imperative sentence. */
const ADVICE = /\b(Write|Use|Declare|Remove|Replace|Give|Name|Correct|Merge|Add|Export|Describe|Pass|Change|Split|Widen|Import|Define|List|Did you mean|such as|must be)\b/i

interface Case {
  code: keyof typeof CODES
  what: string
  source: string
  /** The module's path, when not src/tools.ts. */
  path?: string
  extra?: Record<string, string>
  at: [file: string, line: number, column: number]
  /** Words the message must contain (it names the construct). */
  mentions: string[]
  /** The plugin option strictProfiles (MCP042). */
  strictProfiles?: ('openai-strict' | 'anthropic-strict' | 'gemini')[]
}

/** Six levels of four copies each: 4096 copies of Leaf, about 700 KB of inline schema from 300 characters. */
const DEEP = ['export type Leaf = { name: string; count: number; on: boolean }', 'type L1 = { a: Leaf; b: Leaf; c: Leaf; d: Leaf }']
  .concat([2, 3, 4, 5].map((i) => `type L${i} = { a: L${i - 1}; b: L${i - 1}; c: L${i - 1}; d: L${i - 1} }`))
  .concat(['export type Deep = { a: L5; b: L5; c: L5; d: L5 }', ''])
  .join('\n')

const cases: Case[] = [
  { code: 'MCP001', what: 'an invalid @tool name', source: '/**\n * @tool bad/name\n */\nexport function x() {}\n', at: ['src/tools.ts', 2, 4], mentions: ['bad/name'] },
  { code: 'MCP002', what: 'an unknown tag', source: '/**\n * @tool\n * @readonly\n */\nexport function x() {}\n', at: ['src/tools.ts', 3, 4], mentions: ['@readonly', '@readOnly'] },
  { code: 'MCP003', what: 'a @tool function that is not exported', source: '/** @tool */\nfunction hidden() {}\n', at: ['src/tools.ts', 2, 1], mentions: ['hidden', 'export'] },
  { code: 'MCP004', what: 'a rest parameter', source: '/** @tool */\nexport function x(a: string, ...rest: string[]) {}\n', at: ['src/tools.ts', 2, 30], mentions: ['Rest', 'array'] },
  { code: 'MCP005', what: 'a generic function', source: '/** @tool */\nexport function x<T>(a: T) {}\n', at: ['src/tools.ts', 2, 18], mentions: ['generic', 'x'] },
  { code: 'MCP006', what: 'a this parameter', source: '/** @tool */\nexport function x(this: unknown, a: string) {}\n', at: ['src/tools.ts', 2, 19], mentions: ['this'] },
  { code: 'MCP007', what: 'two ToolContext parameters', source: `${IMP}\n/** @tool */\nexport function x(a: ToolContext, b: ToolContext) {}\n`, at: ['src/tools.ts', 3, 35], mentions: ['ToolContext'] },
  { code: 'MCP008', what: 'a parameter without a type', source: '/** @tool */\nexport function x(a) {}\n', at: ['src/tools.ts', 2, 19], mentions: ["'a'", 'type'] },
  { code: 'MCP009', what: 'array destructuring', source: '/** @tool */\nexport function x([a, b]: [string, string]) {}\n', at: ['src/tools.ts', 2, 19], mentions: ['destructuring'] },
  { code: 'MCP010', what: 'a class as an argument type', source: 'class Point { x = 0 }\n/** @tool */\nexport function t(p: Point) {}\n', at: ['src/tools.ts', 3, 22], mentions: ['Point', 'class'] },
  { code: 'MCP011', what: 'a function type', source: '/** @tool */\nexport function t(cb: () => void) {}\n', at: ['src/tools.ts', 2, 23], mentions: ['function'] },
  { code: 'MCP012', what: 'symbol', source: '/** @tool */\nexport function t(x: symbol) {}\n', at: ['src/tools.ts', 2, 22], mentions: ['symbol'] },
  { code: 'MCP013', what: 'never', source: '/** @tool */\nexport function t(x: never) {}\n', at: ['src/tools.ts', 2, 22], mentions: ['never'] },
  { code: 'MCP014', what: 'void as an argument', source: '/** @tool */\nexport function t(x: void) {}\n', at: ['src/tools.ts', 2, 22], mentions: ['void'] },
  { code: 'MCP015', what: 'a Map with number keys', source: '/** @tool */\nexport function t(x: Map<number, string>) {}\n', at: ['src/tools.ts', 2, 22], mentions: ['Map', 'string'] },
  { code: 'MCP016', what: 'an open generic parameter (alias used without arguments)', source: 'type Page<T> = { items: T[] }\n/** @tool */\nexport function t(x: Page) {}\n', at: ['src/tools.ts', 3, 22], mentions: ['Page'] },
  { code: 'MCP017', what: 'a type that refers to itself with other type arguments', source: 'interface Tree<T> { value: T; children: Tree<T[]>[] }\n/** @tool */\nexport function t(x: Tree<string>) {}\n', at: ['src/tools.ts', 1, 41], mentions: ['Tree', 'same type arguments'] },
  { code: 'MCP018', what: 'a type the build cannot find', source: '/** @tool */\nexport function t(x: Nowhere) {}\n', at: ['src/tools.ts', 2, 22], mentions: ['Nowhere'] },
  { code: 'MCP019', what: 'a computed enum member', source: "enum E { A = 'a', B = String(1) }\n/** @tool */\nexport function t(x: E) {}\n", at: ['src/tools.ts', 1, 19], mentions: ['B'] },
  { code: 'MCP020', what: 'keyof', source: 'interface A { a: string }\n/** @tool */\nexport function t(x: keyof A[]) {}\n', at: ['src/tools.ts', 3, 22], mentions: ['keyof'] },
  { code: 'MCP021', what: 'a tag on a type it does not fit', source: `${IMP}\n/** @tool */\nexport function t(x: string & Min<1>) {}\n`, at: ['src/tools.ts', 3, 31], mentions: ['Min', 'string'] },
  { code: 'MCP022', what: 'a default its own fragment refuses', source: `${IMP}\n/** @tool */\nexport function t(n: Int & Max<10> = 50) {}\n`, at: ['src/tools.ts', 3, 38], mentions: ['50', "'n'"] },
  { code: 'MCP023', what: 'an invalid u-flag pattern', source: `${IMP}\n/** @tool */\nexport function t(x: string & Pattern<'(unclosed'>) {}\n`, at: ['src/tools.ts', 3, 31], mentions: ['(unclosed'] },
  { code: 'MCP024', what: 'an optional tuple element', source: '/** @tool */\nexport function t(x: [...string[], number]) {}\n', at: ['src/tools.ts', 2, 23], mentions: ['tuple'] },
  { code: 'MCP025', what: 'an integer range tag outside the type’s range', source: `${IMP}\n/** @tool */\nexport function t(x: Int8 & Max<200>) {}\n`, at: ['src/tools.ts', 3, 29], mentions: ['Int8', '200', '127'] },
  { code: 'MCP026', what: 'an invalid @timeout value', source: '/**\n * @tool\n * @timeout soon\n */\nexport function t() {}\n', at: ['src/tools.ts', 3, 4], mentions: ['@timeout', 'soon'] },
  { code: 'MCP027', what: 'two tools with the same name in a module', source: '/** @tool same */\nexport function a() {}\n/** @tool same */\nexport function b() {}\n', at: ['src/tools.ts', 4, 8], mentions: ['same', 'src/tools.ts:2:8'] },
  { code: 'MCP028', what: 'an @default that is not a JSON literal', source: 'interface A {\n  /** @default nope */\n  a?: string\n}\n/** @tool */\nexport function t(x: A) {}\n', at: ['src/tools.ts', 2, 7], mentions: ['@default', 'nope'] },
  { code: 'MCP029', what: 'a return type that cannot be described', source: '/** @tool */\nexport function t(): symbol { return Symbol() }\n', at: ['src/tools.ts', 2, 22], mentions: ['symbol'] },
  { code: 'MCP030', what: '@param for a parameter that does not exist', source: '/**\n * @tool\n * @param nope The x.\n */\nexport function t(a: string) {}\n', at: ['src/tools.ts', 3, 4], mentions: ['nope'] },
  { code: 'MCP031', what: 'a resource template and parameters that disagree', source: '/**\n * @resource file:///logs/{name}\n */\nexport function r(id: string) { return id }\n', at: ['src/tools.ts', 2, 4], mentions: ['{name}', 'id'] },
  { code: 'MCP032', what: 'a file that does not parse', source: '/** @tool */\nexport function t(a: string {}\n', at: ['src/tools.ts', 2, 29], mentions: ['does not parse'] },
  { code: 'MCP033', what: 'a generator', source: '/** @tool */\nexport async function* t(a: string) {}\n', at: ['src/tools.ts', 2, 8], mentions: ['generator'] },
  { code: 'MCP034', what: 'a type from an `export =` module that assigns a function', source: "import type { O } from 'fn'\n/** @tool */\nexport function t(a: O) {}\n", extra: { 'node_modules/fn/package.json': '{"name":"fn","types":"index.d.ts"}', 'node_modules/fn/index.d.ts': 'declare function make(): void\nexport = make\n' }, at: ['src/tools.ts', 3, 22], mentions: ['export =', 'O'] },
  { code: 'MCP035', what: 'a default that is not a constant', source: '/** @tool */\nexport function t(a: number = Math.random()) {}\n', at: ['src/tools.ts', 2, 31], mentions: ["'a'", 'Math.random()'] },
  { code: 'MCP036', what: 'overloads that differ from the implementation', source: '/** @tool */\nexport function t(a: string): void\nexport function t(a?: string) {}\n', at: ['src/tools.ts', 2, 8], mentions: ['overload'] },
  { code: 'MCP038', what: 'a recursive type without a finite value', source: 'interface A { n: number; a: A }\n/** @tool */\nexport function t(x: A) {}\n', at: ['src/tools.ts', 3, 22], mentions: ['A', 'optional'] },
  { code: 'MCP037', what: 'a union of two strings revived differently', source: 'interface Q {\n  n: number\n  when: Date | string\n}\n/** @tool */\nexport function t(q: Q) {}\n', at: ['src/tools.ts', 3, 3], mentions: ['Date', 'string', 'kind'] },
  { code: 'MCP039', what: 'a schema over the size budget, naming the type that multiplies', source: "import type { Deep } from './lib/deep.ts'\n/** @tool */\nexport function t(x: Deep) {}\n", extra: { 'src/lib/deep.ts': DEEP }, at: ['src/tools.ts', 3, 8], mentions: ['input schema', "'t'", '64 KiB', 'Leaf (src/lib/deep.ts:1:8) is written out 4096 times', 'schemaBudget'] },
  { code: 'MCP041', what: 'a tool in a JavaScript module', path: 'src/tools.js', source: '/**\n * @tool\n * @param {string} x\n */\nexport function t(x) {}\n', at: ['src/tools.js', 2, 4], mentions: ['is JavaScript', 'JSDoc types (@param {string} x) are not read', 'Rename it to src/tools.ts', '(x: string)'] },
  { code: 'MCP042', what: 'a part a strict profile refuses', source: '/** @tool */\nexport function t(meta: Record<string, string>) {}\n', at: ['src/tools.ts', 2, 19], mentions: ['openai-strict', "'t'", '/properties/meta', 'strictProfiles', 'MCP105'], strictProfiles: ['openai-strict'] },
  { code: 'MCP051', what: 'a hand-written input schema that is no 2020-12 schema', source: "const S = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } as const\n/**\n * @tool\n * @inputSchema S\n */\nexport function t() {}\n", at: ['src/tools.ts', 4, 4], mentions: ['2020-12', 'draft-07'] },
  { code: 'MCP052', what: 'a parameter the hand-written input schema does not declare', source: "const S = { type: 'object', properties: {} } as const\n/**\n * @tool\n * @inputSchema S\n */\nexport function t(q: string) {}\n", at: ['src/tools.ts', 6, 19], mentions: ["'q'", 'properties'] },
  { code: 'MCP057', what: 'an @icon that is an http URL', source: '/**\n * Pings.\n * @tool\n * @icon http://example.com/ping.png\n */\nexport function t() {}\n', at: ['src/tools.ts', 4, 4], mentions: ['@icon', "'http://example.com/ping.png' is neither an https URL nor a data: URI", 'data:image/png;base64'] },
  { code: 'MCP040', what: 'a tool declared without a body', source: '/** @tool */\nexport declare function t(x: string): string\n', at: ['src/tools.ts', 2, 8], mentions: ['without a body', 'export function t(…) { … }'] },
]

/**
 * Codes found outside a module's compile (the token report and the registry files at build start, from
 * package.json; MCP Apps views, built with esbuild; skill folders, read at build start): each is tested, code,
 * location and sentence, where found.
 */
const ELSEWHERE: Record<string, string> = {
  MCP043: 'plugin/tokenizer.test.ts',
  MCP044: 'plugin/registry.test.ts',
  MCP045: 'plugin/registry.test.ts',
  MCP046: 'plugin/registry.test.ts',
  MCP047: 'apps/apps.test.ts',
  MCP048: 'apps/bundlers.test.ts',
  MCP049: 'apps/apps.test.ts',
  MCP050: 'apps/apps.test.ts',
  MCP053: 'skills/skills.test.ts',
  MCP054: 'skills/skills.test.ts',
  MCP055: 'skills/skills.test.ts',
  MCP056: 'skills/skills.test.ts',
}

describe('one test per code', () => {
  it("the README's count of diagnostic codes is the number of codes", () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8')
    expect(readme).toContain(`${Object.keys(CODES).length} diagnostic codes`)
    // …and its docs list names the range, first code to last.
    expect(readme).toContain(`every code ${Object.keys(CODES)[0]}–${Object.keys(CODES).at(-1)} and ${Object.keys(WARNINGS)[0]}–${Object.keys(WARNINGS).at(-1)}`)
  })
  it('every code in CODES has a case here, or in the test of the plugin stage that finds it', () => {
    for (const [code, file] of Object.entries(ELSEWHERE)) expect(readFileSync(join(import.meta.dirname, '..', file), 'utf8'), `${code} in ${file}`).toContain(code)
    expect([...cases.map((c) => c.code), ...Object.keys(ELSEWHERE)].sort()).toEqual(Object.keys(CODES).sort())
  })
  it('docs/diagnostics.md lists every code (SCHEMA.md: "The list of codes, each with a test, lives in the README"; the README links it)', () => {
    const page = join(import.meta.dirname, '../../docs/diagnostics.md')
    expect(existsSync(page)).toBe(true)
    const text = readFileSync(page, 'utf8')
    const missing = Object.keys(CODES).filter((code) => !text.includes(code))
    expect(missing).toEqual([])
  })
  for (const c of cases) {
    it(`${c.code} (${CODES[c.code]}): ${c.what}`, () => {
      const out = compileFiles({ [c.path ?? 'src/tools.ts']: c.source, ...c.extra }, { strictProfiles: c.strictProfiles })
      expect(out.diagnostics.map((d) => d.code)).toEqual([c.code])
      const d = out.diagnostics[0]!
      expect(d.loc).toEqual({ file: c.at[0], line: c.at[1], column: c.at[2] })
      for (const m of c.mentions) expect(d.message.toLowerCase()).toContain(m.toLowerCase())
      expect(d.message).toMatch(ADVICE)
      expect(out.message).toContain(`${c.at[0]}:${c.at[1]}:${c.at[2]} - error ${c.code}`)
    })
  }
})

describe('@task', () => {
  it('an invalid value is MCP026 naming the values it takes', () => {
    const out = compileFiles({ 'src/tools.ts': '/**\n * @tool\n * @task sometimes\n */\nexport function t() {}\n' })
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP026'])
    expect(out.diagnostics[0]!.loc).toEqual({ file: 'src/tools.ts', line: 3, column: 4 })
    expect(out.diagnostics[0]!.message).toBe("@task takes optional (the client may run the call as a task), required (only as a task) or nothing (= optional), then ask-first if the tool asks its first questions before the task begins, not 'sometimes'.")
  })
})

describe('MCP015, MCP020 and friends: every construct', () => {
  const codeOf = (type: string, prelude = 'interface A { a: string; b: number }') =>
    compileFiles({ 'src/tools.ts': `${IMP}\n${prelude}\n/** @tool */\nexport function t(x: ${type}) {}\n` }).diagnostics
  it.each([
    ['Record<number, string>', 'MCP015', 'Record'],
    ['{ [k: number]: string }', 'MCP015', 'string'],
    ['typeof globalThis', 'MCP020', 'typeof'],
    ["A['c']", 'MCP020', 'indexed'],
    ['`id-${Date}`', 'MCP020', 'template'],
    ['{ [K in keyof A as `x_${K}`]: boolean }', 'MCP020', 'mapped'],
    ['A extends infer U ? U : never', 'MCP020', 'conditional'],
    ['Exclude<A, Record<string, string>>', 'MCP020', 'Exclude'],
    ['Extract<A, Record<string, string>>', 'MCP020', 'Extract'],
    ['keyof {}', 'MCP013', 'keyof'],
    ["Exclude<'a' | 'b', string>", 'MCP013', 'Exclude'],
    ['unique symbol', 'MCP012', 'symbol'],
    ['Function', 'MCP011', 'Function'],
    ['(a: string) => string', 'MCP011', 'function'],
    ['new () => A', 'MCP011', ''],
    ['Promise<string>', 'MCP020', 'Promise'],
  ])('%s → %s', (type, code, mention) => {
    const ds = codeOf(type)
    expect(ds.map((d) => d.code)).toEqual([code])
    expect(ds[0]!.message.toLowerCase()).toContain(mention.toLowerCase())
    expect(ds[0]!.loc).toEqual({ file: 'src/tools.ts', line: 4, column: type.startsWith('{ [k') ? 24 : 22 })
    expect(ds[0]!.message).toMatch(ADVICE)
  })
  it('mutually recursive types are written with $defs; required all the way round they are MCP038', () => {
    expect(codeOf('A', 'interface A { b?: B }\ninterface B { a?: A }')).toEqual([])
    expect(codeOf('A', 'interface A { b: B }\ninterface B { a: A }').map((d) => d.code)).toEqual(['MCP038'])
    expect(codeOf('A', 'interface A { b: B | null }\ninterface B { a: A }')).toEqual([])
    expect(codeOf('A', 'type A = [string, A]').map((d) => d.code)).toEqual(['MCP038'])
    expect(codeOf('A', "type A = { kind: 'x'; a: A } | { kind: 'y'; b: A }").map((d) => d.code)).toEqual(['MCP038'])
  })
  it('a type that is a union with itself (directly or through another alias) is MCP017, not a hang', () => {
    expect(codeOf('A', 'type A = A | string').map((d) => d.code)).toEqual(['MCP017'])
    expect(codeOf('A', 'type A = B | string\ntype B = A | number | null').map((d) => d.code)).toEqual(['MCP017'])
    expect(codeOf('A', 'type A = string | A[]')).toEqual([])
  })
  it('a class imported from another module is MCP010', () => {
    const out = compileFiles({ 'src/tools.ts': "import { Thing } from './thing.ts'\n/** @tool */\nexport function t(x: Thing) {}\n", 'src/thing.ts': 'export class Thing { a = 1 }\n' })
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP010'])
  })
})

describe('MCP003: a tag that needs an exported, named function', () => {
  it.each([
    ['an anonymous default export', '/** @tool */\nexport default function () {}\n', 2],
    ['a non-exported arrow function', '/** @tool */\nconst y = () => 1\n', 2],
    ['an exported constant that is not a function', '/** @tool */\nexport const x = 5\n', 2],
    ['an exported class', '/** @tool */\nexport class X {}\n', 2],
    ['an exported interface', '/** @tool */\nexport interface I { a: string }\n', 2],
  ])('%s is refused, not silently skipped', (_label, source, line) => {
    const out = compileFiles({ 'src/tools.ts': source })
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP003'])
    expect(out.diagnostics[0]!.loc).toMatchObject({ file: 'src/tools.ts', line })
    expect(out.diagnostics[0]!.message).toMatch(ADVICE)
  })
})

describe('ajv strict-mode cases are caught first in the type IR', () => {
  // Each of these would make ajv's strict mode throw at build time; the compiler reports its own diagnostic instead.
  it.each([
    ['a tag on the wrong type inside an array', '(string & Min<1>)[]', 'MCP021'],
    ['a tag on the wrong type in a nested object', '{ a: boolean & MinLength<1> }', 'MCP021'],
    ['a length tag on an object', '{ a: string } & MinLength<1>', 'MCP021'],
    ['a u-flag-only invalid pattern (identity escape)', String.raw`string & Pattern<'\\a'>`, 'MCP023'],
    ['an invalid pattern class', "string & Pattern<'[z-a]'>", 'MCP023'],
    ['a rest tuple element in the middle', '[...string[], number]', 'MCP024'],
    ['a rest tuple element beside revived elements', '[string, ...Date[]]', 'MCP024'],
  ])('%s', (_label, type, code) => {
    const out = compileFiles({ 'src/tools.ts': `${IMP}\n/** @tool */\nexport function t(x: ${type}) {}\n` })
    expect(out.diagnostics.map((d) => d.code)).toEqual([code])
    expect(out.message).not.toMatch(/strict mode|schema is invalid/)
  })
  it('an @default outside its own fragment is MCP022 at the tag', () => {
    const src = `${IMP}\ninterface A {\n  /** @default 50 */\n  n?: Int & Max<10>\n}\n/** @tool */\nexport function t(x: A) {}\n`
    const out = compileFiles({ 'src/tools.ts': src })
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP022'])
    expect(out.diagnostics[0]!.loc).toMatchObject({ file: 'src/tools.ts', line: 3 })
  })
  it('a destructuring default outside its property fragment is MCP022', () => {
    const src = `${IMP}\ninterface A { s: string & MinLength<3> }\n/** @tool */\nexport function t({ s = 'x' }: A) {}\n`
    const out = compileFiles({ 'src/tools.ts': src })
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP022'])
    expect(out.diagnostics[0]!.loc).toEqual({ file: 'src/tools.ts', line: 4, column: 25 })
  })
  it.each([
    ["'auto' | 0 | null"], ['unknown | null'], ['string | number | null'], ["'a' | true"], ['{ a: string; [k: string]: string } | null'],
    ['Set<Date | null>'], ['[string, Int8] | null'], ['bigint | null'], ["Record<'a' | 'b', Int> | { c: string }"], ['Uint8Array | null'],
    ['Map<string, Set<bigint>>'], ["string & MaxLength<80> & MinLength<3> & Pattern<'^a'>"], ['number & Min<0> & Max<0>'], ['1 | 2 | 3.5 | null'],
    ['true'], ['(string & MaxLength<3>)[] & MinLength<1>'], ['number | Date'], ['{ a: string } | { a: number }'],
  ])('what the IR accepts, ajv strict mode compiles: %s', (type) => {
    const root = mkdtempSync(join(tmpdir(), 'mcp-aot-strict-'))
    const code = `import type { Int, Int8, MinLength, MaxLength, Min, Max, Pattern } from 'mcp-aot'\n/** @tool */\nexport function t(x: ${type}, y?: ${type}) {}\n`
    writeFileSync(join(root, 'x.ts'), code)
    const out = compileModule(new Project(root), join(root, 'x.ts'), code)
    // Its validator: a module of its own (the text it imports), or compiled with the module's others.
    const id = /\nimport __mcp_v0 from "mcp-aot\/validator:(\w+)";\n/.exec(out?.code ?? '')?.[1]
    if (id) expect(validatorSource(id)).toMatch(/\nexport default validate\d+\n$/)
    else expect(out?.code).toMatch(/const \[__mcp_v0\b.*\] = \(\(\) => \{/)
  })
  it('compileModule throws the CompileError, never an ajv error', () => {
    const project = new Project(mkdtempSync(join(tmpdir(), 'mcp-aot-diag-')))
    const code = `${IMP}\n/** @tool */\nexport function t(x: string & Min<1>, y: string & Pattern<'\\\\a'>) {}\n`
    let thrown: unknown
    try {
      compileModule(project, join(project.root ?? '', 'x.ts'), code)
    } catch (e) {
      thrown = e
    }
    expect(thrown).toBeInstanceOf(CompileError)
    expect((thrown as CompileError).diagnostics.map((d) => d.code)).toEqual(['MCP021', 'MCP023'])
  })
})

describe('how findings are reported', () => {
  const src = `${IMP}
/** @tool */
export function one(a: symbol, b: string & Min<1>) {}

/**
 * @tool
 * @readonly
 */
export function two(...xs: string[]) {}
`
  it('all findings of a module come together, in source order, in one error', () => {
    const out = compileFiles({ 'src/tools.ts': src })
    expect(out.diagnostics.map((d) => `${d.code}@${d.loc.line}:${d.loc.column}`)).toEqual(['MCP012@3:24', 'MCP021@3:44', 'MCP002@7:4', 'MCP004@9:21'])
    expect(out.message).toMatch(/^mcp-aot: 4 errors/)
  })
  it('the message text itself carries file:line:column and a code frame for each', () => {
    const out = compileFiles({ 'src/tools.ts': src })
    const msg = out.message!
    for (const at of ['src/tools.ts:3:24', 'src/tools.ts:3:44', 'src/tools.ts:7:4', 'src/tools.ts:9:21']) expect(msg).toContain(at)
    // The frame shows the offending line marked, and a caret under the column.
    expect(msg).toContain('> 3 | export function one(a: symbol, b: string & Min<1>) {}')
    expect(msg).toContain(`    | ${' '.repeat(23)}^`)
    expect(msg).toContain('>  9 | export function two(...xs: string[]) {}')
    expect(msg).toContain('> 7 |  * @readonly')
  })
  it('a finding in an imported types file points into that file, with its code frame', () => {
    const out = compileFiles({
      'src/tools.ts': "import type { Item } from './types.ts'\n/** @tool */\nexport function t(x: Item) {}\n",
      'src/types.ts': "import type { Min } from 'mcp-aot'\nexport interface Item {\n  name: string & Min<1>\n}\n",
    })
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP021'])
    expect(out.diagnostics[0]!.loc).toEqual({ file: 'src/types.ts', line: 3, column: 18 })
    expect(out.message).toContain('src/types.ts:3:18')
    expect(out.message).toContain('> 3 |   name: string & Min<1>')
  })
  it('a module without findings has no error', () => {
    const out = compileFiles({ 'src/tools.ts': '/** @tool */\nexport function ok(a: string) {}\n' })
    expect(out.diagnostics).toEqual([])
    expect(out.message).toBeUndefined()
  })
  it('a single finding says "1 error"', () => {
    const out = compileFiles({ 'src/tools.ts': '/** @tool */\nexport function t(x: never) {}\n' })
    expect(out.message).toMatch(/^mcp-aot: 1 error\n/)
  })
})

describe('names JavaScript objects cannot carry', () => {
  it('a property or parameter named __proto__ is refused (MCP020) instead of silently setting a prototype', () => {
    const prop = compileFiles({ 'src/tools.ts': 'interface A {\n  __proto__: string\n}\n/** @tool */\nexport function t(a: A) {}\n' })
    expect(prop.diagnostics.map((d) => [d.code, d.loc.line, d.loc.column])).toEqual([['MCP020', 2, 3]])
    expect(prop.diagnostics[0]!.message).toContain('Rename it')
    const param = compileFiles({ 'src/tools.ts': '/** @tool */\nexport function t(__proto__: string) {}\n' })
    expect(param.diagnostics.map((d) => [d.code, d.loc.line, d.loc.column])).toEqual([['MCP020', 2, 19]])
  })
})

describe('enums the build cannot value', () => {
  it('a member without a value after a string member is MCP019 at the member', () => {
    const out = compileFiles({ 'src/tools.ts': "enum Mode {\n  Fast = 'fast',\n  Slow,\n}\n/** @tool */\nexport function t(m: Mode) {}\n" })
    expect(out.diagnostics.map((d) => [d.code, d.loc.line, d.loc.column])).toEqual([['MCP019', 3, 3]])
    expect(out.diagnostics[0]!.message).toContain('Give it a literal value')
  })
})
