/**
 * What older revisions lack. A client that negotiated one of them gets the same data without the fields
 * its revision does not define: 2025-06-18 added titles, outputSchema, structuredContent and
 * resource_link; 2025-03-26 added tool annotations (`annotations.title`, its one title for a tool), audio
 * and the progress message; 2025-11-25 added description, websiteUrl and icons to Implementation, and icons
 * to tools, prompts, resources and templates.
 */
import type { ServerInfo, ToolResult } from './api.ts'

/** A family of revisions that define the same fields. */
export type Flavour = 'modern' | '2025-11-25' | '2025-06-18' | '2025-03-26' | '2024-11-05'

export function flavourOf(version: string): Flavour {
  if (version >= '2026-07-28') return 'modern'
  if (version >= '2025-11-25') return '2025-11-25'
  if (version >= '2025-06-18') return '2025-06-18'
  if (version >= '2025-03-26') return '2025-03-26'
  return '2024-11-05'
}

/** Revisions before 2025-06-18: no titles, outputSchema, structuredContent or resource_link. */
export const untitled = (flavour: Flavour): boolean => flavour === '2025-03-26' || flavour === '2024-11-05'

/** A copy without `keys` and without undefined values. */
export function without(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  for (const key in value) if (value[key] !== undefined && !keys.includes(key)) copy[key] = value[key]
  return copy
}

/** Fields of a prompts/list, resources/list or resources/templates/list item a revision lacks. */
export function itemFieldsLacking(flavour: Flavour): readonly string[] {
  if (untitled(flavour)) return ['title', 'icons']
  return flavour === '2025-06-18' ? ['icons'] : []
}

/** Fields of a tools/list entry a revision lacks. */
function toolFieldsLacking(flavour: Flavour): readonly string[] {
  if (flavour === '2024-11-05') return ['title', 'outputSchema', 'annotations', 'execution', 'icons']
  if (flavour === '2025-03-26') return ['title', 'outputSchema', 'execution', 'icons']
  if (flavour === '2025-06-18') return ['execution', 'icons']
  return []
}

/** Whether a revision's tools/list entries are the entries the build wrote (the latest revision's shape). */
export const toolsAsBuilt = (flavour: Flavour): boolean => toolFieldsLacking(flavour).length === 0

/**
 * A tools/list entry (the latest revision's shape, title once as `title`) as a revision defines it: without
 * the fields it lacks, and for 2025-03-26, whose only title for a tool is `annotations.title`, the title there
 * (first, before the hints), so each revision gets the title once.
 */
export function toolFor(definition: Record<string, unknown>, flavour: Flavour): Record<string, unknown> {
  const entry = without(definition, toolFieldsLacking(flavour))
  if (flavour !== '2025-03-26' || typeof definition.title !== 'string') return entry
  const annotations = { title: definition.title, ...(entry.annotations as object | undefined) }
  // In the key order the build writes: annotations after the schemas, before `_meta`.
  const out: Record<string, unknown> = {}
  for (const key in entry) {
    if (key === '_meta') out.annotations = annotations
    if (key !== 'annotations') out[key] = entry[key]
  }
  out.annotations = annotations
  return out
}

/** The server's Implementation object (`serverInfo`) as a revision defines it. */
export function implementationFor(info: ServerInfo, flavour: Flavour): Record<string, unknown> {
  const full = { name: info.name, title: info.title, version: info.version, description: info.description, websiteUrl: info.websiteUrl, icons: info.icons }
  if (flavour === 'modern' || flavour === '2025-11-25') return without(full, [])
  if (flavour === '2025-06-18') return without(full, ['description', 'websiteUrl', 'icons'])
  return { name: info.name, version: info.version }
}

/**
 * A content part as an older revision can carry it: before 2025-06-18 a resource_link becomes a text
 * part naming the link (the revision has no way to point at a resource otherwise).
 */
function contentFor(part: any, flavour: Flavour): any {
  if (part?.type !== 'resource_link' || !untitled(flavour)) return part
  const label = part.title ?? part.name
  return { type: 'text', text: label && label !== part.uri ? `${label}: ${part.uri}` : String(part.uri) }
}

/** A tools/call result for a revision before 2025-06-18 (no structuredContent, no resource_link). */
export function toolResultFor(result: ToolResult, flavour: Flavour): ToolResult {
  if (!untitled(flavour)) return result
  const { structuredContent: _, ...rest } = result
  return { ...rest, content: result.content.map((part) => contentFor(part, flavour)) }
}

/** Prompt messages for a revision before 2025-06-18. */
export function messagesFor(messages: readonly any[], flavour: Flavour): any[] {
  if (!untitled(flavour)) return messages as any[]
  return messages.map((message) => ({ ...message, content: contentFor(message.content, flavour) }))
}
