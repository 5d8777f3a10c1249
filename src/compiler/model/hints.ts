/**
 * Hints a host requires. ChatGPT's connector and the OpenAI and Anthropic directories want every tool to
 * state `readOnlyHint`, `destructiveHint` and `openWorldHint` (grafana/mcp-grafana#1051,
 * olostep/olostep-mcp-server#22, longbridge/longbridge-mcp#81, basicmachines-co/basic-memory#1036), and
 * show a tool that states none as one that writes, destroys and reaches outside systems. The plugin option
 * `explicitHints` writes the three on every tool; where the source says nothing, the value is the spec's
 * default (ToolAnnotations: readOnlyHint false, destructiveHint true, openWorldHint true), so no meaning
 * changes. A read-only tool gets destructiveHint false: the spec reads destructiveHint only when
 * readOnlyHint is false, and true there would say what MCP111 warns about.
 */
import type { Declaration } from '../declarations/declaration.ts'

/** The three hints hosts require, in the order the spec lists them. */
export const REQUIRED_HINTS = ['readOnlyHint', 'destructiveHint', 'openWorldHint'] as const

/** Whether the source says any of `@readOnly`, `@destructive`, `@openWorld` (MCP112 when not). */
export const saysHints = (d: Declaration): boolean => REQUIRED_HINTS.some((h) => d.annotations?.[h] !== undefined)

/**
 * A tool's annotations as its tools/list entry writes them: as the source says, and under `explicitHints`
 * with the three required hints filled in from the spec's defaults, in the spec's order (readOnlyHint,
 * destructiveHint, idempotentHint when said, openWorldHint).
 */
export function listedHints(d: Declaration): Record<string, boolean> | undefined {
  if (!d.explicitHints) return d.annotations
  const said = d.annotations ?? {}
  const readOnlyHint = said.readOnlyHint ?? false
  const destructiveHint = said.destructiveHint ?? !readOnlyHint
  const idempotent: Record<string, boolean> = said.idempotentHint === undefined ? {} : { idempotentHint: said.idempotentHint }
  return { readOnlyHint, destructiveHint, ...idempotent, openWorldHint: said.openWorldHint ?? true }
}
