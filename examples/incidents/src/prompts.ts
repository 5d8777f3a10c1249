/** Prompts that turn an incident into a piece of writing. */
import { resource, text, ToolError } from 'mcp-aot'
import type { PromptResult } from 'mcp-aot'
import { findIncident, RUNBOOKS } from './store.ts'

/**
 * Drafts a blameless postmortem for an incident, with its timeline and the service's runbook attached.
 * @prompt
 * @title Postmortem
 * @param id The incident id, such as INC-0001.
 * @param audience Who will read it.
 */
export function postmortem(id: string, audience: 'engineers' | 'executives' = 'engineers'): PromptResult {
  const incident = findIncident(id)
  if (!incident) throw new ToolError(`No incident ${id}.`)
  const timeline = incident.timeline.map((t) => `- ${t.at.toISOString()} [${t.status}] ${t.note}`).join('\n')
  const style = audience === 'executives' ? 'one page, impact and follow-ups first, no jargon' : 'detailed, with causes, detection and follow-up actions'
  const messages: PromptResult['messages'] = [
    { role: 'user', content: text(`Write a blameless postmortem for ${incident.id} "${incident.title}" (${incident.severity}, ${incident.service}) for ${audience}: ${style}.\n\nTimeline:\n${timeline}`) },
  ]
  const book = RUNBOOKS[incident.service]
  if (book) messages.push({ role: 'user', content: resource(`runbook://${incident.service}`, book, 'text/markdown') })
  return { description: `Postmortem of ${incident.id} for ${audience}`, messages }
}
