/**
 * `memorySubscriptions()`: the listeners of this process, in its memory. A change published here (a tool's
 * `ctx.notify`, `subscriptions.notify()`) reaches every listen stream and GET stream this process holds.
 * Safe where every request reaches the same process (one Node server, one Deno process); not on Workers,
 * where one request may not write to another's stream, and a change made in another isolate would not be
 * heard: there it refuses to start; use `durableSubscriptions()` from `mcp-aot/cloudflare`.
 */
import type { SubscriptionHost } from '../shared/channel.ts'
import type { AttachSubscriptions } from '../shared/table.ts'
import {
  canReplay,
  type Change,
  changeQueue,
  DEFAULT_MAX_LISTENERS,
  DEFAULT_MAX_LISTENERS_PER_PRINCIPAL,
  type Hub,
  KEPT_CHANGES,
  notifierOf,
  type Numbered,
  principalRefusal,
  resumeRefusal,
  totalRefusal,
} from './changes.ts'
import { subscriptionSupport } from './support.ts'

const REFUSAL =
  "mcp-aot: memorySubscriptions() cannot work on Workers (a change made in another isolate is not heard, and one request may not write to another's stream); use durableSubscriptions() from 'mcp-aot/cloudflare'."
const onWorkers = () => (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === 'Cloudflare-Workers'

export interface MemorySubscriptionsOptions {
  /** The most listeners (listen streams and GET streams) this process holds; beyond it a listen request is refused (503). Default 10,000. */
  maxListeners?: number
  /** The most listeners one principal (an authorized caller) holds; beyond it a listen request is refused (429). Default 100. */
  maxListenersPerPrincipal?: number
}

/** A hub whose listeners are streams held in this memory, at most `maxListeners`, and `perPrincipal` per caller. */
function memoryHub(maxListeners = DEFAULT_MAX_LISTENERS, perPrincipal = DEFAULT_MAX_LISTENERS_PER_PRINCIPAL): Hub {
  /** Each listener's queue and the kinds it hears. */
  const listeners = new Map<object, { readonly push: (change: Numbered) => void; readonly kinds: readonly Change['kind'][] }>()
  const held = new Map<string, number>()
  /** The last KEPT_CHANGES changes, numbered from 1, for GET streams that resume. */
  const kept: Numbered[] = []
  let last = 0
  return {
    changes(_env, listener, after) {
      // Also as another host's fallback: on Workers a listener here would hear only its own isolate.
      if (onWorkers()) return Promise.reject(new Error(REFUSAL))
      if (after !== undefined && !canReplay(after, kept[0]?.seq ?? last + 1, last)) return Promise.resolve(resumeRefusal(after))
      if (listeners.size >= maxListeners) return Promise.resolve(totalRefusal(maxListeners))
      const { principal } = listener
      const count = principal === undefined ? 0 : (held.get(principal) ?? 0)
      if (count >= perPrincipal) return Promise.resolve(principalRefusal(perPrincipal))
      if (principal !== undefined) held.set(principal, count + 1)
      const key = {}
      const queue = changeQueue(() => {
        listeners.delete(key)
        if (principal === undefined) return
        const left = held.get(principal)! - 1
        if (left === 0) held.delete(principal)
        else held.set(principal, left)
      })
      listeners.set(key, { push: queue.push, kinds: listener.kinds })
      if (after !== undefined) for (const change of kept) if (change.seq! > after && listener.kinds.includes(change.kind)) queue.push(change)
      return Promise.resolve(queue.stream)
    },
    publish(change) {
      const numbered: Numbered = { ...change, seq: ++last }
      kept.push(numbered)
      if (kept.length > KEPT_CHANGES) kept.shift()
      for (const listener of [...listeners.values()]) if (listener.kinds.includes(change.kind)) listener.push(numbered)
      return Promise.resolve()
    },
  }
}

/** A subscriptions host as createServer takes it, over `hub`; its `hub` is there for another host's fallback. */
export function hostOver(hub: Hub, attach: AttachSubscriptions): SubscriptionHost & { readonly hub: Hub } {
  return Object.assign(attach as unknown as SubscriptionHost, { hub, notify: (env?: unknown) => notifierOf((change) => hub.publish(change, env)) })
}

export function memorySubscriptions(options: MemorySubscriptionsOptions = {}): SubscriptionHost {
  const hub = memoryHub(options.maxListeners, options.maxListenersPerPrincipal)
  return hostOver(hub, (core) => {
    if (onWorkers()) throw new Error(REFUSAL)
    return subscriptionSupport(core, hub)
  })
}
