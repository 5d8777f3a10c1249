/**
 * Issue 28, section 3: findings that point at the user's line. Each case is compiled as the plugin compiles
 * a module (compileModule: the pre-filter, then the analysis), and the findings are written by hand.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileModule } from '../../src/compiler/compile.ts'
import { CompileError } from '../../src/compiler/diagnostics.ts'
import { Project } from '../../src/compiler/source/project.ts'
import { tempProject } from '../helpers/temp-project.ts'
import { compileFiles } from './harness.ts'
import { fragment } from './golden.ts'
import { lint } from '../../src/compiler/model/lint.ts'

/** The findings of a module compiled as the plugin compiles it, `line:column code message`; [] when it compiles or is skipped. */
function findings(code: string): string[] {
  const root = tempProject('mcp-aot-located-', { 'src/tools.ts': code })
  try {
    compileModule(new Project(root), join(root, 'src/tools.ts'), code)
    return []
  } catch (e) {
    if (!(e instanceof CompileError)) throw e
    return e.diagnostics.map((d) => `${d.loc.line}:${d.loc.column} ${d.code} ${d.message}`)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

describe('a near-miss kind tag in a module with no correct one', () => {
  it('is read (not skipped by the pre-filter) and located: @tol, @promt, @rsource', () => {
    expect(findings('/** Adds. @tol */\nexport function add(a: number, b: number) { return a + b }\n')).toEqual(['1:11 MCP002 Unknown tag @tol, so add is no tool. Did you mean @tool?'])
    expect(findings('/** Greets. @promt */\nexport function greet(name: string) { return name }\n')).toEqual(['1:13 MCP002 Unknown tag @promt, so greet is no prompt. Did you mean @prompt?'])
    expect(findings('/** Reads. @rsource config://app */\nexport function app() { return {} }\n')).toEqual(['1:12 MCP002 Unknown tag @rsource, so app is no resource. Did you mean @resource?'])
  })
  it('JSDoc\'s own tags near a kind tag (@prop, @param, @todo) still skip the module', () => {
    expect(findings('/**\n * @param a A.\n * @prop b B.\n * @todo C.\n */\nexport function f(a: number) { return a }\n')).toEqual([])
  })
})

describe('a template literal placeholder that is no number placeholder', () => {
  it('is not told about "A number placeholder"', () => {
    const out = compileFiles({ 'src/tools.ts': "type Id = `u_${string}` | `g_${string}`\n/** @tool t */\nexport function t(x: `${Id}/${string}`) {}\n" })
    expect(out.diagnostics.map((d) => `${d.loc.line}:${d.loc.column} ${d.code} ${d.message}`)).toEqual([
      "3:22 MCP020 A placeholder whose type is itself a pattern (a template literal type, or a union holding one) followed by more text ('/') is split by TypeScript in a way no one pattern here says. Write the union of whole templates out (`u_${string}/${string}` | …), or use string & Pattern<'…'>.",
    ])
  })
})

describe('tags that say more than is read', () => {
  const warnings = (code: string) => lint(compileFiles({ 'src/tools.ts': code }).declarations).map((w) => `${w.loc.line}:${w.loc.column} ${w.code} ${w.message}`)
  it('@tool list items: "items" is not dropped without a word (MCP110, at the tag)', () => {
    expect(warnings('/**\n * Lists items.\n * @tool list items\n * @readOnly\n */\nexport function list() { return [] }\n')).toEqual([
      "3:4 MCP110 @tool takes one word, the tool's name ('list'), so 'items' is not read. Write the name as one word (@tool list_items), and the description as the text of the comment, before the tags.",
    ])
    expect(warnings('/**\n * Lists items.\n * @tool list\n * @readOnly\n */\nexport function list() { return [] }\n')).toEqual([])
  })
  it('@readOnly with @destructive (MCP111, at @destructive); either alone is no warning', () => {
    expect(warnings('/**\n * Deletes.\n * @tool\n * @readOnly\n * @destructive\n */\nexport function del() {}\n')).toEqual([
      "5:4 MCP111 The tool 'del' is marked @readOnly and @destructive: a tool that changes nothing destroys nothing, and clients read destructiveHint only when readOnlyHint is false. Keep @readOnly if the tool only reads; else remove it.",
    ])
    expect(warnings('/**\n * Deletes.\n * @tool\n * @readOnly\n * @destructive false\n */\nexport function del() {}\n')).toEqual([])
  })
})

describe('a finding inside a package\'s type', () => {
  it('is located at the user\'s parameter, naming the package\'s type and where in it', () => {
    const out = compileFiles({
      'src/tools.ts': "import type { Boxed } from 'lib'\n/** Boxes. @tool */\nexport function box(x: Boxed<string>) {}\n",
      'node_modules/lib/package.json': '{ "name": "lib", "types": "index.d.ts" }',
      'node_modules/lib/index.d.ts': 'export type Boxed<T> = { value: T; map: (f: T) => T }\n',
    })
    expect(out.diagnostics.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.column} ${d.code} ${d.message}`)).toEqual([
      'src/tools.ts:3:24 MCP011 In Boxed (node_modules/lib/index.d.ts:1:41): A function cannot travel as JSON. Pass the data the function would work on instead.',
    ])
  })
})

describe('keyof of a class or of an interface with methods', () => {
  it('is the keys, as tsc gives them (methods and public fields; not private, static or the constructor)', () => {
    expect(fragment('keyof Store', 'interface Store { name: string; size: number; get(key: string): string; 80: boolean }')).toBe('{"anyOf":[{"type":"string","enum":["name","size","get"]},{"type":"integer","enum":[80]}]}')
    expect(fragment('keyof Cache', 'class Base { id = 1; load() {} }\nclass Cache extends Base { constructor(public region: string, private secret: string) { super() } static make() {} #hidden = 1; private inner = 2; hits = 0; clear(): void {} }')).toBe('{"type":"string","enum":["region","hits","clear","id","load"]}')
    expect(fragment('keyof Child', 'interface Parent { a: string; run(): void }\ninterface Child extends Parent { b: number }')).toBe('{"type":"string","enum":["b","a","run"]}')
  })
})
