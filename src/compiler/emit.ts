/**
 * The code appended to a tool module: the declarations' standalone validators and the static dispatch
 * table (`export const __mcp = __mcp_table(…)`). Plain, readable JavaScript; deterministic text.
 */
import type { ToolDefinition } from '../runtime/table.ts'
import type { Declaration, Slot } from './extract.ts'
import { revivePlan } from './plans.ts'
import { objectSchema } from './schema.ts'
import { compileValidators, runtimeImport } from './validator.ts'

export const TABLE_EXPORT = '__mcp'

const json = (v: unknown) => JSON.stringify(v)

/** The tools/list entry in the latest revision's shape, keys in a fixed order. */
export function toolDefinition(d: Declaration): ToolDefinition {
  const def: ToolDefinition = { name: d.name, inputSchema: objectSchema(d.props) }
  const out: any = { name: d.name }
  if (d.title) out.title = d.title
  if (d.description) out.description = d.description
  out.inputSchema = def.inputSchema
  if (d.outputSchema) out.outputSchema = d.outputSchema
  if (d.annotations) out.annotations = d.annotations
  return out
}

function invoke(d: Declaration): string {
  const args = d.slots.map((s: Slot) => (s.kind === 'arg' ? `a[${json(s.name)}]` : s.kind === 'all' ? 'a' : s.kind === 'context' ? 'c' : 's'))
  return `(a, c, s) => ${d.binding}(${args.join(', ')})`
}

function revive(d: Declaration): string {
  return json(revivePlan({ kind: 'object', props: d.props }))
}

function loc(d: Declaration): string {
  return json(`${d.loc.file}:${d.loc.line}:${d.loc.column}`)
}

function entry(d: Declaration, validator: string | undefined): string {
  const lines: string[] = [`kind: ${json(d.kind)}`, `name: ${json(d.name)}`, `loc: ${loc(d)}`]
  if (d.kind === 'tool') {
    const def = toolDefinition(d)
    lines.push(`def: ${json(def)}`, `json: ${json(json(def))}`, `validate: ${validator}`, `revive: ${revive(d)}`, `result: ${json(d.result)}`)
    if (d.timeoutMs !== undefined) lines.push(`timeoutMs: ${d.timeoutMs}`)
  } else if (d.kind === 'resource') {
    lines.push(`uri: ${json(d.uri)}`, `template: ${d.uri!.includes('{')}`)
    if (d.title) lines.push(`title: ${json(d.title)}`)
    if (d.description) lines.push(`description: ${json(d.description)}`)
    if (d.mimeType) lines.push(`mimeType: ${json(d.mimeType)}`)
    if (validator) lines.push(`validate: ${validator}`)
    lines.push(`revive: ${revive(d)}`)
  } else {
    if (d.title) lines.push(`title: ${json(d.title)}`)
    if (d.description) lines.push(`description: ${json(d.description)}`)
    const args = d.props.map((p) => ({ name: p.name, ...(p.description ? { description: p.description } : {}), required: !p.optional }))
    lines.push(`arguments: ${json(args)}`, `validate: ${validator}`, `revive: ${revive(d)}`)
    const completions: Record<string, string[]> = {}
    for (const p of d.props) if (p.type.kind === 'enum') completions[p.name] = p.type.values.map(String)
    if (Object.keys(completions).length > 0) lines.push(`completions: ${json(completions)}`)
  }
  lines.push(`invoke: ${invoke(d)}`)
  return `  {\n    ${lines.join(',\n    ')},\n  }`
}

/** The text appended to the module. */
export function emitTable(module: string, decls: readonly Declaration[]): string {
  const schemas: Record<string, object> = {}
  const entries: string[] = []
  decls.forEach((d, i) => {
    let name: string | undefined
    if (d.kind !== 'resource' || d.props.length > 0) {
      name = `__mcp_v${i}`
      schemas[name] = objectSchema(d.props)
    }
    entries.push(entry(d, name))
  })
  // One compile for the module: tools that validate alike, and shared types, share code.
  const names = Object.keys(schemas)
  const validators = names.length === 0 ? [] : [`const __mcp_validators = ${compileValidators(schemas)};`, ...names.map((name, k) => `const ${name} = __mcp_validators[${k}];`)]
  return [
    '',
    '// ---- mcp-aot: generated at build time from the declarations above ----',
    `${runtimeImport(validators.join('\n'), ['table as __mcp_table'])};`,
    ...validators,
    `export const ${TABLE_EXPORT} = __mcp_table(${json(module)}, [\n${entries.join(',\n')},\n]);`,
    '',
  ].join('\n')
}
