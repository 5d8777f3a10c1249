import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { BUNDLERS, bundle, errorText, printedText } from './build.ts'

const dir = (name: string) => fileURLToPath(new URL(`../fixtures/${name}/`, import.meta.url))

/** The build's printed error ends at the diagnostic: none of the plugin's own stack frames or paths follow it. */
function endsAtDiagnostic(error: unknown, diagnostic: string): void {
  const printed = printedText(error)
  expect(printed).toContain(diagnostic)
  expect(printed).not.toMatch(/^\s+at .*(plugin|compiler|unplugin)/m)
  expect(printed).not.toMatch(/node_modules\/unplugin|dist\/plugin|src\/plugin\.ts|src\/compiler\//)
}

describe('errors through real bundlers', () => {
  for (const b of BUNDLERS) {
    it(`${b}: all findings of a module in one error whose text carries file:line:column and a code frame`, async () => {
      const root = dir('broken')
      const error = await bundle(b, `${root}tools.ts`, root).then(() => undefined, (e: Error) => e)
      expect(error).toBeInstanceOf(Error)
      const text = errorText(error)
      expect(text).toContain('mcp-aot: 3 errors')
      expect(text).toContain('tools.ts:6:4 - error MCP002: Unknown tag @readonly in a @tool block. Did you mean @readOnly?')
      expect(text).toContain('tools.ts:8:38 - error MCP021: Min<1> does not fit a string')
      expect(text).toContain('tools.ts:8:46 - error MCP004: Rest parameters are not part of the contract')
      expect(text).toContain('> 8 | export function greet(name: string & Min<1>, ...rest: string[]): string {')
      endsAtDiagnostic(error, 'tools.ts:8:46 - error MCP004: Rest parameters are not part of the contract')
    }, 60_000)

    it(`${b}: the same tool name in two modules is refused at build end, naming both places`, async () => {
      const root = dir('dupes')
      const error = await bundle(b, `${root}entry.ts`, root).then(() => undefined, (e: Error) => e)
      const text = errorText(error)
      expect(text).toMatch(/b\.ts:2:8 - error MCP027: tool 'list_items' is also declared at a\.ts:2:8/)
      endsAtDiagnostic(error, "b.ts:2:8 - error MCP027: tool 'list_items' is also declared at a.ts:2:8")
    }, 60_000)
  }
})
