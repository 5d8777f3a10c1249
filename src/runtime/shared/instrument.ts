/**
 * The `instrument` option's types, types only: the hooks and their events (public; api.ts re-exports them),
 * the option itself, and what a request and a tool call note about themselves while they are served (a
 * trace, present only when a hook wants it). The code that times and tells is in instrument/, which the
 * option brings along, so a server without it bundles none.
 */

/** What `instrument(hooks)` takes. A hook that throws or rejects is logged once and never changes a response. */
export interface InstrumentHooks<Env = unknown> {
  /** Told of every request to the endpoint once its response is made (for SSE: when the stream starts). */
  onRequest?(event: RequestEvent, env: Env): void | Promise<void>
  /** Told of every tools/call that reached its tool, once it is answered. */
  onCall?(event: CallEvent, env: Env): void | Promise<void>
  /** Hand onCall the arguments as the client sent them (`event.arguments`); off by default, as they may hold personal data. */
  arguments?: boolean
}

/** Type only: the `Env` an Instrument's hooks take (no such property exists at run time). */
declare const HOOKS_ENV: unique symbol

/**
 * The `instrument` option of createServer: what `instrument(hooks)` returns, carrying the code that times
 * requests and calls (instrument/), so a server without the option bundles none of it. Opaque here:
 * createServer hands it the server's core (shared/seams.ts `AttachObserver`).
 */
export interface Instrument<Env = unknown> {
  (core: never): unknown
  [HOOKS_ENV]?(env: Env): void
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

/**
 * How a tools/call ended, as call/tools.ts notes it for `onCall` (`exchange.note`, set by instrument/calls.ts
 * only when there is an onCall; no note is `ok`): an outcome, or the kind of a run that ended without a
 * value or an exception (seams.ts `Unfinished`: `timeout`, `cancelled` and `refused` are outcomes already;
 * `input` is `input_required`, `legacy-input` is `refused`). `error`: what the tool threw, for `tool_error`
 * and `failure`.
 */
export type CallNote = (outcome: CallOutcome | 'input' | 'legacy-input', error?: unknown) => void
