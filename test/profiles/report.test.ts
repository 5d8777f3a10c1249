/**
 * The build's model report: warnings with codes and TypeScript locations through the bundler (MCP105 for
 * a part a profile cannot write), and `mcp-aot inspect --tokens`: o200k tokens per tool and for tools/list
 * under every profile, counted here independently with gpt-tokenizer.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { transform } from 'esbuild'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { rollup } from 'rollup'
import { describe, expect, it } from 'vitest'
import mcpRollup from '../../src/rollup.ts'
import { cli } from '../cli/io.ts'
import { CORPUS } from './corpus.ts'

const source = readFileSync(join(CORPUS, 'tools.ts'), 'utf8')
/** 1-based line and column of the first `text` in the corpus source. */
const at = (text: string) => {
  const before = source.slice(0, source.indexOf(text))
  return `${before.split('\n').length}:${before.length - before.lastIndexOf('\n')}`
}

const stripTypes = {
  name: 'strip-types',
  async transform(code: string, id: string) {
    if (!/\.ts$/.test(id)) return null
    return { code: (await transform(code, { loader: 'ts', format: 'esm' })).code }
  },
}

describe('build warnings', () => {
  it('a part a profile cannot write is a warning at its parameter, through the bundler', async () => {
    const warnings: string[] = []
    const b = await rollup({ input: join(CORPUS, 'tools.ts'), plugins: [mcpRollup({ root: CORPUS, profiles: ['openai-strict'] }), stripTypes], onwarn: (w) => warnings.push(w.message.replace(/^\[plugin mcp-aot\] /, '')) })
    await b.close()
    const mcp105 = warnings.filter((w) => w.includes('MCP105'))
    expect(mcp105).toContain(`tools.ts:${at('metadata: Record')} - warning MCP105: openai-strict: tool 'set_metadata' at /properties/metadata: A map (Record<string, T> or an index signature) cannot be written in OpenAI strict mode, which requires additionalProperties: false on every object. Use an array of { key, value } objects, or an object type with named properties. The tool is left out of the openai-strict list.`)
    expect(mcp105.map((w) => /tool '(\w+)'/.exec(w)![1])).toEqual(['set_metadata', 'log_event'])
  })
  it('an optional nullable parameter under openai-strict is a warning MCP106 at its line (issue 20)', async () => {
    const warnings: string[] = []
    const b = await rollup({ input: join(CORPUS, 'tools.ts'), plugins: [mcpRollup({ root: CORPUS, profiles: ['openai-strict'] }), stripTypes], onwarn: (w) => warnings.push(w.message.replace(/^\[plugin mcp-aot\] /, '')) })
    await b.close()
    const mcp106 = warnings.filter((w) => w.includes('MCP106'))
    expect(mcp106.map((w) => w.split(' - ')[0]!.replace(/^.*tools\.ts:/, ''))).toEqual([at('assignee?: string | null'), at('note?: string | null')])
    expect(mcp106[0]).toContain("warning MCP106: openai-strict: tool 'create_issue' at /properties/assignee: optional and nullable, written required: a strict client can no longer leave 'assignee' out")
  })
  it('tokens: true prints the token table at build end', async () => {
    const printed: string[] = []
    const info = console.info
    console.info = (text: string) => printed.push(text)
    try {
      const b = await rollup({ input: join(CORPUS, 'tools.ts'), plugins: [mcpRollup({ root: CORPUS, profiles: ['gemini'], tokens: true }), stripTypes], onwarn: () => {} })
      await b.close()
    } finally {
      console.info = info
    }
    expect(printed).toHaveLength(1)
    const lines = printed[0]!.split('\n')
    expect(lines[0]!.split(/\s{2,}/)).toEqual(['mcp-aot: o200k tokens', 'portable', 'gemini'])
    expect(lines.slice(1, -2).map((l) => l.split(/\s+/)[0])).toEqual(['search_docs', 'get_weather', 'create_issue', 'send_email', 'create_event', 'convert_currency', 'run_sql', 'resize_image', 'translate_text', 'set_metadata', 'move_point', 'list_files', 'create_order', 'update_user', 'log_event', 'draw_shape'])
    expect(lines.at(-2)!.startsWith('tools/list')).toBe(true)
  })
  it('an unknown profile name is refused when the plugin is made', () => {
    expect(() => mcpRollup({ profiles: ['openai' as any] })).toThrow("mcp-aot: unknown profile 'openai'; the profiles are 'portable', 'openai-strict', 'anthropic-strict', 'gemini'.")
  })
})

describe('mcp-aot inspect --tokens', () => {
  it('--json: every tool carries its tokens and its entry under every profile; the totals are the tools/list results', async () => {
    const ran = await cli(CORPUS, 'inspect', 'tools.ts', '--json', '--tokens')
    const report = JSON.parse(ran.stdout)
    const profiles = ['portable', 'openai-strict', 'anthropic-strict', 'gemini']
    expect(Object.keys(report.tokens)).toEqual(profiles)
    const listed: Record<string, unknown[]> = Object.fromEntries(profiles.map((p) => [p, []]))
    for (const t of report.tools) {
      const { source: _s, tokens, profiles: byProfile, ...entry } = t
      expect(Object.keys(byProfile)).toEqual(profiles.slice(1))
      expect(tokens.portable).toBe(countTokens(JSON.stringify(entry)))
      listed.portable!.push(entry)
      for (const p of profiles.slice(1)) {
        const { status: _st, listed: _ls, rewrites: _r, degraded: _d, problems: _p, lost: _l, ...rest } = byProfile[p]
        const served = { name: entry.name, ...rest }
        expect(tokens[p]).toBe(countTokens(JSON.stringify(served)))
        // A refused tool is left out of the profile's list, and the manifest says so.
        expect(byProfile[p].listed).toBe(byProfile[p].status === 'refused' ? false : undefined)
        if (byProfile[p].status !== 'refused') listed[p]!.push(served)
      }
    }
    for (const p of profiles) expect(report.tokens[p]).toBe(countTokens(JSON.stringify({ tools: listed[p] })))
    expect(report.lists['openai-strict']).toEqual({ listed: 14, leftOut: ['set_metadata', 'log_event'], status: 'accepted', problems: [] })
    expect(report.warnings.filter((w: any) => w.code === 'MCP105').map((w: any) => `${w.line}:${w.column}`)).toContain(at('metadata: Record'))
  })
  it('text: the token table, one row per tool and the tools/list total, with the refused marked', async () => {
    const ran = await cli(CORPUS, 'inspect', 'tools.ts', '--tokens')
    const lines = ran.stdout.split('\n')
    const head = lines.find((l) => l.startsWith('o200k tokens'))!
    expect(head.split(/\s{2,}/).slice(1)).toEqual(['portable', 'openai-strict', 'anthropic-strict', 'gemini'])
    const row = lines.find((l) => l.startsWith('set_metadata '))!
    expect(row.trim().split(/\s+/).filter((c) => c === 'x')).toHaveLength(3)
    expect(lines.some((l) => l.startsWith('tools/list '))).toBe(true)
    expect(ran.stderr).toContain(`tools.ts:${at('metadata: Record')} - warning MCP105`)
  })
})
