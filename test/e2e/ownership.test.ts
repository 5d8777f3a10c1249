/**
 * A session or a task belongs to the principal that made it, on the Durable Object hosts in workerd
 * (`durableSessions()`, `durableTasks()`): the fixture test/fixtures/shared-server built with the plugin,
 * behind its authorize hook, passes the same scenarios as the in-memory hosts (test/helpers/ownership.ts,
 * test/runtime/ownership.test.ts). The front authorizes before it reaches a session's object, and hands
 * the object the caller in a header of its own, which a client cannot forge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { buildExample, type BuiltWorker } from '../helpers/build.ts'
import { startWorkerd } from '../helpers/miniflare.ts'
import type { Served } from '../helpers/served.ts'
import * as scenarios from '../helpers/ownership.ts'
import { initialize, legacyPost, modern, sessionRequest } from '../helpers/ownership.ts'

const FIXTURE = resolve(import.meta.dirname, '../fixtures/shared-server')

let worker: BuiltWorker
let server: Served
let target: scenarios.Target

beforeAll(async () => {
  worker = await buildExample(FIXTURE)
  server = await startWorkerd(worker.file, { durableObjects: { MCP_SESSIONS: 'McpSession', MCP_TASKS: 'McpTask' } })
  target = { url: server.url, fetch: (request) => fetch(request) }
})

afterAll(async () => {
  await server?.stop()
  await worker?.remove()
})

describe('durableSessions() and durableTasks() in workerd: owned by the principal that made them', () => {
  scenarios.ownershipScenarios(() => target)

  it("one principal's tasks share its object and run side by side: a task created while another waits starts at once", async () => {
    const first = (await modern(target, 'bob', 'tools/call', { name: 'delete_project', arguments: { project: 'one' } })).result.taskId
    const poll = async (taskId: string, status: string) => {
      for (let tries = 0; tries < 300; tries++) {
        const task = (await modern(target, 'bob', 'tasks/get', { taskId })).result
        if (task.status === status) return task
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      throw new Error(`task ${taskId} never became ${status}`)
    }
    await poll(first, 'input_required')
    // The first tool still runs (it waits for its answer) in the object's alarm; the second joins it.
    const second = (await modern(target, 'bob', 'tools/call', { name: 'delete_project', arguments: { project: 'two' } })).result.taskId
    const asked = await poll(second, 'input_required')
    await modern(target, 'bob', 'tasks/update', { taskId: second, inputResponses: { [Object.keys(asked.inputRequests)[0]]: { action: 'accept', content: { confirm: true } } } })
    expect((await poll(second, 'completed')).result.content[0].text).toBe('deleted two')
    expect((await modern(target, 'bob', 'tasks/get', { taskId: first })).result.status).toBe('input_required')
  })

  it('a principal holds at most maxTasksPerPrincipal tasks (6 in the fixture); other callers are not affected', async () => {
    for (let n = 0; n < 6; n++) expect((await modern(target, 'dave', 'tools/call', { name: 'delete_project', arguments: { project: `p${n}` } })).result.resultType).toBe('task')
    const refused = await modern(target, 'dave', 'tools/call', { name: 'delete_project', arguments: { project: 'p6' } })
    expect(refused.error).toEqual({ code: -32603, message: "You have as many tasks as this server keeps for one caller (6); retry once one's time to live has ended." })
    expect((await modern(target, 'carol', 'tools/call', { name: 'delete_project', arguments: { project: 'c' } })).result.resultType).toBe('task')
  })

  it("a principal holds at most maxSessionsPerPrincipal sessions (3 in the fixture): the next is 429, another principal is served, a DELETE gives a place back", async () => {
    const frank = [await initialize(target, 'frank'), await initialize(target, 'frank'), await initialize(target, 'frank')]
    const init = (token: string) => legacyPost(target, token, { id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })
    const refused = await init('frank')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('60')
    expect(refused.headers.get('mcp-session-id')).toBeNull()
    expect(JSON.parse(await refused.text()).error.message).toBe('You hold as many sessions as this server allows one caller (3): end one with DELETE, or let one expire.')
    // Another principal has places of its own.
    await initialize(target, 'grace')
    // Frank's sessions still work; one ended by DELETE frees a place, and only one.
    expect((await legacyPost(target, 'frank', { id: 2, method: 'ping' }, frank[1])).status).toBe(200)
    expect((await sessionRequest(target, 'frank', 'DELETE', frank[0])).status).toBe(204)
    await initialize(target, 'frank')
    expect((await init('frank')).status).toBe(429)
  })

  it('a principal keeps at most maxResultBytesPerPrincipal bytes of results (3000 in the fixture): the task that would pass it fails saying so', () =>
    scenarios.resultBytesPerPrincipal(target, 'grace', 'frank', 3000))

  it("expired tasks leave their principal's object and free their places in it", async () => {
    const create = async (ttl: number) => JSON.parse(await (await legacyPost(target, 'erin', { id: 1, method: 'tools/call', params: { name: 'request_headers', arguments: {}, task: { ttl } } })).text())
    // Six made well within their time to live on a slow machine too, then waited out.
    const first = (await create(2000)).result.task.taskId
    for (let n = 1; n < 6; n++) expect((await create(2000)).result.task.status).toBe('working')
    expect((await create(2000)).error.message).toMatch(/as many tasks as this server keeps for one caller \(6\)/)
    await new Promise((resolve) => setTimeout(resolve, 2100))
    expect((await create(60_000)).result.task.status).toBe('working')
    const gone = JSON.parse(await (await legacyPost(target, 'erin', { id: 2, method: 'tasks/get', params: { taskId: first } })).text())
    expect(gone.error.message).toMatch(/^Failed to retrieve task: Task has expired/)
  })

  it("a client's own admission header is overwritten by the front: Bob cannot claim Alice's principal", async () => {
    const alice = await initialize(target, 'alice-1')
    const forged = JSON.stringify({ auth: { token: 'alice-1', clientId: 'app', extra: { userId: 'alice' } }, principal: 'anything' })
    const reply = await legacyPost(target, 'bob', { id: 1, method: 'ping' }, alice, { 'x-mcp-aot-admission': forged })
    expect(reply.status).toBe(404)
    // And the tool never sees the header (the object removes it before serving).
    const call = await legacyPost(target, 'alice-1', { id: 2, method: 'tools/call', params: { name: 'request_headers', arguments: {} } }, alice)
    const text = JSON.parse(await call.text()).result.content[0].text as string
    expect(text.split(',')).toContain('mcp-session-id')
    expect(text).not.toContain('x-mcp-aot-admission')
  })
})
