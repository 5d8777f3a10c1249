/**
 * One request being served: what the handlers and a function's `ToolContext` need to know about it.
 */
import type { AuthInfo } from './api.ts'
import type { Channel } from './channel.ts'
import type { Flavour } from './compat.ts'

export interface Execution {
  waitUntil(promise: Promise<unknown>): void
}

export interface Exchange {
  readonly request: Request
  readonly env: unknown
  readonly execution: Execution | undefined
  readonly auth: AuthInfo | undefined
  /** The revision this request speaks (the negotiated or header revision in the legacy era). */
  readonly version: string
  readonly flavour: Flavour
  /** 2026-07-28: stateless, input-required rounds possible. */
  readonly modern: boolean
  /** What the client declared: per request (2026-07-28), or at initialize as the session id carries it. */
  readonly capabilities: Record<string, any>
  readonly progressToken: string | number | undefined
  /** The least severity a log message needs to be sent; Infinity sends none. */
  readonly logLevel: number
  /** Where notifications go; undefined when this request cannot carry any. */
  readonly channel: Channel | undefined
  /** Called when the client closes the response stream (set by the function being run). */
  onCancel: (() => void) | undefined
}
