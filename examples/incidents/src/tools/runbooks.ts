/** Runbooks: a resource per service, and a tool that links to the right one. */
import { resourceLink, ToolError } from 'mcp-aot'
import type { ResourceLink } from 'mcp-aot'
import { RUNBOOKS } from '../store.ts'
import type { ServiceName } from '../types.ts'

/**
 * The runbook of a service, in Markdown.
 * @resource runbook://{service}
 * @mimeType text/markdown
 * @title Service Runbook
 * @param service The service name, such as billing-api.
 */
export function runbook(service: string): string | undefined {
  return RUNBOOKS[service]
}

/**
 * The services that have a runbook.
 * @resource runbook://index
 * @mimeType application/json
 * @title Runbook Index
 */
export function runbookIndex(): { services: string[] } {
  return { services: Object.keys(RUNBOOKS) }
}

/**
 * Finds the runbook of a service and links to it (read it with resources/read).
 * @tool
 * @title Find Runbook
 * @readOnly
 * @param service The service name, such as billing-api.
 */
export function findRunbook(service: ServiceName): ResourceLink {
  if (!RUNBOOKS[service]) throw new ToolError(`No runbook for ${service}. Known services: ${Object.keys(RUNBOOKS).join(', ')}.`)
  return resourceLink(`runbook://${service}`, `${service} runbook`, { mimeType: 'text/markdown' })
}
