/**
 * One request being served: what the handlers and a function's `ToolContext` need to know about it, and
 * where its notifications go. Built once per request; the SSE channel is set only when the request may
 * stream, by the context runner's input kit (no function without a ToolContext can notify).
 */
import type { AuthInfo, Execution, LiveSession, Visit } from './api.ts'
import type { Channel, Notifier } from './channel.ts'
import type { Flavour } from './compat.ts'
import type { CallNote, RequestTrace } from './instrument.ts'

/** What the HTTP checks established about a request (see Incoming below). */
export interface Arrival {
  readonly request: Request
  readonly env: unknown
  readonly execution: Execution | undefined
  readonly auth: AuthInfo | undefined
  /** The legacy session this request belongs to, when a session host serves it (session/session.ts). */
  readonly session?: LiveSession | undefined
}

/** What is known about a POST once it passed the HTTP checks. */
export interface Incoming extends Arrival {
  /** CORS headers for an allowed browser origin. */
  readonly cors: Record<string, string> | undefined
  /** The client accepts text/event-stream. */
  readonly sse: boolean
  /** The client accepts only text/event-stream. */
  readonly sseOnly: boolean
  /** What this request notes for the `onRequest` hook; present only when there is one. */
  readonly trace?: RequestTrace | undefined
}

/** The transport's fetch (http/serve.ts): a SessionServe that notes in `trace` what an `onRequest` hook is told. */
export type TracedServe = (request: Request, env: unknown, execution: Execution | undefined, visit?: Visit, trace?: RequestTrace) => Promise<Response>

export class Exchange {
  declare readonly request: Request
  declare readonly env: unknown
  declare readonly execution: Execution | undefined
  declare readonly auth: AuthInfo | undefined
  /** The live session (a session host serves this request), else undefined: stateless. */
  declare readonly session: LiveSession | undefined
  /** The revision this request speaks (the header's revision in the legacy era). */
  declare readonly version: string
  declare readonly flavour: Flavour
  /** 2026-07-28: stateless, input-required rounds possible. */
  declare readonly modern: boolean
  /** The client's capabilities from `_meta`; undefined in the legacy era (the session id carries them). */
  declare readonly capabilities: Record<string, any> | undefined
  declare readonly progressToken: string | number | undefined
  /** The least severity a log message needs to be sent; Infinity sends none. */
  declare readonly logLevel: number
  /** Where notifications go, when this request may stream them (see `streamed` in input/context-runner.ts); else undefined. */
  declare channel: Channel | undefined
  /** Called when the client closes the response stream (set by the function being run). */
  declare onCancel: (() => void) | undefined
  /** Where this tools/call notes how it ended for the `onCall` hook (instrument/calls.ts sets it); else undefined. */
  declare note: CallNote | undefined
  /** `ctx.notify`: set when the server has the `subscriptions` option. */
  declare notify: Notifier | undefined
  /** `ctx.closeStream()`: closes the connection of a session's resumable stream (session/streams.ts); else undefined. */
  declare pause: (() => void) | undefined
  /** A `@task … ask-first` tool run inline before its task: `ctx.startTask()` ends the run to make the task. */
  declare asksFirst: boolean | undefined

  constructor(
    arrival: Arrival,
    version: string,
    flavour: Flavour,
    modern: boolean,
    capabilities: Record<string, any> | undefined,
    progressToken: string | number | undefined,
    logLevel: number,
  ) {
    this.request = arrival.request
    this.env = arrival.env
    this.execution = arrival.execution
    this.auth = arrival.auth
    this.session = arrival.session
    this.version = version
    this.flavour = flavour
    this.modern = modern
    this.capabilities = capabilities
    this.progressToken = progressToken
    this.logLevel = logLevel
  }
}
