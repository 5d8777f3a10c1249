/**
 * `memoryTasks()`: tasks kept in this process's memory, their tools run here. Safe where every request
 * reaches the same process (one Node server, one Deno process); a task is lost when the process ends, and
 * another process does not know it (-32602, not found). On Workers use `durableTasks()` from
 * `mcp-aot/cloudflare`: each task in its own Durable Object.
 *
 * Bounded and cheap: at most `maxTasks` tasks, `maxTasksPerPrincipal` for one caller, and the tasks are
 * kept in expiry order as well, so an operation forgets the expired ones without looking at the others.
 */
import type { TaskHost } from '../shared/api.ts'
import type { AttachTasks, Core } from '../shared/table.ts'
import { taskSupport } from './support.ts'
import { DEFAULT_POLL_INTERVAL_MS, operate, type TaskOptions, type TaskStore } from './store.ts'
import { runTask } from './run-task.ts'
import { expiresAt, newRecord, newTaskId, Task } from './task.ts'
import { INTERNAL_ERROR } from '../shared/protocol.ts'

export interface MemoryTasksOptions extends TaskOptions {
  /** The most tasks this process keeps (finished ones count until their time to live ends); beyond it a task call is refused. Default 10,000. */
  maxTasks?: number
  /** The most tasks one principal (an authorized caller) keeps; default 100. */
  maxTasksPerPrincipal?: number
}

export const DEFAULT_MAX_TASKS = 10_000
export const DEFAULT_MAX_TASKS_PER_PRINCIPAL = 100

/** The task store kept in memory by memoryTasks(). */
function memoryTaskStore(core: Core, options: MemoryTasksOptions): TaskStore {
  const tasks = new Map<string, Task>()
  /** The tasks by expiry, soonest first (ids: a task may be gone from `tasks` already). */
  const byExpiry: { readonly at: number; readonly id: string }[] = []
  const held = new Map<string, number>()
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
  const maxTasks = options.maxTasks ?? DEFAULT_MAX_TASKS
  const perPrincipal = options.maxTasksPerPrincipal ?? DEFAULT_MAX_TASKS_PER_PRINCIPAL
  const release = (owner: string | undefined) => {
    if (owner === undefined) return
    const left = (held.get(owner) ?? 1) - 1
    if (left > 0) held.set(owner, left)
    else held.delete(owner)
  }
  /** Forgets expired tasks, soonest first up to the first that is not (aborting a tool still running); run on every operation instead of a timer. */
  const sweep = (now: number) => {
    let over = 0
    while (over < byExpiry.length && byExpiry[over].at <= now) over++
    for (const { id } of byExpiry.splice(0, over)) {
      const task = tasks.get(id)
      if (!task) continue
      tasks.delete(id)
      release(task.record.owner)
      task.cancel('The task expired.')
    }
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
      if (tasks.size >= maxTasks) return { error: { code: INTERNAL_ERROR, message: `The server keeps as many tasks as it may (${maxTasks}); retry later.` } }
      const owner = call.owner
      const count = owner === undefined ? 0 : (held.get(owner) ?? 0)
      if (count >= perPrincipal) {
        return { error: { code: INTERNAL_ERROR, message: `You have as many tasks as this server keeps for one caller (${perPrincipal}); retry once one's time to live has ended.` } }
      }
      if (owner !== undefined) held.set(owner, count + 1)
      const ttlMs = call.ttlMs
      const task = new Task(newRecord(newTaskId(now + ttlMs), ttlMs, pollIntervalMs, owner, now), () => {})
      tasks.set(task.record.taskId, task)
      schedule(expiresAt(task.record), task.record.taskId)
      // The handle is the seed state, taken before the tool's first synchronous steps change it.
      const seed = { ...task.record }
      const running = runTask(core, task, call, env, execution)
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
