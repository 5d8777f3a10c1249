/**
 * What a subscriptions host (memory.ts, mcp-aot/cloudflare's `durableSubscriptions()`) adds to a server,
 * over its hub:
 * - 2026-07-28 `subscriptions/listen` (SEP-2575): an SSE stream whose first message is
 *   `notifications/subscriptions/acknowledged` with the filter the server honors, then each change the filter
 *   asked for, every message tagged `_meta["io.modelcontextprotocol/subscriptionId"]` with the request's id;
 *   a keep-alive comment every 25 seconds; closing the stream ends the subscription;
 * - 2025-11-25 and older, in a session (the `sessions` option): the GET stream hears the list changes, and
 *   `notifications/resources/updated` for the URIs the session subscribed to (`resources/subscribe`);
 * - `listChanged` (and resources' `subscribe`) declared, for the lists the server has;
 * - `ctx.notify` and the host's `notify(env)`, which publish a change to the hub;
 * - the `visible` hook (visible.ts).
 */
import type { LiveSession } from '../shared/api.ts'
import type { Core, Handler, SubscriptionSupport } from '../shared/table.ts'
import type { RequestId } from '../shared/jsonrpc.ts'
import { sseHeaders, sseEvent, type Notifier } from '../shared/channel.ts'
import { errorText, idJson, RpcError } from '../shared/jsonrpc.ts'
import { INTERNAL_ERROR, INVALID_PARAMS, MODERN } from '../shared/protocol.ts'
import { type Change, type Filter, type Hub, hasResources, honored, notificationFor, notifierOf, wants } from './changes.ts'
import { hideIn } from './visible.ts'

const LISTEN = 'subscriptions/listen'
/** How often a quiet listen stream gets an SSE comment, so intermediaries keep it open. */
const KEEP_ALIVE_MS = 25_000

const encoder = /* @__PURE__ */ new TextEncoder()

/** The request id as the JSON it was sent as. */
const ackText = (filter: Filter, tag: string) =>
  `{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":${tag}},"notifications":${JSON.stringify(filter)}}}`

/** The listen stream: registered with the hub first, so the acknowledgement promises only what the stream will hear. */
async function open(core: Core, hub: Hub, filter: Filter, id: RequestId, env: unknown, cors: Record<string, string> | undefined): Promise<Response> {
  const refuse = (status: number, message: string) =>
    new Response(errorText(id, new RpcError(INTERNAL_ERROR, message)), { status, headers: { 'content-type': 'application/json', ...(status === 503 ? { 'retry-after': '60' } : {}), ...cors } })
  let changes: ReadableStream<Change> | undefined
  try {
    changes = await hub.changes(env)
  } catch (error) {
    core.report(error, 'method', LISTEN)
    return refuse(500, 'The subscription could not be opened.')
  }
  if (!changes) return refuse(503, 'The server holds as many listeners as it may; retry later.')
  const reader = changes.getReader()
  const tag = idJson(id)
  let timer: ReturnType<typeof setInterval> | undefined
  const stop = () => {
    clearInterval(timer)
    void reader.cancel().catch(() => {})
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(sseEvent(ackText(filter, tag)))
      timer = setInterval(() => {
        try {
          controller.enqueue(encoder.encode(': keep-alive\n\n'))
        } catch {
          stop()
        }
      }, KEEP_ALIVE_MS)
    },
    async pull(controller) {
      for (;;) {
        const next = await reader.read().catch(() => ({ done: true as const, value: undefined }))
        // The hub went away (its object restarted): the stream ends without a response, so the client may listen again.
        if (next.done) {
          stop()
          return controller.close()
        }
        if (wants(filter, next.value)) return controller.enqueue(sseEvent(notificationFor(next.value, tag)))
      }
    },
    cancel: stop,
  })
  return new Response(body, { status: 200, headers: sseHeaders(cors) })
}

const noFilter = () =>
  new RpcError(INVALID_PARAMS, 'subscriptions/listen needs params.notifications, an object naming what to send: toolsListChanged, promptsListChanged, resourcesListChanged (true) or resourceSubscriptions (URIs).')

export function subscriptionSupport(core: Core, hub: Hub): SubscriptionSupport {
  // What a 2025-11-25 GET stream hears: every list this server has (resource updates by the session's URIs).
  const every = honored(core, { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true })!
  const subscription = (add: boolean): Handler => (_core, exchange, params) => {
    const uri = params?.uri
    if (typeof uri !== 'string') return new RpcError(INVALID_PARAMS, `resources/${add ? '' : 'un'}subscribe needs params.uri, the resource's URI.`)
    if (add) exchange.session?.subscribed.add(uri)
    else exchange.session?.subscribed.delete(uri)
    return '{}'
  }
  let notified: { env: unknown; notifier: Notifier } | undefined
  return {
    methods(modern, legacy) {
      modern.set(LISTEN, noFilter)
      if (hasResources(core)) {
        legacy.set('resources/subscribe', subscription(true))
        legacy.set('resources/unsubscribe', subscription(false))
      }
      if (core.options.visible) for (const methods of [modern, legacy]) hideIn(core, methods)
    },
    capabilities(caps, version) {
      // A legacy client hears changes only on a session's GET stream.
      if (version !== MODERN && !core.options.sessions) return
      if (caps.tools) caps.tools = { listChanged: true }
      if (caps.prompts) caps.prompts = { listChanged: true }
      if (caps.resources) caps.resources = { subscribe: true, listChanged: true }
    },
    listen(exchange, incoming, method, id, params) {
      if (method !== LISTEN || !exchange.modern) return undefined
      const filter = honored(core, params?.notifications)
      return filter && open(core, hub, filter, id, exchange.env, incoming.cors)
    },
    async feed(session: LiveSession, env) {
      // Registered before the GET is answered: every change published after it is heard.
      let changes: ReadableStream<Change> | undefined
      try {
        changes = await hub.changes(env)
      } catch (error) {
        core.report(error, 'method', 'GET')
      }
      // Without one (an error, or as many listeners as the hub may hold) the stream stays open, hearing nothing.
      if (!changes) return undefined
      const reader = changes.getReader()
      return new ReadableStream<string>({
        async pull(controller) {
          for (;;) {
            const next = await reader.read()
            if (next.done) return controller.close()
            if (wants(every, next.value, session.subscribed)) return controller.enqueue(notificationFor(next.value))
          }
        },
        cancel: () => void reader.cancel().catch(() => {}),
      })
    },
    // Made once per env (on Workers one object per isolate), not for every request.
    notifier: (env) => {
      if (!notified || notified.env !== env) notified = { env, notifier: notifierOf((change) => hub.publish(change, env)) }
      return notified.notifier
    },
  }
}
