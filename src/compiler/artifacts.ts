/**
 * Build artefacts that describe the server from the declarations of every module: `mcp-manifest.json`
 * (tools with their schemas and annotations, resources, templates, prompts), `SKILL.md` (an Agent Skill:
 * YAML front matter and a guide to each tool) and `llms.txt` (llmstxt.org). Deterministic text: the
 * same sources give the same bytes, whichever bundler transformed the modules in whichever order.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { toolDefinition } from './emit.ts'
import type { Declaration } from './extract.ts'
import type { Prop, TypeIR } from './ir.ts'
import { objectSchema, type Schema } from './schema.ts'

/** How the artefacts name the server. The build cannot see `createServer(info)`, so it reads package.json. */
export interface ServerIdentity {
  name: string
  version?: string
  title?: string
  description?: string
}

export interface ArtifactOptions {
  /** Emit `mcp-manifest.json` next to the bundle (`true`), or under the given file name. */
  manifest?: boolean | string
  /** Emit `SKILL.md` and `llms.txt` next to the bundle. */
  docs?: boolean
  /** The server's name, version and description in the artefacts; default: from the root's package.json. */
  server?: Partial<ServerIdentity>
}

export interface Artifact {
  fileName: string
  source: string
}

export const MANIFEST_FILE = 'mcp-manifest.json'
export const SKILL_FILE = 'SKILL.md'
export const LLMS_FILE = 'llms.txt'

/** Every declaration, ordered by module path and then source position (transform order varies by bundler). */
export function collect(modules: ReadonlyMap<string, readonly Declaration[]>): Declaration[] {
  const all = [...modules.values()].flat()
  return all.sort((a, b) => (a.loc.file < b.loc.file ? -1 : a.loc.file > b.loc.file ? 1 : a.loc.line - b.loc.line || a.loc.column - b.loc.column))
}

/** The identity from the options, filled in from `<root>/package.json` (name, version, description). */
export function serverIdentity(root: string, given: Partial<ServerIdentity> = {}): ServerIdentity {
  let pkg: { name?: string; version?: string; description?: string } = {}
  const file = join(root, 'package.json')
  if (existsSync(file)) {
    try {
      pkg = JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      pkg = {}
    }
  }
  const out: ServerIdentity = { name: given.name ?? pkg.name ?? basename(root) }
  const version = given.version ?? pkg.version
  if (version) out.version = version
  if (given.title) out.title = given.title
  const description = given.description ?? pkg.description
  if (description) out.description = description
  return out
}

/** The files the options ask for; none when there is nothing to describe. */
export function artifacts(options: ArtifactOptions, server: ServerIdentity, decls: readonly Declaration[]): Artifact[] {
  const out: Artifact[] = []
  const manifestFile = typeof options.manifest === 'string' ? options.manifest : options.manifest ? MANIFEST_FILE : undefined
  if (manifestFile) out.push({ fileName: manifestFile, source: manifest(server, decls) })
  if (options.docs) {
    out.push({ fileName: SKILL_FILE, source: skill(server, decls) })
    out.push({ fileName: LLMS_FILE, source: llmsTxt(server, decls, manifestFile) })
  }
  return out
}

/**
 * esbuild has no asset emission of its own (unplugin's `emitFile` there only knows `outdir`): write the
 * files next to the bundle from an `onEnd` callback, or add them to `outputFiles` when `write: false`.
 */
export function emitForEsbuild(
  initial: { outdir?: string; outfile?: string; absWorkingDir?: string; write?: boolean },
  result: { errors: unknown[]; outputFiles?: { path: string; contents: Uint8Array; text: string; hash?: string }[] },
  files: readonly Artifact[],
): void {
  if (result.errors.length > 0) return
  const cwd = initial.absWorkingDir ?? process.cwd()
  const dir = resolve(cwd, initial.outdir ?? (initial.outfile ? dirname(initial.outfile) : '.'))
  for (const f of files) {
    const path = join(dir, f.fileName)
    if (initial.write === false) {
      const contents = new TextEncoder().encode(f.source)
      result.outputFiles?.push({ path, contents, text: f.source, hash: '' })
    } else {
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, f.source)
    }
  }
}

const at = (d: Declaration) => `${d.loc.file}:${d.loc.line}:${d.loc.column}`
const byKind = (decls: readonly Declaration[], kind: Declaration['kind']) => decls.filter((d) => d.kind === kind)
const isTemplate = (d: Declaration) => d.uri!.includes('{')

// ---- mcp-manifest.json ----------------------------------------------------------------------------

/** The manifest as JSON text: entries in the shapes of tools/list, resources/list, resources/templates/list and prompts/list. */
export function manifest(server: ServerIdentity, decls: readonly Declaration[]): string {
  const resource = (d: Declaration, key: 'uri' | 'uriTemplate') => {
    const out: Record<string, unknown> = { [key]: d.uri, name: d.name }
    if (d.title) out.title = d.title
    if (d.description) out.description = d.description
    if (d.mimeType) out.mimeType = d.mimeType
    if (key === 'uriTemplate') out.parameters = objectSchema(d.props)
    out.source = at(d)
    return out
  }
  const doc = {
    server,
    transport: { type: 'streamable-http', path: '/mcp' },
    tools: byKind(decls, 'tool').map((d) => ({
      ...toolDefinition(d),
      ...(d.timeoutMs !== undefined ? { timeoutMs: d.timeoutMs } : {}),
      source: at(d),
    })),
    resources: byKind(decls, 'resource').filter((d) => !isTemplate(d)).map((d) => resource(d, 'uri')),
    resourceTemplates: byKind(decls, 'resource').filter(isTemplate).map((d) => resource(d, 'uriTemplate')),
    prompts: byKind(decls, 'prompt').map((d) => {
      const out: Record<string, unknown> = { name: d.name }
      if (d.title) out.title = d.title
      if (d.description) out.description = d.description
      out.arguments = promptArguments(d)
      out.source = at(d)
      return out
    }),
  }
  return `${JSON.stringify(doc, null, 2)}\n`
}

function promptArguments(d: Declaration) {
  return d.props.map((p) => ({ name: p.name, ...(p.description ? { description: p.description } : {}), required: !p.optional }))
}

// ---- type text for people and models ------------------------------------------------------------

const SAFE = Number.MAX_SAFE_INTEGER

function range(min: number | undefined, max: number | undefined, unit = ''): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}${unit}` : `${min} to ${max}${unit}`
  if (min !== undefined) return `>= ${min}${unit}`
  if (max !== undefined) return `<= ${max}${unit}`
  return undefined
}

const withParts = (base: string, parts: (string | undefined)[]) => {
  const kept = parts.filter((p): p is string => Boolean(p))
  return kept.length ? `${base} (${kept.join(', ')})` : base
}

/** A short, readable description of a value's type: `integer (1 to 10)`, `"low" | "high"`, `array of string`. */
export function typeText(t: TypeIR): string {
  switch (t.kind) {
    case 'any': return 'any JSON value'
    case 'object-any': return 'object'
    case 'boolean': return 'boolean'
    case 'number': {
      const full = t.minimum === -SAFE && t.maximum === SAFE
      return withParts(t.integer ? 'integer' : 'number', [full ? undefined : range(t.minimum, t.maximum)])
    }
    case 'string': {
      const length = range(t.minLength, t.maxLength, ' characters')
      return withParts('string', [t.format, length, t.pattern ? `pattern ${t.pattern}` : undefined])
    }
    case 'bigint': return 'integer as a decimal string'
    case 'date': return 'date-time string (RFC 3339)'
    case 'url': return 'absolute URL string'
    case 'bytes': return 'base64 string'
    case 'enum': return t.values.map((v) => JSON.stringify(v)).join(' | ')
    case 'array': {
      const inner = typeText(t.items)
      const items = /[ |]/.test(inner) && !inner.startsWith('{') ? `(${inner})` : inner
      return withParts(`array of ${items}`, [t.set ? 'unique' : undefined, range(t.minItems, t.maxItems, ' items')])
    }
    case 'tuple': return `[${t.elements.map(typeText).join(', ')}]`
    case 'object': {
      if (t.props.length === 0) return t.rest ? `object of ${typeText(t.rest)}` : 'empty object'
      const fields = t.props.map((p) => `${p.name}${p.optional ? '?' : ''}: ${typeText(p.type)}`)
      if (t.rest) fields.push(`[key]: ${typeText(t.rest)}`)
      return `{ ${fields.join(', ')} }`
    }
    case 'union': return t.members.map(typeText).join(' | ')
    case 'nullable': return `${typeText(t.inner)} | null`
  }
}

function argumentText(p: Prop): string {
  const def = p.default !== undefined ? `, default ${JSON.stringify(p.default)}` : ''
  return `${typeText(p.type)}${def}`
}

function hints(d: Declaration): string[] {
  const a = d.annotations ?? {}
  const out: string[] = []
  if (a.readOnlyHint === true) out.push('read-only')
  if (a.readOnlyHint === false) out.push('may change data')
  if (a.destructiveHint === true) out.push('destructive')
  if (a.destructiveHint === false) out.push('not destructive')
  if (a.idempotentHint === true) out.push('idempotent')
  if (a.idempotentHint === false) out.push('not idempotent')
  if (a.openWorldHint === true) out.push('reaches outside systems')
  if (a.openWorldHint === false) out.push('closed world')
  if (d.timeoutMs !== undefined) out.push(`times out after ${d.timeoutMs % 1000 === 0 ? `${d.timeoutMs / 1000} s` : `${d.timeoutMs} ms`}`)
  return out
}

function resultText(d: Declaration): string {
  switch (d.result.kind) {
    case 'void': return 'nothing (an empty result)'
    case 'text': return 'text'
    case 'content': return 'content parts (text, images, audio, links or resources)'
    case 'raw': return 'a complete tool result'
    case 'json': return 'JSON as text'
    case 'inspect': return 'a value shown as text or JSON'
    case 'structured': return `structured content ${schemaText(d.outputSchema)}, mirrored as JSON text`
  }
}

/** The output schema read back as type text (it is only ever written for object types). */
function schemaText(s: Schema | undefined): string {
  const props = (s?.properties ?? {}) as Record<string, Schema>
  const required = new Set((s?.required ?? []) as string[])
  const names = Object.keys(props)
  if (names.length === 0) return '(an object)'
  return `\`{ ${names.map((n) => `${n}${required.has(n) ? '' : '?'}: ${schemaType(props[n]!)}`).join(', ')} }\``
}

function schemaType(s: Schema): string {
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ')
  const type = Array.isArray(s.type) ? s.type.join(' | ') : typeof s.type === 'string' ? s.type : s.anyOf ? 'one of several shapes' : 'any'
  if (type === 'array' && s.items) return `array of ${schemaType(s.items as Schema)}`
  return s.format ? `${type} (${s.format})` : type
}

// ---- SKILL.md -----------------------------------------------------------------------------------

/** An Agent Skill name: lower-case letters, digits and hyphens, at most 64 characters. */
export function skillName(name: string): string {
  const slug = name.toLowerCase().replace(/^@[^/]*\//, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
  return (slug || 'mcp-server').slice(0, 64).replace(/-+$/, '')
}

const cell = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, ' ')
const yamlString = (s: string) => JSON.stringify(s)

function skillDescription(server: ServerIdentity, tools: readonly Declaration[]): string {
  const lead = server.description ? server.description.replace(/\s*$/, '').replace(/([^.!?])$/, '$1.') : `The ${server.name} MCP server.`
  const list = tools.length ? ` Use it to call its MCP tools: ${tools.map((t) => t.name).join(', ')}.` : ''
  const text = `${lead}${list}`
  return text.length <= 1024 ? text : `${text.slice(0, 1021)}...`
}

export function skill(server: ServerIdentity, decls: readonly Declaration[]): string {
  const tools = byKind(decls, 'tool')
  const resources = byKind(decls, 'resource')
  const prompts = byKind(decls, 'prompt')
  const lines: string[] = [
    '---',
    `name: ${skillName(server.name)}`,
    `description: ${yamlString(skillDescription(server, tools))}`,
    '---',
    '',
    `# ${server.title ?? server.name}${server.version ? ` ${server.version}` : ''}`,
    '',
  ]
  if (server.description) lines.push(server.description, '')
  lines.push(
    'An MCP server (Streamable HTTP, endpoint `/mcp`). Call its tools through an MCP client. Arguments are',
    'one JSON object and are checked exactly as listed here: a wrong argument comes back as an error result',
    'naming it (`Argument \'x\' is required.`), so read the message, fix the argument and call again.',
    '',
  )
  if (tools.length) {
    lines.push('## Tools', '')
    for (const t of tools) {
      lines.push(`### \`${t.name}\`${t.title ? ` — ${t.title}` : ''}`, '')
      if (t.description) lines.push(t.description, '')
      const h = hints(t)
      if (h.length) lines.push(`${h[0]!.charAt(0).toUpperCase()}${h.join(', ').slice(1)}.`, '')
      if (t.props.length) {
        lines.push('| Argument | Type | Required | Description |', '|---|---|---|---|')
        for (const p of t.props) lines.push(`| \`${p.name}\` | ${cell(argumentText(p))} | ${p.optional ? 'no' : 'yes'} | ${cell(p.description ?? '')} |`)
        lines.push('')
      } else lines.push('No arguments.', '')
      lines.push(`Returns ${resultText(t)}.`, '')
    }
  }
  if (resources.length) {
    lines.push('## Resources', '', 'Read them with `resources/read`. A URI with `{variables}` is a template: fill them in.', '')
    for (const r of resources) {
      const meta = [r.mimeType, isTemplate(r) ? 'template' : undefined].filter(Boolean).join(', ')
      lines.push(`- \`${r.uri}\`${meta ? ` (${meta})` : ''}${r.title ? ` — ${r.title}` : ''}${r.description ? `: ${r.description}` : ''}`)
    }
    lines.push('')
  }
  if (prompts.length) {
    lines.push('## Prompts', '')
    for (const p of prompts) {
      lines.push(`### \`${p.name}\`${p.title ? ` — ${p.title}` : ''}`, '')
      if (p.description) lines.push(p.description, '')
      if (p.props.length) {
        for (const a of p.props) lines.push(`- \`${a.name}\`${a.optional ? ' (optional)' : ''}: ${argumentText(a)}${a.description ? ` — ${a.description}` : ''}`)
        lines.push('')
      }
    }
  }
  return `${lines.join('\n').replace(/\n+$/, '')}\n`
}

// ---- llms.txt -----------------------------------------------------------------------------------

function signature(d: Declaration): string {
  return `${d.name}(${d.props.map((p) => `${p.name}${p.optional ? '?' : ''}: ${argumentText(p)}`).join('; ')})`
}

export function llmsTxt(server: ServerIdentity, decls: readonly Declaration[], manifestFile?: string): string {
  const tools = byKind(decls, 'tool')
  const resources = byKind(decls, 'resource')
  const prompts = byKind(decls, 'prompt')
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`
  const lines: string[] = [`# ${server.title ?? server.name}`, '']
  lines.push(`> ${server.description ?? `An MCP server with ${count(tools.length, 'tool')}.`}`, '')
  const parts = [`An MCP server${server.version ? ` (version ${server.version})` : ''} over Streamable HTTP at the path \`/mcp\`, with`]
  parts.push(`${count(tools.length, 'tool')}, ${count(resources.length, 'resource')} and ${count(prompts.length, 'prompt')}.`)
  if (manifestFile) parts.push(`Every JSON Schema is in [${manifestFile}](${manifestFile}).`)
  lines.push(parts.join(' '), '')
  if (tools.length) {
    lines.push('## Tools', '')
    for (const t of tools) {
      const h = hints(t)
      const text = [t.description, h.length ? `(${h.join(', ')})` : undefined].filter(Boolean).join(' ')
      lines.push(`- ${signature(t)}${text ? `: ${text}` : ''} Returns ${resultText(t)}.`)
    }
    lines.push('')
  }
  if (resources.length) {
    lines.push('## Resources', '')
    for (const r of resources) lines.push(`- ${r.uri}${r.mimeType ? ` (${r.mimeType})` : ''}${r.description ? `: ${r.description}` : ''}`)
    lines.push('')
  }
  if (prompts.length) {
    lines.push('## Prompts', '')
    for (const p of prompts) lines.push(`- ${signature(p)}${p.description ? `: ${p.description}` : ''}`)
    lines.push('')
  }
  return `${lines.join('\n').replace(/\n+$/, '')}\n`
}
