/**
 * What a `durableTasks()` object reads from its storage (src/cloudflare/tasks.ts): the object itself, on a
 * storage that counts its reads (get and list). A principal's object reads its counts and its earliest expiry
 * once, and the runs a restart left once, at the first alarm of an instance; after that, a task it makes and
 * runs costs no read at all. A new instance on the same storage still finds what the last one left: a task
 * not started runs, a run cut short fails saying so.
 */
import { describe, expect, it } from 'vitest'
import { durableTasks } from '../../src/cloudflare/tasks.ts'
import { createServer } from '../../src/runtime/server.ts'
import type { ToolEntry } from '../../src/runtime/shared/table.ts'
import type { TaskCall } from '../../src/runtime/tasks/store.ts'
import { newTaskId } from '../../src/runtime/tasks/task.ts'
import { module, tool } from './helpers.ts'

/** Durable Object storage in memory, keys in order, counting the reads. */
class CountingStorage {
  readonly data = new Map<string, unknown>()
  reads = 0
  alarm: number | null = null
  async get<T>(key: string): Promise<T | undefined> {
    this.reads++
    return structuredClone(this.data.get(key)) as T | undefined
  }
  async put(entries: string | Record<string, unknown>, value?: unknown): Promise<void> {
    for (const [key, v] of typeof entries === 'string' ? [[entries, value] as const] : Object.entries(entries)) this.data.set(key, structuredClone(v))
  }
  async delete(keys: string[]): Promise<number> {
    return keys.filter((key) => this.data.delete(key)).length
  }
  async deleteAll(): Promise<void> {
    this.data.clear()
  }
  async list<T>(options: { prefix: string; end?: string; limit?: number }): Promise<Map<string, T>> {
    this.reads++
    const keys = [...this.data.keys()].filter((key) => key.startsWith(options.prefix) && (options.end === undefined || key < options.end)).sort()
    return new Map(keys.slice(0, options.limit ?? Infinity).map((key) => [key, structuredClone(this.data.get(key)) as T]))
  }
  async setAlarm(at: number): Promise<void> {
    this.alarm = at
  }
}

const echo: ToolEntry = { ...tool('echo', { invoke: (args: { text?: string }) => `echo ${args.text ?? ''}` }), task: 'optional' }
const tasks = durableTasks('MCP_TASKS')
// createServer attaches the task host to the server's tools.
createServer({ name: 'test', version: '1.0.0' }, module('src/jobs.ts', [echo]), { tasks })

const call = (text: string, owner: string | undefined): TaskCall => ({
  name: 'echo',
  arguments: { text },
  version: '2025-11-25',
  capabilities: {},
  ...(owner === undefined ? {} : { owner }),
  url: 'https://example.com/mcp',
  headers: [],
  ttlMs: 60_000,
})

async function operation(object: { fetch(request: Request): Promise<Response> }, name: string, envelope: object): Promise<any> {
  return (await object.fetch(new Request(`https://mcp-aot.task/${name}`, { method: 'POST', body: JSON.stringify(envelope) }))).json()
}

const create = async (object: { fetch(request: Request): Promise<Response> }, text: string, owner?: string): Promise<string> => {
  const taskId = newTaskId(Date.now() + 60_000)
  const reply = await operation(object, 'create', { taskId, call: call(text, owner), pollIntervalMs: 1000 })
  expect(reply.task.status).toBe('working')
  return taskId
}

const status = async (object: { fetch(request: Request): Promise<Response> }, taskId: string, owner?: string) =>
  (await operation(object, 'get', { taskId, owner })).task?.status as string | undefined

describe("a durableTasks() object's storage reads", () => {
  it("a principal's object reads its counts and expiry once, restarts' runs at its first alarm, then nothing per task", async () => {
    const storage = new CountingStorage()
    const object = new tasks.DurableObject({ storage }, {})
    const first = await create(object, 'a', 'p1')
    // Its counts (two gets) and its earliest expiry (a list), once.
    expect(storage.reads).toBe(3)
    await object.alarm()
    // The first alarm of the instance lists what a restart would have left: runs cut short, tasks not started.
    expect(storage.reads).toBe(5)
    expect(await status(object, first, 'p1')).toBe('completed')
    const made: string[] = []
    for (let n = 0; n < 5; n++) made.push(await create(object, `b${n}`, 'p1'))
    await object.alarm()
    for (const taskId of made) expect(await status(object, taskId, 'p1')).toBe('completed')
    // Five tasks made, run and read back: not one storage read.
    expect(storage.reads).toBe(5)
    expect(storage.data.get('count')).toBe(6)
    expect(storage.alarm).toBe(Number([...storage.data.keys()].find((key) => key.startsWith('expiry:'))!.slice('expiry:'.length, 'expiry:'.length + 15)))
  })

  it('an object of one task (no principal) reads nothing at all', async () => {
    const storage = new CountingStorage()
    const object = new tasks.DurableObject({ storage }, {})
    const taskId = await create(object, 'solo')
    await object.alarm()
    expect(await status(object, taskId)).toBe('completed')
    expect(storage.reads).toBe(0)
  })

  it('a new instance on the same storage runs the task the last one left unstarted, and fails the run it cut short', async () => {
    const storage = new CountingStorage()
    const before = new tasks.DurableObject({ storage }, {})
    const left = await create(before, 'left', 'p2')
    const cut = await create(before, 'cut', 'p2')
    // The run of `cut` had begun when the instance went away: its marker says so.
    storage.data.delete(`pending:${cut}`)
    storage.data.set(`running:${cut}`, true)
    const after = new tasks.DurableObject({ storage }, {})
    await after.alarm()
    expect(await status(after, left, 'p2')).toBe('completed')
    expect(await status(after, cut, 'p2')).toBe('failed')
    expect([...storage.data.keys()].filter((key) => /^(pending|running):/.test(key))).toEqual([])
  })
})
