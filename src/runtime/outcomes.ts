/**
 * Helpers the tools/call, prompts/get and resources/read handlers share to turn how a run ended into
 * response text.
 */
import { ToolError } from './errors.ts'

/** A `ToolError` (also one from another copy of the package, recognised by its name). */
export const isToolError = (error: unknown): error is Error =>
  error instanceof ToolError || (error instanceof Error && error.name === 'ToolError')

/** Appends `tail` (`,"key":…`) to a JSON object's text. */
export const withTail = (json: string, tail: string): string => (json === '{}' ? `{${tail.slice(1)}}` : json.slice(0, -1) + tail + '}')

/** What a function that asks the client for input gets over a legacy revision. */
export const legacyInputMessage = (method: string, version: string): string =>
  `This needs input from the client (${method}), which this server asks for only over MCP 2026-07-28 (stateless input-required rounds); this client speaks ${version}.`
