/**
 * Official clients against durableTasks() in workerd: the v1 SDK (`@modelcontextprotocol/sdk`, 2025-11-25
 * tasks: `client.experimental.tasks`) creates a task, watches its status, gets its result and cancels one;
 * the `@modelcontextprotocol/ext-tasks` requester over a v2 SDK client (2025-11-25 era, the minimal form its
 * README gives) calls an optional tool directly and runs a required one as a task, settled from its result.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client'
import { createTaskSessionFromClient, resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { buildExample, type BuiltWorker } from '../helpers/build.ts'
import { startWorkerd } from '../helpers/miniflare.ts'
import type { Served } from '../helpers/served.ts'

const FIXTURE = resolve(import.meta.dirname, '../fixtures/tasks-worker')

let worker: BuiltWorker
let server: Served
let client: Client

beforeAll(async () => {
  worker = await buildExample(FIXTURE)
  server = await startWorkerd(worker.file, { durableObjects: { MCP_TASKS: 'McpTask' } })
  client = new Client({ name: 'tasks-v1', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)))
})

afterAll(async () => {
  await client?.close()
  await server?.stop()
  await worker?.remove()
})

describe('the v1 SDK client (2025-11-25 tasks)', () => {
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
