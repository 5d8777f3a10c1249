/**
 * Run-time visibility (createServer's `visible`): the table stays as the build made it; what a request sees is
 * the entries the hook lets through. tools/list and prompts/list leave the others out (each page as the
 * server built it, less the hidden entries), and tools/call and prompts/get answer a hidden name as they
 * answer an unknown one. A server that changes what `visible` says tells its listeners with
 * `ctx.notify.toolsChanged()` / `promptsChanged()` (or its host's `notify(env)`).
 */
import type { Exchange } from '../shared/exchange.ts'
import type { Core, Handler } from '../shared/table.ts'
import { RpcError, unknownTool } from '../shared/jsonrpc.ts'
import { INVALID_PARAMS } from '../shared/protocol.ts'

type Kind = 'tool' | 'prompt'

/** Wraps the list and call methods of one era's table with the `visible` hook. */
export function hideIn(core: Core, methods: Map<string, Handler>): void {
  const visible = core.options.visible!
  const sees = (kind: Kind, name: string, exchange: Exchange) => visible({ kind, name }, { env: exchange.env, auth: exchange.auth })
  const list = (method: string, field: string, kind: Kind) => {
    const inner = methods.get(method)
    if (!inner) return
    methods.set(method, async (c, exchange, params) => {
      const page = await inner(c, exchange, params)
      if (typeof page !== 'string') return page
      const result = JSON.parse(page) as Record<string, { name: string }[]>
      const items = result[field]!
      const shown = await Promise.all(items.map((item) => sees(kind, item.name, exchange)))
      result[field] = items.filter((_item, at) => shown[at] === true)
      return JSON.stringify(result)
    })
  }
  const named = (method: string, kind: Kind) => {
    const inner = methods.get(method)
    if (!inner) return
    const unknown = (name: string) => (kind === 'tool' ? unknownTool(name) : new RpcError(INVALID_PARAMS, `Unknown ${kind} '${name}'.`, { name }))
    methods.set(method, (c, exchange, params) => {
      const name = params?.name
      if (typeof name !== 'string') return inner(c, exchange, params)
      const seen = sees(kind, name, exchange)
      if (seen instanceof Promise) return seen.then((shown) => (shown === true ? inner(c, exchange, params) : unknown(name)))
      return seen === true ? inner(c, exchange, params) : unknown(name)
    })
  }
  list('tools/list', 'tools', 'tool')
  list('prompts/list', 'prompts', 'prompt')
  named('tools/call', 'tool')
  named('prompts/get', 'prompt')
}
