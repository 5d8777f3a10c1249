/**
 * The in-memory session host (`memorySessions()`, for one Node or Deno process): 2025-11-25 sessions in
 * which a tool asks the client on its call's SSE stream and the answers arrive as later POSTs; the level
 * `logging/setLevel` chose; GET and DELETE; idle expiry; 404 for an id the host does not hold. Without the
 * option nothing changes (the stateless behaviour is in legacy.test.ts and mrtr.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ToolContext } from '../../src/runtime/shared/api.ts'
import { createServer } from '../../src/runtime/server.ts'
import { memorySessions } from '../../src/runtime/session/memory.ts'
import { durableSessions } from '../../src/cloudflare/index.ts'
import { MAX_QUESTION_MS } from '../../src/runtime/session/session.ts'
import { sseReader } from '../helpers/sse-reader.ts'
import { legacyRequest, MCP, module, post, send, tool } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }
const VERSION = '2025-11-25'

const everything = tool('everything', {
  invoke: async (_args, ctx: ToolContext) => {
    const [answer, reply, roots] = await Promise.all([ctx.elicit('Name?'), ctx.sample({ messages: [], maxTokens: 5 }), ctx.roots()])
    return `${answer.action} ${answer.content?.name} / ${reply.content.text} / ${roots.map((root) => root.uri).join(',')}`
  },
})
const logs = tool('logs', {
  invoke: async (_args, ctx: ToolContext) => {
    await ctx.log('info', 'an info message')
    await ctx.log('error', 'an error message')
    return 'logged'
  },
})
const tools = module('src/sessions.ts', [everything, logs])

const headers = (session?: string) => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': VERSION,
  ...(session ? { 'mcp-session-id': session } : {}),
})
const message = (body: object, session: string) => post({ jsonrpc: '2.0', ...body }, headers(session))

async function initialize(server: { fetch(request: Request): Promise<Response> }): Promise<string> {
  const reply = await send(server, legacyRequest('initialize', { protocolVersion: VERSION, capabilities: { elicitation: {}, sampling: {}, roots: {} }, clientInfo: { name: 't', version: '1' } }))
  expect(reply.status).toBe(200)
  return reply.headers.get('mcp-session-id')!
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('memorySessions()', () => {
  it('a tool asks three questions on its stream; the answers arrive as later POSTs, in any order', async () => {
    const server = createServer(info, tools, { sessions: memorySessions() })
    const session = await initialize(server)
    const call = await server.fetch(message({ id: 7, method: 'tools/call', params: { name: 'everything', arguments: {} } }, session))
    expect(call.headers.get('content-type')).toBe('text/event-stream')
    const next = sseReader(call)
    const asked = [await next(), await next(), await next()]
    expect(asked.map((request) => request.method)).toEqual(['elicitation/create', 'sampling/createMessage', 'roots/list'])
    expect(asked[0].params).toEqual({ message: 'Name?' })
    expect(new Set(asked.map((request) => request.id)).size).toBe(3)
    const answers = [
      { action: 'accept', content: { name: 'Ada' } },
      { role: 'assistant', content: { type: 'text', text: 'sampled' }, model: 'm' },
      { roots: [{ uri: 'file:///a' }, { uri: 'file:///b' }] },
    ]
    for (const index of [2, 0, 1]) {
      const response = await server.fetch(message({ id: asked[index].id, result: answers[index] }, session))
      expect(response.status).toBe(202)
    }
    expect(await next()).toEqual({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'accept Ada / sampled / file:///a,file:///b' }] } })
  })

  it('a client that accepts only JSON cannot be asked: the legacy message, as without sessions', async () => {
    const server = createServer(info, tools, { sessions: memorySessions() })
    const session = await initialize(server)
    const reply = await send(server, post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'everything', arguments: {} } }, { ...headers(session), accept: 'application/json' }))
    expect(reply.body.result.isError).toBe(true)
    expect(reply.body.result.content[0].text).toContain('only over MCP 2026-07-28')
  })

  it('a question needing a capability the client did not declare at initialize ends the call with -32021, unsent', async () => {
    const server = createServer(info, tools, { sessions: memorySessions() })
    const reply = await send(server, legacyRequest('initialize', { protocolVersion: VERSION, capabilities: { elicitation: {} }, clientInfo: { name: 't', version: '1' } }))
    const session = reply.headers.get('mcp-session-id')!
    const call = await send(server, message({ id: 2, method: 'tools/call', params: { name: 'everything', arguments: {} } }, session))
    // Promise.all asks for elicitation (declared, so sent) and then sampling (not declared: never sent).
    expect(call.events!.filter((event) => 'method' in event).map((event) => event.method)).toEqual(['elicitation/create'])
    expect(call.body).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32021, message: 'This needs a client capability the client did not declare at initialize: sampling.', data: { requiredCapabilities: { sampling: {} } } },
    })
  })

  it('logging/setLevel is remembered for the session, and only for it', async () => {
    const server = createServer(info, tools, { sessions: memorySessions() })
    const quiet = await initialize(server)
    const other = await initialize(server)
    expect((await send(server, message({ id: 1, method: 'logging/setLevel', params: { level: 'error' } }, quiet))).body).toEqual({ jsonrpc: '2.0', id: 1, result: {} })
    const levels = async (session: string) => {
      const reply = await send(server, message({ id: 2, method: 'tools/call', params: { name: 'logs', arguments: {} } }, session))
      return reply.events!.filter((event) => event.method === 'notifications/message').map((event) => event.params.level)
    }
    expect(await levels(quiet)).toEqual(['error'])
    expect(await levels(other)).toEqual(['info', 'error'])
    const unknown = await send(server, message({ id: 3, method: 'logging/setLevel', params: { level: 'toString' } }, quiet))
    expect(unknown.body.error.code).toBe(-32602)
  })

  it('GET opens a stream that DELETE closes; the ended session is 404; other methods are 405', async () => {
    const server = createServer(info, tools, { sessions: memorySessions() })
    const session = await initialize(server)
    const put = await server.fetch(new Request(MCP, { method: 'PUT', headers: headers(session) }))
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('POST, GET, DELETE, OPTIONS')
    const stream = await server.fetch(new Request(MCP, { headers: { accept: 'text/event-stream', 'mcp-session-id': session } }))
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toBe('text/event-stream')
    expect((await server.fetch(new Request(MCP, { method: 'DELETE', headers: { 'mcp-session-id': session } }))).status).toBe(204)
    expect(await stream.text()).toBe(': stream open\n\n')
    const after = await send(server, message({ id: 4, method: 'ping' }, session))
    expect(after.status).toBe(404)
    expect(after.body.error.message).toMatch(/^Session not found/)
  })

  it('a question still unanswered when the session ends fails the tool call', async () => {
    const server = createServer(info, tools, { sessions: memorySessions() })
    const session = await initialize(server)
    const call = await server.fetch(message({ id: 5, method: 'tools/call', params: { name: 'everything', arguments: {} } }, session))
    const next = sseReader(call)
    await next()
    await server.fetch(new Request(MCP, { method: 'DELETE', headers: { 'mcp-session-id': session } }))
    await next()
    await next()
    expect(await next()).toMatchObject({ id: 5, result: { isError: true } })
  })

  it('an idle session expires; one waiting for the client does not', async () => {
    let now = 1_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    const server = createServer(info, tools, { sessions: memorySessions({ idleMs: 60_000 }) })
    const idle = await initialize(server)
    const waiting = await initialize(server)
    const call = await server.fetch(message({ id: 6, method: 'tools/call', params: { name: 'everything', arguments: {} } }, waiting))
    const next = sseReader(call)
    const asked = [await next(), await next(), await next()]
    now += 60_001
    expect((await send(server, message({ id: 1, method: 'ping' }, idle))).status).toBe(404)
    const answers = [{ action: 'decline' }, { role: 'assistant', content: { type: 'text', text: 'x' } }, { roots: [] }]
    for (const [index, request] of asked.entries()) expect((await server.fetch(message({ id: request.id, result: answers[index] }, waiting))).status).toBe(202)
    expect(await next()).toMatchObject({ id: 6, result: { content: [{ type: 'text', text: 'decline undefined / x / ' }] } })
  })

  it('a question never answered is dropped after MAX_QUESTION_MS: the tool call fails, and the session then expires', async () => {
    let now = 1_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    const server = createServer(info, tools, { sessions: memorySessions({ idleMs: 60_000 }) })
    const session = await initialize(server)
    const next = sseReader(await server.fetch(message({ id: 6, method: 'tools/call', params: { name: 'everything', arguments: {} } }, session)))
    for (let asked = 0; asked < 3; asked++) await next()
    // Idle, but still waiting within the bound: the session is kept.
    now += MAX_QUESTION_MS - 1
    expect((await send(server, message({ id: 1, method: 'ping' }, session))).status).toBe(200)
    // Idle again, and past the bound: the questions are dropped, the call fails, the session ends.
    now += 60_001
    expect((await send(server, message({ id: 2, method: 'ping' }, session))).status).toBe(404)
    expect(await next()).toMatchObject({ id: 6, result: { isError: true } })
  })

  it('one durableSessions() host serves one server: a second createServer with it is refused at startup, saying what to do', () => {
    const sessions = durableSessions('MCP_SESSIONS')
    createServer(info, tools, { sessions })
    expect(() => createServer(info, tools, { sessions })).toThrow(
      "mcp-aot: durableSessions('MCP_SESSIONS') already serves another createServer; its Durable Object class serves one. Give each server a durableSessions() of its own, with its own binding and class.",
    )
  })

  it('without the option a session id is not looked up, and GET is 405', async () => {
    const server = createServer(info, tools)
    expect((await send(server, message({ id: 1, method: 'ping' }, 'any-id'))).body).toEqual({ jsonrpc: '2.0', id: 1, result: {} })
    expect((await server.fetch(new Request(MCP, { headers: { accept: 'text/event-stream' } }))).status).toBe(405)
  })
})
