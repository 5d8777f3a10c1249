/**
 * `durableSubscriptions()` (mcp-aot/cloudflare): the listeners of a Worker in one Durable Object, so a
 * change made in any isolate reaches every listen stream, whichever isolate holds it. A front Worker that
 * takes a `subscriptions/listen` (or a 2025-11-25 session's GET) opens a stream of changes from the object
 * and passes on what its filter asks for; a tool's `ctx.notify` (or `subscriptions.notify(env)` in a cron,
 * a queue consumer, a webhook) posts the change to the object, which writes it to every stream it holds.
 *
 * ```ts
 * import { createServer } from 'mcp-aot'
 * import { durableSubscriptions } from 'mcp-aot/cloudflare'
 * const subscriptions = durableSubscriptions('MCP_SUBSCRIPTIONS')
 * export default createServer(info, tools, { subscriptions })
 * export const McpSubscriptions = subscriptions.DurableObject
 * ```
 * with a `durable_objects` binding `MCP_SUBSCRIPTIONS` → class `McpSubscriptions` and a migration
 * `new_sqlite_classes: ["McpSubscriptions"]` in wrangler.jsonc. The object keeps nothing in storage: a
 * listener lives as long as its stream (an object that restarts ends its streams, and the clients listen
 * again). One object holds every listener of the Worker (`name` picks another).
 */
import type { SubscriptionHost } from '../runtime/shared/channel.ts'
import { type Change, DEFAULT_MAX_LISTENERS, type Hub } from '../runtime/subscriptions/changes.ts'
import { hostOver } from '../runtime/subscriptions/memory.ts'
import { subscriptionSupport } from '../runtime/subscriptions/support.ts'
import { namespaceIn } from './platform.ts'

export interface DurableSubscriptionsOptions {
  /** The name of the object every listener lives in; default `'listeners'`. */
  name?: string
  /**
   * Where `env` has no such binding (the same bundle in Deno or Node): this host, e.g. `memorySubscriptions()`
   * for one process. Default: none; there a listen stream is refused and `notify` rejects, naming the binding.
   */
  fallback?: SubscriptionHost
  /** The most listeners the object holds (listen streams and GET streams); beyond it a listen request is refused (503). Default 10,000. */
  maxListeners?: number
}

export interface DurableSubscriptions extends SubscriptionHost {
  readonly DurableObject: new (state: any, env: any) => { fetch(request: Request): Promise<Response> }
}

/** The internal requests from a front Worker to the object: `${ORIGIN}/listen` and `/publish`. */
const ORIGIN = 'https://mcp-aot.subscriptions'

const encoder = /* @__PURE__ */ new TextEncoder()

/** Newline-delimited JSON (one change a line, as the object writes them) into changes. */
function changesOf(body: ReadableStream<Uint8Array>): ReadableStream<Change> {
  let rest = ''
  const lines = new TransformStream<string, Change>({
    transform(chunk, controller) {
      const parts = (rest + chunk).split('\n')
      rest = parts.pop()!
      for (const line of parts) if (line) controller.enqueue(JSON.parse(line) as Change)
    },
  })
  return body.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).pipeThrough(lines)
}

export function durableSubscriptions(binding = 'MCP_SUBSCRIPTIONS', options: DurableSubscriptionsOptions = {}): DurableSubscriptions {
  const name = options.name ?? 'listeners'
  const maxListeners = options.maxListeners ?? DEFAULT_MAX_LISTENERS
  const fallback = (options.fallback as { hub?: Hub } | undefined)?.hub
  const missing = () => new Error(`mcp-aot: subscriptions need the Durable Object binding ${binding} (wrangler.jsonc: durable_objects and a new_sqlite_classes migration); this Worker has none.`)
  const objectIn = (env: unknown) => {
    const namespace = namespaceIn(env, binding)
    return namespace && namespace.get(namespace.idFromName(name))
  }
  const hub: Hub = {
    async changes(env) {
      const object = objectIn(env)
      if (!object) return fallback ? fallback.changes(env) : Promise.reject(missing())
      const response = await object.fetch(`${ORIGIN}/listen`, { method: 'POST' })
      if (response.status === 503) return undefined
      return changesOf(response.body!)
    },
    async publish(change, env) {
      const object = objectIn(env)
      if (!object) return fallback ? fallback.publish(change, env) : Promise.reject(missing())
      const response = await object.fetch(`${ORIGIN}/publish`, { method: 'POST', body: JSON.stringify(change) })
      await response.body?.cancel()
    },
  }
  const host = hostOver(hub, (core) => subscriptionSupport(core, hub)) as unknown as DurableSubscriptions

  class SubscriptionObject {
    /** The open streams of changes, one per listener a front Worker holds. */
    readonly #listeners = new Set<ReadableStreamDefaultController<Uint8Array>>()

    async fetch(request: Request): Promise<Response> {
      const operation = new URL(request.url).pathname
      if (operation === '/listen') {
        if (this.#listeners.size >= maxListeners) return new Response(null, { status: 503 })
        let controller!: ReadableStreamDefaultController<Uint8Array>
        const body = new ReadableStream<Uint8Array>({
          start: (c) => void this.#listeners.add((controller = c)),
          cancel: () => void this.#listeners.delete(controller),
        })
        return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } })
      }
      if (operation !== '/publish') return new Response(null, { status: 404 })
      // The body is the front's JSON.stringify(change): one line already, passed on as it came.
      const line = encoder.encode(`${await request.text()}\n`)
      for (const listener of this.#listeners) {
        try {
          listener.enqueue(line)
        } catch {
          this.#listeners.delete(listener)
        }
      }
      return new Response(null, { status: 204 })
    }
  }

  Object.defineProperty(host, 'DurableObject', { value: SubscriptionObject })
  return host
}
