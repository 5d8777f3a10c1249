/**
 * The methods each era serves, as tables from method name to handler. A feature the server has none of
 * (no prompts, say) has no methods either, so its capability is not declared and its methods are
 * "method not found".
 */
import type { Core } from './core.ts'
import type { Exchange } from './exchange.ts'
import { complete } from './completion.ts'
import { discoverResult } from './handshake.ts'
import { getPrompt } from './prompts.ts'
import { RpcError } from './jsonrpc.ts'
import { INVALID_PARAMS, LOG_LEVELS } from './protocol.ts'
import { readResource } from './resources.ts'
import { callTool } from './tools.ts'

/** Returns the result as JSON text, or an error. */
export type Handler = (core: Core, exchange: Exchange, params: Record<string, any> | undefined) => string | RpcError | Promise<string | RpcError>

export type Methods = ReadonlyMap<string, Handler>

/** Methods whose function may notify (progress, log messages) while it runs. */
export const STREAMING: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read'])

function shared(core: Core): Map<string, Handler> {
  const methods = new Map<string, Handler>()
  if (core.tools.size > 0) {
    methods.set('tools/list', (core, exchange, params) => core.toolPages.page(exchange.flavour, params?.cursor))
    methods.set('tools/call', callTool)
  }
  if (core.prompts.size > 0) {
    methods.set('prompts/list', (core, exchange, params) => core.promptPages.page(exchange.flavour, params?.cursor))
    methods.set('prompts/get', getPrompt)
  }
  if (core.resources.size > 0 || core.templates.length > 0) {
    methods.set('resources/list', (core, exchange, params) => core.resourcePages.page(exchange.flavour, params?.cursor))
    methods.set('resources/templates/list', (core, exchange, params) => core.templatePages.page(exchange.flavour, params?.cursor))
    methods.set('resources/read', readResource)
  }
  if (core.prompts.size > 0 || core.templates.length > 0) methods.set('completion/complete', complete)
  return methods
}

export function modernMethods(core: Core): Methods {
  const methods = shared(core)
  const discover = discoverResult(core)
  methods.set('server/discover', () => discover)
  return methods
}

const EMPTY = '{}'

export function legacyMethods(core: Core): Methods {
  const methods = shared(core)
  methods.set('ping', () => EMPTY)
  // Stateless: the level cannot be kept for later requests; accepted so clients that set it work.
  methods.set('logging/setLevel', (_core, _exchange, params) =>
    typeof params?.level === 'string' && params.level in LOG_LEVELS ? EMPTY : new RpcError(INVALID_PARAMS, `Unknown log level ${JSON.stringify(params?.level)}.`),
  )
  if (methods.has('resources/read')) {
    // Accepted for clients that subscribe; no update is ever sent (the table is fixed at build time).
    methods.set('resources/subscribe', () => EMPTY)
    methods.set('resources/unsubscribe', () => EMPTY)
  }
  return methods
}
