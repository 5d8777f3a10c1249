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
import type { Exchange, Incoming } from '../shared/exchange.ts'
import type { RequestId } from '../shared/jsonrpc.ts'
import { CHANGES_EVENT, eventNumber, type FeedEvent, keepAlive, sseHeaders, sseEvent } from '../shared/channel.ts'
import { errorText, idJson, RpcError } from '../shared/jsonrpc.ts'
import { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, MODERN, RESOURCE_NOT_FOUND } from '../shared/protocol.ts'
import { principalOf, secretOf } from '../shared/principal.ts'
import { type Change, type Filter, type Hub, type Listener, type Numbered, hasResources, honored, isRefusal, kindsOf, notificationFor, notifierOf, readableIn, SlowListener, tooMany, wants } from './changes.ts'
import { hideIn } from './visible.ts'

const LISTEN = 'subscriptions/listen'

const encoder = /* @__PURE__ */ new TextEncoder()

/** The request id as the JSON it was sent as. */
const ackText = (filter: Filter, tag: string) =>
  `{"jsonrpc":"2.0","method":"notifications/subscriptions/acknowledged","params":{"_meta":{"io.modelcontextprotocol/subscriptionId":${tag}},"notifications":${JSON.stringify(filter)}}}`

/** The JSON-RPC error response for a listen request the hub refused (or failed to open). */
function refusal(id: RequestId | undefined, status: number, message: string, cors: Record<string, string> | undefined): Response {
  const retry: Record<string, string> = status === 429 || status === 503 ? { 'retry-after': '60' } : {}
  return new Response(errorText(id, new RpcError(status === 400 ? INVALID_REQUEST : INTERNAL_ERROR, message)), { status, headers: { 'content-type': 'application/json', ...retry, ...cors } })
}

/** The changes `listener` hears from `hub`, or the response refusing it. */
async function listenerOn(core: Core, hub: Hub, env: unknown, listener: Listener, id: RequestId | undefined, cors: Record<string, string> | undefined, what: string, after?: number): Promise<ReadableStream<Numbered> | Response> {
  try {
    const changes = await hub.changes(env, listener, after)
    return isRefusal(changes) ? refusal(id, changes.status, changes.message, cors) : changes
  } catch (error) {
    core.report(error, 'method', what)
    return refusal(id, 500, 'The subscription could not be opened.', cors)
  }
}

/** The caller's principal, as the stateful parts key it (shared/principal.ts). */
const principalIn = (core: Core, exchange: Exchange) => principalOf(exchange.auth, secretOf(core.options, exchange.env))

/**
 * The listen stream: registered with the hub first, so the acknowledgement promises only what the stream will
 * hear. It ends, and leaves the hub, when the client goes away (the request's signal, a failed write, the
 * keep-alive) or reads too slowly (SlowListener: a comment says so, and the client may listen again).
 */
async function open(core: Core, hub: Hub, filter: Filter, id: RequestId, exchange: Exchange, incoming: Incoming): Promise<Response> {
  const { cors } = incoming
  const changes = await listenerOn(core, hub, exchange.env, { principal: await principalIn(core, exchange), kinds: kindsOf(filter) }, id, cors, LISTEN)
  if (changes instanceof Response) return changes
  const reader = changes.getReader()
  const tag = idJson(id)
  let quiet: (() => void) | undefined
  let body!: ReadableStreamDefaultController<Uint8Array>
  const signal = incoming.request.signal as AbortSignal | undefined
  const stop = () => {
    quiet?.()
    signal?.removeEventListener('abort', gone)
    void reader.cancel().catch(() => {})
  }
  function gone() {
    stop()
    try {
      body.close()
    } catch {}
  }
  signal?.addEventListener('abort', gone)
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      body = controller
      controller.enqueue(sseEvent(ackText(filter, tag)))
      quiet = keepAlive(controller)
    },
    async pull(controller) {
      for (;;) {
        let next: ReadableStreamReadResult<Change>
        try {
          next = await reader.read()
        } catch (error) {
          // Too slow: dropped by the hub, with a comment that says why before the end.
          if (error instanceof SlowListener) controller.enqueue(encoder.encode(`: ${error.message}\n\n`))
          next = { done: true, value: undefined }
        }
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
  if (signal?.aborted) gone()
  return new Response(stream, { status: 200, headers: sseHeaders(cors) })
}

const noFilter = () =>
  new RpcError(INVALID_PARAMS, 'subscriptions/listen needs params.notifications, an object naming what to send: toolsListChanged, promptsListChanged, resourcesListChanged (true) or resourceSubscriptions (URIs).')

export function subscriptionSupport(core: Core, hub: Hub): SubscriptionSupport {
  // What a 2025-11-25 GET stream hears: every list this server has (resource updates by the session's URIs).
  const every = honored(core, { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true }, () => false) as Filter
  const readable = readableIn(core)
  const subscription = (add: boolean): Handler => (_core, exchange, params) => {
    const uri = params?.uri
    if (typeof uri !== 'string') return new RpcError(INVALID_PARAMS, `resources/${add ? '' : 'un'}subscribe needs params.uri, the resource's URI.`)
    const session = exchange.session
    const subscribed = session?.subscribed
    if (add && !readable(uri)) return new RpcError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri })
    if (!session || !subscribed || subscribed.has(uri) === add) return '{}'
    if (add) {
      const refused = tooMany([...subscribed, uri], 'A session subscribes to')
      if (refused) return refused
      subscribed.add(uri)
    } else subscribed.delete(uri)
    // Where the listeners live apart (a Durable Object), they filter the session's GET streams by these URIs.
    const sessions = hub.sessions
    if (!sessions?.holds(exchange.env)) return '{}'
    return sessions.subscribed({ id: session.id, principal: session.principal }, [...subscribed], exchange.env).then(() => '{}')
  }
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
      const filter = honored(core, params?.notifications, readable)
      if (filter instanceof RpcError) return Promise.resolve(new Response(errorText(id, filter), { status: filter.status, headers: { 'content-type': 'application/json', ...incoming.cors } }))
      return filter && open(core, hub, filter, id, exchange, incoming)
    },
    async feed(session: LiveSession, env, cors, lastEventId) {
      // A GET stream's own ids resume it; any other Last-Event-ID was a tool call's stream's (session/streams.ts).
      let after: number | undefined
      if (lastEventId?.startsWith(CHANGES_EVENT)) {
        after = eventNumber(lastEventId.slice(CHANGES_EVENT.length))
        if (after === undefined) return refusal(undefined, 400, `Last-Event-ID ${lastEventId} is not of the form ${CHANGES_EVENT}<n>.`, cors)
      }
      // Registered before the GET is answered: every change published after it is heard.
      const changes = await listenerOn(core, hub, env, { principal: session.principal, kinds: kindsOf(every, true), session: session.id }, undefined, cors, 'GET', after)
      if (changes instanceof Response) return changes
      // A hub that holds the session's URIs sends only their updates; else the session's own set decides.
      const hears = hub.sessions?.holds(env) ? (change: Change) => change.kind === 'resource' || wants(every, change) : (change: Change) => wants(every, change, session.subscribed)
      const reader = changes.getReader()
      return new ReadableStream<FeedEvent>({
        async pull(controller) {
          for (;;) {
            const next = await reader.read().catch(() => ({ done: true as const, value: undefined }))
            if (next.done) return controller.close()
            const { seq } = next.value
            if (hears(next.value)) return controller.enqueue({ text: notificationFor(next.value), id: seq === undefined ? undefined : `${CHANGES_EVENT}${seq}` })
          }
        },
        cancel: () => void reader.cancel().catch(() => {}),
      })
    },
    held: hub.sessions,
    // A tool's change fans out after its reply (a timer's turn, kept alive by the request's waitUntil) where
    // the platform has one: even posting it to the shards is not done on the call's time.
    notifier: (env, execution) =>
      notifierOf((change) => {
        if (!execution) return hub.publish(change, env)
        const later = new Promise<void>((posted) => setTimeout(posted, 0)).then(() => hub.publish(change, env))
        execution.waitUntil(later.catch((error) => core.report(error, 'method', 'notify')))
        return Promise.resolve()
      }),
  }
}
