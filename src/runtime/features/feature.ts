/**
 * An optional part of the server that a dispatch table asks for: generated code passes it to `table()`
 * (`resourcesFeature` for @resource declarations, `promptsFeature` for @prompt, `paramHeadersFeature`
 * when an input schema declares `x-mcp-header`, `scopesFeature` when a tool declares `@scope`), so a server without them bundles none of their code.
 */
import type { Core } from '../core.ts'
import type { Handler } from '../rpc/methods.ts'
import type { AuthInfo } from '../shared/api.ts'
import type { RpcError } from '../shared/jsonrpc.ts'
import type { ToolEntry } from '../shared/table.ts'

export interface Feature {
  /** Adds the feature's methods for both eras; called once per server. */
  readonly methods?: (core: Core, methods: Map<string, Handler>) => void
  /** Checks the `Mcp-Param-*` headers of a 2026-07-28 tools/call against its arguments. */
  readonly headers?: HeaderCheck
  /** Checks a tools/call's token against the tool's `@scope`s. */
  readonly scopes?: ScopeCheck
}

export interface HeaderCheck {
  /** The `Mcp-Param-*` headers the server's tools declare (a CORS preflight allows them). */
  names(core: Core): readonly string[]
  /** Why the request's headers do not match the arguments of a call to `tool`, or undefined. */
  problem(core: Core, tool: ToolEntry, headers: Headers, args: unknown): string | undefined
}

export interface ScopeCheck {
  /** Every scope the tools declare, each once (listed in the resource metadata). */
  declared(core: Core): readonly string[]
  /** Why a tools/call may not run with this token (403 insufficient_scope), or undefined when it may. */
  refusal(core: Core, params: Record<string, any> | undefined, auth: AuthInfo | undefined, request: Request): ScopeRefusal | undefined
}

export interface ScopeRefusal {
  readonly error: RpcError
  /** The `WWW-Authenticate` value. */
  readonly challenge: string
}
