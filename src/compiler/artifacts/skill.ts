/** `SKILL.md`: an Agent Skill (YAML front matter and a guide to each tool). */
import type { Declaration } from '../declarations/declaration.ts'
import { argumentText, byKind, hints, isTemplate, resultText, type ServerIdentity } from './artifact-text.ts'

/** An Agent Skill name: lower-case letters, digits and hyphens, at most 64 characters. */
function skillName(name: string): string {
  const slug = name.toLowerCase().replace(/^@[^/]*\//, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
  return (slug || 'mcp-server').slice(0, 64).replace(/-+$/, '')
}

const cell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, ' ')
const yamlString = (s: string) => JSON.stringify(s)

function skillDescription(server: ServerIdentity, tools: readonly Declaration[]): string {
  const lead = server.description ? server.description.replace(/\s*$/, '').replace(/([^.!?])$/, '$1.') : `The ${server.name} MCP server.`
  const list = tools.length ? ` Use it to call its MCP tools: ${tools.map((t) => t.name).join(', ')}.` : ''
  const text = `${lead}${list}`
  return text.length <= 1024 ? text : `${text.slice(0, 1021)}...`
}

export function skill(server: ServerIdentity, decls: readonly Declaration[]): string {
  const tools = byKind(decls, 'tool')
  const resources = byKind(decls, 'resource')
  const prompts = byKind(decls, 'prompt')
  const lines: string[] = [
    '---',
    `name: ${skillName(server.name)}`,
    `description: ${yamlString(skillDescription(server, tools))}`,
    '---',
    '',
    `# ${server.title ?? server.name}${server.version ? ` ${server.version}` : ''}`,
    '',
  ]
  if (server.description) lines.push(server.description, '')
  lines.push(
    'An MCP server (Streamable HTTP, endpoint `/mcp`). Call its tools through an MCP client. Arguments are',
    'one JSON object and are checked exactly as listed here: a wrong argument comes back as an error result',
    'naming it (`Argument \'x\' is required.`), so read the message, fix the argument and call again.',
    '',
  )
  if (tools.length) {
    lines.push('## Tools', '')
    for (const t of tools) {
      lines.push(`### \`${t.name}\`${t.title ? ` — ${t.title}` : ''}`, '')
      if (t.description) lines.push(t.description, '')
      const h = hints(t)
      if (h.length) lines.push(`${h[0]!.charAt(0).toUpperCase()}${h.join(', ').slice(1)}.`, '')
      if (t.props.length) {
        lines.push('| Argument | Type | Required | Description |', '|---|---|---|---|')
        for (const p of t.props) lines.push(`| \`${p.name}\` | ${cell(argumentText(p))} | ${p.optional ? 'no' : 'yes'} | ${cell(p.description ?? '')} |`)
        lines.push('')
      } else lines.push('No arguments.', '')
      lines.push(`Returns ${resultText(t)}.`, '')
    }
  }
  if (resources.length) {
    lines.push('## Resources', '', 'Read them with `resources/read`. A URI with `{variables}` is a template: fill them in.', '')
    for (const r of resources) {
      const meta = [r.mimeType, isTemplate(r) ? 'template' : undefined].filter(Boolean).join(', ')
      lines.push(`- \`${r.uri}\`${meta ? ` (${meta})` : ''}${r.title ? ` — ${r.title}` : ''}${r.description ? `: ${r.description}` : ''}`)
    }
    lines.push('')
  }
  if (prompts.length) {
    lines.push('## Prompts', '')
    for (const p of prompts) {
      lines.push(`### \`${p.name}\`${p.title ? ` — ${p.title}` : ''}`, '')
      if (p.description) lines.push(p.description, '')
      if (p.props.length) {
        for (const a of p.props) lines.push(`- \`${a.name}\`${a.optional ? ' (optional)' : ''}: ${argumentText(a)}${a.description ? ` — ${a.description}` : ''}`)
        lines.push('')
      }
    }
  }
  return `${lines.join('\n').replace(/\n+$/, '')}\n`
}
