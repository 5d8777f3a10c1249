/**
 * `durableTasks()` (mcp-aot/cloudflare): each task of the Tasks extension (and of 2025-11-25's tasks) in a
 * Durable Object of its own, named by its task id (`idFromName`). A 2026-07-28 request carries no session,
 * so `tasks/get`, `tasks/update` and `tasks/cancel` reach the task by the `taskId` in their body, from any
 * front Worker. The tool runs in the object's alarm handler, not in any client's request: it runs to
 * completion when the client goes away, and the object's storage keeps the task's record (status, input
 * requests, result or error) until its time to live ends, when another alarm deletes it.
 *
 * ```ts
 * import { createServer } from 'mcp-aot'
 * import { durableTasks } from 'mcp-aot/cloudflare'
 * const tasks = durableTasks('MCP_TASKS')
 * export default createServer(info, tools, { tasks })
 * export const McpTask = tasks.DurableObject
 * ```
 * with a `durable_objects` binding `MCP_TASKS` → class `McpTask` and a migration
 * `new_sqlite_classes: ["McpTask"]` in wrangler.jsonc. An alarm handler may run for 15 minutes: a tool
 * that runs (or waits for input) longer is ended, and its task fails saying so.
 */
import type { TaskHost } from '../runtime/shared/api.ts'
import type { AttachTasks, Core } from '../runtime/shared/table.ts'
import { namespaceIn, type ObjectState } from './platform.ts'
import { taskSupport } from '../runtime/tasks/support.ts'
import { DEFAULT_POLL_INTERVAL_MS, expired, operate, type TaskCall, type TaskOperation, type TaskOptions, type TaskReply, type TaskStore } from '../runtime/tasks/store.ts'
import { runTask } from '../runtime/tasks/run-task.ts'
import { expiresAt, newRecord, newTaskId, Task, type TaskRecord } from '../runtime/tasks/task.ts'
import { INTERNAL_ERROR } from '../runtime/shared/protocol.ts'

export type DurableTasksOptions = TaskOptions

export interface DurableTasks extends TaskHost {
  readonly DurableObject: new (state: any, env: any) => { fetch(request: Request): Promise<Response>; alarm(): Promise<void> }
}

/** The internal requests from the front to a task's object: `${ORIGIN}/create`, `/get`, `/update`, `/cancel`, `/result`. */
const ORIGIN = 'https://mcp-aot.task'
const RECORD = 'record'
const CALL = 'call'
/** Set when the tool starts: an object that finds it set and no tool running was restarted mid-run. */
const STARTED = 'started'

interface Envelope {
  readonly taskId: string
  readonly owner?: string
  readonly responses?: Record<string, unknown>
  readonly call?: TaskCall
  readonly pollIntervalMs?: number
}

const json = (reply: TaskReply) => new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } })

export function durableTasks(binding = 'MCP_TASKS', options: DurableTasksOptions = {}): DurableTasks {
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
  let attached: Core | undefined

  const send = async (env: unknown, operation: string, envelope: Envelope): Promise<TaskReply> => {
    const namespace = namespaceIn(env, binding)
    if (!namespace) {
      return { error: { code: INTERNAL_ERROR, message: `Tasks need the Durable Object binding ${binding} (wrangler.jsonc: durable_objects and a new_sqlite_classes migration); this Worker has none.` } }
    }
    const response = await namespace.get(namespace.idFromName(envelope.taskId)).fetch(`${ORIGIN}/${operation}`, { method: 'POST', body: JSON.stringify(envelope) })
    return (await response.json()) as TaskReply
  }

  const attach: AttachTasks = (core) => {
    attached = core
    const store: TaskStore = {
      create: (call, env) => send(env, 'create', { taskId: newTaskId(Date.now() + call.ttlMs), call, pollIntervalMs }),
      operate: (operation, taskId, owner, responses, env) => send(env, operation, { taskId, owner, responses }),
      // Without the binding (commented out in wrangler.jsonc) an optional tool runs as a plain call.
      available: (env) => namespaceIn(env, binding) !== undefined,
    }
    return taskSupport(core, store, options)
  }

  class TaskObject {
    readonly #state: ObjectState
    readonly #env: unknown
    #task: Task | undefined
    /** The tool runs in this instance (in its alarm handler). */
    #running = false

    constructor(state: ObjectState, env: unknown) {
      this.#state = state
      this.#env = env
    }

    async fetch(request: Request): Promise<Response> {
      if (!attached) throw new Error('mcp-aot: this Durable Object serves a server made with createServer(…, { tasks }) in the same Worker; none was made.')
      const operation = new URL(request.url).pathname.slice(1)
      const envelope = (await request.json()) as Envelope
      const storage = this.#state.storage
      if (operation === 'create') {
        const call = envelope.call!
        const record = newRecord(envelope.taskId, call.ttlMs, envelope.pollIntervalMs!, call.owner)
        // Durably created before the handle is returned (the spec's MUST): a tasks/get now finds it.
        await storage.put(CALL, call)
        await storage.put(RECORD, record)
        this.#task = this.#taskOf(record)
        await storage.setAlarm(Date.now())
        return json({ task: record })
      }
      const task = await this.#load()
      const reply = await operate(task, operation as TaskOperation, envelope.taskId, envelope.owner, envelope.responses)
      if (task && expired(task.record)) await this.#forget()
      return json(reply)
    }

    /** Starts the tool (first alarm), fails a task whose run was lost, or deletes an expired task. */
    async alarm(): Promise<void> {
      const storage = this.#state.storage
      const task = await this.#load()
      if (!task) return
      if (expired(task.record)) return this.#forget()
      if (task.terminal || this.#running) return storage.setAlarm(expiresAt(task.record))
      if (await storage.get(STARTED)) {
        task.fail({ code: INTERNAL_ERROR, message: 'The task ended unfinished: its Durable Object restarted (or the tool ran past 15 minutes) before the tool returned.' })
        return storage.setAlarm(expiresAt(task.record))
      }
      await storage.put(STARTED, true)
      await storage.setAlarm(expiresAt(task.record))
      const call = (await storage.get<TaskCall>(CALL))!
      this.#running = true
      try {
        await runTask(attached!, task, call, this.#env, this.#state)
      } finally {
        this.#running = false
      }
    }

    #taskOf(record: TaskRecord): Task {
      return new Task(record, (changed) => void this.#state.storage.put(RECORD, changed))
    }

    async #load(): Promise<Task | undefined> {
      if (this.#task) return this.#task
      const record = await this.#state.storage.get<TaskRecord>(RECORD)
      return record && (this.#task ??= this.#taskOf(record))
    }

    async #forget(): Promise<void> {
      this.#task?.cancel('The task expired.')
      this.#task = undefined
      await this.#state.storage.deleteAll()
    }
  }

  Object.defineProperty(attach, 'DurableObject', { value: TaskObject })
  return attach as TaskHost as DurableTasks
}
