/**
 * Compiles TypeScript source text the way the plugin does, in a temporary project folder, and returns
 * what the golden tests compare: the tools/list entries as JSON text, the declarations, or the findings.
 */
import type { Declaration } from '../../src/compiler/declarations/declaration.ts'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { analyze } from '../../src/compiler/compile.ts'
import { CompileError, type Diagnostic } from '../../src/compiler/diagnostics.ts'
import { strictRefusals, toolDefinition, type EmitOptions } from '../../src/compiler/table/emit.ts'
import { Project } from '../../src/compiler/source/project.ts'
import type { ResolverOptions } from '../../src/compiler/types/resolve.ts'
import { tempProject } from '../helpers/temp-project.ts'

export interface Compiled {
  declarations: Declaration[]
  diagnostics: Diagnostic[]
  /** The error message text when refused (all findings, with code frames). */
  message?: string
}

/**
 * `files` maps paths (relative to a fresh temp root) to contents; the first one is the module compiled.
 * Put a `node_modules/pkg/...` entry to test package types, or a `tsconfig.json` for `paths`.
 */
/** `strictProfiles`: the refusals compileModule makes of declarations that analyze (MCP042), as it makes them. */
export function compileFiles(files: Record<string, string>, options: ResolverOptions & Pick<EmitOptions, 'strictProfiles'> = {}): Compiled {
  const root = tempProject('mcp-aot-golden-', files)
  const entry = Object.keys(files)[0]!
  const project = new Project(root)
  try {
    const result = analyze(project, join(root, entry), files[entry]!, options)
    const refused = result.error ? [] : strictRefusals(result.declarations, options)
    const error = refused.length > 0 ? new CompileError(refused, project.texts) : result.error
    return { declarations: result.declarations, diagnostics: error?.diagnostics ?? [], message: error?.message }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/** One module's source → its tools' tools/list entries (latest revision) as JSON text, one per tool. */
export function toolsJson(source: string, extra: Record<string, string> = {}): string[] {
  const out = compileFiles({ 'src/tools.ts': source, ...extra })
  if (out.diagnostics.length > 0) throw new Error(out.message)
  return out.declarations.filter((d) => d.kind === 'tool').map((d) => JSON.stringify(toolDefinition(d)))
}

/** The input schema of the one tool in `source`, as JSON text. */
export function inputSchema(source: string, extra: Record<string, string> = {}): string {
  const tools = toolsJson(source, extra)
  if (tools.length !== 1) throw new Error(`expected one tool, found ${tools.length}`)
  return JSON.stringify(JSON.parse(tools[0]!).inputSchema)
}
