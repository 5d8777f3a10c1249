/**
 * Small helpers for the golden tests: wrap a parameter type into a one-tool module and read back one
 * property's fragment, the whole tool entry, or the findings. Expectations are always hand-written JSON text.
 */
import { compileFiles, inputSchema, toolsJson, type Compiled } from './harness.ts'

/** Every contract name, imported type-only from the package, as a user module would. */
export const IMPORTS = `import type { Int, Int8, Uint8, Int16, Uint16, Int32, Uint32, Min, Max, MinLength, MaxLength, Pattern, Email, Uri, Uuid, DateString, TimeString, DateTimeString, Duration, Hostname, Ipv4, Ipv6, JsonValue, JsonObject, ToolContext, ToolResult, TextContent, ContentPart } from 'mcp-aot'\n`

/** The fragment of parameter `x: <type>` (after `prelude` declarations), as JSON text. */
export function fragment(type: string, prelude = '', extra: Record<string, string> = {}): string {
  const schema = JSON.parse(inputSchema(`${IMPORTS}${prelude}\n/** @tool t */\nexport function t(x: ${type}) {}\n`, extra))
  return JSON.stringify(schema.properties.x)
}

/** Like `fragment`, without the package import (for resolution-by-origin tests). */
export function bareFragment(type: string, prelude = '', extra: Record<string, string> = {}): string {
  const schema = JSON.parse(inputSchema(`${prelude}\n/** @tool t */\nexport function t(x: ${type}) {}\n`, extra))
  return JSON.stringify(schema.properties.x)
}

/** The one tool's tools/list entry as JSON text. */
export function tool(source: string, extra: Record<string, string> = {}): string {
  const tools = toolsJson(source, extra)
  if (tools.length !== 1) throw new Error(`expected one tool, found ${tools.length}`)
  return tools[0]!
}

/** The one tool's input schema as JSON text. */
export function input(source: string, extra: Record<string, string> = {}): string {
  return inputSchema(source, extra)
}

/** Compiles `src/tools.ts` and returns the findings. */
export function refuse(source: string, extra: Record<string, string> = {}): Compiled {
  return compileFiles({ 'src/tools.ts': source, ...extra })
}

/** The codes of the findings for a parameter `x: <type>`. */
export function codesFor(type: string, prelude = ''): string[] {
  return refuse(`${IMPORTS}${prelude}\n/** @tool t */\nexport function t(x: ${type}) {}\n`).diagnostics.map((d) => d.code)
}
