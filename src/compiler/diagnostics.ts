/**
 * Diagnostics: every refused declaration is one finding with a stable code, a location, a code frame and
 * a sentence saying what to write instead. All findings of a module travel together in one error whose
 * message text itself carries `file:line:column` (some bundlers drop structured locations).
 */
/** A place in a source file: what a diagnostic points at. */
export interface Loc {
  file: string
  line: number
  column: number
}

/** Source order: by file, then line, then column. */
export const compareLoc = (a: Loc, b: Loc): number => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column)

/** The stable codes. docs/diagnostics.md (each with a before and after example) is checked against this list by tests. */
export const CODES = {
  MCP001: 'invalid tool, resource or prompt name',
  MCP002: 'unknown JSDoc tag',
  MCP003: 'a tag that needs an exported, named function',
  MCP004: 'rest parameter',
  MCP005: 'generic function',
  MCP006: '`this` parameter',
  MCP007: 'more than one ToolContext or AbortSignal parameter',
  MCP008: 'parameter without a type annotation',
  MCP009: 'unsupported parameter pattern',
  MCP010: 'class as an argument type',
  MCP011: 'function type',
  MCP012: 'symbol type',
  MCP013: 'never type',
  MCP014: 'void as an argument type',
  MCP015: 'Map or Record with non-string keys',
  MCP016: 'open generic type parameter',
  MCP017: 'type that refers to itself with other type arguments, or outside an object, array or union',
  MCP018: 'type the build cannot find',
  MCP019: 'computed enum member',
  MCP020: 'type syntax outside the contract',
  MCP021: 'constraint tag on a type it does not fit',
  MCP022: 'default value its own schema refuses',
  MCP023: 'pattern that is not a valid u-flag regular expression',
  MCP024: 'optional or rest tuple element',
  MCP025: 'integer range tag outside the type’s own range',
  MCP026: 'invalid tag value',
  MCP027: 'duplicate name',
  MCP028: 'invalid @default value',
  MCP029: 'return type that cannot be described',
  MCP030: '@param for a parameter that does not exist, or written twice',
  MCP031: 'resource URI template and parameters disagree',
  MCP032: 'file that does not parse',
  MCP033: 'generator function',
  MCP034: 'type of an `export =` module that assigns no namespace',
  MCP035: 'default that is not a literal or a const of one',
  MCP036: 'overloads whose signatures differ from the implementation',
  MCP037: 'union whose branches JSON cannot tell apart but that revive differently',
  MCP038: 'recursive type without a finite value',
  MCP039: 'schema over the size budget',
  MCP040: 'function declared without a body',
  MCP041: 'tool, resource or prompt in a JavaScript module',
  MCP042: 'tool or list a provider profile refuses, in a build that asked for the profile strictly (strictProfiles)',
  MCP043: 'token report asked for without gpt-tokenizer installed',
  MCP044: 'package.json that gives no valid MCP registry name',
  MCP045: 'package.json that gives no valid registry version',
  MCP046: 'package.json that gives no registry description of 1 to 100 characters',
  MCP047: 'MCP Apps view file that does not exist (@ui)',
  MCP048: 'MCP Apps view that does not build',
  MCP049: 'two MCP Apps views, or a view and a resource, with one ui:// URI',
  MCP050: 'MCP Apps CSP value that is not an origin (@uiCsp)',
  MCP051: 'hand-written input schema (@inputSchema) that cannot be read or validated',
  MCP052: 'parameter that disagrees with the hand-written input schema',
  MCP053: 'skill (plugin option skills) whose SKILL.md has no readable YAML frontmatter',
  MCP054: 'skill name that is not one, or not the name of its folder',
  MCP055: 'skill description missing, empty or over 1024 characters',
  MCP056: 'skills folder with no SKILL.md, two skills at one URI, or a skill over 512 files or 16 MiB',
  MCP057: 'icon (@icon) that is not an https URL or a data: URI of a png, jpeg, svg or webp image',
} as const

export type Code = keyof typeof CODES

export interface Diagnostic {
  code: Code
  message: string
  loc: Loc
}

export function codeFrame(source: string, line: number, column: number): string {
  const lines = source.split(/\r?\n/)
  const first = Math.max(1, line - 2)
  const last = Math.min(lines.length, line + 1)
  const width = String(last).length
  const out: string[] = []
  for (let n = first; n <= last; n++) {
    const mark = n === line ? '>' : ' '
    out.push(`${mark} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`)
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`)
  }
  return out.join('\n')
}

export function formatDiagnostic(d: Diagnostic, source?: string): string {
  const head = `${d.loc.file}:${d.loc.line}:${d.loc.column} - error ${d.code}: ${d.message}`
  return source === undefined ? head : `${head}\n${codeFrame(source, d.loc.line, d.loc.column)}`
}

/**
 * One error for all findings of a module; `.diagnostics` keeps them structured. Its stack is its message
 * alone (`CompileError: <message>` and a newline, the prefix Rollup, Rolldown, Vite and webpack strip
 * before printing a stack), so a build error ends at the diagnostics, not at the plugin's own frames.
 */
export class CompileError extends Error {
  readonly diagnostics: Diagnostic[]
  constructor(diagnostics: Diagnostic[], sources: ReadonlyMap<string, string>) {
    const n = diagnostics.length
    const body = diagnostics.map((d) => formatDiagnostic(d, sources.get(d.loc.file))).join('\n\n')
    super(`mcp-aot: ${n} error${n === 1 ? '' : 's'}\n\n${body}`)
    this.name = 'CompileError'
    this.diagnostics = diagnostics
    this.stack = `${this.name}: ${this.message}\n`
  }
}

/** Levenshtein distance, for did-you-mean suggestions. */
export function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!
    prev[0] = i
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1))
      diag = tmp
    }
  }
  return prev[b.length]!
}

export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined
  let bestScore = Infinity
  for (const c of candidates) {
    const score = word.toLowerCase() === c.toLowerCase() ? 0 : distance(word.toLowerCase(), c.toLowerCase())
    if (score < bestScore) {
      best = c
      bestScore = score
    }
  }
  return bestScore <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined
}
