/**
 * `memorySubscriptions()`: the listeners of this process, in its memory. A change published here (a tool's
 * `ctx.notify`, `subscriptions.notify()`) reaches every listen stream and GET stream this process holds.
 * Safe where every request reaches the same process (one Node server, one Deno process); not on Workers,
 * where one request may not write to another's stream, and a change made in another isolate would not be
 * heard: there it refuses to start; use `durableSubscriptions()` from `mcp-aot/cloudflare`.
 */
import type { SubscriptionHost } from '../shared/channel.ts'
import type { AttachSubscriptions } from '../shared/table.ts'
import { type Change, DEFAULT_MAX_LISTENERS, type Hub, notifierOf } from './changes.ts'
import { subscriptionSupport } from './support.ts'

const REFUSAL =
  "mcp-aot: memorySubscriptions() cannot work on Workers (a change made in another isolate is not heard, and one request may not write to another's stream); use durableSubscriptions() from 'mcp-aot/cloudflare'."
const onWorkers = () => (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === 'Cloudflare-Workers'

export interface MemorySubscriptionsOptions {
  /** The most listeners (listen streams and GET streams) this process holds; beyond it a listen request is refused (503). Default 10,000. */
  maxListeners?: number
}

/** A hub whose listeners are streams held in this memory, at most `maxListeners`. */
function memoryHub(maxListeners = DEFAULT_MAX_LISTENERS): Hub {
  const listeners = new Set<ReadableStreamDefaultController<Change>>()
  return {
    changes() {
      // Also as another host's fallback: on Workers a listener here would hear only its own isolate.
      if (onWorkers()) return Promise.reject(new Error(REFUSAL))
      if (listeners.size >= maxListeners) return Promise.resolve(undefined)
      let controller!: ReadableStreamDefaultController<Change>
      const stream = new ReadableStream<Change>({
        start: (c) => void listeners.add((controller = c)),
        cancel: () => void listeners.delete(controller),
      })
      return Promise.resolve(stream)
    },
    publish(change) {
      for (const listener of listeners) {
        try {
          listener.enqueue(change)
        } catch {
          listeners.delete(listener)
        }
      }
      return Promise.resolve()
    },
  }
}

/** A subscriptions host as createServer takes it, over `hub`; its `hub` is there for another host's fallback. */
export function hostOver(hub: Hub, attach: AttachSubscriptions): SubscriptionHost & { readonly hub: Hub } {
  return Object.assign(attach as unknown as SubscriptionHost, { hub, notify: (env?: unknown) => notifierOf((change) => hub.publish(change, env)) })
}

export function memorySubscriptions(options: MemorySubscriptionsOptions = {}): SubscriptionHost {
  const hub = memoryHub(options.maxListeners)
  return hostOver(hub, (core) => {
    if (onWorkers()) throw new Error(REFUSAL)
    return subscriptionSupport(core, hub)
  })
}
