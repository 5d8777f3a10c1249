/**
 * Tasks (`io.modelcontextprotocol/tasks`, SEP-2663; 2025-11-25's tasks for legacy clients) in workerd:
 * each task in its own Durable Object (durableTasks), its tool run in the object's alarm, apart from any
 * client request. Raw JSON-RPC over HTTP, so every field the spec names is checked as sent; then official
 * clients: the v1 SDK (`client.experimental.tasks`, 2025-11-25 tasks) creates a task, watches its status,
 * gets its result and cancels one; the `@modelcontextprotocol/ext-tasks` requester over a v2 SDK client
 * (2025-11-25 era, the minimal form its README gives) calls an optional tool directly and runs a required
 * one as a task, settled from its result; and the same requester over the v2 client pinned to 2026-07-28
 * creates, polls, updates (input), cancels, hands off and resumes tasks of the extension. Two front Workers
 * sharing one Durable Object namespace check that a task's state lives in its object, not in a front.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client'
import { createTaskSessionFromClient, resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client'
import { taskId } from '@modelcontextprotocol/ext-tasks/core'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { buildExample, type BuiltWorker } from '../helpers/build.ts'
import { COMPATIBILITY_DATE, startWorkerd } from '../helpers/miniflare.ts'
import type { Served } from '../helpers/served.ts'

const FIXTURE = resolve(import.meta.dirname, '../fixtures/tasks-worker')
const MODERN = '2026-07-28'
const EXTENSION = 'io.modelcontextprotocol/tasks'

let worker: BuiltWorker
let server: Served

beforeAll(async () => {
  worker = await buildExample(FIXTURE)
  server = await startWorkerd(worker.file, { durableObjects: { MCP_TASKS: 'McpTask' } })
})

afterAll(async () => {
  await server?.stop()
  await worker?.remove()
})

let nextId = 1

type Fetch = (url: string, init: RequestInit) => Promise<Response>

/** A 2026-07-28 request; `tasks`: whether its capabilities declare the extension; `via`: the front it goes to. */
async function modern(method: string, params: Record<string, unknown>, tasks = true, via: Fetch = (_url, init) => fetch(server.url, init)): Promise<any> {
  const capabilities = tasks ? { extensions: { [EXTENSION]: {} }, elicitation: {} } : {}
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
  }
  const name = params.name ?? params.taskId
  if (typeof name === 'string') headers['mcp-name'] = name
  const body = {
    jsonrpc: '2.0',
    id: nextId++,
    method,
    params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': capabilities } },
  }
  const response = await via('http://localhost/mcp', { method: 'POST', headers, body: JSON.stringify(body) })
  return response.json()
}

/** Waits until workerd has printed `line` (a tool's console.log in its Durable Object). */
async function outputLine(line: string): Promise<void> {
  for (let tries = 0; !server.output().includes(line); tries++) {
    if (tries > 200) throw new Error(`workerd never printed '${line}':\n${server.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Polls tasks/get, as often as pollIntervalMs says, until `done` holds for the task. */
async function pollUntil(taskId: string, done: (task: any) => boolean, via?: Fetch): Promise<any> {
  for (;;) {
    const reply = await modern('tasks/get', { taskId }, true, via)
    if (reply.error || done(reply.result)) return reply
    await new Promise((resolve) => setTimeout(resolve, reply.result.pollIntervalMs))
  }
}

describe('the Tasks extension on Durable Objects (2026-07-28)', () => {
  it('server/discover declares the extension; tools/list says which tools run as tasks', async () => {
    const discover = await modern('server/discover', {})
    expect(discover.result.capabilities.extensions).toEqual({ [EXTENSION]: {} })
    const list = await modern('tools/list', {})
    const byName = Object.fromEntries(list.result.tools.map((tool: any) => [tool.name, tool.execution]))
    expect(byName).toEqual({
      build_report: { taskSupport: 'optional' },
      delete_project: { taskSupport: 'required' },
      wait_for_cancel: { taskSupport: 'optional' },
      broken_job: { taskSupport: 'optional' },
    })
  })

  it('a call returns a task handle; tasks/get polls progress as the status message, then the result', async () => {
    const created = await modern('tools/call', { name: 'build_report', arguments: { steps: 3, stepMs: 30 } })
    const handle = created.result
    expect(handle).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 3_600_000, pollIntervalMs: 20 })
    expect(handle.taskId).toMatch(/^[0-9a-f]{32}\.[0-9a-z]+$/)
    expect(Date.parse(handle.createdAt)).not.toBeNaN()
    expect(handle.lastUpdatedAt).toBe(handle.createdAt)
    const messages = new Set<string>()
    const done = await pollUntil(handle.taskId, (task) => {
      if (task.statusMessage) messages.add(task.statusMessage)
      return task.status !== 'working'
    })
    expect(done.result).toMatchObject({
      resultType: 'complete',
      taskId: handle.taskId,
      status: 'completed',
      result: { content: [{ type: 'text', text: 'report of 3 steps' }] },
    })
    // Each step's progress became the status message (polls may miss some; the last one is kept).
    expect(done.result.statusMessage).toBe('step 3 of 3 (2/3)')
    for (const message of messages) expect(message).toMatch(/^step [1-3] of 3 \([0-2]\/3\)$/)
  })

  it('an input-required task shows its inputRequests; tasks/update answers them and the tool completes', async () => {
    const created = await modern('tools/call', { name: 'delete_project', arguments: { project: 'apollo' } })
    const { taskId } = created.result
    const asking = await pollUntil(taskId, (task) => task.status !== 'working')
    expect(asking.result.status).toBe('input_required')
    const keys = Object.keys(asking.result.inputRequests)
    expect(keys).toHaveLength(1)
    expect(asking.result.inputRequests[keys[0]]).toEqual({
      method: 'elicitation/create',
      params: { message: 'Delete apollo?', requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } },
    })
    const ack = await modern('tasks/update', { taskId, inputResponses: { [keys[0]]: { action: 'accept', content: { confirm: true } }, unknown: { action: 'decline' } } })
    expect(ack.result).toMatchObject({ resultType: 'complete' })
    const done = await pollUntil(taskId, (task) => task.status === 'completed' || task.status === 'failed')
    expect(done.result).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'deleted apollo' }] } })
    expect(done.result.inputRequests).toBeUndefined()
  })

  it('tasks/cancel cancels at once and aborts the tool’s signal', async () => {
    const marker = `m${Date.now()}`
    const { result } = await modern('tools/call', { name: 'wait_for_cancel', arguments: { marker } })
    // Cancelled before its alarm ran, the tool would never start (nor see a signal): wait until it has.
    await outputLine(`wait_for_cancel ${marker}: started`)
    const ack = await modern('tasks/cancel', { taskId: result.taskId })
    expect(ack.result).toMatchObject({ resultType: 'complete' })
    const after = await modern('tasks/get', { taskId: result.taskId })
    expect(after.result).toMatchObject({ status: 'cancelled', statusMessage: 'The client cancelled the task.' })
    expect(after.result.result).toBeUndefined()
    // The tool saw its signal abort (it logs so in the object).
    await outputLine(`wait_for_cancel ${marker}: signal aborted`)
    // Terminal states stay: a second cancel changes nothing.
    await modern('tasks/cancel', { taskId: result.taskId })
    expect((await modern('tasks/get', { taskId: result.taskId })).result.status).toBe('cancelled')
  })

  it('the task runs to completion with no client connected; a later client reads the result', async () => {
    // The client sends the call and goes away without reading the handle's body or polling.
    const controller = new AbortController()
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 99,
      method: 'tools/call',
      params: { name: 'build_report', arguments: { steps: 4, stepMs: 40 }, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': { extensions: { [EXTENSION]: {} } } } },
    })
    const response = await fetch(server.url, {
      method: 'POST',
      signal: controller.signal,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'build_report' },
      body,
    })
    const taskId = JSON.parse(await response.text()).result.taskId
    controller.abort()
    // A different client (no shared connection or state, only the id) finds it finished.
    const done = await pollUntil(taskId, (task) => task.status !== 'working')
    expect(done.result).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'report of 4 steps' }] } })
  })

  it('a tool that throws completes its task with an isError result, not a failed task', async () => {
    const { result } = await modern('tools/call', { name: 'broken_job', arguments: {} })
    const done = await pollUntil(result.taskId, (task) => task.status !== 'working')
    expect(done.result).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'The tool failed.' }], isError: true } })
  })

  it('without the extension: an optional tool runs as a plain call; a required one and the tasks methods are -32021', async () => {
    const plain = await modern('tools/call', { name: 'build_report', arguments: { steps: 1, stepMs: 1 } }, false)
    expect(plain.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'report of 1 steps' }] })
    const required = await modern('tools/call', { name: 'delete_project', arguments: { project: 'x' } }, false)
    expect(required.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [EXTENSION]: {} } } } })
    const get = await modern('tasks/get', { taskId: '0'.repeat(32) + '.zz' }, false)
    expect(get.error.code).toBe(-32021)
  })

  it('an unknown task id is -32602 "Task not found"', async () => {
    const reply = await modern('tasks/get', { taskId: `${'a'.repeat(32)}.${(Date.now() + 60_000).toString(36)}` })
    expect(reply.error).toEqual({ code: -32602, message: 'Failed to retrieve task: Task not found.' })
  })
})

/**
 * The routing test: two separate front Workers in one Miniflare instance (each its own module instance and
 * memory) share one Durable Object namespace, the second binding the first's McpTask class. A task created
 * at one front is found, answered and read at the other; state kept in a front's memory would fail here.
 */
describe('tasks across two front Workers sharing one Durable Object namespace', () => {
  let mf: Miniflare
  const fronts: Record<'a' | 'b', Fetch> = {} as never

  beforeAll(async () => {
    const common = { modules: true, modulesRoot: worker.dir, scriptPath: worker.file, compatibilityDate: COMPATIBILITY_DATE, compatibilityFlags: ['enable_request_signal'] }
    mf = new Miniflare({
      workers: [
        { ...common, name: 'a', durableObjects: { MCP_TASKS: 'McpTask' } },
        { ...common, name: 'b', durableObjects: { MCP_TASKS: { className: 'McpTask', scriptName: 'a' } } },
      ],
    })
    await mf.ready
    for (const name of ['a', 'b'] as const) {
      const front = (await mf.getWorker(name)) as unknown as { fetch: Fetch }
      fronts[name] = (url, init) => front.fetch(url, init)
    }
  })

  afterAll(async () => {
    await mf?.dispose()
  })

  it('created at front a; its input request answered and its result read at front b', async () => {
    const created = await modern('tools/call', { name: 'delete_project', arguments: { project: 'hermes' } }, true, fronts.a)
    const { taskId } = created.result
    const asking = await pollUntil(taskId, (task) => task.status !== 'working', fronts.b)
    expect(asking.result.status).toBe('input_required')
    const [key] = Object.keys(asking.result.inputRequests)
    await modern('tasks/update', { taskId, inputResponses: { [key!]: { action: 'accept', content: { confirm: true } } } }, true, fronts.b)
    const done = await pollUntil(taskId, (task) => task.status !== 'working' && task.status !== 'input_required', fronts.b)
    expect(done.result).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'deleted hermes' }] } })
    expect((await modern('tasks/get', { taskId }, true, fronts.a)).result).toMatchObject({ status: 'completed' })
  })
})

/** A 2025-11-25 request (stateless: no session host here). */
async function legacy(method: string, params: Record<string, unknown>): Promise<any> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  })
  return response.json()
}

describe('2025-11-25 tasks on the same Durable Objects', () => {
  it('initialize declares tasks; params.task makes one; tasks/result waits for the CallToolResult', async () => {
    const init = await legacy('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } })
    expect(init.result.capabilities.tasks).toEqual({ cancel: {}, requests: { tools: { call: {} } } })
    const created = await legacy('tools/call', { name: 'build_report', arguments: { steps: 2, stepMs: 20 }, task: { ttl: 60_000 } })
    expect(created.result.task).toMatchObject({ status: 'working', ttl: 60_000, pollInterval: 20 })
    const { taskId } = created.result.task
    const result = await legacy('tasks/result', { taskId })
    expect(result.result).toEqual({ content: [{ type: 'text', text: 'report of 2 steps' }], _meta: { 'io.modelcontextprotocol/related-task': { taskId } } })
    const got = await legacy('tasks/get', { taskId })
    expect(got.result).toMatchObject({ taskId, status: 'completed', ttl: 60_000, pollInterval: 20 })
  })

  it('a required tool called without params.task is -32601', async () => {
    const reply = await legacy('tools/call', { name: 'delete_project', arguments: { project: 'x' } })
    expect(reply.error).toMatchObject({ code: -32601 })
    expect(reply.error.message).toContain('runs only as a task')
  })

  it('an expired task is -32602 with a message that says it expired', async () => {
    const created = await legacy('tools/call', { name: 'build_report', arguments: { steps: 1, stepMs: 1 }, task: { ttl: 150 } })
    const { taskId } = created.result.task
    // Wait until the id's expiry (the alarm then deletes it; either way the answer is the same).
    await new Promise((resolve) => setTimeout(resolve, 400))
    const reply = await legacy('tasks/get', { taskId })
    expect(reply.error.code).toBe(-32602)
    expect(reply.error.message).toMatch(/^Failed to retrieve task: Task has expired \(its time to live ended at \d{4}-\d\d-\d\dT[\d:.]+Z; results are not kept after it\)\.$/)
    expect((await modern('tasks/get', { taskId })).error.message).toBe(reply.error.message)
  })
})

describe('the v1 SDK client (2025-11-25 tasks)', () => {
  let client: Client
  beforeAll(async () => {
    client = new Client({ name: 'tasks-v1', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
  })
  afterAll(async () => {
    await client?.close()
  })

  it('sees the tasks capability and each tool’s taskSupport', async () => {
    expect(client.getServerCapabilities()?.tasks).toEqual({ cancel: {}, requests: { tools: { call: {} } } })
    const { tools } = await client.listTools()
    expect(tools.find((tool) => tool.name === 'delete_project')?.execution).toEqual({ taskSupport: 'required' })
  })

  it('callToolStream creates a task, reports its status and ends with the tool’s result', async () => {
    const kinds: string[] = []
    let result: unknown
    let taskId: string | undefined
    for await (const message of client.experimental.tasks.callToolStream({ name: 'build_report', arguments: { steps: 3, stepMs: 20 } }, undefined, { task: { ttl: 60_000 } })) {
      kinds.push(message.type)
      if (message.type === 'taskCreated') taskId = message.task.taskId
      if (message.type === 'result') result = message.result
      if (message.type === 'error') throw message.error
    }
    expect(kinds[0]).toBe('taskCreated')
    expect(kinds.at(-1)).toBe('result')
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'report of 3 steps' }] })
    const task = await client.experimental.tasks.getTask(taskId!)
    expect(task).toMatchObject({ taskId, status: 'completed', ttl: 60_000 })
  })

  it('cancelTask cancels a running task', async () => {
    let taskId: string | undefined
    for await (const message of client.experimental.tasks.callToolStream({ name: 'wait_for_cancel', arguments: { marker: 'v1' } }, undefined, { task: {} })) {
      if (message.type === 'taskCreated') {
        taskId = message.task.taskId
        break
      }
    }
    const cancelled = await client.experimental.tasks.cancelTask(taskId!)
    expect(cancelled).toMatchObject({ taskId, status: 'cancelled' })
    expect(await client.experimental.tasks.getTask(taskId!)).toMatchObject({ status: 'cancelled' })
  })
})

describe('the ext-tasks requester (@modelcontextprotocol/ext-tasks) over the v2 SDK client', () => {
  it('an optional tool it calls directly; a required one it runs as a task and settles from its result', async () => {
    const v2 = new ClientV2({ name: 'tasks-ext', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } })
    await v2.connect(new TransportV2(new URL(server.url)))
    const session = createTaskSessionFromClient(v2, { endpointId: 'tasks-fixture' })
    try {
      // @task optional: the requester chooses a plain call (no params.task), which the server honours.
      const plain = await session.callTool('build_report', { steps: 2, stepMs: 20 })
      expect(plain.kind).toBe('immediate')
      expect(resultFromTaskOutcome((await plain.settle()).outcome)).toEqual({ content: [{ type: 'text', text: 'report of 2 steps' }] })
      // @task required: a task (created, polled, its result fetched). Its tool asks for input, which
      // 2025-11-25 tasks cannot carry here, so the result is the error result saying so.
      const execution = await session.callTool('delete_project', { project: 'apollo' })
      expect(execution.kind).toBe('task')
      if (execution.kind !== 'task') return
      expect(execution.handle.taskId).toMatch(/^[0-9a-f]{32}\.[0-9a-z]+$/)
      const { outcome } = await execution.settle()
      expect(outcome).toMatchObject({ status: 'completed' })
      expect(resultFromTaskOutcome(outcome)).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining('needs input from the client (elicitation/create)') }] })
    } finally {
      await session.close()
    }
  })
})

/**
 * The 2026-07-28 requester path: the v2 SDK client pinned to 2026-07-28 (its `server/discover` shows the
 * extension, so the requester takes the V2 generation), and the ext-tasks requester driving tools/call,
 * tasks/get, tasks/update and tasks/cancel. The SDK client's codecs do not carry the extension's wire shapes
 * (`resultType: "task"`), so the package asks the host for a raw dispatch (its README: `rawDispatch` and
 * `v2RequestFraming`); here that is a plain JSON-RPC POST with the 2026 headers.
 */
describe('the ext-tasks requester over the v2 SDK client (2026-07-28)', () => {
  const clientCapabilities = { elicitation: {}, extensions: { [EXTENSION]: {} } }
  const clientInfo = { name: 'tasks-ext-v2', version: '1.0.0' }
  const framing = { protocolVersion: MODERN, clientInfo, clientCapabilities }
  /** Every raw request the requester sent, by method (which lifecycle methods it used). */
  const sent: string[] = []

  async function rawDispatch(request: any, options?: { context?: { headers?: Record<string, string> } }): Promise<any> {
    const { method, params } = request
    sent.push(method)
    // The requester's own headers (Mcp-Name: the task id, on tasks/*) go out as given.
    const headers: Record<string, string> = { ...options?.context?.headers, 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': MODERN, 'mcp-method': method }
    if (method === 'tools/call') headers['mcp-name'] = params.name
    // The requester hands over the method and params; the host frames the JSON-RPC message.
    const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params })
    const reply: any = await (await fetch(server.url, { method: 'POST', headers, body })).json()
    return reply.error ? { kind: 'error', error: reply.error } : { kind: 'result', result: reply.result }
  }

  async function connect(onInputRequest?: (request: any) => Promise<any>) {
    const client = new ClientV2(clientInfo, { capabilities: clientCapabilities, versionNegotiation: { mode: { pin: MODERN } } })
    await client.connect(new TransportV2(new URL(server.url)))
    expect(client.getProtocolEra()).toBe('modern')
    const session = createTaskSessionFromClient(client, { endpointId: 'tasks-fixture-2026', rawDispatch, v2RequestFraming: framing, onInputRequest })
    return { client, session, close: async () => (await session.close(), await client.close()) }
  }

  it('creates a task and polls it at the server’s pollIntervalMs until the result, progress shown as status', async () => {
    const { session, close } = await connect()
    try {
      expect(session.capabilities).toMatchObject({ execution: true, cancellation: true, inputResponses: true })
      const execution = await session.callTool('build_report', { steps: 3, stepMs: 30 }, { task: { preference: 'require' } })
      expect(execution.kind).toBe('task')
      const views: any[] = []
      const { outcome } = await execution.settle({ onEvent: (event) => void (event.type === 'task' && views.push(event.task)) })
      expect(resultFromTaskOutcome(outcome)).toMatchObject({ content: [{ type: 'text', text: 'report of 3 steps' }] })
      expect(views.length).toBeGreaterThan(0)
      for (const view of views) expect(view).toMatchObject({ suggestedPollIntervalMs: 20, retentionMs: 3_600_000 })
      expect(sent).toContain('tasks/get')
    } finally {
      await close()
    }
  })

  it('answers an input-required task through tasks/update; the tool, waiting in place, completes', async () => {
    const asked: any[] = []
    const { session, close } = await connect(async (request) => {
      asked.push(request)
      return { action: 'accept', content: { confirm: true } }
    })
    try {
      const execution = await session.callTool('delete_project', { project: 'gemini' })
      expect(execution.kind).toBe('task')
      const { outcome } = await execution.settle()
      expect(resultFromTaskOutcome(outcome)).toMatchObject({ content: [{ type: 'text', text: 'deleted gemini' }] })
      expect(asked).toEqual([{ kind: 'elicitation', params: expect.objectContaining({ message: 'Delete gemini?' }) }])
      expect(sent).toContain('tasks/update')
    } finally {
      await close()
    }
  })

  it('cancels a running task: tasks/cancel, the outcome cancelled, the tool’s signal aborted', async () => {
    const { session, close } = await connect()
    try {
      const marker = `v2-${Date.now()}`
      const execution = await session.callTool('wait_for_cancel', { marker }, { task: { preference: 'require' } })
      if (execution.kind !== 'task') throw new Error(`expected a task, got ${execution.kind}`)
      await outputLine(`wait_for_cancel ${marker}: started`)
      await execution.cancel()
      expect(sent).toContain('tasks/cancel')
      expect(await session.task(execution.handle.taskId).snapshot()).toMatchObject({ status: 'cancelled' })
      await outputLine(`wait_for_cancel ${marker}: signal aborted`)
    } finally {
      await close()
    }
  })

  it('a task survives its client: handed off by one client that disconnects, resumed and settled by a new one', async () => {
    const first = await connect()
    const execution = await first.session.callTool('build_report', { steps: 3, stepMs: 40 }, { task: { preference: 'require' } })
    if (execution.kind !== 'task') throw new Error(`expected a task, got ${execution.kind}`)
    let reference: any
    await execution.handoff((saved) => void (reference = saved))
    // Handed off, the local execution ends without an outcome; then the client goes away entirely.
    expect(await execution.result()).toMatchObject({ status: 'failed', error: { message: 'Task execution is closed' } })
    const cancels = sent.filter((method) => method === 'tasks/cancel').length
    await first.close()
    expect(sent.filter((method) => method === 'tasks/cancel').length, 'closing the first client cancelled the task').toBe(cancels)
    expect(reference).toMatchObject({ generation: 'v2', taskId: execution.handle.taskId })
    const second = await connect()
    try {
      const resumed = await second.session.resumeTask(reference)
      const { outcome } = await resumed.settle()
      expect(resultFromTaskOutcome(outcome)).toMatchObject({ content: [{ type: 'text', text: 'report of 3 steps' }] })
    } finally {
      await second.close()
    }
  })

  it('an expired task is -32602, its message saying it expired', async () => {
    const { session, close } = await connect()
    try {
      // An id in this server's form whose expiry (the id carries it) passed a second ago: what a client
      // still holds once the task's object has deleted it (the raw 2025-11-25 test lets a real one expire).
      const expired = taskId(`${'b'.repeat(32)}.${(Date.now() - 1000).toString(36)}`)
      await expect(session.task(expired).snapshot()).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/^Failed to retrieve task: Task has expired \(/) })
    } finally {
      await close()
    }
  })
})
