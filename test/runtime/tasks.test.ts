/**
 * `memoryTasks()` (tasks in one process): the same protocol as the Durable Object host (test/e2e/tasks.test.ts),
 * plus what createServer requires: a `@task` tool without a `tasks` option refuses to start; and
 * `durableTasks()` where its binding is missing: optional tools run plainly, required ones are refused.
 */
import { describe, expect, it } from 'vitest'
import type { ToolContext } from '../../src/runtime/shared/api.ts'
import type { ToolEntry } from '../../src/runtime/shared/table.ts'
import { createServer } from '../../src/runtime/server.ts'
import { memoryTasks } from '../../src/runtime/tasks/memory.ts'
import { instrument } from '../../src/runtime/instrument/instrument.ts'
import { durableTasks } from '../../src/cloudflare/tasks.ts'
import { legacyRequest, modernRequest, module, send, tool } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }
const capabilities = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: {} }

const ask: ToolEntry = {
  ...tool('ask', { invoke: async (_args, ctx: ToolContext) => `hello ${(await ctx.elicit('Name?')).content?.name}` }),
  task: 'optional',
}
const tools = module('src/tasks.ts', [ask])
const call = (method: string, params: Record<string, any>) => modernRequest(method, params, { capabilities, headers: { 'mcp-name': params.name ?? params.taskId } })

describe('memoryTasks()', () => {
  it('declares the tasks capability each revision defines: the extension in 2026-07-28, core tasks in 2025-11-25, none before', async () => {
    const server = createServer(info, tools, { tasks: memoryTasks() })
    const discovered = (await send(server, modernRequest('server/discover'))).body.result.capabilities
    expect(discovered).toEqual({ tools: {}, logging: {}, extensions: { 'io.modelcontextprotocol/tasks': {} } })
    const initialize = (version: string) => legacyRequest('initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } }, version)
    const current = (await send(server, initialize('2025-11-25'))).body.result.capabilities
    expect(current).toEqual({ tools: {}, logging: {}, tasks: { cancel: {}, requests: { tools: { call: {} } } } })
    expect((await send(server, initialize('2025-06-18'))).body.result.capabilities).toEqual({ tools: {}, logging: {} })
    // No @task tool: no task host is attached, so nothing is declared even with the option.
    const plain = createServer(info, module('src/plain.ts', [tool('echo', { invoke: () => 'x' })]), { tasks: memoryTasks() })
    expect((await send(plain, modernRequest('server/discover'))).body.result.capabilities).toEqual({ tools: {}, logging: {} })
  })

  it("instrument.onCall is told 'task' for a call answered with a task handle", async () => {
    const events: { name: string; outcome: string }[] = []
    const server = createServer(info, tools, { tasks: memoryTasks(), instrument: instrument({ onCall: (event) => void events.push(event) }) })
    const created = await send(server, call('tools/call', { name: 'ask', arguments: {} }))
    expect(created.body.result.resultType).toBe('task')
    expect(events).toMatchObject([{ name: 'ask', outcome: 'task', era: 'modern' }])
  })
  it('creates, asks through tasks/update and completes a task in this process', async () => {
    const server = createServer(info, tools, { tasks: memoryTasks({ pollIntervalMs: 5 }) })
    const created = await send(server, call('tools/call', { name: 'ask', arguments: {} }))
    expect(created.body.result).toMatchObject({ resultType: 'task', status: 'working', pollIntervalMs: 5, ttlMs: 3_600_000 })
    const { taskId } = created.body.result
    let task: any
    do task = (await send(server, call('tasks/get', { taskId }))).body.result
    while (task.status === 'working')
    expect(task).toMatchObject({ status: 'input_required', inputRequests: { 'elicit-1': { method: 'elicitation/create', params: { message: 'Name?' } } } })
    await send(server, call('tasks/update', { taskId, inputResponses: { 'elicit-1': { action: 'accept', content: { name: 'Ada' } } } }))
    do task = (await send(server, call('tasks/get', { taskId }))).body.result
    while (task.status !== 'completed')
    // A 2026-07-28 CallToolResult: its resultType with it.
    expect(task.result).toEqual({ resultType: 'complete', content: [{ type: 'text', text: 'hello Ada' }] })
  })

  it('a 2026-07-28 tasks request needs the Mcp-Name header carrying its task id (SEP-2663)', async () => {
    const server = createServer(info, tools, { tasks: memoryTasks() })
    const taskId = `${'c'.repeat(32)}.${(Date.now() + 60_000).toString(36)}`
    const without = await send(server, modernRequest('tasks/get', { taskId }, { capabilities }))
    expect(without.body.error).toMatchObject({ code: -32020, message: 'Header mismatch: tasks/get needs the Mcp-Name header.' })
    const other = await send(server, modernRequest('tasks/cancel', { taskId }, { capabilities, headers: { 'mcp-name': 'another' } }))
    expect(other.body.error).toMatchObject({ code: -32020, message: 'Header mismatch: Mcp-Name does not match params.taskId.' })
    const named = await send(server, call('tasks/get', { taskId }))
    expect(named.body.error).toEqual({ code: -32602, message: 'Failed to retrieve task: Task not found.' })
  })

  it('a tool declared @task without the tasks option refuses to start, saying what to add', () => {
    expect(() => createServer(info, tools)).toThrow(
      "createServer: the tool 'ask' declares @task, but createServer has no tasks option; add tasks: memoryTasks() (one process) or durableTasks() from 'mcp-aot/cloudflare' (Workers).",
    )
  })
})

describe('durableTasks() without its binding (commented out in wrangler.jsonc)', () => {
  const plain: ToolEntry = { ...tool('plain', { invoke: () => 'ran plainly' }), task: 'optional' }
  const only: ToolEntry = { ...tool('only', { invoke: () => 'never' }), task: 'required' }
  const server = createServer(info, module('src/jobs.ts', [plain, only]), { tasks: durableTasks('MCP_TASKS') })

  it('runs a @task optional tool as a plain call, even for a client that declares the extension', async () => {
    const reply = await send(server, call('tools/call', { name: 'plain', arguments: {} }), {})
    expect(reply.body.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'ran plainly' }] })
  })

  it('refuses a @task required tool, naming the binding to add', async () => {
    const reply = await send(server, call('tools/call', { name: 'only', arguments: {} }), {})
    expect(reply.body.error).toEqual({
      code: -32603,
      message: 'Tasks need the Durable Object binding MCP_TASKS (wrangler.jsonc: durable_objects and a new_sqlite_classes migration); this Worker has none.',
    })
  })
})

describe('durableTasks() with a fallback host (one bundle on Workers and in Deno)', () => {
  const only: ToolEntry = { ...tool('only', { invoke: () => 'ran as a task' }), task: 'required' }
  const server = createServer(info, module('src/jobs.ts', [only]), { tasks: durableTasks('MCP_TASKS', { fallback: memoryTasks({ pollIntervalMs: 5 }) }) })
  /** A namespace binding whose objects answer every request with `reply`, recording the object names reached. */
  const namespace = (reached: string[], reply: unknown) => ({
    idFromName: (name: string) => name,
    get: (id: unknown) => ({ fetch: async () => (reached.push(String(id)), Response.json(reply)) }),
  })

  it('keeps the task in the fallback where env has no binding: created, polled and completed in this process', async () => {
    const created = await send(server, call('tools/call', { name: 'only', arguments: {} }), {})
    expect(created.body.result).toMatchObject({ resultType: 'task', status: 'working', pollIntervalMs: 5 })
    const { taskId } = created.body.result
    let task: any
    do task = (await send(server, call('tasks/get', { taskId }), {})).body.result
    while (task.status === 'working')
    expect(task).toMatchObject({ taskId, status: 'completed', result: { resultType: 'complete', content: [{ type: 'text', text: 'ran as a task' }] } })
  })

  it('sends the task to its Durable Object where env has the binding, and the fallback never sees it', async () => {
    const reached: string[] = []
    const env = { MCP_TASKS: namespace(reached, { error: { code: -32603, message: 'answered by the object' } }) }
    const created = await send(server, call('tools/call', { name: 'only', arguments: {} }), env)
    expect(created.body.error).toEqual({ code: -32603, message: 'answered by the object' })
    expect(reached).toEqual([expect.stringMatching(/^task:[0-9a-f]{32}\.[0-9a-z]+$/)])
    const taskId = reached[0].slice('task:'.length)
    // The same id in the fallback (no binding): memory never made it.
    expect((await send(server, call('tasks/get', { taskId }), {})).body.error).toEqual({ code: -32602, message: 'Failed to retrieve task: Task not found.' })
  })

  it('answers an id it never minted with -32602 without reaching any object', async () => {
    const reached: string[] = []
    const env = { MCP_TASKS: namespace(reached, { error: { code: -32603, message: 'reached' } }) }
    for (const method of ['tasks/get', 'tasks/cancel']) {
      const reply = await send(server, call(method, { taskId: 'tasks-conformance-nonexistent-12345' }), env)
      expect(reply.body.error, method).toEqual({ code: -32602, message: 'Failed to retrieve task: Task not found.' })
    }
    expect(reached).toEqual([])
    // An id of this server's shape does reach its object.
    const minted = `${'d'.repeat(32)}.${(Date.now() + 60_000).toString(36)}`
    expect((await send(server, call('tasks/get', { taskId: minted }), env)).body.error).toEqual({ code: -32603, message: 'reached' })
    expect(reached).toEqual([`task:${minted}`])
  })
})

describe('@task … ask-first: input rounds before the task, the answers kept by it (tasks-mrtr-composition)', () => {
  const first: ToolEntry = {
    ...tool('first', {
      invoke: async (_args, ctx: ToolContext) => {
        const answer = await ctx.elicit('Name?')
        await ctx.startTask()
        const second = await ctx.elicit('Sure?')
        return `hello ${answer.content?.name} (${second.action})`
      },
    }),
    task: 'optional',
    asksFirst: true,
  }
  const server = createServer(info, module('src/first.ts', [first]), { tasks: memoryTasks({ pollIntervalMs: 5 }), stateSecret: 'ask-first-test-secret-0123456789abcdef' } as any)
  const ada = { 'elicit-1': { action: 'accept', content: { name: 'Ada' } } }

  it('round 1 asks inline (no task); round 2 answers with a task that keeps the answer and asks on through tasks/update', async () => {
    const round1 = (await send(server, call('tools/call', { name: 'first', arguments: {} }))).body.result
    expect(round1).toMatchObject({ resultType: 'input_required', inputRequests: { 'elicit-1': { method: 'elicitation/create', params: { message: 'Name?' } } } })
    expect(round1).not.toHaveProperty('taskId')
    const round2 = (await send(server, call('tools/call', { name: 'first', arguments: {}, inputResponses: ada, requestState: round1.requestState }))).body.result
    expect(round2).toMatchObject({ resultType: 'task', status: 'working' })
    expect(round2).not.toHaveProperty('requestState')
    expect(round2).not.toHaveProperty('inputRequests')
    let task: any
    do task = (await send(server, call('tasks/get', { taskId: round2.taskId }))).body.result
    while (task.status === 'working')
    // The first question is not asked again: the task asks only what came after ctx.startTask().
    expect(task).toMatchObject({ status: 'input_required', inputRequests: { 'elicit-2': { params: { message: 'Sure?' } } } })
    expect(Object.keys(task.inputRequests)).toEqual(['elicit-2'])
    await send(server, call('tasks/update', { taskId: round2.taskId, inputResponses: { 'elicit-2': { action: 'decline' } } }))
    do task = (await send(server, call('tasks/get', { taskId: round2.taskId }))).body.result
    while (task.status !== 'completed')
    expect(task.result).toEqual({ resultType: 'complete', content: [{ type: 'text', text: 'hello Ada (decline)' }] })
  })

  it('a client without the extension: an optional ask-first tool runs inline to the end, ctx.startTask() resolving at once', async () => {
    const plain = (method: string, params: Record<string, any>) => modernRequest(method, params, { capabilities: { elicitation: {} }, headers: { 'mcp-name': params.name } })
    const round1 = (await send(server, plain('tools/call', { name: 'first', arguments: {} }))).body.result
    const round2 = (await send(server, plain('tools/call', { name: 'first', arguments: {}, inputResponses: ada, requestState: round1.requestState }))).body.result
    expect(round2).toMatchObject({ resultType: 'input_required', inputRequests: { 'elicit-2': { params: { message: 'Sure?' } } } })
    const round3 = (await send(server, plain('tools/call', { name: 'first', arguments: {}, inputResponses: { 'elicit-2': { action: 'accept', content: {} } }, requestState: round2.requestState }))).body.result
    expect(round3).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'hello Ada (accept)' }] })
  })

  it('a required ask-first tool refuses a client without the extension once it would become a task (-32021)', async () => {
    const required = createServer(info, module('src/first.ts', [{ ...first, task: 'required' }]), { tasks: memoryTasks(), stateSecret: 'ask-first-test-secret-0123456789abcdef' } as any)
    const plain = (params: Record<string, any>) => modernRequest('tools/call', params, { capabilities: { elicitation: {} }, headers: { 'mcp-name': 'first' } })
    const round1 = (await send(required, plain({ name: 'first', arguments: {} }))).body.result
    const round2 = await send(required, plain({ name: 'first', arguments: {}, inputResponses: ada, requestState: round1.requestState }))
    expect(round2.body.error.code).toBe(-32021)
  })
})

describe('execution.taskSupport in tools/list, by revision', () => {
  const base = tool('slow', { invoke: () => 'done' })
  const slow: ToolEntry = { ...base, task: 'required', json: JSON.stringify({ ...JSON.parse(base.json), execution: { taskSupport: 'required' } }) }
  const server = createServer(info, module('src/slow.ts', [slow]), { tasks: memoryTasks() })
  const listed = async (version: string) => (await send(server, legacyRequest('tools/list', {}, version))).body.result.tools[0]

  it('is listed for 2025-11-25 (where tasks began) and 2026-07-28', async () => {
    expect((await listed('2025-11-25')).execution).toEqual({ taskSupport: 'required' })
    const modern = await send(server, modernRequest('tools/list'))
    expect(modern.body.result.tools[0].execution).toEqual({ taskSupport: 'required' })
  })

  it('is left out for the revisions before', async () => {
    for (const version of ['2025-06-18', '2025-03-26', '2024-11-05']) expect(await listed(version), version).not.toHaveProperty('execution')
  })
})
