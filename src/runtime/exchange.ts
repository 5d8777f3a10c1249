/**
 * One request being served: what the handlers and a function's `ToolContext` need to know about it, and
 * where its notifications go. Built once per request; the SSE channel and the legacy session's
 * capabilities are made only when something asks for them.
 */
import type { AuthInfo } from './api.ts'
import type { Flavour } from './compat.ts'
import { Channel } from './channel.ts'
import { sessionCapabilities } from './session.ts'

export interface Execution {
  waitUntil(promise: Promise<unknown>): void
}

export interface ExchangeInit {
  readonly request: Request
  readonly env: unknown
  readonly execution: Execution | undefined
  readonly auth: AuthInfo | undefined
  /** The revision this request speaks (the header's revision in the legacy era). */
  readonly version: string
  readonly flavour: Flavour
  /** 2026-07-28: stateless, input-required rounds possible. */
  readonly modern: boolean
  /** The client's capabilities from `_meta`; undefined in the legacy era (read from the session id). */
  readonly capabilities: Record<string, any> | undefined
  readonly progressToken: string | number | undefined
  /** The least severity a log message needs to be sent; Infinity sends none. */
  readonly logLevel: number
  /** The headers of an SSE response, when this request may stream notifications; else undefined. */
  readonly sseHeaders: Record<string, string> | undefined
}

export class Exchange {
  readonly request: Request
  readonly env: unknown
  readonly execution: Execution | undefined
  readonly auth: AuthInfo | undefined
  readonly version: string
  readonly flavour: Flavour
  readonly modern: boolean
  readonly progressToken: string | number | undefined
  readonly logLevel: number
  readonly #sseHeaders: Record<string, string> | undefined
  #capabilities: Record<string, any> | undefined
  /** The SSE channel, once a notification opened it (or the response had to wait for the function). */
  channel: Channel | undefined
  /** Called when the client closes the response stream (set by the function being run). */
  onCancel: (() => void) | undefined

  constructor(init: ExchangeInit) {
    this.request = init.request
    this.env = init.env
    this.execution = init.execution
    this.auth = init.auth
    this.version = init.version
    this.flavour = init.flavour
    this.modern = init.modern
    this.progressToken = init.progressToken
    this.logLevel = init.logLevel
    this.#sseHeaders = init.sseHeaders
    this.#capabilities = init.capabilities
  }

  /** What the client declared: per request (2026-07-28), or at initialize as the session id carries it. */
  get capabilities(): Record<string, any> {
    return (this.#capabilities ??= sessionCapabilities(this.request.headers.get('mcp-session-id')))
  }

  /** True when notifications can reach the client (it accepts SSE and this method may stream). */
  get streams(): boolean {
    return this.#sseHeaders !== undefined
  }

  /** The channel, made (not yet opened) if there is none; only when `streams`. */
  ensureChannel(): Channel {
    return (this.channel ??= new Channel(this.#sseHeaders!, () => this.onCancel?.()))
  }

  /** Sends a notification on this request's SSE response; dropped when the request cannot stream. */
  notify(method: string, params: unknown): void {
    if (this.#sseHeaders !== undefined) this.ensureChannel().notify(method, params)
  }
}
