/**
 * One task of the Tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663; spec text:
 * modelcontextprotocol/ext-tasks, specification/draft/tasks.md) and, for 2025-11-25 clients that ask for
 * one, of that revision's experimental core tasks: its record (what `tasks/get` shows, kept by a task
 * store: a Durable Object's storage or this process's memory) and, while the tool runs in this owner, the
 * live parts: the abort controller `tasks/cancel` fires, the input requests waiting for `tasks/update`, the
 * waiters of a 2025-11-25 `tasks/result`.
 *
 * State machine (the spec's): working ⇄ input_required → completed | failed | cancelled; terminal states
 * never change. A tool that returns (even an `isError` result) completes the task; a JSON-RPC error fails
 * it; `tasks/cancel` cancels it at once and aborts the tool's signal (cooperative: the tool's later value
 * is dropped).
 */
import type { InputRequest } from '../shared/api.ts'
import { isObject } from '../shared/jsonrpc.ts'

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'

/** What is kept of a task between requests (JSON). */
export interface TaskRecord {
  readonly taskId: string
  status: TaskStatus
  statusMessage?: string
  readonly createdAt: string
  lastUpdatedAt: string
  /** From creation; the task and its result are gone after it. */
  readonly ttlMs: number
  readonly pollIntervalMs: number
  /** Outstanding server→client requests by key (input_required). */
  inputRequests?: Record<string, InputRequest>
  /** The CallToolResult (completed). */
  result?: Record<string, unknown>
  /** The JSON-RPC error (failed). */
  error?: { code: number; message: string; data?: unknown }
  /** Who created it (the authorized client), when the server authorizes; others are told it does not exist. */
  readonly owner?: string
}

export const TERMINAL: ReadonlySet<TaskStatus> = /* @__PURE__ */ new Set(['completed', 'failed', 'cancelled'])

/** `<32 hex>.<expiry, ms since the epoch, base 36>`: unguessable, and says when it expires once forgotten. */
export function newTaskId(expiresAt: number): string {
  return `${crypto.randomUUID().replace(/-/g, '')}.${expiresAt.toString(36)}`
}

/** When the task `taskId` expires (from its id), or undefined for an id this server did not mint. */
export function expiryOf(taskId: string): number | undefined {
  const match = /^[0-9a-f]{32}\.([0-9a-z]{1,12})$/.exec(taskId)
  return match ? parseInt(match[1], 36) : undefined
}

export function newRecord(taskId: string, ttlMs: number, pollIntervalMs: number, owner: string | undefined, now = Date.now()): TaskRecord {
  const at = new Date(now).toISOString()
  const record: TaskRecord = { taskId, status: 'working', createdAt: at, lastUpdatedAt: at, ttlMs, pollIntervalMs }
  return owner === undefined ? record : { ...record, owner }
}

export const expiresAt = (record: TaskRecord): number => Date.parse(record.createdAt) + record.ttlMs

interface Waiting {
  readonly request: InputRequest
  readonly resolve: (answer: unknown) => void
}

export class Task {
  readonly record: TaskRecord
  readonly #save: (record: TaskRecord) => void | Promise<void>
  readonly #controller = new AbortController()
  readonly #waiting = new Map<string, Waiting>()
  /** Every input request key used so far: a key is never reused within a task (the spec's MUST). */
  readonly #keys = new Set<string>()
  readonly #settled: Promise<void>
  #settle!: () => void

  /** `save`: keeps the record (called after every change). */
  constructor(record: TaskRecord, save: (record: TaskRecord) => void | Promise<void>) {
    this.record = record
    this.#save = save
    this.#settled = new Promise((resolve) => (this.#settle = resolve))
    if (this.terminal) this.#settle()
  }

  get terminal(): boolean {
    return TERMINAL.has(this.record.status)
  }

  /** Aborted by `tasks/cancel` (and when the task expires while the tool runs). */
  get signal(): AbortSignal {
    return this.#controller.signal
  }

  /** Resolves once the task is terminal (a 2025-11-25 `tasks/result` waits for it). */
  settled(): Promise<void> {
    return this.#settled
  }

  /** A progress report: the status message of a working task. */
  status(message: string): void {
    if (this.terminal) return
    this.record.statusMessage = message
    this.#touch()
  }

  /** The tool asks the client: the task is input_required until `tasks/update` answers every key. */
  ask(requests: Record<string, InputRequest>): Promise<Record<string, any>> {
    if (this.terminal) return new Promise(() => {})
    const keys = Object.keys(requests)
    const answers = keys.map((asked) => {
      let key = asked
      for (let n = 2; this.#keys.has(key); n++) key = `${asked}-${n}`
      this.#keys.add(key)
      return new Promise<unknown>((resolve) => this.#waiting.set(key, { request: requests[asked], resolve }))
    })
    this.#showWaiting()
    return Promise.all(answers).then((values) => Object.fromEntries(keys.map((key, index) => [key, values[index]])))
  }

  /** `tasks/update`: answers outstanding requests; keys not outstanding are ignored (the spec's SHOULD). */
  update(responses: Record<string, unknown>): void {
    let answered = false
    for (const key of Object.keys(responses)) {
      const waiting = this.#waiting.get(key)
      if (!waiting) continue
      this.#waiting.delete(key)
      waiting.resolve(responses[key])
      answered = true
    }
    if (answered) this.#showWaiting()
  }

  /** `tasks/cancel`: cancelled at once, the tool's signal aborted. No effect on a terminal task. */
  cancel(message = 'The client cancelled the task.'): void {
    if (this.terminal) return
    this.#end({ status: 'cancelled', statusMessage: message })
    this.#controller.abort(new DOMException(message, 'AbortError'))
  }

  complete(result: Record<string, unknown>): void {
    if (!this.terminal) this.#end({ status: 'completed', result })
  }

  fail(error: { code: number; message: string; data?: unknown }): void {
    if (!this.terminal) this.#end({ status: 'failed', statusMessage: error.message, error })
  }

  #showWaiting(): void {
    if (this.terminal) return
    const record = this.record
    if (this.#waiting.size === 0) {
      record.status = 'working'
      delete record.inputRequests
    } else {
      record.status = 'input_required'
      record.inputRequests = Object.fromEntries([...this.#waiting].map(([key, waiting]) => [key, waiting.request]))
    }
    this.#touch()
  }

  #end(fields: Partial<TaskRecord>): void {
    const record = this.record
    delete record.inputRequests
    Object.assign(record, fields)
    this.#waiting.clear()
    this.#touch()
    this.#settle()
  }

  #touch(): void {
    this.record.lastUpdatedAt = new Date(Date.now()).toISOString()
    void this.#save(this.record)
  }
}

/** The `Task` fields of a record as the extension shows them (ttlMs, pollIntervalMs, plus the status's payload). */
export function detailedTask(record: TaskRecord): Record<string, unknown> {
  const { owner: _owner, ...shown } = record
  return shown
}

/** The same in 2025-11-25's shape: `ttl` and `pollInterval`; the payload stays with tasks/result. */
export function legacyTask(record: TaskRecord): Record<string, unknown> {
  const task: Record<string, unknown> = { taskId: record.taskId, status: record.status }
  if (record.statusMessage !== undefined) task.statusMessage = record.statusMessage
  task.createdAt = record.createdAt
  task.lastUpdatedAt = record.lastUpdatedAt
  task.ttl = record.ttlMs
  task.pollInterval = record.pollIntervalMs
  return task
}

/** Input responses as `tasks/update` sends them, or undefined when they are not an object. */
export const responsesOf = (params: Record<string, any> | undefined): Record<string, unknown> | undefined =>
  isObject(params?.inputResponses) ? params!.inputResponses : undefined
