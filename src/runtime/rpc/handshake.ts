/**
 * What the server says about itself: `server/discover` (2026-07-28) and `initialize` (legacy, with
 * version negotiation). The tool table is fixed at build time: `listChanged` and resource subscriptions
 * are declared only with the `subscriptions` option (subscriptions/), which tells clients what changes.
 */
import type { Core } from '../shared/table.ts'
import type { Methods } from '../shared/table.ts'
import { flavourOf, implementationFor } from '../shared/compat.ts'
import { isLegacy, LEGACY, SUPPORTED } from '../shared/protocol.ts'

/** What the server can do: what its methods serve, and the tasks capability when a task host is attached. */
export function capabilities(core: Core, methods: Methods, version: string): Record<string, object> {
  const caps: Record<string, object> = {}
  if (methods.has('tools/list')) caps.tools = {}
  if (methods.has('prompts/list')) caps.prompts = {}
  if (methods.has('resources/list')) caps.resources = {}
  if (methods.has('completion/complete') && version >= '2025-03-26') caps.completions = {}
  caps.logging = {}
  // Tasks: the task host declares its own (tasks/support.ts), so a server without one bundles none of it.
  core.tasks?.capabilities(caps, version)
  // listChanged and subscribe, with the `subscriptions` option (subscriptions/support.ts).
  core.subscriptions?.capabilities(caps, version)
  // Extensions the tables' features bring (MCP Apps: apps/).
  for (const feature of core.features) feature.capabilities?.(caps, version)
  return caps
}

/** The `server/discover` result, built once. */
export function discoverResult(core: Core, methods: Methods): string {
  const result: Record<string, unknown> = { supportedVersions: SUPPORTED, capabilities: capabilities(core, methods, '2026-07-28') }
  if (core.info.instructions) result.instructions = core.info.instructions
  const json = JSON.stringify(result)
  return `${json.slice(0, -1)}${core.listTail}}`
}

/** The revision to speak with a client that asked for `requested`. */
export const negotiate = (requested: unknown): string =>
  typeof requested === 'string' && isLegacy(requested) ? requested : LEGACY[0]

/** The `initialize` result for a negotiated revision. */
export function initializeResult(core: Core, methods: Methods, version: string): string {
  const result: Record<string, unknown> = {
    protocolVersion: version,
    capabilities: capabilities(core, methods, version),
    serverInfo: implementationFor(core.info, flavourOf(version)),
  }
  if (core.info.instructions) result.instructions = core.info.instructions
  return JSON.stringify(result)
}
