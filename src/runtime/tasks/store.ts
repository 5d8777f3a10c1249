/**
 * Where tasks live, as the runtime sees it: a task store answers the four operations of the Tasks
 * extension (and 2025-11-25's tasks/result) with plain JSON, since a Durable Object store answers across
 * a fetch. Two stores: memory.ts (one process) and src/cloudflare/tasks.ts (a Durable Object per task).
 * `operate` is the part both share: one operation on one task, with the owner and expiry checks.
 */
import type { AuthInfo, Execution } from '../shared/api.ts'
import { INTERNAL_ERROR, INVALID_PARAMS } from '../shared/protocol.ts'
import { expiresAt, expiryOf, type Task, type TaskRecord } from './task.ts'

/** A tools/call to run as a task, as it crosses into the store (JSON). */
export interface TaskCall {
  readonly name: string
  readonly arguments: unknown
  /** The revision the client speaks. */
  readonly version: string
  /** The client's capabilities (per request in 2026-07-28, from initialize before). */
  readonly capabilities: Record<string, any>
  readonly progressToken?: string | number
  readonly auth?: AuthInfo
  /** Who may see the task (see TaskRecord.owner). */
  readonly owner?: string
  /** The request's URL and headers, for the tool's `ctx.request`. */
  readonly url: string
  readonly headers: [string, string][]
  /** The time to live the task gets. */
  readonly ttlMs: number
  /** An ask-first tool's answers from before its task, by request key: its questions there resolve with them. */
  readonly answers?: Record<string, unknown>
}

export type TaskError = { code: number; message: string; data?: unknown }
export type TaskReply = { task: TaskRecord } | { error: TaskError }
export type TaskOperation = 'get' | 'update' | 'cancel' | 'result'

export interface TaskStore {
  /** Creates the task durably (a `tasks/get` for its id resolves once this does) and starts the tool. */
  create(call: TaskCall, env: unknown, execution: Execution | undefined): Promise<TaskReply>
  /** `responses`: the input responses of `update`; `result` waits until the task is terminal. */
  operate(operation: TaskOperation, taskId: string, owner: string | undefined, responses: Record<string, unknown> | undefined, env: unknown): Promise<TaskReply>
  /** False when this deployment cannot keep tasks (durableTasks() without its binding): a `@task optional` tool then runs as a plain call. */
  available?(env: unknown): boolean
}

/** How often clients are asked to poll, by default. */
export const DEFAULT_POLL_INTERVAL_MS = 1000
/** How long a task and its result are kept from creation, by default: one hour. */
export const DEFAULT_TASK_TTL_MS = 3_600_000

/** How many bytes of results one principal's tasks keep, by default: 10 MiB. */
export const DEFAULT_MAX_RESULT_BYTES_PER_PRINCIPAL = 10 * 1024 * 1024

export interface TaskOptions {
  /** How long a task and its result are kept from its creation (a 2025-11-25 client may ask for less); default one hour. */
  ttlMs?: number
  /** The `pollIntervalMs` clients are asked to keep between polls; default 1000. */
  pollIntervalMs?: number
  /**
   * The most bytes of results (the CallToolResult's JSON, in UTF-8) one principal's tasks keep until their
   * time to live ends; a task whose result would pass it fails saying so (-32603), and no task is made
   * while the bound is reached. Default 10 MiB.
   */
  maxResultBytesPerPrincipal?: number
}

/**
 * Where a finished task's result is counted before it is kept: undefined when `bytes` fit (and are now
 * counted), else the error the task fails with instead.
 */
export type ResultBudget = (bytes: number) => TaskError | undefined

/** The error of a task whose result would pass `max` bytes, of which `kept` are taken (`whose`: "one caller", "this server"). */
export function resultTooLarge(bytes: number, kept: number, max: number, whose: string): TaskError {
  return {
    code: INTERNAL_ERROR,
    message: `The task's result (${bytes} bytes) would pass the ${max} bytes of results this server keeps for ${whose} (${kept} kept until their tasks' time to live ends); the result was dropped.`,
  }
}

/** The error of a task refused because its caller's kept results already reach `max` bytes. */
export function resultsFull(max: number, whose: string): TaskError {
  return { code: INTERNAL_ERROR, message: `The results kept for ${whose} reach the ${max} bytes this server keeps; retry once a task's time to live has ended.` }
}

/** The error for a task that is not (or no longer) there: -32602, saying which. */
export function missingTask(taskId: string, now = Date.now()): TaskError {
  const expiry = expiryOf(taskId)
  if (expiry !== undefined && expiry <= now) {
    return { code: INVALID_PARAMS, message: `Failed to retrieve task: Task has expired (its time to live ended at ${new Date(expiry).toISOString()}; results are not kept after it).` }
  }
  return { code: INVALID_PARAMS, message: 'Failed to retrieve task: Task not found.' }
}

/** True when the task's time to live is over. */
export const expired = (record: TaskRecord, now = Date.now()): boolean => now >= expiresAt(record)

/** One operation on one task (undefined: not there); the caller forgets an expired task. */
export async function operate(task: Task | undefined, operation: TaskOperation, taskId: string, owner: string | undefined, responses: Record<string, unknown> | undefined): Promise<TaskReply> {
  if (!task || task.record.owner !== owner || expired(task.record)) return { error: missingTask(taskId) }
  if (operation === 'update') {
    // support.ts refuses a tasks/update without inputResponses before it reaches a store.
    task.update(responses!)
  } else if (operation === 'cancel') task.cancel()
  else if (operation === 'result') await task.settled()
  return { task: task.record }
}
