/**
 * The bench server of bench/subscriptions.ts: listeners in durableSubscriptions() (its defaults but a total of
 * 20,000, so the 10,000-listener step and a flood fit), a plain tool and a notifying one. The same file is built
 * against the previous release (one object for every listener, no `listeners()`) as the peer.
 * `GET /listeners` reports each shard's count where the host can tell.
 */
import { createServer } from 'mcp-aot'
import { durableSubscriptions } from 'mcp-aot/cloudflare'
import * as tools from './tools.ts'

const subscriptions = durableSubscriptions('MCP_SUBSCRIPTIONS', { maxListeners: 20_000 })
export const McpSubscriptions = subscriptions.DurableObject
const server = createServer({ name: 'bench-subscriptions', version: '1.0.0' }, tools, { subscriptions })
const counts = (subscriptions as { listeners?: (env: unknown) => Promise<number[]> }).listeners

export default {
  fetch(request: Request, env: unknown, ctx: { waitUntil(promise: Promise<unknown>): void }): Promise<Response> {
    if (new URL(request.url).pathname !== '/listeners') return server.fetch(request, env, ctx)
    return counts ? counts(env).then((each) => Response.json(each)) : Promise.resolve(Response.json(null))
  },
}
