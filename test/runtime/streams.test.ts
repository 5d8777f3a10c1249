/**
 * Resumable tool-call streams of 2025-11-25 sessions (SEP-1699, session/streams.ts), with memorySessions():
 * the priming event and numbered events, `ctx.closeStream()` closing the connection mid-call, GET with
 * Last-Event-ID replaying what the client missed and carrying the stream on to the response, the bounds and
 * expiry of the kept events, and a Durable Object's backup read after a restart (Streams with a backup).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ToolContext } from '../../src/runtime/shared/api.ts'
import { createServer } from '../../src/runtime/server.ts'
import { memorySessions, type MemorySessionsOptions } from '../../src/runtime/session/memory.ts'
import { type EventBackup, type KeptEvent, Streams } from '../../src/runtime/session/streams.ts'
import { Channel, SSE_HEADERS } from '../../src/runtime/shared/channel.ts'
import { legacyRequest, MCP, module, post, send, sleep, tool } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }
const VERSION = '2025-11-25'

/** Lets a test decide when a tool goes on. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}
let step = gate()

const tools = module('src/streams.ts', [
  tool('poll', {
    invoke: async (_args, ctx: ToolContext) => {
      await ctx.log('info', 'before the close')
      ctx.closeStream()
      await ctx.log('info', 'while closed')
      await step.opened
      await ctx.log('info', 'after the gate')
      return 'polled'
    },
  }),
  tool('quick', {
    invoke: async (_args, ctx: ToolContext) => {
      ctx.closeStream()
      return 'answered while closed'
    },
  }),
  tool('chatty', {
    invoke: async (_args, ctx: ToolContext) => {
      ctx.closeStream()
      for (const word of ['one', 'two', 'three']) await ctx.log('info', word)
      return 'chatted'
    },
  }),
  tool('logs', {
    invoke: async (_args, ctx: ToolContext) => {
      await ctx.log('info', 'a message')
      return 'logged'
    },
  }),
  tool('silent', { invoke: async (_args, ctx: ToolContext) => `silent ${typeof ctx.closeStream}` }),
])

const headers = (session: string) => ({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': VERSION, 'mcp-session-id': session })

/** An SSE body's events as written: id, retry and data (the priming event's data is ''), comments left out. */
function events(text: string): { id?: string; retry?: number; data?: any }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const event: { id?: string; retry?: number; data?: any } = {}
      for (const line of block.split('\n')) {
        const [field, value] = [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]
        if (field === 'id') event.id = value
        if (field === 'retry') event.retry = Number(value)
        if (field === 'data') event.data = value === '' ? '' : JSON.parse(value)
      }
      return event
    })
}

async function start(options: MemorySessionsOptions = {}) {
  const server = createServer(info, tools, { sessions: memorySessions(options) })
  const reply = await send(server, legacyRequest('initialize', { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 't', version: '1' } }))
  const session = reply.headers.get('mcp-session-id')!
  const call = (id: number, name: string) => server.fetch(post({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } }, headers(session)))
  const resume = (lastEventId: string) => server.fetch(new Request(MCP, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': VERSION, 'last-event-id': lastEventId } }))
  return { server, session, call, resume }
}

const text = (event: { data?: any }) => event.data?.params?.data ?? event.data?.result?.content?.[0]?.text

afterEach(() => {
  vi.restoreAllMocks()
  step = gate()
})

describe('resumable streams (memorySessions())', () => {
  it('a session stream opens with a priming event (an id, retry, empty data); each later event has the next id, the response last', async () => {
    const { call } = await start()
    const response = await call(1, 'logs')
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const sent = events(await response.text())
    const stream = sent[0]!.id!.split('/')[0]
    expect(sent).toEqual([
      { id: `${stream}/0`, retry: 1000, data: '' },
      { id: `${stream}/1`, data: expect.objectContaining({ method: 'notifications/message' }) },
      { id: `${stream}/2`, data: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'logged' }] } } },
    ])
    // Another call's stream has another id: ids are unique across the session's streams.
    expect(events(await (await call(2, 'logs')).text())[0]!.id).not.toMatch(new RegExp(`^${stream}/`))
  })

  it('a call that sends nothing is still answered with JSON', async () => {
    const { call } = await start()
    const response = await call(1, 'silent')
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'silent function' }] } })
  })

  it('ctx.closeStream() closes the connection mid-call; GET with Last-Event-ID gets what was sent meanwhile, then the rest live, then the response', async () => {
    const { call, resume } = await start({ streams: { retryMs: 250 } })
    const first = events(await (await call(7, 'poll')).text())
    const stream = first[0]!.id!.split('/')[0]
    // The POST stream ended after the priming event and the message sent before the close.
    expect(first).toEqual([
      { id: `${stream}/0`, retry: 250, data: '' },
      { id: `${stream}/1`, data: expect.objectContaining({ params: expect.objectContaining({ data: 'before the close' }) }) },
    ])
    const resumed = await resume(`${stream}/1`)
    expect(resumed.status).toBe(200)
    expect(resumed.headers.get('content-type')).toBe('text/event-stream')
    step.open()
    const rest = events(await resumed.text())
    expect(rest.map((event) => [event.id, event.retry, text(event)])).toEqual([
      [undefined, 250, undefined],
      [`${stream}/2`, undefined, 'while closed'],
      [`${stream}/3`, undefined, 'after the gate'],
      [`${stream}/4`, undefined, 'polled'],
    ])
    expect(rest[3]!.data.id).toBe(7)
    // Delivered, so no longer kept: the same id again is refused.
    const again = await resume(`${stream}/1`)
    expect(again.status).toBe(400)
    expect((await again.json()).error.message).toBe(`Last-Event-ID ${stream}/1 names no stream this session can resume: its events were delivered, expired or dropped, or it was never sent.`)
  })

  it('a call that ended while no connection carried it: its response waits for the client, which may resume from any id it received', async () => {
    const { call, resume } = await start()
    const first = events(await (await call(3, 'chatty')).text())
    expect(first).toHaveLength(1)
    const stream = first[0]!.id!.split('/')[0]
    await sleep(20)
    // An id without its number is malformed, not "from the start".
    for (const malformed of [`${stream}/`, `${stream}/ 0`, `${stream}/-0`, `${stream}/0x0`]) expect((await resume(malformed)).status, malformed).toBe(400)
    const replayed = events(await (await resume(`${stream}/0`)).text())
    expect(replayed.map(text)).toEqual([undefined, 'one', 'two', 'three', 'chatted'])
    expect(replayed.slice(1).map((event) => event.id)).toEqual([1, 2, 3, 4].map((n) => `${stream}/${n}`))
  })

  it('a Last-Event-ID whose next events are not all kept, unknown, malformed or ahead of the stream is refused with 400', async () => {
    const { call, resume } = await start()
    const first = events(await (await call(3, 'poll')).text())
    const stream = first[0]!.id!.split('/')[0]
    // Event 1 reached the client on the POST stream and was not kept: resuming from 0 would skip it.
    for (const id of [`${stream}/0`, `${stream}/9`, 'no-such-stream/0', stream!, `${stream}/x`]) {
      const refused = await resume(id)
      expect(refused.status, id).toBe(400)
      expect(refused.headers.get('content-type')).toBe('application/json')
    }
    step.open()
    // The stream itself is still resumable from what the client has.
    expect(events(await (await resume(`${stream}/1`)).text()).map(text).slice(-1)).toEqual(['polled'])
  })

  it('the kept events are bounded: past maxEvents or maxBytes the oldest stream loses them and cannot be resumed', async () => {
    for (const options of [{ maxEvents: 3 }, { maxBytes: 200 }]) {
      const { call, resume } = await start({ streams: options })
      const old = events(await (await call(1, 'chatty')).text())[0]!.id!
      await sleep(20)
      // chatty keeps 4 events (three messages and the response): over either bound, so it loses them.
      expect((await resume(old)).status, JSON.stringify(options)).toBe(400)
      const small = events(await (await call(2, 'quick')).text())[0]!.id!
      await sleep(20)
      expect(events(await (await resume(small)).text()).map(text), JSON.stringify(options)).toEqual([undefined, 'answered while closed'])
    }
  })

  it('kept events expire after ttlMs', async () => {
    let now = 1_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    const { call, resume } = await start({ streams: { ttlMs: 60_000 } })
    const kept = events(await (await call(1, 'quick')).text())[0]!.id!
    const expired = events(await (await call(2, 'quick')).text())[0]!.id!
    await sleep(20)
    now += 30_000
    expect(events(await (await resume(kept)).text()).map(text)).toEqual([undefined, 'answered while closed'])
    now += 30_001
    expect((await resume(expired)).status).toBe(400)
  })

  it('streams: false sends no ids, closeStream() does nothing, and a GET with Last-Event-ID is an ordinary notification stream', async () => {
    const { call, resume, server, session } = await start({ streams: false })
    const sent = events(await (await call(1, 'chatty')).text())
    expect(sent.map((event) => [event.id, text(event)])).toEqual([
      [undefined, 'one'],
      [undefined, 'two'],
      [undefined, 'three'],
      [undefined, 'chatted'],
    ])
    const stream = await resume('anything/0')
    expect(stream.headers.get('content-type')).toBe('text/event-stream')
    await server.fetch(new Request(MCP, { method: 'DELETE', headers: { 'mcp-session-id': session } }))
    expect(await stream.text()).toBe(': stream open\n\n')
  })
})

describe('Streams with a backup (a Durable Object restarted)', () => {
  /** A Map-backed EventBackup, as the object's storage is. */
  function backup(): EventBackup & { keys(): string[] } {
    const events = new Map<string, KeptEvent>()
    return {
      keep: (stream, event) => void events.set(`${stream}:${event.seq}`, event),
      drop: (stream, seqs) => seqs.forEach((seq) => events.delete(`${stream}:${seq}`)),
      load: async (stream) => [...events].filter(([key]) => key.startsWith(`${stream}:`)).map(([, event]) => event),
      keys: () => [...events.keys()],
    }
  }

  it('what a stream kept is written to the backup, replayed from it by a new Streams, and dropped once delivered', async () => {
    const storage = backup()
    const channel = new Channel(SSE_HEADERS, () => {})
    const { response, pause } = new Streams({}, storage).open(channel, undefined)
    pause()
    const first = events(await (await response).text())
    const stream = first[0]!.id!.split('/')[0]
    channel.notify('notifications/message', { level: 'info', data: 'kept' })
    channel.finish(() => JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }), () => new Response())
    await sleep(20)
    expect(storage.keys()).toEqual([`${stream}:1`, `${stream}:2`])
    // The object restarted: its session's streams are new, the backup is what is left.
    const restarted = new Streams({}, storage)
    const replayed = await restarted.resume(`${stream}/0`, undefined)
    expect(events(await replayed.text()).map((event) => [event.id, event.data?.params?.data ?? event.data?.result])).toEqual([
      [`${stream}/1`, 'kept'],
      [`${stream}/2`, {}],
    ])
    expect(storage.keys()).toEqual([])
    expect((await restarted.resume(`${stream}/0`, undefined)).status).toBe(400)
  })
})
