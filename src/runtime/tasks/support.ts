/**
 * The Tasks extension's methods and the tools/call hook, over a task store (store.ts). A host
 * (`memoryTasks()` in memory.ts, `durableTasks()` in mcp-aot/cloudflare) makes this with `taskSupport`
 * when createServer attaches it; the runtime reaches it only through `core.tasks` (types only), so a
 * server without `tasks` bundles none of it.
 *
 * 2026-07-28 (SEP-2663, `io.modelcontextprotocol/tasks`): a client that declares the extension in its
 * per-request capabilities and calls a `@task` tool gets `resultType: "task"` and a task handle;
 * `tasks/get` polls it (`inputRequests`, `result` or `error` inlined), `tasks/update` answers its
 * input requests, `tasks/cancel` cancels it. A client that does not declare it is refused with -32021
 * for those methods and for a `@task required` tool; a `@task optional` tool then runs as a plain call.
 * 2025-11-25 (experimental core tasks): `params.task` on tools/call makes the task
 * (`{ task: { …, ttl, pollInterval } }`); `tasks/get`, `tasks/result` (waits, then the CallToolResult or
 * the error), `tasks/cancel`.
 *
 * No `tasks/list` in either era. The extension defines three methods, tasks/get, tasks/update and
 * tasks/cancel, and no listing (SEP-2663, https://modelcontextprotocol.io/seps/2663-tasks-extension; its
 * requester, @modelcontextprotocol/ext-tasks, treats a V2 server's inventory as known handles only).
 * In 2025-11-25 `tasks/list` is optional, offered only by a server that declares `capabilities.tasks.list`;
 * this one does not, since each task lives on its own (one Durable Object per task id, no index).
 */
import type { Exchange } from '../shared/exchange.ts'
import type { Core, Handler, TaskSupport } from '../shared/table.ts'
import type { TaskCall, TaskOperation, TaskOptions, TaskReply, TaskStore } from './store.ts'
import { isObject, RpcError } from '../shared/jsonrpc.ts'
import { INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND, MISSING_CAPABILITY, MODERN } from '../shared/protocol.ts'
import { clientCapabilitiesOf } from '../shared/session-id.ts'
import { principalOf, secretOf } from '../shared/principal.ts'
import { withTail } from '../call/outcomes.ts'
import { DEFAULT_TASK_TTL_MS, missingTask } from './store.ts'
import { detailedTask, expiryOf, legacyTask, responsesOf } from './task.ts'

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'
const RELATED_TASK = 'io.modelcontextprotocol/related-task'

const missingExtension = (what: string) =>
  new RpcError(MISSING_CAPABILITY, `${what} needs the Tasks extension: declare "extensions": { "${TASKS_EXTENSION}": {} } in the request's client capabilities.`, {
    requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
  })

const declaresTasks = (exchange: Exchange): boolean => isObject(exchange.capabilities?.extensions?.[TASKS_EXTENSION])

/** Who a task belongs to: the caller's principal (shared/principal.ts), when the server authorizes. */
const ownerOf = (core: Core, exchange: Exchange): Promise<string | undefined> => principalOf(exchange.auth, secretOf(core.options, exchange.env))

/** Request headers a task never keeps (its record outlives the request): the caller's credentials. */
const CREDENTIALS: ReadonlySet<string> = /* @__PURE__ */ new Set(['authorization', 'cookie', 'proxy-authorization'])

/** Told to onError when a task cannot be bound to its caller. */
const UNBOUND_MESSAGE =
  "mcp-aot: a @task call was refused: the authorize hook's answer names nobody (no token, clientId or extra.userId), so the task could not belong to its caller."

const toError = (error: { code: number; message: string; data?: unknown }) => new RpcError(error.code, error.message, error.data)

/** The host's half: what memoryTasks() and durableTasks() hand createServer (shared/table.ts AttachTasks). */
export function taskSupport(core: Core, store: TaskStore, options: TaskOptions): TaskSupport {
  const maxTtlMs = options.ttlMs ?? DEFAULT_TASK_TTL_MS
  const modernText = (reply: TaskReply, shown: (task: Record<string, unknown>) => string) => ('error' in reply ? toError(reply.error) : shown(detailedTask(reply.task)))

  const operation = (name: TaskOperation, exchange: Exchange, params: Record<string, any> | undefined): Promise<TaskReply> | RpcError => {
    const taskId = params?.taskId
    if (typeof taskId !== 'string') return new RpcError(INVALID_PARAMS, `tasks/${name} needs params.taskId, the id of the task.`)
    const responses = name === 'update' ? responsesOf(params) : undefined
    if (name === 'update' && !responses) return new RpcError(INVALID_PARAMS, 'tasks/update needs params.inputResponses, an object of responses by request key.')
    // An id this server never minted names no task: answered here, without reaching a store (or a Durable Object).
    if (expiryOf(taskId) === undefined) return Promise.resolve({ error: missingTask(taskId) })
    return ownerOf(core, exchange).then((owner) => store.operate(name, taskId, owner, responses, exchange.env))
  }

  /** A 2026-07-28 tasks method: refused unless the request declares the extension. */
  const modern = (name: TaskOperation, shown: (task: Record<string, unknown>) => string): Handler => (_core, exchange, params) => {
    if (!declaresTasks(exchange)) return missingExtension(`tasks/${name}`)
    const pending = operation(name, exchange, params)
    return pending instanceof RpcError ? pending : pending.then((reply) => modernText(reply, shown))
  }
  const ack = withTail('{}', core.completeTail)
  const acknowledged = () => ack

  const legacy = (name: TaskOperation, shown: (reply: Extract<TaskReply, { task: unknown }>) => string | RpcError): Handler => (_core, exchange, params) => {
    const pending = operation(name, exchange, params)
    return pending instanceof RpcError ? pending : pending.then((reply) => ('error' in reply ? toError(reply.error) : shown(reply)))
  }
  const legacyResult = ({ task }: Extract<TaskReply, { task: unknown }>): string | RpcError => {
    const related = { [RELATED_TASK]: { taskId: task.taskId } }
    if (task.status === 'completed') return JSON.stringify({ ...task.result, _meta: { ...(task.result?._meta as object), ...related } })
    if (task.status === 'failed') return new RpcError(task.error!.code, task.error!.message, task.error!.data)
    return new RpcError(INVALID_PARAMS, `The task was cancelled: it has no result.`, { _meta: related })
  }

  return {
    methods(modernMethods, legacyMethods) {
      modernMethods.set('tasks/get', modern('get', (task) => withTail(JSON.stringify(task), core.completeTail)))
      modernMethods.set('tasks/update', modern('update', acknowledged))
      modernMethods.set('tasks/cancel', modern('cancel', acknowledged))
      legacyMethods.set('tasks/get', legacy('get', ({ task }) => JSON.stringify(legacyTask(task))))
      legacyMethods.set('tasks/result', legacy('result', legacyResult))
      legacyMethods.set('tasks/cancel', legacy('cancel', ({ task }) => JSON.stringify(legacyTask(task))))
    },

    capabilities(caps, version) {
      // The extension in 2026-07-28, 2025-11-25's experimental core tasks before; older revisions have none.
      if (version >= MODERN) caps.extensions = { [TASKS_EXTENSION]: {} }
      else if (version >= '2025-11-25') caps.tasks = { cancel: {}, requests: { tools: { call: {} } } }
    },

    call(exchange, tool, params, answers) {
      if (tool.task === 'optional' && store.available?.(exchange.env) === false) return undefined
      let ttlMs = maxTtlMs
      if (exchange.modern) {
        if (!declaresTasks(exchange)) return tool.task === 'required' ? missingExtension(`The tool '${tool.name}'`) : undefined
      } else if (exchange.version < '2025-11-25') {
        // Tasks came with 2025-11-25: an older client (a 2025-03-26 batch among them) makes none.
        if (tool.task !== 'required') return undefined
        return new RpcError(METHOD_NOT_FOUND, `The tool '${tool.name}' runs only as a task, which needs MCP 2025-11-25 or later; this client speaks ${exchange.version}.`)
      } else {
        const asked = params.task
        if (!isObject(asked)) {
          if (tool.task !== 'required') return undefined
          return new RpcError(METHOD_NOT_FOUND, `The tool '${tool.name}' runs only as a task: send tools/call with params.task (MCP 2025-11-25 tasks).`)
        }
        if (typeof asked.ttl === 'number' && asked.ttl > 0) ttlMs = Math.min(Math.floor(asked.ttl), maxTtlMs)
      }
      const request = exchange.request
      return ownerOf(core, exchange).then(async (owner) => {
        // Under authorize a task belongs to someone: a hook that names nobody gets no task nobody could own.
        if (core.options.authorize && owner === undefined) {
          core.report(new Error(UNBOUND_MESSAGE), 'tool', tool.name)
          return new RpcError(INTERNAL_ERROR, 'This server cannot tell who you are, so it cannot keep a task for you.')
        }
        const call: TaskCall = {
          name: tool.name,
          arguments: params.arguments ?? {},
          version: exchange.version,
          capabilities: clientCapabilitiesOf(exchange),
          progressToken: exchange.progressToken,
          auth: exchange.auth,
          owner,
          url: request.url,
          headers: [...request.headers].filter(([name]) => !CREDENTIALS.has(name)),
          ttlMs,
          ...(answers ? { answers } : {}),
        }
        return store.create(call, exchange.env, exchange.execution)
      }).then((reply) => {
        if (reply instanceof RpcError) return reply
        if ('error' in reply) return toError(reply.error)
        if (exchange.version !== MODERN) return JSON.stringify({ task: legacyTask(reply.task) })
        const json = JSON.stringify({ ...detailedTask(reply.task), resultType: 'task' })
        return withTail(json, `,${core.serverMeta}`)
      })
    },
  }
}
