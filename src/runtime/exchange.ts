/**
 * One request being served: what the handlers and a function's `ToolContext` need to know about it, and
 * where its notifications go. Built once per request; the SSE channel is made only when something
 * needs it, by the runner of a function that takes a ToolContext (no other function can notify).
 */
import type { AuthInfo } from './api.ts'
import type { Channel } from './channel.ts'
import type { Flavour } from './compat.ts'
import type { InputKit } from './runner.ts'

export interface Execution {
  waitUntil(promise: Promise<unknown>): void
}

/** What the HTTP checks established about a request (see Incoming in dispatch.ts). */
export interface Arrival {
  readonly request: Request
  readonly env: unknown
  readonly execution: Execution | undefined
  readonly auth: AuthInfo | undefined
}

export class Exchange {
  declare readonly request: Request
  declare readonly env: unknown
  declare readonly execution: Execution | undefined
  declare readonly auth: AuthInfo | undefined
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
  /** The headers of an SSE response, when this request may stream notifications; else undefined. */
  readonly #sseHeaders: Record<string, string> | undefined
  readonly #channel: InputKit['channel'] | undefined
  /** The SSE channel, once a notification opened it (or the response had to wait for the function). */
  declare channel: Channel | undefined
  /** Called when the client closes the response stream (set by the function being run). */
  declare onCancel: (() => void) | undefined

  /** `sseHeaders` and `channel` are both given when the request may stream notifications. */
  constructor(
    arrival: Arrival,
    version: string,
    flavour: Flavour,
    modern: boolean,
    capabilities: Record<string, any> | undefined,
    progressToken: string | number | undefined,
    logLevel: number,
    sseHeaders: Record<string, string> | undefined,
    channel: InputKit['channel'] | undefined,
  ) {
    this.request = arrival.request
    this.env = arrival.env
    this.execution = arrival.execution
    this.auth = arrival.auth
    this.version = version
    this.flavour = flavour
    this.modern = modern
    this.capabilities = capabilities
    this.progressToken = progressToken
    this.logLevel = logLevel
    this.#sseHeaders = sseHeaders
    this.#channel = channel
  }

  /** True when notifications can reach the client (it accepts SSE and this method may stream). */
  get streams(): boolean {
    return this.#sseHeaders !== undefined
  }

  /** The channel, made (not yet opened) if there is none; only when `streams`. */
  ensureChannel(): Channel {
    return (this.channel ??= this.#channel!(this.#sseHeaders!, () => this.onCancel?.()))
  }

  /** Sends a notification on this request's SSE response; dropped when the request cannot stream. */
  notify(method: string, params: unknown): void {
    if (this.#sseHeaders !== undefined) this.ensureChannel().notify(method, params)
  }
}
