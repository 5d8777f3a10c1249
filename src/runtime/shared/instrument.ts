/**
 * The `instrument` option's plumbing: what a request and a tool call note about themselves while they are
 * served (a trace, present only when a hook wants it), and handing an event to a hook without letting it
 * change or delay the response. A server without `instrument` never reaches this code but for the option
 * check: no timing call, no trace, no event. The option's public types are here too (api.ts re-exports
 * them), so this leaf imports nothing.
 */
/** The `instrument` option of createServer. A hook that throws or rejects is logged once and never changes a response. */
export interface Instrument<Env = unknown> {
  /** Told of every request to the endpoint once its response is made (for SSE: when the stream starts). */
  onRequest?(event: RequestEvent, env: Env): void | Promise<void>
  /** Told of every tools/call that reached its tool, once it is answered. */
  onCall?(event: CallEvent, env: Env): void | Promise<void>
  /** Hand onCall the arguments as the client sent them (`event.arguments`); off by default, as they may hold personal data. */
  arguments?: boolean
}

/** `modern`: 2026-07-28 (stateless); `legacy`: 2025-11-25 and older (initialize-based). */
export type Era = 'modern' | 'legacy'

export interface RequestEvent {
  /** The JSON-RPC method; undefined when the request carried none (refused over HTTP, not JSON, a batch). */
  readonly method: string | undefined
  /** The revision the message speaks (undefined with `method`). */
  readonly protocolVersion: string | undefined
  readonly era: Era | undefined
  /** Milliseconds from the request's arrival until its response was made (performance.now()). */
  readonly durationMs: number
  /** `error`: an HTTP status of 400 or more, or a JSON-RPC error reply. A tool's isError result is `ok` here (see onCall). */
  readonly outcome: 'ok' | 'error'
  readonly status: number
  /** The JSON-RPC error code of the reply, if it is an error. */
  readonly errorCode: number | undefined
}

/**
 * How a tools/call ended: its value (`ok`), a `ToolError` (`tool_error`), arguments the schema refused
 * (`argument_error`), an exception or a result that could not be shaped (`failure`), its `@timeout`
 * (`timeout`), the client going away (`cancelled`), an input-required round (`input_required`, 2026-07-28),
 * or input that could not be asked or read (`refused`: a bad requestState, a capability not declared, or a
 * question over a legacy revision without sessions).
 */
export type CallOutcome = 'ok' | 'tool_error' | 'argument_error' | 'failure' | 'timeout' | 'cancelled' | 'input_required' | 'refused' | 'task'

export interface CallEvent {
  readonly method: 'tools/call'
  /** The tool's name. */
  readonly name: string
  readonly protocolVersion: string
  readonly era: Era
  /** Milliseconds from the call reaching its tool until its answer (performance.now()). */
  readonly durationMs: number
  readonly outcome: CallOutcome
  /** The JSON-RPC error code when the call was answered with an error rather than a result (`cancelled`, some `refused`). */
  readonly errorCode: number | undefined
  /** What the tool threw, for `tool_error` and `failure`. */
  readonly error?: unknown
  /** The arguments as sent, only with `instrument.arguments: true`. */
  readonly arguments?: unknown
}

/** What one request notes for `onRequest` as it is dispatched (rpc/dispatch.ts writes it). */
export interface RequestTrace {
  method: string | undefined
  protocolVersion: string | undefined
  era: Era | undefined
  errorCode: number | undefined
}

/** What one tools/call notes for `onCall` (call/tools.ts writes it); no note is `ok`. */
export interface CallTrace {
  outcome: CallOutcome | undefined
  error: unknown
}

/** The option's problem, or undefined: functions for the hooks, a boolean for `arguments`, nothing else. */
export function instrumentProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'instrument must be an object: { onRequest?, onCall?, arguments? }'
  for (const [key, hook] of Object.entries(value)) {
    if (key === 'arguments') {
      if (typeof hook !== 'boolean') return 'instrument.arguments must be true or false'
    } else if (key !== 'onRequest' && key !== 'onCall') {
      return `instrument has no option '${key}'; it takes onRequest, onCall and arguments`
    } else if (typeof hook !== 'function') return `instrument.${key} must be a function`
  }
  return undefined
}

/** Logs a hook's first failure per server and hook (a hook that always throws would flood the logs). */
export class HookRunner {
  readonly #told = new Set<string>()

  /**
   * Calls `hook(event, env)` (`env`: the Worker's bindings, or the options' `env`); an async hook's promise goes to `execution.waitUntil` (Workers keeps the isolate
   * for it) or runs on its own. Neither its exception nor its rejection reaches the caller.
   */
  deliver<E>(name: keyof Instrument, hook: (event: E, env: any) => unknown, event: E, env: unknown, execution: { waitUntil(promise: Promise<unknown>): void } | undefined): void {
    let pending: unknown
    try {
      pending = hook(event, env)
    } catch (error) {
      return this.#fail(name, error)
    }
    if (typeof (pending as PromiseLike<unknown> | undefined)?.then !== 'function') return
    const settled = Promise.resolve(pending).then(undefined, (error) => this.#fail(name, error))
    try {
      execution?.waitUntil(settled)
    } catch {
      // A context that no longer takes work (the response is long gone): the hook still runs.
    }
  }

  #fail(name: string, error: unknown): void {
    if (this.#told.has(name)) return
    this.#told.add(name)
    console.error(`mcp-aot: the instrument hook ${name} failed (later failures of it are not logged):`, error)
  }
}
