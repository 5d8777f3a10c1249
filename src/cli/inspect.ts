/**
 * `mcp-aot inspect [paths…] [--json]`: reads the sources with the plugin's own compiler and prints what
 * the build would serve, in the shape of the plugin's `mcp-manifest.json` (tools as tools/list lists them,
 * resources, resource templates, prompts), and every diagnostic, without building a bundle. A module with
 * a finding is left out, as the build refuses it. Exit code 1 when there is any diagnostic.
 */
import type { Declaration } from '../compiler/declarations/declaration.ts'
import { readFileSync } from 'node:fs'
import { collect, serverIdentity } from '../compiler/artifacts/artifacts.ts'
import { manifest } from '../compiler/artifacts/manifest.ts'
import { modelReport, tokenTable } from '../compiler/artifacts/model-report.ts'
import { PROFILE_NAMES, type ProfileName } from '../compiler/model/profiles/index.ts'
import { analyze, MARKER } from '../compiler/compile.ts'
import { formatDiagnostic } from '../compiler/diagnostics.ts'
import { formatWarning } from '../compiler/model/warnings.ts'
import { TOKENIZER_MISSING, TokenizerMissing } from '../compiler/model/tokens.ts'
import { duplicateFindings } from '../compiler/declarations/duplicates.ts'
import { Project } from '../compiler/source/project.ts'
import type { Io } from './io.ts'
import { sourceFiles } from './sources.ts'

/** One finding; `code` is absent for a file the parser could not read. */
export interface Finding {
  code?: string
  message: string
  file: string
  line: number
  column: number
}

type Entry = Record<string, any>

/** The manifest (server, transport, tools, resources, resourceTemplates, prompts) and the findings. */
export interface Report {
  server: Entry
  tools: Entry[]
  resources: Entry[]
  resourceTemplates: Entry[]
  prompts: Entry[]
  diagnostics: Finding[]
  /** Lint warnings and, with --tokens, what a provider profile cannot write (MCP1nn). */
  warnings: Finding[]
}

/** Reads every file; returns the report, the findings as text with code frames, and how many modules were refused. */
/** `tokens`: count each entry's o200k tokens (gpt-tokenizer; TokenizerMissing without it). */
export function read(cwd: string, files: readonly string[], profiles: readonly ProfileName[] = ['portable'], tokens = false): { report: Report; frames: string[]; warningLines: string[]; refused: number; tokens: string } {
  const project = new Project(cwd)
  const diagnostics: Finding[] = []
  const frames: string[] = []
  const modules = new Map<string, Declaration[]>()
  let refused = 0
  for (const file of files) {
    const code = readFileSync(file, 'utf8')
    if (!MARKER.test(code)) continue
    const analysis = analyze(project, file, code)
    if (!analysis.error) {
      modules.set(file, analysis.declarations)
      continue
    }
    refused++
    const sources = project.texts
    for (const d of analysis.error.diagnostics) {
      diagnostics.push({ code: d.code, message: d.message, ...d.loc })
      frames.push(formatDiagnostic(d, sources.get(d.loc.file)))
    }
  }
  for (const d of duplicateFindings(modules)) {
    diagnostics.push({ code: d.code, message: d.message, ...d.loc })
    frames.push(formatDiagnostic(d))
  }
  const decls = collect(modules)
  // One model report (lint, profiles, tokens) for the manifest, the warnings and the token table.
  const model = modelReport(decls, profiles, tokens)
  const { transport: _transport, ...listed } = JSON.parse(manifest(serverIdentity(cwd), decls, profiles, model))
  const warnings = model.warnings.map((w) => ({ code: w.code, message: w.message, ...w.loc }))
  return { report: { ...listed, diagnostics, warnings }, frames, warningLines: model.warnings.map((w) => formatWarning(w)), refused, tokens: tokens ? tokenTable(model) : '' }
}

/** A schema on its label's line when it is short, else indented below it. */
function schema(label: string, value: unknown): string {
  const line = JSON.stringify(value)
  if (line.length <= 96) return `  ${label}: ${line}`
  return `  ${label}:\n` + JSON.stringify(value, null, 2).split('\n').map((l) => '    ' + l).join('\n')
}

function describe(kind: string, e: Entry): string {
  const lines = [`${kind} ${e.uri ?? e.uriTemplate ?? e.name}  (${e.source})`]
  if (kind !== 'tool' && kind !== 'prompt') lines.push(`  name: ${e.name}`)
  if (e.title) lines.push(`  title: ${e.title}`)
  // A description's further lines (paragraphs, list items: docs/writing-tools.md § Descriptions) stay under its label.
  if (e.description) lines.push(`  description: ${e.description.replace(/\n(?!\n)/g, '\n    ')}`)
  if (e.mimeType) lines.push(`  mimeType: ${e.mimeType}`)
  if (e.annotations) lines.push(`  annotations: ${Object.entries(e.annotations).map(([k, v]) => `${k}: ${v}`).join(', ')}`)
  if (e.timeoutMs !== undefined) lines.push(`  timeoutMs: ${e.timeoutMs}`)
  if (e.inputSchema) lines.push(schema('inputSchema', e.inputSchema))
  if (e.outputSchema) lines.push(schema('outputSchema', e.outputSchema))
  if (e.parameters) lines.push(schema('parameters', e.parameters))
  if (e.arguments) {
    const args = e.arguments as { name: string; required: boolean; description?: string }[]
    if (args.length === 0) lines.push('  arguments: none')
    for (const a of args) lines.push(`  argument ${a.name}${a.required ? '' : ' (optional)'}${a.description ? `: ${a.description}` : ''}`)
  }
  return lines.join('\n')
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export function inspect(options: { paths: readonly string[]; json: boolean; tokens?: boolean }, io: Io): number {
  let files
  try {
    files = sourceFiles(io.cwd, options.paths)
  } catch (error) {
    io.err.write(`mcp-aot inspect: ${(error as Error).message}\n`)
    return 2
  }
  let out
  try {
    out = read(io.cwd, files, options.tokens ? PROFILE_NAMES : ['portable'], options.tokens)
  } catch (error) {
    if (!(error instanceof TokenizerMissing)) throw error
    io.err.write(`mcp-aot inspect --tokens: ${TOKENIZER_MISSING}\n`)
    return 2
  }
  const { report, frames, warningLines, refused, tokens } = out
  const errors = report.diagnostics.length
  if (options.json) {
    io.out.write(JSON.stringify(report, null, 2) + '\n')
  } else {
    const blocks = [
      ...report.tools.map((e) => describe('tool', e)),
      ...report.resources.map((e) => describe('resource', e)),
      ...report.resourceTemplates.map((e) => describe('resource template', e)),
      ...report.prompts.map((e) => describe('prompt', e)),
    ]
    if (blocks.length > 0) io.out.write(blocks.join('\n\n') + '\n\n')
    if (tokens) io.out.write(`${tokens}\n\n`)
    for (const line of warningLines) io.err.write(line + '\n')
    const resources = report.resources.length + report.resourceTemplates.length
    const skipped = refused > 0 ? ` (${count(refused, 'module')} with errors left out)` : ''
    io.out.write(`${count(report.tools.length, 'tool')}, ${count(resources, 'resource')}, ${count(report.prompts.length, 'prompt')} in ${count(files.length, 'file')}${skipped}; ${count(errors, 'error')}.\n`)
    if (errors > 0) io.err.write(`mcp-aot: ${count(errors, 'error')}\n\n${frames.join('\n\n')}\n`)
  }
  return errors > 0 ? 1 : 0
}
