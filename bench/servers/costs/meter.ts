/**
 * What a Durable Object class costs, counted inside workerd, as Cloudflare bills it:
 * - requests: every call on a stub of its namespace (a fetch, or an RPC method: each is a billed request),
 *   counted where the stubs are made, in the Worker's `env` and in each object's (`meteredEnv`); alarm
 *   invocations; WebSocket messages the objects receive (billed 20 to 1);
 * - active time: wall-clock time while an instance runs a handler or streams a response body (an object
 *   holding a response open cannot hibernate); an instance idle between handlers, holding only hibernatable
 *   sockets, is not billed. workerd's clock advances at I/O, so a handler's pure CPU burst counts as ~0 ms.
 * The counts live in the isolate's memory (every instance of the script shares it): the bench server reports
 * them at GET /meter.
 */
export interface Meter {
  objects: number
  requests: number
  wsMessages: number
  activeMs: number
}

export const meters: Record<string, Meter> = {}

const HANDLERS = ['fetch', 'alarm', 'webSocketMessage', 'webSocketClose', 'webSocketError'] as const

/** The instances active now, and since when: a reading counts their time so far (a stream never closed still bills). */
const active = new Map<object, { readonly meter: Meter; readonly since: number }>()

const meterOf = (name: string): Meter => (meters[name] ??= { objects: 0, requests: 0, wsMessages: 0, activeMs: 0 })

/** `env` with each Durable Object namespace's stubs counting the calls made on them (each a billed request). */
export function meteredEnv<Env extends object>(env: Env): Env {
  return new Proxy(env, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as any
      if (typeof key !== 'string' || typeof value?.idFromName !== 'function') return value
      const meter = meterOf(key)
      const stub = (inner: any) =>
        new Proxy(inner, {
          get(target, method) {
            const member = target[method]
            if (typeof member !== 'function' || method === 'then') return member
            return (...a: unknown[]) => {
              meter.requests++
              return Reflect.apply(member, target, a)
            }
          },
        })
      return new Proxy(value, {
        get(namespace, method) {
          const member = namespace[method]
          if (method !== 'get' && method !== 'getByName') return typeof member === 'function' ? member.bind(namespace) : member
          return (...a: unknown[]) => stub(Reflect.apply(member, namespace, a))
        },
      })
    },
  })
}

/** `Base` with every instance metered under the name of its binding (the namespace its stubs are counted under). */
export function metered<T extends new (...args: any[]) => object>(binding: string, Base: T): T {
  const meter = meterOf(binding)
  return class extends Base {
    constructor(...args: any[]) {
      super(args[0], meteredEnv(args[1] ?? {}), ...args.slice(2))
      meter.objects++
      let depth = 0
      const enter = () => {
        if (depth++ === 0) active.set(this, { meter, since: Date.now() })
      }
      const leave = () => {
        if (--depth !== 0) return
        meter.activeMs += Date.now() - active.get(this)!.since
        active.delete(this)
      }
      const self = this as Record<string, unknown>
      for (const handler of HANDLERS) {
        const inner = self[handler] as ((...a: unknown[]) => unknown) | undefined
        if (typeof inner !== 'function') continue
        Object.defineProperty(this, handler, {
          configurable: true,
          value: async (...a: unknown[]) => {
            if (handler === 'alarm') meter.requests++
            if (handler === 'webSocketMessage') meter.wsMessages++
            enter()
            let result: unknown
            try {
              result = await Reflect.apply(inner, this, a)
            } catch (error) {
              leave()
              throw error
            }
            // A streamed body keeps the object active until it ends or its reader goes away.
            const body = result instanceof Response ? result.body : null
            if (!body) {
              leave()
              return result
            }
            const reader = body.getReader()
            let open = true
            const finish = () => {
              if (open) (open = false), leave()
            }
            const stream = new ReadableStream<Uint8Array>({
              async pull(controller) {
                const next = await reader.read().catch(() => ({ done: true as const, value: undefined }))
                if (next.done) {
                  finish()
                  controller.close()
                } else controller.enqueue(next.value)
              },
              cancel(reason) {
                finish()
                return reader.cancel(reason)
              },
            })
            return new Response(stream, result as Response)
          },
        })
      }
    }
  }
}

export function meterResponse(): Response {
  const now = Date.now()
  const reading = Object.fromEntries(Object.entries(meters).map(([name, meter]) => [name, { ...meter }]))
  for (const { meter, since } of active.values()) reading[Object.keys(meters).find((name) => meters[name] === meter)!]!.activeMs += now - since
  return Response.json(reading)
}
