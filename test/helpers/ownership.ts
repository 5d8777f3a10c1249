/**
 * Who may touch a session or a task, as scenarios any host must pass: the in-memory hosts in this process
 * (test/runtime/ownership.test.ts) and the Durable Object hosts in workerd (test/e2e/ownership.test.ts) run
 * the same ones against a server with the tools of test/fixtures/shared-server and its authorize hook.
 * Two users of one OAuth client (Alice, with a token before and after a refresh, and Bob), two callers
 * known only by their token (Carol and Dave), and a token the hook accepts without naming anyone; the id
 * of one is tried by the other on every method: a call, GET, DELETE, an answer, tasks/get|update|cancel,
 * 2025-11-25 tasks/result.
 */
import { expect, it } from 'vitest'
import { sseReader } from './sse-reader.ts'

export interface Target {
  /** The MCP endpoint's URL. */
  readonly url: string
  fetch(request: Request): Promise<Response>
}

const LEGACY = '2025-11-25'
const MODERN = '2026-07-28'
const EXTENSION = 'io.modelcontextprotocol/tasks'
let nextId = 1

const bearer = (token: string | undefined): Record<string, string> => (token === undefined ? {} : { authorization: `Bearer ${token}` })

/** A 2025-11-25 POST (a request, a notification or an answer) of `token`'s caller, in `session` if given. */
export function legacyPost(target: Target, token: string | undefined, body: Record<string, unknown>, session?: string, extra: Record<string, string> = {}): Promise<Response> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': typeof extra['mcp-protocol-version'] === 'string' ? extra['mcp-protocol-version'] : LEGACY,
    ...bearer(token),
    ...(session ? { 'mcp-session-id': session } : {}),
    ...extra,
  }
  return target.fetch(new Request(target.url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', ...body }) }))
}

/** GET or DELETE of a session. */
export function sessionRequest(target: Target, token: string | undefined, method: 'GET' | 'DELETE', session: string): Promise<Response> {
  const headers = { accept: 'text/event-stream', 'mcp-protocol-version': LEGACY, 'mcp-session-id': session, ...bearer(token) }
  return target.fetch(new Request(target.url, { method, headers }))
}

/** initialize and notifications/initialized; the session id, or the refusal. */
export async function initialize(target: Target, token: string | undefined): Promise<string> {
  const reply = await legacyPost(target, token, { id: nextId++, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: { elicitation: {} }, clientInfo: { name: 'ownership', version: '1' } } })
  expect(reply.status, await reply.clone().text()).toBe(200)
  await reply.text()
  const session = reply.headers.get('mcp-session-id')!
  expect(session).toBeTruthy()
  expect((await legacyPost(target, token, { method: 'notifications/initialized' }, session)).status).toBe(202)
  return session
}

/** A 2026-07-28 request declaring the Tasks extension; its JSON-RPC body. */
export async function modern(target: Target, token: string | undefined, method: string, params: Record<string, unknown>, headers: Record<string, string> = {}): Promise<any> {
  const name = params.name ?? params.taskId
  const response = await target.fetch(
    new Request(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': MODERN,
        'mcp-method': method,
        ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
        ...bearer(token),
        ...headers,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: nextId++,
        method,
        params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': { extensions: { [EXTENSION]: {} }, elicitation: {} } } },
      }),
    }),
  )
  return response.json()
}

/** Polls tasks/get as `token`'s caller until `done` holds. */
async function pollUntil(target: Target, token: string, taskId: string, done: (task: any) => boolean): Promise<any> {
  for (let tries = 0; ; tries++) {
    const reply = await modern(target, token, 'tasks/get', { taskId })
    if (reply.error || done(reply.result) || tries > 500) return reply
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const NOT_FOUND = { code: -32602, message: 'Failed to retrieve task: Task not found.' }

/** A status and a body that say "no such session", whatever the session is. */
async function expectUnknownSession(response: Response): Promise<void> {
  expect(response.status).toBe(404)
  expect(JSON.parse(await response.text()).error.message).toMatch(/^Session not found/)
}

/** Bob holds Alice's session id: every method answers as for an unknown id, and Alice's session is untouched. */
export async function sessionsAcrossUsers(target: Target): Promise<void> {
  const alice = await initialize(target, 'alice-1')
  await expectUnknownSession(await legacyPost(target, 'bob', { id: nextId++, method: 'ping' }, alice))
  await expectUnknownSession(await legacyPost(target, 'bob', { id: nextId++, method: 'tools/call', params: { name: 'request_headers', arguments: {} } }, alice))
  await expectUnknownSession(await sessionRequest(target, 'bob', 'GET', alice))
  await expectUnknownSession(await sessionRequest(target, 'bob', 'DELETE', alice))
  // Without a token the request is refused before any lookup: 401, not a hint that the id exists.
  expect((await legacyPost(target, undefined, { id: nextId++, method: 'ping' }, alice)).status).toBe(401)

  // Alice's tool asks her; Bob answers the question with her id and the request's id: refused, and Alice's answer is the one the tool gets.
  const call = await legacyPost(target, 'alice-1', { id: 42, method: 'tools/call', params: { name: 'confirm', arguments: { project: 'prod-db' } } }, alice)
  expect(call.headers.get('content-type')).toBe('text/event-stream')
  const next = sseReader(call)
  const question = await next()
  expect(question.method).toBe('elicitation/create')
  // Server→client request ids are unguessable (not s-1, s-2, …).
  expect(question.id).toMatch(/^s-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  await expectUnknownSession(await legacyPost(target, 'bob', { id: question.id, result: { action: 'accept', content: { name: 'Mallory' } } }, alice))
  // After a token refresh Alice is still Alice (same client, same user): her answer is taken.
  expect((await legacyPost(target, 'alice-2', { id: question.id, result: { action: 'accept', content: { name: 'Alice' } } }, alice)).status).toBe(202)
  expect(await next()).toEqual({ jsonrpc: '2.0', id: 42, result: { content: [{ type: 'text', text: 'accept prod-db by Alice' }] } })

  // Bob's DELETE did not end it; Alice's does.
  expect((await legacyPost(target, 'alice-1', { id: nextId++, method: 'ping' }, alice)).status).toBe(200)
  expect((await sessionRequest(target, 'alice-1', 'DELETE', alice)).status).toBe(204)
  await expectUnknownSession(await legacyPost(target, 'alice-1', { id: nextId++, method: 'ping' }, alice))
}

/** Callers the hook knows only by their token: Dave cannot use Carol's session; a hook that names nobody gets no session. */
export async function sessionsByToken(target: Target): Promise<void> {
  const carol = await initialize(target, 'carol')
  await expectUnknownSession(await legacyPost(target, 'dave', { id: nextId++, method: 'ping' }, carol))
  expect((await legacyPost(target, 'carol', { id: nextId++, method: 'ping' }, carol)).status).toBe(200)
  const nobody = await legacyPost(target, 'nobody', { id: nextId++, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'n', version: '1' } } })
  expect(nobody.status).toBe(500)
  expect(nobody.headers.get('mcp-session-id')).toBeNull()
  expect(JSON.parse(await nobody.text()).error.message).toMatch(/authorize hook named nobody/)
}

/** initialize inside a live session is refused; the session goes on. */
export async function initializeInsideSession(target: Target): Promise<void> {
  const session = await initialize(target, 'carol')
  const again = await legacyPost(target, 'carol', { id: 9, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'again', version: '1' } } }, session)
  expect(again.status).toBe(400)
  expect(again.headers.get('mcp-session-id')).toBeNull()
  expect(JSON.parse(await again.text())).toMatchObject({ id: 9, error: { code: -32600, message: expect.stringMatching(/already initialized/) } })
  expect((await legacyPost(target, 'carol', { id: nextId++, method: 'ping' }, session)).status).toBe(200)
}

/** Bob (same OAuth client) holds Alice's task id: get, update and cancel say it does not exist; her task goes on and runs her answer. */
export async function tasksAcrossUsers(target: Target): Promise<void> {
  const created = await modern(target, 'alice-1', 'tools/call', { name: 'delete_project', arguments: { project: 'prod-db' } })
  expect(created.result).toMatchObject({ resultType: 'task', status: 'working' })
  const { taskId } = created.result
  const asking = await pollUntil(target, 'alice-1', taskId, (task) => task.status !== 'working')
  expect(asking.result.status).toBe('input_required')
  const [key] = Object.keys(asking.result.inputRequests)
  for (const [method, params] of [
    ['tasks/get', { taskId }],
    ['tasks/update', { taskId, inputResponses: { [key]: { action: 'accept', content: { confirm: true } } } }],
    ['tasks/cancel', { taskId }],
  ] as const) {
    expect((await modern(target, 'bob', method, params)).error, method).toEqual(NOT_FOUND)
    expect((await modern(target, 'carol', method, params)).error, method).toEqual(NOT_FOUND)
  }
  // Bob's "yes" did not reach the tool, nor did his cancel: the task still waits for Alice.
  expect((await modern(target, 'alice-2', 'tasks/get', { taskId })).result).toMatchObject({ status: 'input_required' })
  await modern(target, 'alice-1', 'tasks/update', { taskId, inputResponses: { [key]: { action: 'accept', content: { confirm: false } } } })
  const done = await pollUntil(target, 'alice-1', taskId, (task) => task.status === 'completed' || task.status === 'failed')
  expect(done.result).toMatchObject({ status: 'completed', result: { content: [{ type: 'text', text: 'kept prod-db' }] } })
}

/** Callers known by token only: Dave cannot see Carol's task; a hook that names nobody gets no task. */
export async function tasksByToken(target: Target): Promise<void> {
  const created = await modern(target, 'carol', 'tools/call', { name: 'request_headers', arguments: {} }, { cookie: 'sid=secret', 'x-trace': '1' })
  const { taskId } = created.result
  expect((await modern(target, 'dave', 'tasks/get', { taskId })).error).toEqual(NOT_FOUND)
  const done = await pollUntil(target, 'carol', taskId, (task) => task.status === 'completed')
  // The task kept the request's headers for the tool's ctx.request, but never its credentials.
  const seen = done.result.result.content[0].text.split(',')
  expect(seen).toContain('x-trace')
  expect(seen).not.toContain('authorization')
  expect(seen).not.toContain('cookie')
  const refused = await modern(target, 'nobody', 'tools/call', { name: 'delete_project', arguments: { project: 'x' } })
  expect(refused.error).toEqual({ code: -32603, message: 'This server cannot tell who you are, so it cannot keep a task for you.' })
}

/** 2025-11-25 tasks: another user's tasks/get, tasks/result and tasks/cancel are refused as unknown; the owner's result arrives. */
export async function legacyTasksAcrossUsers(target: Target): Promise<void> {
  const reply = await legacyPost(target, 'alice-1', { id: nextId++, method: 'tools/call', params: { name: 'request_headers', arguments: {}, task: { ttl: 60_000 } } })
  const { task } = JSON.parse(await reply.text()).result
  expect(task.status).toBe('working')
  for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
    const other = JSON.parse(await (await legacyPost(target, 'bob', { id: 5, method, params: { taskId: task.taskId } })).text())
    expect(other.error, method).toEqual(NOT_FOUND)
  }
  const result = JSON.parse(await (await legacyPost(target, 'alice-2', { id: 6, method: 'tasks/result', params: { taskId: task.taskId } })).text())
  expect(result.result.content[0].text.split(',')).toContain('mcp-protocol-version')
}

/** Tasks only where a revision has them: 2025-06-18's `params.task` is a plain call, and a 2025-03-26 batch makes none. */
export async function tasksOnlyWhereTheRevisionHasThem(target: Target): Promise<void> {
  const older = JSON.parse(await (await legacyPost(target, 'carol', { id: 7, method: 'tools/call', params: { name: 'request_headers', arguments: {}, task: {} } }, undefined, { 'mcp-protocol-version': '2025-06-18' })).text())
  expect(older.result.task).toBeUndefined()
  expect(older.result.content[0].type).toBe('text')
  const batch = Array.from({ length: 3 }, (_, index) => ({ jsonrpc: '2.0', id: 100 + index, method: 'tools/call', params: { name: 'request_headers', arguments: {}, task: {} } }))
  const response = await target.fetch(
    new Request(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26', ...bearer('carol') },
      body: JSON.stringify(batch),
    }),
  )
  const replies = JSON.parse(await response.text())
  expect(replies).toHaveLength(3)
  for (const one of replies) {
    expect(one.result.task).toBeUndefined()
    expect(one.result.content[0].type).toBe('text')
  }
}

/**
 * A principal keeps at most `max` bytes of results (3000 in the fixtures): two results of about 1 KB are
 * kept, a third of 1.5 KB would pass the bound and fails its task saying so, a small one still fits, and
 * another principal is not affected.
 */
export async function resultBytesPerPrincipal(target: Target, token: string, other: string, max: number): Promise<void> {
  const run = async (caller: string, size: number) => {
    const created = await modern(target, caller, 'tools/call', { name: 'payload', arguments: { size } })
    expect(created.result, JSON.stringify(created)).toMatchObject({ resultType: 'task' })
    return pollUntil(target, caller, created.result.taskId, (task) => task.status === 'completed' || task.status === 'failed')
  }
  for (let n = 0; n < 2; n++) expect((await run(token, 1000)).result.status).toBe('completed')
  const over = (await run(token, 1500)).result
  expect(over.status).toBe('failed')
  expect(over.error).toEqual({ code: -32603, message: expect.stringMatching(new RegExp(`^The task's result \\(15\\d\\d bytes\\) would pass the ${max} bytes of results this server keeps for one caller \\(20\\d\\d kept until their tasks' time to live ends\\); the result was dropped\\.$`)) })
  expect((await run(token, 100)).result.status).toBe('completed')
  expect((await run(other, 1500)).result.status).toBe('completed')
}

/** Every scenario above as a test, against the target `target()` returns once the suite has started. */
export function ownershipScenarios(target: () => Target): void {
  it("Bob holds Alice's session id: call, GET, DELETE and an answer to her question are refused as unknown", () => sessionsAcrossUsers(target()))
  it('callers known by token only are told apart; a hook that names nobody gets no session', () => sessionsByToken(target()))
  it('initialize inside a live session is refused, and the session goes on', () => initializeInsideSession(target()))
  it("Bob holds Alice's task id: tasks/get, update and cancel say it does not exist", () => tasksAcrossUsers(target()))
  it('callers known by token only; a task keeps no credentials; a hook that names nobody gets no task', () => tasksByToken(target()))
  it('2025-11-25 tasks/get, tasks/result and tasks/cancel of another user are refused', () => legacyTasksAcrossUsers(target()))
  it('tasks only on 2025-11-25 and 2026-07-28: not on 2025-06-18, not in a 2025-03-26 batch', () => tasksOnlyWhereTheRevisionHasThem(target()))
}
