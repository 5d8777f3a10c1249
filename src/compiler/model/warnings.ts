/**
 * Build warnings: things a model or a provider will trip on that still compile. Each has a stable code
 * (MCP1nn, apart from the MCP0nn errors, which refuse a declaration), a location and what to write instead.
 * The plugin reports them through the bundler's warning channel; `mcp-aot inspect` lists them.
 */
import { codeFrame, type Loc } from '../diagnostics.ts'

export const WARNINGS = {
  MCP101: 'tool name with a dot or longer than 64 characters',
  MCP102: 'tool name longer than 40 characters',
  MCP103: 'parameter or property without a description',
  MCP104: 'schema part without a type',
  MCP105: 'schema part a provider profile cannot write',
  MCP106: 'optional nullable parameter a profile lists required with null (absent and null become one)',
  MCP107: 'declared return type the build cannot read (the tool gets no outputSchema)',
  MCP108: 'arguments typed unknown against a hand-written input schema (not checked against it)',
  MCP109: 'tool without a description',
  MCP110: 'words after the name in @tool, which nothing reads',
  MCP111: '@readOnly and @destructive on one tool',
  MCP112: 'tool that says none of @readOnly, @destructive and @openWorld',
} as const

export type WarningCode = keyof typeof WARNINGS

export interface Warning {
  code: WarningCode
  message: string
  loc: Loc
}

export function formatWarning(w: Warning, source?: string): string {
  const head = `${w.loc.file}:${w.loc.line}:${w.loc.column} - warning ${w.code}: ${w.message}`
  return source === undefined ? head : `${head}\n${codeFrame(source, w.loc.line, w.loc.column)}`
}
