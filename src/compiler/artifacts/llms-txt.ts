/** `llms.txt` (llmstxt.org): the server in a page. */
import type { Declaration } from '../declarations/declaration.ts'
import { argumentText, byKind, hints, resultText, type ServerIdentity } from './artifact-text.ts'

function signature(d: Declaration): string {
  return `${d.name}(${d.props.map((p) => `${p.name}${p.optional ? '?' : ''}: ${argumentText(p)}`).join('; ')})`
}

/** A description inside a list item: its further lines (paragraphs, lists, code) indented to stay in the item. */
const item = (text: string) => text.replace(/\n(?!\n)/g, '\n  ')

export function llmsTxt(server: ServerIdentity, decls: readonly Declaration[], manifestFile?: string): string {
  const tools = byKind(decls, 'tool')
  const resources = byKind(decls, 'resource')
  const prompts = byKind(decls, 'prompt')
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`
  const lines: string[] = [`# ${server.title ?? server.name}`, '']
  lines.push(`> ${server.description ?? `An MCP server with ${count(tools.length, 'tool')}.`}`, '')
  const parts = [`An MCP server${server.version ? ` (version ${server.version})` : ''} over Streamable HTTP at the path \`/mcp\`, with`]
  parts.push(`${count(tools.length, 'tool')}, ${count(resources.length, 'resource')} and ${count(prompts.length, 'prompt')}.`)
  if (manifestFile) parts.push(`Every JSON Schema is in [${manifestFile}](${manifestFile}).`)
  lines.push(parts.join(' '), '')
  if (tools.length) {
    lines.push('## Tools', '')
    for (const t of tools) {
      const h = hints(t)
      // After a description of several lines (a list, code), the hints and the result are a paragraph of their own.
      const tail = `${h.length ? `(${h.join(', ')}) ` : ''}Returns ${resultText(t)}.`
      const text = t.description ? `${t.description}${t.description.includes('\n') ? '\n\n' : ' '}${tail}` : tail
      lines.push(`- ${signature(t)}${t.description || h.length ? ': ' : ' '}${item(text)}`)
    }
    lines.push('')
  }
  if (resources.length) {
    lines.push('## Resources', '')
    for (const r of resources) lines.push(`- ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}${r.description ? `: ${item(r.description)}` : ''}`)
    lines.push('')
  }
  if (prompts.length) {
    lines.push('## Prompts', '')
    for (const p of prompts) lines.push(`- ${signature(p)}${p.description ? `: ${item(p.description)}` : ''}`)
    lines.push('')
  }
  return `${lines.join('\n').replace(/\n+$/, '')}\n`
}
