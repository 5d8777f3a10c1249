/**
 * `memoryTasks()`: tasks kept in this process's memory, their tools run here. Safe where every request
 * reaches the same process (one Node server, one Deno process); a task is lost when the process ends, and
 * another process does not know it (-32602, not found). On Workers use `durableTasks()` from
 * `mcp-aot/cloudflare`: each task in its own Durable Object.
 *
 * Bounded and cheap: at most `maxTasks` tasks, `maxTasksPerPrincipal` for one caller, `maxResultBytes` of
 * results and `maxResultBytesPerPrincipal` for one caller, and the tasks are kept in expiry order as well,
 * so an operation forgets the expired ones without looking at the others. A full store forgets a task
 * finished `reclaimFinishedMs` ago to make room (callers without authorization share it: a flood of tasks
 * shuts the door for about that long, not for the tasks' time to live).
 */
import type { TaskHost } from '../shared/api.ts'
import type { AttachTasks, Core } from '../shared/table.ts'
import { taskSupport } from './support.ts'
import { DEFAULT_MAX_RESULT_BYTES_PER_PRINCIPAL, DEFAULT_POLL_INTERVAL_MS, operate, type ResultBudget, resultsFull, resultTooLarge, type TaskOptions, type TaskStore } from './store.ts'
import { runTask } from './run-task.ts'
import { expiresAt, newRecord, newTaskId, Task } from './task.ts'
import { INTERNAL_ERROR } from '../shared/protocol.ts'

export interface MemoryTasksOptions extends TaskOptions {
  /** The most tasks this process keeps (finished ones count until their time to live ends, or are reclaimed); beyond it a task call is refused. Default 10,000. */
  maxTasks?: number
  /** The most tasks one principal (an authorized caller) keeps; default 100. */
  maxTasksPerPrincipal?: number
  /** The most bytes of results this process keeps, all callers together; a result past it fails its task. Default 100 MiB. */
  maxResultBytes?: number
  /**
   * When the store is full (`maxTasks`, or `maxResultBytes` for a new result), the finished task that
   * finished earliest among the soonest to expire is forgotten to make room, once it has been finished this
   * long; default one minute. `Infinity`: never, a full store refuses until a task's time to live ends.
   */
  reclaimFinishedMs?: number
}

export const DEFAULT_MAX_TASKS = 10_000
export const DEFAULT_MAX_TASKS_PER_PRINCIPAL = 100
export const DEFAULT_MAX_RESULT_BYTES = 100 * 1024 * 1024
export const DEFAULT_RECLAIM_FINISHED_MS = 60_000
/** How many of the soonest-expiring tasks a full store looks at for a finished one to forget. */
const RECLAIM_TRIES = 16

/** The task store kept in memory by memoryTasks(). */
function memoryTaskStore(core: Core, options: MemoryTasksOptions): TaskStore {
  const tasks = new Map<string, Task>()
  /** The tasks by expiry, soonest first (ids: a task may be gone from `tasks` already). */
  const byExpiry: { readonly at: number; readonly id: string }[] = []
  const held = new Map<string, number>()
  /** Bytes of results kept, by task, by principal and in all. */
  const sizes = new Map<string, number>()
  const bytesHeld = new Map<string, number>()
  let bytes = 0
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
  const maxTasks = options.maxTasks ?? DEFAULT_MAX_TASKS
  const perPrincipal = options.maxTasksPerPrincipal ?? DEFAULT_MAX_TASKS_PER_PRINCIPAL
  const bytesPerPrincipal = options.maxResultBytesPerPrincipal ?? DEFAULT_MAX_RESULT_BYTES_PER_PRINCIPAL
  const maxBytes = options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES
  const reclaimFinishedMs = options.reclaimFinishedMs ?? DEFAULT_RECLAIM_FINISHED_MS
  const count = (map: Map<string, number>, key: string | undefined, by: number) => {
    if (key === undefined) return
    const left = (map.get(key) ?? 0) + by
    if (left > 0) map.set(key, left)
    else map.delete(key)
  }
  /** Forgets a task and gives back what it held (its tool, if still running, is aborted). */
  const forget = (task: Task, message: string) => {
    const { taskId, owner } = task.record
    tasks.delete(taskId)
    count(held, owner, -1)
    const size = sizes.get(taskId) ?? 0
    sizes.delete(taskId)
    count(bytesHeld, owner, -size)
    bytes -= size
    task.cancel(message)
  }
  /** Forgets expired tasks, soonest first up to the first that is not (aborting a tool still running); run on every operation instead of a timer. */
  const sweep = (now: number) => {
    let over = 0
    while (over < byExpiry.length && byExpiry[over].at <= now) over++
    for (const { id } of byExpiry.splice(0, over)) {
      const task = tasks.get(id)
      if (task) forget(task, 'The task expired.')
    }
  }
  /**
   * A full store makes room: among the soonest to expire, a task finished `reclaimFinishedMs` ago is
   * forgotten. Undefined when one was, else how long until one may be.
   */
  const reclaim = (now: number): number | undefined => {
    let wait = reclaimFinishedMs
    for (let index = 0; index < Math.min(byExpiry.length, RECLAIM_TRIES); index++) {
      const task = tasks.get(byExpiry[index].id)
      if (!task?.terminal) continue
      const finished = now - Date.parse(task.record.lastUpdatedAt)
      if (finished < reclaimFinishedMs) {
        wait = Math.min(wait, reclaimFinishedMs - finished)
        continue
      }
      byExpiry.splice(index, 1)
      forget(task, 'The task was reclaimed.')
      return undefined
    }
    return wait
  }
  /** Counts a finished task's result against its principal's bound and the store's (which may reclaim room first). */
  const budget = (task: Task): ResultBudget => (size) => {
    const { taskId, owner } = task.record
    const mine = owner === undefined ? 0 : (bytesHeld.get(owner) ?? 0)
    if (owner !== undefined && mine + size > bytesPerPrincipal) return resultTooLarge(size, mine, bytesPerPrincipal, 'one caller')
    for (let tries = 0; bytes + size > maxBytes; tries++) {
      if (tries >= RECLAIM_TRIES || reclaim(Date.now()) !== undefined) return resultTooLarge(size, bytes, maxBytes, 'all callers')
    }
    sizes.set(taskId, size)
    count(bytesHeld, owner, size)
    bytes += size
    return undefined
  }
  /** Keeps `byExpiry` sorted: a binary search for the first entry expiring later. */
  const schedule = (at: number, id: string) => {
    let low = 0
    let high = byExpiry.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (byExpiry[middle].at <= at) low = middle + 1
      else high = middle
    }
    byExpiry.splice(low, 0, { at, id })
  }
  return {
    async create(call, env, execution) {
      const now = Date.now()
      sweep(now)
      const owner = call.owner
      if (owner !== undefined && (held.get(owner) ?? 0) >= perPrincipal) {
        return { error: { code: INTERNAL_ERROR, message: `You have as many tasks as this server keeps for one caller (${perPrincipal}); retry once one's time to live has ended.` } }
      }
      if (owner !== undefined && (bytesHeld.get(owner) ?? 0) >= bytesPerPrincipal) return { error: resultsFull(bytesPerPrincipal, 'one caller') }
      const wait = tasks.size >= maxTasks ? reclaim(now) : undefined
      if (wait !== undefined) {
        return { error: { code: INTERNAL_ERROR, message: `The server keeps as many tasks as it may (${maxTasks}) and none has been finished long enough to give way; retry in ${Math.ceil(wait / 1000)} s.` } }
      }
      count(held, owner, 1)
      const ttlMs = call.ttlMs
      const task = new Task(newRecord(newTaskId(now + ttlMs), ttlMs, pollIntervalMs, owner, now), () => {})
      tasks.set(task.record.taskId, task)
      schedule(expiresAt(task.record), task.record.taskId)
      // The handle is the seed state, taken before the tool's first synchronous steps change it.
      const seed = { ...task.record }
      const running = runTask(core, task, call, env, execution, budget(task))
      execution?.waitUntil(running)
      return { task: seed }
    },
    async operate(operation, taskId, owner, responses) {
      sweep(Date.now())
      return operate(tasks.get(taskId), operation, taskId, owner, responses)
    },
  }
}

export function memoryTasks(options: MemoryTasksOptions = {}): TaskHost {
  const attach: AttachTasks = (core) => taskSupport(core, memoryTaskStore(core, options), options)
  return attach
}
