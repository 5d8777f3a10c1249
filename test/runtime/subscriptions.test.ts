/**
 * The `subscriptions` option with the in-memory host (`memorySubscriptions()`, one process): 2026-07-28
 * `subscriptions/listen` (the acknowledgement first, with the filter the server honors; every message tagged
 * with the subscription id; only the kinds asked for), `ctx.notify` and the host's `notify()` for outside
 * events, the `visible` hook (what tools/list, tools/call, prompts/list and prompts/get see), the capabilities
 * declared, and 2025-11-25 sessions: `resources/subscribe` and the GET stream. Across isolates (Durable Objects)
 * in test/e2e/subscriptions.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { ToolContext } from '../../src/runtime/shared/api.ts'
import { createServer } from '../../src/runtime/server.ts'
import { memorySessions } from '../../src/runtime/session/memory.ts'
import { memorySubscriptions } from '../../src/runtime/subscriptions/memory.ts'
import { MAX_SUBSCRIBED_BYTES, MAX_SUBSCRIBED_URIS, MAX_UNREAD } from '../../src/runtime/subscriptions/changes.ts'
import { sseReader } from '../helpers/sse-reader.ts'
import { legacyRequest, modernRequest, module, post, prompt, resource, send, sleep, tool } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }

/** What `visible` lets through: every entry but those named here. */
const hidden = new Set<string>(['beta'])

const tools = module('src/live.ts', [
  tool('toggle_beta', {
    invoke: async (_args, ctx: ToolContext) => {
      if (hidden.has('beta')) hidden.delete('beta')
      else hidden.add('beta')
      await ctx.notify.toolsChanged()
      return hidden.has('beta') ? 'hidden' : 'shown'
    },
  }),
  tool('beta', { invoke: () => 'beta ran' }),
  tool('touch', {
    invoke: async (_args, ctx: ToolContext) => {
      await ctx.notify.resourceUpdated('note://1')
      return 'touched'
    },
  }),
  resource('note://1', () => 'one'),
  resource('note://2', () => 'two'),
  prompt('draft', () => 'Draft it.'),
])

function serve(options: Record<string, unknown> = {}) {
  const subscriptions = memorySubscriptions()
  const server = createServer(info, tools, { subscriptions, visible: ({ name }) => !hidden.has(name), ...options })
  return { server, subscriptions }
}

const listen = (notifications: unknown, id: string | number = 'listen-1') => modernRequest('subscriptions/listen', { notifications }, { id })

describe('subscriptions/listen (2026-07-28)', () => {
  it('acknowledges first with the honored filter, then sends each change asked for, tagged with the request id', async () => {
    const { server, subscriptions } = serve()
    const response = await server.fetch(listen({ toolsListChanged: true, resourceSubscriptions: ['note://1', 'note://1'], unknownKind: true, taskIds: ['t'] }))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const next = sseReader(response)
    expect(await next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' }, notifications: { toolsListChanged: true, resourceSubscriptions: ['note://1'] } },
    })
    // Not asked for: prompts, the resource list, another resource. Asked for: a resource update, the tool list.
    await subscriptions.notify().promptsChanged()
    await subscriptions.notify().resourcesChanged()
    await subscriptions.notify().resourceUpdated('note://2')
    expect((await send(server, modernRequest('tools/call', { name: 'touch', arguments: {} }))).body.result.content[0].text).toBe('touched')
    expect(await next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' }, uri: 'note://1' },
    })
    await subscriptions.notify().toolsChanged()
    expect(await next()).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' } } })
    await next.cancel()
  })

  it('tags with a numeric id as a number, and leaves out the kinds of list the server does not have', async () => {
    const server = createServer(info, module('src/only-tools.ts', [tool('one', { invoke: () => '1' })]), { subscriptions: memorySubscriptions() })
    const response = await server.fetch(listen({ toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true, resourceSubscriptions: ['x://y'] }, 7))
    const next = sseReader(response)
    expect((await next()).params).toEqual({ _meta: { 'io.modelcontextprotocol/subscriptionId': 7 }, notifications: { toolsListChanged: true } })
    await next.cancel()
  })

  it('refuses a request without a notifications object (-32602), and is not a method without the option (-32601, 404)', async () => {
    const { server } = serve()
    for (const notifications of [undefined, ['toolsListChanged'], 'all']) {
      const reply = await send(server, listen(notifications))
      expect(reply.body.error).toMatchObject({ code: -32602, message: expect.stringContaining('params.notifications') })
    }
    const without = createServer(info, tools)
    const reply = await send(without, listen({ toolsListChanged: true }))
    expect([reply.status, reply.body.error.code]).toEqual([404, -32601])
  })

  it('closing one listen stream ends that subscription only: the others still hear changes', async () => {
    const { server, subscriptions } = serve()
    const first = await server.fetch(listen({ toolsListChanged: true }, 1))
    const second = await server.fetch(listen({ toolsListChanged: true }, 2))
    const [a, b] = [sseReader(first), sseReader(second)]
    await a()
    await b()
    await a.cancel()
    await subscriptions.notify().toolsChanged()
    expect((await b()).params._meta['io.modelcontextprotocol/subscriptionId']).toBe(2)
    await b.cancel()
  })

  it('holds at most maxListeners streams: one more is refused (503, retry later) until one closes', async () => {
    const server = createServer(info, tools, { subscriptions: memorySubscriptions({ maxListeners: 1 }) })
    const first = sseReader(await server.fetch(listen({ toolsListChanged: true }, 1)))
    await first()
    const refused = await send(server, listen({ toolsListChanged: true }, 2))
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '60'])
    expect(refused.body).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'The server holds as many listeners as it may (1); retry later.' } })
    await first.cancel()
    await sleep(10)
    const again = sseReader(await server.fetch(listen({ toolsListChanged: true }, 3)))
    expect((await again()).params._meta['io.modelcontextprotocol/subscriptionId']).toBe(3)
    await again.cancel()
  })

  it('holds at most maxListenersPerPrincipal streams per caller (429, retry later); another caller and anonymous ones are served', async () => {
    const authorize = (request: Request) => ({ token: request.headers.get('authorization')!.slice('Bearer '.length) })
    const server = createServer(info, tools, { subscriptions: memorySubscriptions({ maxListenersPerPrincipal: 2 }), authorize, stateSecret: 'a-secret-of-sixteen-characters' })
    const as = (token: string | undefined, id: number) => modernRequest('subscriptions/listen', { notifications: { toolsListChanged: true } }, { id, headers: token ? { authorization: `Bearer ${token}` } : {} })
    const held = [sseReader(await server.fetch(as('alice', 1))), sseReader(await server.fetch(as('alice', 2)))]
    for (const next of held) await next()
    const refused = await send(server, as('alice', 3))
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '60'])
    expect(refused.body).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32603, message: 'You hold as many listeners as one caller may (2); close one, or retry later.' } })
    // Without authorize every caller is anonymous: the total bounds them, not the per-caller cap.
    const open = createServer(info, tools, { subscriptions: memorySubscriptions({ maxListenersPerPrincipal: 2 }) })
    const others = [sseReader(await server.fetch(as('bob', 4))), ...(await Promise.all([5, 6, 7].map((id) => open.fetch(as(undefined, id))))).map(sseReader)]
    for (const next of others) expect((await next()).method).toBe('notifications/subscriptions/acknowledged')
    // A stream closed gives its place back.
    await held[0]!.cancel()
    await sleep(10)
    const again = sseReader(await server.fetch(as('alice', 8)))
    expect((await again()).params._meta['io.modelcontextprotocol/subscriptionId']).toBe(8)
    for (const next of [held[1]!, again, ...others]) await next.cancel()
  })

  it('drops a listener that leaves MAX_UNREAD changes unread, with a comment saying why, and frees its place', async () => {
    const subscriptions = memorySubscriptions({ maxListeners: 1 })
    const server = createServer(info, tools, { subscriptions })
    const response = await server.fetch(listen({ toolsListChanged: true }, 1))
    const reader = response.body!.getReader()
    for (let change = 0; change <= MAX_UNREAD + 1; change++) await subscriptions.notify().toolsChanged()
    let text = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
    }
    expect(text).toContain(`: The listener left ${MAX_UNREAD} changes unread and was dropped; listen again.`)
    // The stream ended at the drop: the changes queued before it, no more.
    expect(text.split('notifications/tools/list_changed').length - 1).toBeLessThanOrEqual(MAX_UNREAD + 1)
    const again = sseReader(await server.fetch(listen({ toolsListChanged: true }, 2)))
    expect((await again()).method).toBe('notifications/subscriptions/acknowledged')
    await again.cancel()
  })

  it('subscribes only to URIs of the server (the acknowledgement leaves others out), and at most MAX_SUBSCRIBED_URIS', async () => {
    const { server } = serve()
    const next = sseReader(await server.fetch(listen({ resourceSubscriptions: ['note://1', 'note://404', 'file:///etc/passwd'] })))
    expect((await next()).params.notifications).toEqual({ resourceSubscriptions: ['note://1'] })
    await next.cancel()
    const many = Array.from({ length: MAX_SUBSCRIBED_URIS + 1 }, (_, at) => `note://${at}`)
    const refused = await send(server, listen({ resourceSubscriptions: many }, 2))
    expect([refused.status, refused.body.error.code]).toEqual([200, -32602])
    expect(refused.body.error.message).toBe(`A listener subscribes to at most ${MAX_SUBSCRIBED_URIS} resource URIs of ${MAX_SUBSCRIBED_BYTES} characters in all (got ${MAX_SUBSCRIBED_URIS + 1} of ${many.join('').length}); subscribe to fewer, or to a list change instead.`)
    const long = await send(server, listen({ resourceSubscriptions: ['note://1', `note://${'x'.repeat(MAX_SUBSCRIBED_BYTES)}`] }, 3))
    expect(long.body.error.code).toBe(-32602)
  })

  it('a tool call with an execution context returns before the fan-out, which goes to waitUntil', async () => {
    const { server } = serve()
    const next = sseReader(await server.fetch(listen({ resourceSubscriptions: ['note://1'] })))
    await next()
    const waiting: Promise<unknown>[] = []
    const reply = await server.fetch(modernRequest('tools/call', { name: 'touch', arguments: {} }), undefined, { waitUntil: (promise) => void waiting.push(promise) })
    expect((await reply.json()).result.content[0].text).toBe('touched')
    expect(waiting).toHaveLength(1)
    await Promise.all(waiting)
    expect((await next()).params.uri).toBe('note://1')
    await next.cancel()
  })

  it('ctx.notify without the option says what to add', async () => {
    const onError: unknown[] = []
    const server = createServer(info, tools, { onError: (error: unknown) => onError.push(error) })
    expect((await send(server, modernRequest('tools/call', { name: 'touch', arguments: {} }))).body.result.isError).toBe(true)
    expect(String(onError[0])).toContain("ctx.notify needs createServer's subscriptions option")
  })
})

describe('visible: which entries a request sees', () => {
  it('hides an entry from tools/list and answers a call to it as to an unknown tool, until the hook lets it through', async () => {
    hidden.clear()
    hidden.add('beta')
    const { server } = serve()
    const names = async () => (await send(server, modernRequest('tools/list'))).body.result.tools.map((t: { name: string }) => t.name)
    expect(await names()).toEqual(['toggle_beta', 'touch'])
    const refused = await send(server, modernRequest('tools/call', { name: 'beta', arguments: {} }))
    expect(refused.body.error).toEqual({ code: -32602, message: "Unknown tool 'beta'.", data: { name: 'beta' } })
    const listening = await server.fetch(listen({ toolsListChanged: true }))
    const next = sseReader(listening)
    await next()
    expect((await send(server, modernRequest('tools/call', { name: 'toggle_beta', arguments: {} }))).body.result.content[0].text).toBe('shown')
    expect((await next()).method).toBe('notifications/tools/list_changed')
    expect(await names()).toEqual(['toggle_beta', 'beta', 'touch'])
    expect((await send(server, modernRequest('tools/call', { name: 'beta', arguments: {} }))).body.result.content[0].text).toBe('beta ran')
    // The legacy list is the same.
    const legacy = await send(server, legacyRequest('tools/list'))
    expect(legacy.body.result.tools.map((t: { name: string }) => t.name)).toEqual(['toggle_beta', 'beta', 'touch'])
    await next.cancel()
  })

  it('hides prompts too, and needs the subscriptions option', async () => {
    const server = createServer(info, tools, { subscriptions: memorySubscriptions(), visible: ({ kind }) => kind !== 'prompt' })
    expect((await send(server, modernRequest('prompts/list'))).body.result.prompts).toEqual([])
    expect((await send(server, modernRequest('prompts/get', { name: 'draft' }))).body.error.message).toBe("Unknown prompt 'draft'.")
    expect(() => createServer(info, tools, { visible: () => true })).toThrow('createServer: visible needs the subscriptions option (clients hear what changes).')
  })
})

describe('capabilities', () => {
  it('declares listChanged for the lists it has, and subscribe for resources; a legacy client only with sessions', async () => {
    const { server } = serve()
    const discover = await send(server, modernRequest('server/discover'))
    expect(discover.body.result.capabilities).toMatchObject({ tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true } })
    const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }
    expect((await send(server, legacyRequest('initialize', init))).body.result.capabilities.tools).toEqual({})
    const withSessions = createServer(info, tools, { subscriptions: memorySubscriptions(), sessions: memorySessions() })
    expect((await send(withSessions, legacyRequest('initialize', init))).body.result.capabilities).toMatchObject({ tools: { listChanged: true }, resources: { subscribe: true, listChanged: true } })
  })
})

describe('2025-11-25 sessions: resources/subscribe and the GET stream', () => {
  const headers = (session: string) => ({ accept: 'text/event-stream', 'mcp-protocol-version': '2025-11-25', 'mcp-session-id': session })

  it('a GET stream hears list changes and the updates of the URIs the session subscribed to, untagged', async () => {
    const subscriptions = memorySubscriptions()
    const server = createServer(info, tools, { subscriptions, sessions: memorySessions() })
    const init = await server.fetch(legacyRequest('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }))
    const session = init.headers.get('mcp-session-id')!
    const call = (method: string, params: object) => send(server, post({ jsonrpc: '2.0', id: 2, method, params }, { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', 'mcp-session-id': session }))
    expect((await call('resources/subscribe', { uri: 'note://1' })).body.result).toEqual({})
    const stream = await server.fetch(new Request('http://127.0.0.1:8787/mcp', { method: 'GET', headers: headers(session) }))
    expect(stream.status).toBe(200)
    const next = sseReader(stream)
    await subscriptions.notify().resourceUpdated('note://2')
    await subscriptions.notify().resourceUpdated('note://1')
    expect(await next()).toEqual({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'note://1' } })
    await subscriptions.notify().promptsChanged()
    expect(await next()).toEqual({ jsonrpc: '2.0', method: 'notifications/prompts/list_changed', params: {} })
    expect((await call('resources/unsubscribe', { uri: 'note://1' })).body.result).toEqual({})
    await subscriptions.notify().resourceUpdated('note://1')
    await subscriptions.notify().toolsChanged()
    expect((await next()).method).toBe('notifications/tools/list_changed')
    expect((await call('resources/subscribe', {})).body.error.code).toBe(-32602)
    // Only a URI of the server, and at most MAX_SUBSCRIBED_URIS per session.
    expect((await call('resources/subscribe', { uri: 'note://404' })).body.error).toEqual({ code: -32002, message: 'Resource not found: note://404', data: { uri: 'note://404' } })
    // DELETE ends the session and its stream.
    await server.fetch(new Request('http://127.0.0.1:8787/mcp', { method: 'DELETE', headers: headers(session) }))
    await expect(next()).rejects.toThrow(/the stream ended/)
  })

  it('GET stream events carry ids (changes/<n>); a GET with the last one heard replays what came since, and refuses what it cannot', async () => {
    const subscriptions = memorySubscriptions()
    const server = createServer(info, tools, { subscriptions, sessions: memorySessions() })
    const init = await server.fetch(legacyRequest('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }))
    const session = init.headers.get('mcp-session-id')!
    const subscribe = post({ jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: { uri: 'note://1' } }, { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', 'mcp-session-id': session })
    expect((await send(server, subscribe)).body.result).toEqual({})
    const get = (last?: string) => server.fetch(new Request('http://127.0.0.1:8787/mcp', { method: 'GET', headers: { ...headers(session), ...(last ? { 'last-event-id': last } : {}) } }))
    const first = await get()
    await subscriptions.notify().toolsChanged()
    await subscriptions.notify().resourceUpdated('note://1')
    // Read the two events whole, with their ids, then go away.
    const reader = first.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    while ((text.match(/\n\n/g) ?? []).length < 3) text += (await reader.read()).value
    await reader.cancel()
    expect(text).toBe(': stream open\n\nid: changes/1\nevent: message\ndata: {"jsonrpc":"2.0","method":"notifications/tools/list_changed","params":{}}\n\nid: changes/2\nevent: message\ndata: {"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"note://1"}}\n\n')
    // While away: a prompt list change, an update of a URI not subscribed to, an update of one subscribed to.
    await subscriptions.notify().promptsChanged()
    await subscriptions.notify().resourceUpdated('note://2')
    await subscriptions.notify().resourceUpdated('note://1')
    const resumed = await get('changes/1')
    expect(resumed.status).toBe(200)
    const next = sseReader(resumed)
    // From after change 1: change 2 (it was read, but the client named 1), then what came since, as the session hears it.
    expect((await next()).params).toEqual({ uri: 'note://1' })
    expect((await next()).method).toBe('notifications/prompts/list_changed')
    expect((await next()).params).toEqual({ uri: 'note://1' })
    await subscriptions.notify().toolsChanged()
    expect((await next()).method).toBe('notifications/tools/list_changed')
    await next.cancel()
    for (const last of ['changes/99', 'changes/', 'changes/-1', 'changes/1e3']) {
      const refused = await get(last)
      expect(refused.status, last).toBe(400)
      expect((await refused.json()).error.code, last).toBe(-32600)
    }
    // Older than the last 100 kept: refused, with the reason.
    for (let change = 0; change < 120; change++) await subscriptions.notify().toolsChanged()
    const old = await get('changes/2')
    expect(old.status).toBe(400)
    expect((await old.json()).error.message).toBe('Last-Event-ID changes/2 names changes this server no longer keeps (it keeps the last 100) or never sent; open the GET stream again without it.')
  })
})
