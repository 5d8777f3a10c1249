/**
 * The corpus (test/fixtures/corpus) as a model sees it: mcp-aot's tools/list under every profile, and the
 * official SDK + zod's tools/list for the same tools, each held to the providers' rules (provider-rules.ts),
 * with o200k tokens per tool. `corpusTable()` is the table of docs/profiles-and-tokens.md.
 */
import type { Declaration } from '../../src/compiler/declarations/declaration.ts'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { analyze } from '../../src/compiler/compile.ts'
import { toolDefinition } from '../../src/compiler/table/emit.ts'
import { profileTools, type ProfiledTool, type ToolEntry } from '../../src/compiler/model/profiles/index.ts'
import { Project } from '../../src/compiler/source/project.ts'
import { registerCorpus } from '../fixtures/corpus/sdk.ts'
import { RULES, violations } from './provider-rules.ts'

export const CORPUS = join(import.meta.dirname, '../fixtures/corpus')
export const PROVIDERS = ['openai-strict', 'anthropic-strict', 'gemini'] as const
export type Provider = (typeof PROVIDERS)[number]

export function corpusDeclarations(): Declaration[] {
  const file = join(CORPUS, 'tools.ts')
  const out = analyze(new Project(CORPUS), file, readFileSync(file, 'utf8'))
  if (out.error) throw out.error
  return out.declarations
}

export const corpusTools = (): ToolEntry[] => corpusDeclarations().map((d) => toolDefinition(d) as ToolEntry)

export async function sdkTools(): Promise<ToolEntry[]> {
  const server = new McpServer({ name: 'corpus', version: '1.0.0' })
  registerCorpus(server)
  const [a, b] = InMemoryTransport.createLinkedPair()
  const client = new Client({ name: 'corpus-test', version: '1.0.0' })
  await Promise.all([server.connect(a), client.connect(b)])
  try {
    return (await client.listTools()).tools as unknown as ToolEntry[]
  } finally {
    await client.close()
    await server.close()
  }
}

/** A schema as a provider receives it: clients drop `$schema` before sending. */
const sent = (t: ToolEntry): ToolEntry => {
  const { $schema: _, ...inputSchema } = t.inputSchema
  return { ...t, inputSchema }
}

export const sdkStatus = (p: Provider, t: ToolEntry) => (violations(RULES[p], sent(t)).length === 0 ? 'accepted' : 'refused')

export async function corpusTable(): Promise<string> {
  const ours = corpusTools()
  const theirs = new Map((await sdkTools()).map((t) => [t.name, t]))
  const profiled: Record<Provider, ProfiledTool[]> = Object.fromEntries(PROVIDERS.map((p) => [p, profileTools(p, ours)])) as any
  const tokens = (v: unknown) => countTokens(JSON.stringify(v))
  const rows = ours.map((t, i) => {
    const sdk = theirs.get(t.name)!
    const cells = PROVIDERS.map((p) => `${profiled[p][i]!.status} / ${sdkStatus(p, sdk)}`)
    return `| ${t.name} | ${tokens(t)} | ${tokens(sdk)} | ${cells.join(' | ')} |`
  })
  const count = (list: string[]) => ['accepted', 'degraded', 'refused'].map((s) => list.filter((x) => x === s).length).join('/')
  const totals = PROVIDERS.map((p) => `${count(profiled[p].map((t) => t.status))} / ${count(ours.map((t) => sdkStatus(p, theirs.get(t.name)!)))}`)
  const portable = PROVIDERS.map((p) => ours.filter((t) => violations(RULES[p], t).length > 0).length)
  return [
    '| Tool | tokens mcp-aot | tokens SDK + zod | OpenAI strict | Anthropic strict | Gemini |',
    '|---|---|---|---|---|---|',
    ...rows,
    `| **tools/list** (${ours.length} tools) | **${tokens({ tools: ours })}** | **${tokens({ tools: [...theirs.values()] })}** | ${totals.join(' | ')} |`,
    '',
    `Cells: mcp-aot's profile / the SDK's schema as listed; totals are accepted/degraded/refused. mcp-aot's portable schema, sent as is, is refused by OpenAI strict for ${portable[0]}, Anthropic strict for ${portable[1]} and Gemini for ${portable[2]} of ${ours.length} tools.`,
  ].join('\n')
}
