/**
 * A session or a task belongs to the principal that made it, on the in-memory hosts (`memorySessions()`,
 * `memoryTasks()`): the scenarios of test/helpers/ownership.ts, which the Durable Object hosts pass in
 * workerd (test/e2e/ownership.test.ts), against hand-made tables of the shared-server fixture's tools
 * behind its authorize hook. Then what only a host in one process has: its bounds (in total and per
 * principal), expiry by age without a look at every entry, and questions that end with their tool call.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ToolContext } from '../../src/runtime/shared/api.ts'
import type { ToolEntry } from '../../src/runtime/shared/table.ts'
import { createServer } from '../../src/runtime/server.ts'
import { memorySessions, type MemorySessionsOptions } from '../../src/runtime/session/memory.ts'
import { memoryTasks, type MemoryTasksOptions } from '../../src/runtime/tasks/memory.ts'
import type { TaskCall, TaskStore } from '../../src/runtime/tasks/store.ts'
import { taskSupport } from '../../src/runtime/tasks/support.ts'
import type { AttachTasks } from '../../src/runtime/shared/table.ts'
import { authorize } from '../fixtures/shared-server/src/auth.ts'
import * as scenarios from '../helpers/ownership.ts'
import { initialize, legacyPost, modern, sessionRequest } from '../helpers/ownership.ts'
import { sseReader } from '../helpers/sse-reader.ts'
import { MCP, module, tool } from './helpers.ts'

const confirm = tool('confirm', {
  invoke: async (args: any, ctx: ToolContext) => {
    const answer = await ctx.elicit(`Delete ${args.project}? Who confirms?`, { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] })
    return `${answer.action} ${args.project} by ${String(answer.content?.name)}`
  },
})
const deleteProject: ToolEntry = {
  ...tool('delete_project', {
    invoke: async (args: any, ctx: ToolContext) => {
      const answer = await ctx.elicit(`Delete ${args.project}?`, { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] })
      return answer.action === 'accept' && answer.content?.confirm === true ? `deleted ${args.project}` : `kept ${args.project}`
    },
  }),
  task: 'optional',
}
const requestHeaders: ToolEntry = { ...tool('request_headers', { invoke: (_args, ctx: ToolContext) => [...ctx.request.headers.keys()].sort().join(',') }), task: 'optional' }
const payload: ToolEntry = { ...tool('payload', { invoke: (args: any) => 'x'.repeat(args.size) }), task: 'optional' }
const tools = module('src/tools.ts', [confirm, deleteProject, requestHeaders, payload])

const serverWith = (sessions: MemorySessionsOptions = {}, tasks: MemoryTasksOptions = {}) =>
  createServer({ name: 'shared-server', version: '1.0.0' }, tools, { sessions: memorySessions(sessions), tasks: memoryTasks({ pollIntervalMs: 5, ...tasks }), authorize })
const targetOf = (server: ReturnType<typeof serverWith>): scenarios.Target => ({ url: MCP, fetch: (request) => server.fetch(request) })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('memorySessions() and memoryTasks(): owned by the principal that made them', () => {
  const target = targetOf(serverWith())
  scenarios.ownershipScenarios(() => target)
})

describe('memorySessions(): bounded, and swept by age', () => {
  it('refuses an initialize past maxSessionsPerPrincipal (429) and past maxSessions (503); an ended session frees its place', async () => {
    const target = targetOf(serverWith({ maxSessions: 3, maxSessionsPerPrincipal: 2 }))
    const first = await initialize(target, 'alice-1')
    await initialize(target, 'alice-2')
    const init = (token: string) => legacyPost(target, token, { id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })
    const third = await init('alice-1')
    expect(third.status).toBe(429)
    expect(third.headers.get('mcp-session-id')).toBeNull()
    expect(JSON.parse(await third.text()).error.message).toBe('You hold as many sessions as this server allows one caller (2): end one with DELETE, or let one expire.')
    await initialize(target, 'bob')
    const full = await init('carol')
    expect(full.status).toBe(503)
    expect(full.headers.get('retry-after')).toBe('60')
    expect(JSON.parse(await full.text()).error.message).toBe('The server holds as many sessions as it may (3) and none has sat idle long enough to give way; retry later.')
    expect((await sessionRequest(target, 'alice-1', 'DELETE', first)).status).toBe(204)
    await initialize(target, 'alice-1')
  })

  it('expires idle sessions oldest first; one used since, or waiting for an answer, lives on', async () => {
    let now = 1_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    const target = targetOf(serverWith({ idleMs: 60_000 }))
    const old = await initialize(target, 'carol')
    const used = await initialize(target, 'carol')
    const waiting = await initialize(target, 'carol')
    const call = await legacyPost(target, 'carol', { id: 3, method: 'tools/call', params: { name: 'confirm', arguments: { project: 'p' } } }, waiting)
    const next = sseReader(call)
    const question = await next()
    now += 40_000
    expect((await legacyPost(target, 'carol', { id: 1, method: 'ping' }, used)).status).toBe(200)
    now += 20_001
    const ping = (session: string) => legacyPost(target, 'carol', { id: 2, method: 'ping' }, session)
    expect((await ping(old)).status).toBe(404)
    expect((await ping(used)).status).toBe(200)
    expect((await legacyPost(target, 'carol', { id: question.id, result: { action: 'accept', content: { name: 'C' } } }, waiting)).status).toBe(202)
    expect((await next()).result.content[0].text).toBe('accept p by C')
  })

  it('a flood of anonymous initializes shuts the door for reclaimIdleMs only: then the session idle longest gives way, and one in use keeps its place', async () => {
    let now = 1_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    const open = createServer({ name: 'open-server', version: '1.0.0' }, tools, { sessions: memorySessions({ maxSessions: 5, reclaimIdleMs: 60_000 }), tasks: memoryTasks() })
    const target: scenarios.Target = { url: MCP, fetch: (request) => open.fetch(request) }
    const init = () => legacyPost(target, undefined, { id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })
    const kept = await initialize(target, undefined)
    now += 1000
    const flood = await Promise.all(Array.from({ length: 12 }, init))
    expect(flood.map((reply) => reply.status).sort()).toEqual([200, 200, 200, 200, 503, 503, 503, 503, 503, 503, 503, 503])
    // The session idle longest has sat idle one second: a place may free in 59.
    expect(flood.find((reply) => reply.status === 503)!.headers.get('retry-after')).toBe('59')
    const oldest = flood.find((reply) => reply.status === 200)!.headers.get('mcp-session-id')!
    now += 30_000
    expect((await legacyPost(target, undefined, { id: 2, method: 'ping' }, kept)).status).toBe(200)
    // Nobody has sat idle a minute yet: refused, told when one will have.
    const early = await init()
    expect(early.status).toBe(503)
    expect(early.headers.get('retry-after')).toBe('30')
    now += 30_000
    // The flood's sessions have sat idle a minute: a new client is served, in the place of the one idle longest.
    expect((await init()).status).toBe(200)
    expect((await legacyPost(target, undefined, { id: 3, method: 'ping' }, oldest)).status).toBe(404)
    expect((await legacyPost(target, undefined, { id: 4, method: 'ping' }, kept)).status).toBe(200)
  })

  it("a question whose tool call ended (the client closed its stream) no longer keeps the session alive", async () => {
    let now = 1_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    const target = targetOf(serverWith({ idleMs: 60_000 }))
    const session = await initialize(target, 'dave')
    const call = await legacyPost(target, 'dave', { id: 3, method: 'tools/call', params: { name: 'confirm', arguments: { project: 'p' } } }, session)
    const reader = call.body!.getReader()
    // A session's stream opens with its priming event (session/streams.ts), then the question.
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^id: [\w-]+\/0\nretry: 1000\ndata:\n\n$/)
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('elicitation/create')
    // The client goes away without answering: its stream is cancelled, so the question has nobody to answer it.
    await reader.cancel()
    now += 60_001
    const other = await initialize(target, 'dave')
    expect((await legacyPost(target, 'dave', { id: 2, method: 'ping' }, other)).status).toBe(200)
    expect((await legacyPost(target, 'dave', { id: 2, method: 'ping' }, session)).status).toBe(404)
  })
})

describe('what a task keeps of its request', () => {
  it('the call a task store is handed (and keeps until the time to live ends) has no authorization, cookie or proxy-authorization header', async () => {
    const kept: TaskCall[] = []
    const store: TaskStore = {
      create: async (call) => {
        kept.push(call)
        return { error: { code: -32603, message: 'kept' } }
      },
      operate: async () => ({ error: { code: -32603, message: 'none' } }),
    }
    const host: AttachTasks = (core) => taskSupport(core, store, {})
    const server = createServer({ name: 'shared-server', version: '1.0.0' }, tools, { tasks: host as any, authorize })
    const target: scenarios.Target = { url: MCP, fetch: (request) => server.fetch(request) }
    await modern(target, 'carol', 'tools/call', { name: 'request_headers', arguments: {} }, { cookie: 'sid=secret-cookie', 'proxy-authorization': 'Basic secret-proxy', 'x-trace': '1' })
    expect(kept).toHaveLength(1)
    const names = kept[0]!.headers.map(([name]) => name)
    expect(names).toContain('x-trace')
    for (const credential of ['authorization', 'cookie', 'proxy-authorization']) expect(names).not.toContain(credential)
    const text = JSON.stringify(kept[0]!.headers)
    for (const secret of ['Bearer carol', 'secret-cookie', 'secret-proxy']) expect(text).not.toContain(secret)
  })
})

describe('memoryTasks(): bounded, and swept by expiry', () => {
  it('refuses a task past maxTasksPerPrincipal and past maxTasks, saying which', async () => {
    const target = targetOf(serverWith({}, { maxTasks: 3, maxTasksPerPrincipal: 2 }))
    const create = (token: string) => modern(target, token, 'tools/call', { name: 'request_headers', arguments: {} })
    for (const token of ['alice-1', 'alice-2']) expect((await create(token)).result.resultType).toBe('task')
    expect((await create('alice-1')).error).toEqual({ code: -32603, message: "You have as many tasks as this server keeps for one caller (2); retry once one's time to live has ended." })
    expect((await create('bob')).result.resultType).toBe('task')
    expect((await create('carol')).error).toEqual({ code: -32603, message: 'The server keeps as many tasks as it may (3) and none has been finished long enough to give way; retry in 60 s.' })
  })

  it('a principal keeps at most maxResultBytesPerPrincipal bytes of results: the task that would pass it fails saying so', () =>
    scenarios.resultBytesPerPrincipal(targetOf(serverWith({}, { maxResultBytesPerPrincipal: 3000 })), 'carol', 'dave', 3000))

  it('all callers together keep at most maxResultBytes; a finished task gives way to a new result once reclaimFinishedMs has passed', async () => {
    let now = 7_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    const target = targetOf(serverWith({}, { maxResultBytes: 2500, reclaimFinishedMs: 60_000 }))
    const run = async (caller: string, size: number) => {
      const { taskId } = (await modern(target, caller, 'tools/call', { name: 'payload', arguments: { size } })).result
      await new Promise((resolve) => setTimeout(resolve, 5))
      return { taskId, task: (await modern(target, caller, 'tasks/get', { taskId })).result }
    }
    const first = await run('carol', 1000)
    expect(first.task.status).toBe('completed')
    expect((await run('dave', 1000)).task.status).toBe('completed')
    const over = (await run('erin', 1000)).task
    expect(over.status).toBe('failed')
    expect(over.error.message).toMatch(/^The task's result \(10\d\d bytes\) would pass the 2500 bytes of results this server keeps for all callers/)
    now += 60_000
    // Carol's result has been kept a minute: it gives way (the oldest first), and Erin's is kept.
    expect((await run('erin', 1000)).task.status).toBe('completed')
    expect((await modern(target, 'carol', 'tasks/get', { taskId: first.taskId })).error).toEqual({ code: -32602, message: 'Failed to retrieve task: Task not found.' })
  })

  it('a flood of anonymous tasks shuts the door for reclaimFinishedMs only, not for their time to live', async () => {
    let now = 9_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    const open = createServer({ name: 'open-server', version: '1.0.0' }, tools, { tasks: memoryTasks({ maxTasks: 5, reclaimFinishedMs: 60_000, pollIntervalMs: 5 }) })
    const target: scenarios.Target = { url: MCP, fetch: (request) => open.fetch(request) }
    const create = () => modern(target, undefined, 'tools/call', { name: 'request_headers', arguments: {} })
    const flood = await Promise.all(Array.from({ length: 12 }, create))
    expect(flood.filter((reply) => reply.result?.resultType === 'task')).toHaveLength(5)
    expect(flood.filter((reply) => reply.error)[0].error.message).toBe('The server keeps as many tasks as it may (5) and none has been finished long enough to give way; retry in 60 s.')
    now += 60_000
    // An hour is the tasks' time to live; a minute after they finished, a new task is made.
    expect((await create()).result.resultType).toBe('task')
  })

  it('an expired task is forgotten and its place freed; one created later is kept', async () => {
    let now = 5_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => now)
    const target = targetOf(serverWith({}, { maxTasks: 2, ttlMs: 60_000 }))
    const create = () => modern(target, 'carol', 'tools/call', { name: 'delete_project', arguments: { project: 'p' } })
    const first = (await create()).result.taskId
    now += 30_000
    const second = (await create()).result.taskId
    expect((await create()).error.message).toMatch(/as many tasks as it may/)
    now += 30_001
    expect((await modern(target, 'carol', 'tasks/get', { taskId: first })).error.message).toMatch(/^Failed to retrieve task: Task has expired/)
    expect((await modern(target, 'carol', 'tasks/get', { taskId: second })).result.status).toBe('input_required')
    expect((await create()).result.resultType).toBe('task')
  })
})
