/**
 * `memoryTasks()`: tasks kept in this process's memory, their tools run here. Safe where every request
 * reaches the same process (one Node server, one Deno process); a task is lost when the process ends, and
 * another process does not know it (-32602, not found). On Workers use `durableTasks()` from
 * `mcp-aot/cloudflare`: each task in its own Durable Object.
 */
import type { TaskHost } from '../shared/api.ts'
import type { AttachTasks, Core } from '../shared/table.ts'
import { taskSupport } from './support.ts'
import { DEFAULT_POLL_INTERVAL_MS, expired, operate, type TaskOptions, type TaskStore } from './store.ts'
import { runTask } from './run-task.ts'
import { newRecord, newTaskId, Task } from './task.ts'

export type MemoryTasksOptions = TaskOptions

/** The task store kept in memory by memoryTasks(). */
function memoryTaskStore(core: Core, options: TaskOptions): TaskStore {
  const tasks = new Map<string, Task>()
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
  /** Forgets expired tasks (aborting a tool still running); run on every operation instead of a timer. */
  const sweep = (now: number) => {
    for (const [id, task] of tasks) {
      if (!expired(task.record, now)) continue
      tasks.delete(id)
      task.cancel('The task expired.')
    }
  }
  return {
    async create(call, env, execution) {
      const now = Date.now()
      sweep(now)
      const ttlMs = call.ttlMs
      const task = new Task(newRecord(newTaskId(now + ttlMs), ttlMs, pollIntervalMs, call.owner, now), () => {})
      tasks.set(task.record.taskId, task)
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
