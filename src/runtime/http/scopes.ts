/**
 * Scopes (`@scope notes:write` on a tool; generated code hands the table `scopesFeature`): such a tool is called only with a token that carries every
 * scope it declares (the `scopes` the `authorize` hook returned). Otherwise the call is refused before
 * anything of the tool runs: 403 with the RFC 6750 §3.1 challenge `Bearer error="insufficient_scope",
 * scope="…"`, whose scope names what the token has plus what the tool needs (so a client that steps up
 * keeps what it had), and the resource metadata URL. Fails closed: without an `authorize` hook no
 * request carries scopes, so a scoped tool is always refused.
 */
import type { AuthInfo, ServerOptions } from '../shared/api.ts'
import type { Core } from '../shared/table.ts'
import type { Feature, ScopeRefusal } from '../shared/table.ts'
import type { ToolEntry } from '../shared/table.ts'
import { isTable } from '../shared/table.ts'
import { originOf } from './cors.ts'
import { RpcError } from '../shared/jsonrpc.ts'
import { resourceUrlOf, WELL_KNOWN } from './auth.ts'
import { INVALID_REQUEST } from '../shared/protocol.ts'

/** Every scope the server's tools declare, in declaration order, each once (for `scopes_supported`). */
export function declaredScopes(tools: Iterable<ToolEntry>): string[] {
  const out = new Set<string>()
  for (const tool of tools) for (const scope of tool.scopes ?? []) out.add(scope)
  return [...out]
}

/**
 * The scopes the `@scope` tools of these modules declare: the catalogue an authorization server in front
 * offers (OAuthProvider's `scopesSupported`), so the consent page can grant them.
 */
export function scopesOf(...modules: object[]): string[] {
  return declaredScopes(modules.flatMap((module, index) => {
    const table = (module as { __mcp?: unknown }).__mcp
    if (!isTable(table)) throw new TypeError(`scopesOf: argument ${index + 1} is not a module the mcp-aot plugin compiled (it has no __mcp table).`)
    return table.entries.filter((entry): entry is ToolEntry => entry.kind === 'tool')
  }))
}

/** Why a tools/call may not run with this token (the tool's scopes it lacks), or undefined when it may. */
function scopeRefusal(core: Core, params: Record<string, any> | undefined, auth: AuthInfo | undefined, request: Request): ScopeRefusal | undefined {
  const name = params?.name
  const needed = typeof name === 'string' ? core.tools.get(name)?.scopes : undefined
  if (!needed) return undefined
  const granted = auth?.scopes ?? []
  const missing = needed.filter((scope) => !granted.includes(scope))
  if (missing.length === 0) return undefined
  const scope = [...new Set([...granted, ...needed])].join(' ')
  const description = `The tool '${name}' needs the scope${missing.length > 1 ? 's' : ''} ${missing.join(' ')}, which this token does not carry.`
  return {
    error: new RpcError(INVALID_REQUEST, `Forbidden: ${description}`, { requiredScopes: needed }, 403),
    challenge: `Bearer error="insufficient_scope", scope="${scope}"${metadataParam(request, core.options)}, error_description="${description.replace(/["\\]/g, '')}"`,
  }
}

/**
 * `, resource_metadata="…"`: the path-suffixed RFC 9728 document URL of the endpoint (served by mcp-aot, and
 * by OAuthProvider in front of it), from its public URL (resourceUrlOf); nothing when that is not known.
 */
function metadataParam(request: Request, options: ServerOptions<any>): string {
  const url = resourceUrlOf(request, options, options.path ?? '/mcp')
  return url === undefined ? '' : `, resource_metadata="${originOf(url)}${WELL_KNOWN}${new URL(url).pathname}"`
}

export const scopesFeature: Feature = {
  scopes: { declared: (core) => declaredScopes(core.tools.values()), refusal: scopeRefusal },
}
