/** The per-tool schema size budget (MCP039): measured on the type IR before any JSON is written, exactly. */
import { describe, expect, it } from 'vitest'
import { toolDefinition } from '../../src/compiler/table/emit.ts'
import { inputSize, outputSize, typeSize } from '../../src/compiler/schema/size.ts'
import { compileFiles } from './harness.ts'
import { IMPORTS } from './golden.ts'

const levels = (n: number) => {
  let src = 'type L0 = { name: string; count: number; on: boolean }\n'
  for (let i = 1; i <= n; i++) src += `type L${i} = { a: L${i - 1}; b: L${i - 1}; c: L${i - 1}; d: L${i - 1} }\n`
  return src
}

describe('the measure', () => {
  it('is the exact length of the JSON the build writes, input and output, annotations included', () => {
    const src = `${IMPORTS}${levels(3)}
interface Opts {
  /** How "many". @default 3 */
  n?: Int8 | null
  mode: 'a' | 'b' | 1
  tags: Set<string & MaxLength<4>>
  pair: [Date, URL]
  any: unknown
  some: {}
  either: { x: L1 } | { y: string[] } | null
}
/**
 * @tool
 * @param opts The options.
 */
export function t(opts: Opts, deep: L3, label: string = 'x'): Opts { return opts }
`
    const out = compileFiles({ 'src/tools.ts': src })
    expect(out.diagnostics).toEqual([])
    const d = out.declarations[0]!
    const def = toolDefinition(d) as { inputSchema: object; outputSchema: object }
    expect(inputSize(d.props)).toBe(JSON.stringify(def.inputSchema).length)
    const opts = d.props.find((p) => p.name === 'opts')!.type
    expect(typeSize(opts)).toBe(JSON.stringify(def.outputSchema).length)
  })
})

describe('the measure of a recursive type', () => {
  const NODE = '{"type":"object","properties":{"v":{"type":"string"},"kids":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"required":["v","kids"],"additionalProperties":false}'
  const INPUT = `{"type":"object","properties":{"x":{"$ref":"#/$defs/Node"}},"required":["x"],"additionalProperties":false,"$defs":{"Node":${NODE}}}`
  const OUTPUT = `${NODE.slice(0, -1)},"$defs":{"Node":${NODE}}}`
  const src = 'interface Node { v: string; kids: Node[] }\n/** @tool */\nexport function t(x: Node) {}\n/** @tool */\nexport function u(): Node { return null as any }\n'
  it('counts $defs, in the input and in the output schema (written out at the root, then $defs)', () => {
    const out = compileFiles({ 'src/tools.ts': src })
    expect(out.diagnostics).toEqual([])
    const [t, u] = out.declarations
    expect(JSON.stringify((toolDefinition(t!) as { inputSchema: object }).inputSchema)).toBe(INPUT)
    expect(inputSize(t!.props)).toBe(INPUT.length)
    expect(JSON.stringify((toolDefinition(u!) as { outputSchema: object }).outputSchema)).toBe(OUTPUT)
    expect(outputSize(t!.props[0]!.type)).toBe(OUTPUT.length)
  })
  it('so a budget below the size with $defs (above the size without) refuses both tools', () => {
    const out = compileFiles({ 'src/tools.ts': src }, { schemaBudget: INPUT.length - 1 })
    expect(out.diagnostics.map((d) => [d.code, d.loc.line])).toEqual([['MCP039', 3], ['MCP039', 5]])
    expect(out.diagnostics[0]!.message).toContain(`would be ${INPUT.length} bytes of JSON, over the ${INPUT.length - 1} bytes budget`)
    expect(out.diagnostics[1]!.message).toContain(`The output schema of tool 'u' would be ${OUTPUT.length} bytes of JSON`)
    expect(compileFiles({ 'src/tools.ts': src }, { schemaBudget: OUTPUT.length }).diagnostics).toEqual([])
  })
})

describe('the budget', () => {
  const src = `${levels(6)}/** @tool */\nexport function t(x: L6) {}\n/** @tool */\nexport function u(): Promise<L6> { return null as any }\n`
  it('refuses a tool whose input or output schema would pass 64 KiB, one finding each, naming the type that multiplies', () => {
    const out = compileFiles({ 'src/tools.ts': src })
    expect(out.diagnostics.map((d) => [d.code, d.loc.line, d.loc.column])).toEqual([['MCP039', 9, 8], ['MCP039', 11, 22]])
    expect(out.diagnostics[0]!.message).toMatch(/^The input schema of tool 't' would be \d+ KiB of JSON, over the 64 KiB budget\. Every type is written inline, and L0 \(src\/tools\.ts:1:1\) is written out 4096 times, 169 bytes each\./)
    expect(out.diagnostics[1]!.message).toMatch(/^The output schema of tool 'u' would be/)
  })
  it('is a plugin option: raised, the same tools build; lowered, a small one is refused', () => {
    expect(compileFiles({ 'src/tools.ts': src }, { schemaBudget: 2 * 1024 * 1024 }).diagnostics).toEqual([])
    const small = compileFiles({ 'src/tools.ts': '/** @tool */\nexport function t(a: string, b: number) {}\n' }, { schemaBudget: 50 })
    expect(small.diagnostics.map((d) => d.code)).toEqual(['MCP039'])
    expect(small.diagnostics[0]!.message).toContain('would be 126 bytes of JSON, over the 50 bytes budget. Every type is written inline.')
  })
  it('generic aliases share their instances too: 2^22 copies are measured, not built', () => {
    let src = 'type G0<T> = { a: T; b: T }\n'
    for (let i = 1; i <= 22; i++) src += `type G${i}<T> = { x: G${i - 1}<T>; y: G${i - 1}<T> }\n`
    const out = compileFiles({ 'src/tools.ts': `${src}/** @tool */\nexport function t(x: G22<string>) {}\n` })
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP039'])
    expect(out.diagnostics[0]!.message).toContain('G0 (src/tools.ts:1:1) is written out 4194304 times, 126 bytes each')
  })
  it('gigabytes of schema are refused from the measure alone (nothing of that size is built)', () => {
    const out = compileFiles({ 'src/tools.ts': `${levels(14)}/** @tool */\nexport function t(x: L14) {}\n` })
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP039'])
    expect(out.diagnostics[0]!.message).toMatch(/would be \d+\.\d MiB of JSON/)
  })
})
