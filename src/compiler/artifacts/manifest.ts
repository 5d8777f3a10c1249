/** `mcp-manifest.json`: the tools, resources, templates and prompts in the shapes of their list results. */
import type { Declaration } from '../declarations/declaration.ts'
import { toolEntry } from '../table/emit.ts'
import { listedSchema } from '../schema/listed.ts'
import { objectSchema } from '../schema/schema.ts'
import { at, byKind, isTemplate, type ServerIdentity } from './artifact-text.ts'
import { modelReport } from './model-report.ts'
import type { ProfiledTool, ProfileName } from '../model/profiles/index.ts'

/** A tool under a non-portable profile: its status, the entry the profile lists, and what changed. */
function profileEntry(t: ProfiledTool) {
  const { name: _, ...tool } = t.tool
  return {
    status: t.status,
    ...(t.status === 'refused' ? { listed: false } : {}),
    ...tool,
    ...(t.rewrites.length ? { rewrites: t.rewrites } : {}),
    ...(t.degraded.length ? { degraded: t.degraded } : {}),
    ...(t.problems.length ? { problems: t.problems } : {}),
    ...(t.lost.length ? { lost: t.lost } : {}),
  }
}

/**
 * The manifest as JSON text: entries in the shapes of tools/list, resources/list, resources/templates/list
 * and prompts/list; for each profile besides `portable`, the entry that profile lists; with the token report
 * (a `report` that counted tokens), per tool its o200k tokens under each profile and `tokens`: the tools/list
 * result's tokens per profile. `report`: the model report when the caller has one.
 */
export function manifest(server: ServerIdentity, decls: readonly Declaration[], profiles: readonly ProfileName[] = ['portable'], report = modelReport(decls, profiles)): string {
  const counted = Object.keys(report.totals).length > 0
  const resource = (d: Declaration, key: 'uri' | 'uriTemplate') => {
    const out: Record<string, unknown> = { [key]: d.uri, name: d.name }
    if (d.title) out.title = d.title
    if (d.description) out.description = d.description
    if (d.mimeType) out.mimeType = d.mimeType
    if (d.icons) out.icons = d.icons
    if (key === 'uriTemplate') out.parameters = listedSchema(objectSchema(d.props))
    out.source = at(d)
    return out
  }
  const doc = {
    server,
    transport: { type: 'streamable-http', path: '/mcp' },
    ...(counted ? { tokens: report.totals } : {}),
    ...(profiles.length > 1 ? { lists: Object.fromEntries(profiles.filter((p) => p !== 'portable').map((p) => [p, report.lists[p]])) } : {}),
    tools: byKind(decls, 'tool').map((d, i) => {
      const r = report.tools[i]!
      const others = profiles.filter((p) => p !== 'portable')
      return {
        ...toolEntry(d),
        ...(d.timeoutMs !== undefined ? { timeoutMs: d.timeoutMs } : {}),
        ...(d.scopes ? { scopes: d.scopes } : {}),
        source: at(d),
        ...(counted ? { tokens: r.tokens } : {}),
        ...(others.length ? { profiles: Object.fromEntries(others.map((p) => [p, profileEntry(r.profiles[p]!)])) } : {}),
      }
    }),
    resources: byKind(decls, 'resource').filter((d) => !isTemplate(d)).map((d) => resource(d, 'uri')),
    resourceTemplates: byKind(decls, 'resource').filter(isTemplate).map((d) => resource(d, 'uriTemplate')),
    prompts: byKind(decls, 'prompt').map((d) => {
      const out: Record<string, unknown> = { name: d.name }
      if (d.title) out.title = d.title
      if (d.description) out.description = d.description
      out.arguments = promptArguments(d)
      if (d.icons) out.icons = d.icons
      out.source = at(d)
      return out
    }),
  }
  return `${JSON.stringify(doc, null, 2)}\n`
}

function promptArguments(d: Declaration) {
  return d.props.map((p) => ({ name: p.name, ...(p.description ? { description: p.description } : {}), required: !p.optional }))
}
