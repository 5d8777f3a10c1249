/**
 * The corpus under every profile, held to each provider's documented rules (provider-rules.ts): a tool a
 * profile accepts or degrades breaks no rule; a tool it refuses has a problem and breaks a rule; the
 * request limits agree; and the table of docs/profiles-and-tokens.md is what this corpus measures.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { listProblems, profileTools } from '../../src/compiler/model/profiles/index.ts'
import { corpusTable, corpusTools, PROVIDERS } from './corpus.ts'
import { requestViolations, RULES, violations } from './provider-rules.ts'

const tools = corpusTools()

describe('the corpus under each provider profile', () => {
  it('has at least 15 tools', () => {
    expect(tools.length).toBeGreaterThanOrEqual(15)
  })
  for (const p of PROVIDERS) {
    describe(p, () => {
      const profiled = profileTools(p, tools)
      for (const t of profiled) {
        it(`${t.tool.name}: ${t.status}`, () => {
          const broken = violations(RULES[p], t.tool)
          if (t.status === 'refused') {
            expect(t.problems.length).toBeGreaterThan(0)
            expect(broken).not.toEqual([])
          } else {
            expect(broken).toEqual([])
            expect(t.problems).toEqual([])
            if (t.status === 'accepted') expect(t.degraded).toEqual([])
            else expect(t.degraded.length).toBeGreaterThan(0)
          }
        })
      }
      it('request limits: the list (the tools not refused) is refused exactly when its tools together break one', () => {
        const listed = profiled.filter((t) => t.status !== 'refused').map((t) => t.tool)
        expect(listProblems(p, profiled).length > 0).toBe(requestViolations(RULES[p], listed).length > 0)
      })
    })
  }
  it('the table of docs/profiles-and-tokens.md is what the corpus measures', async () => {
    const readme = readFileSync(join(import.meta.dirname, '../../docs/profiles-and-tokens.md'), 'utf8')
    const block = /<!-- corpus-table -->\n([\s\S]*?)\n<!-- \/corpus-table -->/.exec(readme)
    expect(block?.[1]).toBe(await corpusTable())
  })
  it("the README's tokens row quotes the table's tools/list totals", async () => {
    const totals = /\| \*\*tools\/list\*\* \((\d+) tools\) \| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \|/.exec(await corpusTable())
    expect(totals).not.toBeNull()
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8')
    expect(readme).toContain(`${totals![2]} o200k tokens for the ${totals![1]}-tool corpus's tools/list`)
    expect(readme).toContain(`${totals![3]} tokens for the same tools`)
  })
})
