/**
 * The methods each era serves, as tables from method name to handler. Tools are built in; resources,
 * prompts and completion come from the features the tables asked for. A feature the server has none of
 * (no prompts, say) has no methods either, so its capability is not declared and its methods are
 * "method not found".
 */
import type { Handler, Methods } from '../shared/table.ts'
import type { Core } from '../shared/table.ts'
import { discoverResult } from './handshake.ts'
import { RpcError } from '../shared/jsonrpc.ts'
import { listPages, toolItems } from '../shared/lists.ts'
import { INVALID_PARAMS, levelOf } from '../shared/protocol.ts'
import { callTool } from '../call/tools.ts'

/** The methods both eras serve. */
function shared(core: Core): Map<string, Handler> {
  const methods = new Map<string, Handler>()
  if (core.tools.size > 0) {
    const tools = [...core.tools.values()]
    methods.set('tools/list', listPages('tools', (flavour) => toolItems(core, tools, flavour), core.listTail))
    // `instrument` wraps tools/call (instrument/calls.ts) when it has an onCall.
    methods.set('tools/call', core.observer?.callTool?.(callTool) ?? callTool)
  }
  for (const feature of core.features) feature.methods?.(core, methods)
  // A build with profiles: each client's tools/list is its profile's (features/client-profiles.ts).
  core.clientProfiles?.serve(core, methods, shared)
  return methods
}

const EMPTY = '{}'

/** Both eras' method tables, built once per server. */
export function eraMethods(core: Core): { modern: Methods; legacy: Methods } {
  const base = shared(core)
  const modern = new Map(base)
  const legacy = new Map(base)
  core.tasks?.methods(modern, legacy)
  const discover = discoverResult(core, modern)
  modern.set('server/discover', () => discover)
  legacy.set('ping', () => EMPTY)
  // Stateless, the level cannot be kept for later requests (accepted so clients that set it work); a live
  // session keeps it.
  legacy.set('logging/setLevel', (_core, exchange, params) => {
    const level = levelOf(params?.level)
    if (level === undefined) return new RpcError(INVALID_PARAMS, `Unknown log level ${JSON.stringify(params?.level)}.`)
    exchange.session?.setLevel(level)
    return EMPTY
  })
  if (base.has('resources/read')) {
    // Accepted for clients that subscribe; updates are sent only with the `subscriptions` option, in a session.
    legacy.set('resources/subscribe', () => EMPTY)
    legacy.set('resources/unsubscribe', () => EMPTY)
  }
  // subscriptions/listen, a session's resources/subscribe, and run-time visibility (subscriptions/).
  core.subscriptions?.methods(modern, legacy)
  return { modern, legacy }
}
