/**
 * `mcp-aot inspect [paths…] [--json]`: reads the sources with the plugin's own compiler and prints each
 * tool, resource and prompt as a client will list it (name, annotations, schemas), and every diagnostic,
 * without building a bundle. Exit code 1 when there is any diagnostic.
 */
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { analyze, MARKER } from '../compiler/compile.ts'
import { codeFrame, formatDiagnostic } from '../compiler/diagnostics.ts'
import { duplicateNames } from '../compiler/duplicates.ts'
import { toolDefinition } from '../compiler/emit.ts'
import type { Declaration } from '../compiler/extract.ts'
import { Project } from '../compiler/project.ts'
import type { Io } from './run.ts'
import { sourceFiles } from './sources.ts'

/** One finding; `code` is absent for a file the parser could not read. */
export interface Finding {
  code?: string
  message: string
  file: string
  line: number
  column: number
}

export interface Report {
  /**
   * The tools/list entries, each with where it was declared (`location`) and, when its module has
   * findings and the build would refuse it, `refused: true`.
   */
  tools: Record<string, unknown>[]
  resources: Record<string, unknown>[]
  prompts: Record<string, unknown>[]
  diagnostics: Finding[]
}

/** A path as diagnostics show it: relative to the project root, with `/` (as the compiler's own). */
const display = (cwd: string, file: string) => relative(cwd, file).split('\\').join('/') || file
const at = (d: Declaration) => `${d.loc.file}:${d.loc.line}:${d.loc.column}`

/** The resources/list (or resources/templates/list) entry of a declaration. */
function resourceItem(d: Declaration): Record<string, unknown> {
  const item: Record<string, unknown> = d.uri!.includes('{') ? { uriTemplate: d.uri } : { uri: d.uri }
  item.name = d.name
  if (d.title) item.title = d.title
  if (d.description) item.description = d.description
  if (d.mimeType) item.mimeType = d.mimeType
  return item
}

/** The prompts/list entry of a declaration. */
function promptItem(d: Declaration): Record<string, unknown> {
  const item: Record<string, unknown> = { name: d.name }
  if (d.title) item.title = d.title
  if (d.description) item.description = d.description
  item.arguments = d.props.map((p) => ({ name: p.name, ...(p.description ? { description: p.description } : {}), required: !p.optional }))
  return item
}

/** Reads every file and gathers what they declare and every finding, with code frames for the text output. */
export function collect(cwd: string, files: readonly string[]): { report: Report; frames: string[] } {
  const project = new Project(cwd)
  const report: Report = { tools: [], resources: [], prompts: [], diagnostics: [] }
  const frames: string[] = []
  const modules = new Map<string, Declaration[]>()
  for (const file of files) {
    const code = readFileSync(file, 'utf8')
    if (!MARKER.test(code)) continue
    let analysis
    try {
      analysis = analyze(project, file, code)
    } catch (error) {
      const e = error as Error & { loc?: { line: number; column: number } }
      if (!e.loc) throw error
      const finding = { message: e.message.replace(/ \(\d+:\d+\)$/, ''), file: display(cwd, file), line: e.loc.line, column: e.loc.column + 1 }
      report.diagnostics.push(finding)
      frames.push(`${finding.file}:${finding.line}:${finding.column} - error: ${finding.message}\n${codeFrame(code, finding.line, finding.column)}`)
      continue
    }
    modules.set(file, analysis.declarations)
    // The plugin refuses a module with any finding: its declarations are listed, marked as not built.
    const refused = analysis.error ? { refused: true } : {}
    for (const d of analysis.declarations) {
      const where = { location: at(d), ...refused }
      if (d.kind === 'tool') report.tools.push({ ...toolDefinition(d), ...where })
      else if (d.kind === 'resource') report.resources.push({ ...resourceItem(d), ...where })
      else report.prompts.push({ ...promptItem(d), ...where })
    }
    if (analysis.error) {
      const sources = new Map<string, string>([[project.file(file, code).display, code]])
      for (const p of analysis.read) sources.set(project.file(p).display, project.file(p).source)
      for (const d of analysis.error.diagnostics) {
        report.diagnostics.push({ code: d.code, message: d.message, ...d.loc })
        frames.push(formatDiagnostic(d, sources.get(d.loc.file)))
      }
    }
  }
  const duplicates = duplicateNames(modules)
  for (const line of duplicates?.split('\n') ?? []) {
    const m = /^(.+):(\d+):(\d+) - error (MCP\d+): (.*)$/.exec(line)
    if (!m) continue
    report.diagnostics.push({ code: m[4]!, message: m[5]!, file: m[1]!, line: Number(m[2]), column: Number(m[3]) })
    frames.push(line)
  }
  return { report, frames }
}

/** A schema on its label's line when it is short, else indented below it. */
function schema(label: string, value: unknown): string {
  const line = JSON.stringify(value)
  if (line.length <= 96) return `  ${label}: ${line}`
  return `  ${label}:\n` + JSON.stringify(value, null, 2).split('\n').map((l) => '    ' + l).join('\n')
}

function describe(kind: string, item: Record<string, unknown>): string {
  const { location, refused, name, title, description, inputSchema, outputSchema, annotations, ...rest } = item
  const note = refused ? '  [refused: its module has errors, below]' : ''
  const lines = [`${kind} ${kind === 'resource' ? (rest.uri ?? rest.uriTemplate) : name}  (${location})${note}`]
  if (title) lines.push(`  title: ${title}`)
  if (description) lines.push(`  description: ${description}`)
  if (kind === 'resource') {
    lines.push(`  name: ${name}`)
    if (rest.mimeType) lines.push(`  mimeType: ${rest.mimeType}`)
  }
  if (annotations) {
    const hints = Object.entries(annotations as Record<string, boolean>).map(([k, v]) => `${k}: ${v}`)
    lines.push(`  annotations: ${hints.join(', ')}`)
  }
  if (inputSchema) lines.push(schema('inputSchema', inputSchema))
  if (outputSchema) lines.push(schema('outputSchema', outputSchema))
  if (kind === 'prompt') {
    const args = rest.arguments as { name: string; required: boolean; description?: string }[]
    if (args.length === 0) lines.push('  arguments: none')
    else for (const a of args) lines.push(`  argument ${a.name}${a.required ? '' : ' (optional)'}${a.description ? `: ${a.description}` : ''}`)
  }
  return lines.join('\n')
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export function inspect(options: { paths: readonly string[]; json: boolean }, io: Io): number {
  let files
  try {
    files = sourceFiles(io.cwd, options.paths)
  } catch (error) {
    io.err.write(`mcp-aot inspect: ${(error as Error).message}\n`)
    return 2
  }
  const { report, frames } = collect(io.cwd, files)
  if (options.json) {
    io.out.write(JSON.stringify(report, null, 2) + '\n')
  } else {
    const blocks = [
      ...report.tools.map((t) => describe('tool', t)),
      ...report.resources.map((r) => describe('resource', r)),
      ...report.prompts.map((p) => describe('prompt', p)),
    ]
    if (blocks.length > 0) io.out.write(blocks.join('\n\n') + '\n\n')
    const errors = report.diagnostics.length
    io.out.write(`${count(report.tools.length, 'tool')}, ${count(report.resources.length, 'resource')}, ${count(report.prompts.length, 'prompt')} in ${count(files.length, 'file')}; ${count(errors, 'error')}.\n`)
    if (errors > 0) io.err.write(`mcp-aot: ${count(errors, 'error')}\n\n${frames.join('\n\n')}\n`)
  }
  return report.diagnostics.length > 0 ? 1 : 0
}
