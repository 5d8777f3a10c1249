/** `mcp-manifest.json`: the tools, resources, templates and prompts in the shapes of their list results. */
import type { ServerIdentity } from './artifacts.ts'
import type { Declaration } from './extract.ts'
import { toolDefinition } from './emit.ts'
import { listedSchema } from './listed.ts'
import { objectSchema } from './schema.ts'
import { at, byKind, isTemplate } from './artifact-text.ts'

/** The manifest as JSON text: entries in the shapes of tools/list, resources/list, resources/templates/list and prompts/list. */
export function manifest(server: ServerIdentity, decls: readonly Declaration[]): string {
  const resource = (d: Declaration, key: 'uri' | 'uriTemplate') => {
    const out: Record<string, unknown> = { [key]: d.uri, name: d.name }
    if (d.title) out.title = d.title
    if (d.description) out.description = d.description
    if (d.mimeType) out.mimeType = d.mimeType
    if (key === 'uriTemplate') out.parameters = listedSchema(objectSchema(d.props))
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
