/**
 * `durableTasks()` (mcp-aot/cloudflare): the tasks of the Tasks extension (and of 2025-11-25's tasks) in
 * Durable Objects. Every task of one principal (an authorized caller, shared/principal.ts) lives in that
 * principal's object, named by the principal; a server without `authorize` has no principals, and each
 * of its tasks gets an object of its own, named by its task id. A request reaches the object its own
 * caller names, so another caller's `tasks/get`, `tasks/update` or `tasks/cancel` looks in another object
 * and finds nothing: ownership is where the task lives (and each record's owner is checked as well).
 *
 * A 2026-07-28 request carries no session, so the task is reached by the `taskId` in its body, from any
 * front Worker. The tools run in the object's alarm handler, not in any client's request: they run to
 * completion when the client goes away, and the object's storage keeps each task's record (status, input
 * requests, result or error) until its time to live ends, when an alarm deletes it. A task created while
 * the object's alarm is running its principal's other tools starts at once, in that alarm.
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
 * that runs (or waits for input) past the end of the alarm running it is ended, and its task fails saying so.
 */
import type { TaskHost } from '../runtime/shared/api.ts'
import type { AttachTasks, Core, Handler, TaskSupport } from '../runtime/shared/table.ts'
import { namespaceIn, type ObjectState } from './platform.ts'
import { taskSupport } from '../runtime/tasks/support.ts'
import {
  DEFAULT_MAX_RESULT_BYTES_PER_PRINCIPAL,
  DEFAULT_POLL_INTERVAL_MS,
  operate,
  type ResultBudget,
  resultsFull,
  resultTooLarge,
  type TaskCall,
  type TaskOperation,
  type TaskOptions,
  type TaskReply,
  type TaskStore,
} from '../runtime/tasks/store.ts'
import { runTask } from '../runtime/tasks/run-task.ts'
import { expiresAt, newRecord, newTaskId, Task, type TaskRecord } from '../runtime/tasks/task.ts'
import { INTERNAL_ERROR } from '../runtime/shared/protocol.ts'
import { DEFAULT_MAX_TASKS_PER_PRINCIPAL } from '../runtime/tasks/memory.ts'

export interface DurableTasksOptions extends TaskOptions {
  /** The most tasks one principal's object keeps (finished ones count until their time to live ends); default 100. */
  maxTasksPerPrincipal?: number
  /**
   * Where `env` has no such binding (the same bundle in Deno or Node): this host, e.g. `memoryTasks()` for
   * one process. Default: none; there a `@task optional` tool runs as a plain call and a `@task required`
   * one is refused with an error naming the binding.
   */
  fallback?: TaskHost
}

export interface DurableTasks extends TaskHost {
  readonly DurableObject: new (state: any, env: any) => { fetch(request: Request): Promise<Response>; alarm(): Promise<void> }
}

/** The internal requests from the front to a task's object: `${ORIGIN}/create`, `/get`, `/update`, `/cancel`, `/result`. */
const ORIGIN = 'https://mcp-aot.task'
/**
 * Storage keys, per task: its record, its call, `pending` until its tool starts, `running` while it runs,
 * and `expiry:<when>:<id>` (listed in order, so the expired ones are found without reading the others),
 * whose value is the size of its kept result in bytes (`true` while it has none); per object: how many
 * tasks it keeps and how many bytes of results.
 */
const recordKey = (taskId: string) => `record:${taskId}`
const callKey = (taskId: string) => `call:${taskId}`
const pendingKey = (taskId: string) => `pending:${taskId}`
const runningKey = (taskId: string) => `running:${taskId}`
const EXPIRY = 'expiry:'
const expiryKey = (at: number, taskId: string) => `${EXPIRY}${String(at).padStart(15, '0')}:${taskId}`
const COUNT = 'count'
const BYTES = 'bytes'
/** Storage deletes at most 128 keys per call. */
const DELETE_BATCH = 128

interface Envelope {
  readonly taskId: string
  readonly owner?: string
  readonly responses?: Record<string, unknown>
  readonly call?: TaskCall
  readonly pollIntervalMs?: number
}

const json = (reply: TaskReply) => new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } })

/** `durable` where `env` has the binding, else `fallback`: both attached once, to the same core. */
function either(durable: TaskSupport, fallback: TaskSupport, bound: (env: unknown) => boolean): TaskSupport {
  const made = [durable, fallback].map((support) => {
    const tables = { modern: new Map<string, Handler>(), legacy: new Map<string, Handler>() }
    support.methods(tables.modern, tables.legacy)
    return tables
  })
  const join = (era: 'modern' | 'legacy', table: Map<string, Handler>) => {
    for (const [name, handler] of made[0][era]) {
      const other = made[1][era].get(name) ?? handler
      table.set(name, (core, exchange, params) => (bound(exchange.env) ? handler : other)(core, exchange, params))
    }
  }
  return {
    methods(modern, legacy) {
      join('modern', modern)
      join('legacy', legacy)
    },
    capabilities: (caps, version) => durable.capabilities(caps, version),
    call: (exchange, tool, params, answers) => (bound(exchange.env) ? durable : fallback).call(exchange, tool, params, answers),
  }
}

/** The object a task lives in: its owner's, else its own. */
const objectName = (owner: string | undefined, taskId: string) => (owner === undefined ? `task:${taskId}` : `principal:${owner}`)

export function durableTasks(binding = 'MCP_TASKS', options: DurableTasksOptions = {}): DurableTasks {
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
  const perPrincipal = options.maxTasksPerPrincipal ?? DEFAULT_MAX_TASKS_PER_PRINCIPAL
  const bytesPerPrincipal = options.maxResultBytesPerPrincipal ?? DEFAULT_MAX_RESULT_BYTES_PER_PRINCIPAL
  let attached: Core | undefined

  const send = async (env: unknown, operation: string, envelope: Envelope): Promise<TaskReply> => {
    const namespace = namespaceIn(env, binding)
    if (!namespace) {
      return { error: { code: INTERNAL_ERROR, message: `Tasks need the Durable Object binding ${binding} (wrangler.jsonc: durable_objects and a new_sqlite_classes migration); this Worker has none.` } }
    }
    const owner = envelope.call?.owner ?? envelope.owner
    const object = namespace.get(namespace.idFromName(objectName(owner, envelope.taskId)))
    const response = await object.fetch(`${ORIGIN}/${operation}`, { method: 'POST', body: JSON.stringify(envelope) })
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
    const durable = taskSupport(core, store, options)
    return options.fallback ? either(durable, (options.fallback as AttachTasks)(core), store.available!) : durable
  }

  class TaskObject {
    readonly #state: ObjectState
    readonly #env: unknown
    /** How many tasks the object keeps (loaded from storage once). */
    #count: number | undefined
    /** How many bytes of results it keeps (loaded with the count). */
    #bytes = 0
    /** The tasks loaded in this instance, by id. */
    readonly #tasks = new Map<string, Task>()
    /** The tools running in this instance (in its alarm handler), by task id. */
    readonly #runs = new Map<string, Promise<void>>()
    /** The alarm handler is running the tools: a new task joins it. */
    #inAlarm = false
    /**
     * What this instance knows without reading storage: the calls of the tasks it made that have not
     * started (their `pending:` keys are in storage too), when its earliest kept task expires (Infinity:
     * it keeps none; undefined: not read yet), and whether its storage was read for runs a restart left
     * (the first alarm of an instance reads it). So a task made and run by one instance costs no read.
     */
    readonly #pending = new Map<string, TaskCall>()
    #nextExpiry: number | undefined
    #restored = false

    constructor(state: ObjectState, env: unknown) {
      this.#state = state
      this.#env = env
    }

    async fetch(request: Request): Promise<Response> {
      if (!attached) throw new Error('mcp-aot: this Durable Object serves a server made with createServer(…, { tasks }) in the same Worker; none was made.')
      const operation = new URL(request.url).pathname.slice(1)
      const envelope = (await request.json()) as Envelope
      const { taskId } = envelope
      if (operation !== 'create') {
        const task = await this.#load(taskId)
        return json(await operate(task, operation as TaskOperation, taskId, envelope.owner, envelope.responses))
      }
      const storage = this.#state.storage
      const call = envelope.call!
      // A principal's object counts its tasks; an object of one task (no principal) has nothing to count.
      let counted: Record<string, number> = {}
      if (call.owner !== undefined) {
        const count = await this.#sweep()
        if (count >= perPrincipal) {
          return json({ error: { code: INTERNAL_ERROR, message: `You have as many tasks as this server keeps for one caller (${perPrincipal}); retry once one's time to live has ended.` } })
        }
        if (this.#bytes >= bytesPerPrincipal) return json({ error: resultsFull(bytesPerPrincipal, 'one caller') })
        counted = { [COUNT]: (this.#count = count + 1) }
      }
      const record = newRecord(taskId, call.ttlMs, envelope.pollIntervalMs!, call.owner)
      // An object of one task (no principal) is new, and this task is all it will ever keep: nothing to read back.
      if (call.owner === undefined) {
        this.#count ??= 0
        this.#nextExpiry = expiresAt(record)
        this.#restored = true
      }
      const joins = this.#inAlarm
      // Durably created, in one write, before the handle is returned (the spec's MUST): a tasks/get now finds it.
      await storage.put({
        [callKey(taskId)]: call,
        [recordKey(taskId)]: record,
        [expiryKey(expiresAt(record), taskId)]: true,
        ...counted,
        ...(joins ? {} : { [pendingKey(taskId)]: true }),
      })
      if (this.#nextExpiry !== undefined) this.#nextExpiry = Math.min(this.#nextExpiry, expiresAt(record))
      const task = this.#taskOf(record)
      if (joins) this.#start(task, call)
      else {
        this.#pending.set(taskId, call)
        await storage.setAlarm(Date.now())
      }
      return json({ task: record })
    }

    /**
     * Fails the tasks whose run was lost (the object restarted mid-run), starts those not started, runs
     * them all to the end (joined by tasks created meanwhile), then waits for the next expiry.
     */
    async alarm(): Promise<void> {
      await this.#sweep()
      const storage = this.#state.storage
      this.#inAlarm = true
      try {
        // The first alarm of an instance: the runs a restart left fail, and the tasks not started start.
        if (!this.#restored) {
          for (const key of (await storage.list({ prefix: 'running:' })).keys()) {
            const taskId = key.slice('running:'.length)
            if (this.#runs.has(taskId)) continue
            await storage.delete([key])
            ;(await this.#load(taskId))?.fail({ code: INTERNAL_ERROR, message: 'The task ended unfinished: its Durable Object restarted (or the tool ran past 15 minutes) before the tool returned.' })
          }
          for (const key of (await storage.list({ prefix: 'pending:' })).keys()) {
            const taskId = key.slice('pending:'.length)
            if (!this.#pending.has(taskId)) this.#pending.set(taskId, (await storage.get<TaskCall>(callKey(taskId)))!)
          }
          this.#restored = true
        }
        for (const [taskId, call] of this.#pending) {
          this.#pending.delete(taskId)
          const task = await this.#load(taskId)
          if (task && !this.#runs.has(taskId) && call) this.#start(task, call)
        }
        while (this.#runs.size > 0) await Promise.race(this.#runs.values())
      } finally {
        this.#inAlarm = false
      }
      const next = await this.#earliestExpiry()
      if (next !== Infinity) await storage.setAlarm(next)
    }

    /** Runs the task's tool in this instance (within the running alarm). */
    #start(task: Task, call: TaskCall): void {
      const { taskId } = task.record
      const storage = this.#state.storage
      const run = (async () => {
        // Written together (no await between them: one coalesced write).
        await Promise.all([storage.put({ [runningKey(taskId)]: true }), storage.delete([pendingKey(taskId)])])
        await runTask(attached!, task, call, this.#env, this.#state, this.#budget(task))
        await storage.delete([runningKey(taskId)])
      })().finally(() => this.#runs.delete(taskId))
      this.#runs.set(taskId, run)
    }

    /** When the earliest kept task expires (Infinity: none), read from storage once per instance. */
    async #earliestExpiry(): Promise<number> {
      if (this.#nextExpiry === undefined) {
        const [next] = (await this.#state.storage.list({ prefix: EXPIRY, limit: 1 })).keys()
        this.#nextExpiry = next === undefined ? Infinity : Number(next.slice(EXPIRY.length, EXPIRY.length + 15))
      }
      return this.#nextExpiry
    }

    /** Counts a finished task's result in the object (a principal's, or the task's own), written with its expiry key. */
    #budget(task: Task): ResultBudget {
      return (size) => {
        if (this.#bytes + size > bytesPerPrincipal) return resultTooLarge(size, this.#bytes, bytesPerPrincipal, 'one caller')
        this.#bytes += size
        const { taskId } = task.record
        void this.#state.storage.put({ [BYTES]: this.#bytes, [expiryKey(expiresAt(task.record), taskId)]: size })
        return undefined
      }
    }

    #taskOf(record: TaskRecord): Task {
      const task = new Task(record, (changed) => void this.#state.storage.put(recordKey(record.taskId), changed))
      this.#tasks.set(record.taskId, task)
      return task
    }

    async #load(taskId: string): Promise<Task | undefined> {
      const loaded = this.#tasks.get(taskId)
      if (loaded) return loaded
      const record = await this.#state.storage.get<TaskRecord>(recordKey(taskId))
      return record && (this.#tasks.get(taskId) ?? this.#taskOf(record))
    }

    /** Forgets the expired tasks (aborting a tool still running) with everything kept for them; the count left. */
    async #sweep(): Promise<number> {
      const storage = this.#state.storage
      if (this.#count === undefined) {
        this.#bytes = (await storage.get<number>(BYTES)) ?? 0
        this.#count = (await storage.get<number>(COUNT)) ?? 0
      }
      let count = this.#count
      // Nothing has expired yet: no read.
      if (Date.now() < (await this.#earliestExpiry())) return count
      const expired = await storage.list<number | true>({ prefix: EXPIRY, end: expiryKey(Date.now() + 1, '') })
      this.#nextExpiry = undefined
      if (expired.size === 0) return count
      const keys: string[] = []
      for (const [key, size] of expired) {
        if (typeof size === 'number') this.#bytes = Math.max(0, this.#bytes - size)
        const taskId = key.slice(EXPIRY.length + 16)
        this.#tasks.get(taskId)?.cancel('The task expired.')
        this.#tasks.delete(taskId)
        keys.push(key, recordKey(taskId), callKey(taskId), pendingKey(taskId), runningKey(taskId))
      }
      for (let at = 0; at < keys.length; at += DELETE_BATCH) await storage.delete(keys.slice(at, at + DELETE_BATCH))
      this.#count = count = Math.max(0, count - expired.size)
      // An object left with no task keeps nothing.
      if (count === 0) {
        this.#bytes = 0
        await storage.deleteAll()
      } else await storage.put({ [COUNT]: count, [BYTES]: this.#bytes })
      return count
    }
  }

  Object.defineProperty(attach, 'DurableObject', { value: TaskObject })
  return attach as TaskHost as DurableTasks
}
