/**
 * The `ToolContext` a tool, resource or prompt function receives: the request's environment, its
 * cancellation signal, notifications (progress, log messages) and input from the client.
 */
import type { AuthInfo, ElicitResult, InputRequest, LogLevel, ToolContext } from '../shared/api.ts'
import type { Notifier } from '../shared/channel.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { InputRound } from './input-round.ts'
import { levelOf } from '../shared/protocol.ts'
import { clientCapabilitiesOf } from '../shared/session-id.ts'

const done: Promise<void> = /* @__PURE__ */ Promise.resolve()

export class RunContext implements ToolContext {
  readonly #exchange: Exchange
  readonly #round: () => InputRound
  readonly #report: (error: unknown) => void
  readonly signal: AbortSignal

  /** `round`: the run's input round (made on first use); `report`: where a failed waitUntil goes. */
  constructor(exchange: Exchange, signal: AbortSignal, round: () => InputRound, report: (error: unknown) => void) {
    this.#exchange = exchange
    this.signal = signal
    this.#round = round
    this.#report = report
  }

  get env(): any {
    return this.#exchange.env
  }
  get auth(): AuthInfo | undefined {
    return this.#exchange.auth
  }
  get request(): Request {
    return this.#exchange.request
  }
  get protocolVersion(): string {
    return this.#exchange.version
  }
  /** Per request (2026-07-28), or what the client declared at initialize, as the session id carries it. */
  get clientCapabilities(): Record<string, unknown> {
    return clientCapabilitiesOf(this.#exchange)
  }

  /** Set by the `subscriptions` option (subscriptions/support.ts). */
  get notify(): Notifier {
    const notify = this.#exchange.notify
    if (!notify) throw new Error("ctx.notify needs createServer's subscriptions option: memorySubscriptions() (one process), or durableSubscriptions() from 'mcp-aot/cloudflare'.")
    return notify
  }

  progress(progress: number, total?: number, message?: string): Promise<void> {
    const exchange = this.#exchange
    const progressToken = exchange.progressToken
    const channel = exchange.channel
    if (progressToken === undefined || !channel || this.signal.aborted) return done
    const params: Record<string, unknown> = { progressToken, progress }
    if (total !== undefined) params.total = total
    if (message !== undefined && exchange.flavour !== '2024-11-05') params.message = message
    channel.notify('notifications/progress', params)
    return done
  }

  log(level: LogLevel, data: unknown, logger?: string): Promise<void> {
    const exchange = this.#exchange
    const severity = levelOf(level)
    const channel = exchange.channel
    if (severity === undefined || severity < exchange.logLevel || !channel || this.signal.aborted) return done
    channel.notify('notifications/message', logger === undefined ? { level, data } : { level, logger, data })
    return done
  }

  elicit(message: string, requestedSchema?: Record<string, unknown>): Promise<ElicitResult> {
    const params = requestedSchema === undefined ? { message } : { message, requestedSchema }
    return this.#one('elicit', { method: 'elicitation/create', params }) as Promise<ElicitResult>
  }

  sample(params: Record<string, unknown>): Promise<Record<string, any>> {
    return this.#one('sample', { method: 'sampling/createMessage', params })
  }

  async roots(): Promise<{ uri: string; name?: string }[]> {
    const answer = await this.#one('roots', { method: 'roots/list', params: {} })
    return answer.roots
  }

  input<K extends string>(requests: Record<K, InputRequest>): Promise<Record<K, any>> {
    try {
      return this.#round().ask(requests)
    } catch (error) {
      return Promise.reject(error)
    }
  }

  startTask(): Promise<void> {
    return this.#exchange.asksFirst ? this.#round().escalate() : done
  }

  closeStream(): void {
    this.#exchange.pause?.()
  }

  waitUntil(promise: Promise<unknown>): void {
    const guarded = Promise.resolve(promise).catch(this.#report)
    this.#exchange.execution?.waitUntil(guarded)
  }

  async #one(prefix: string, request: InputRequest): Promise<Record<string, any>> {
    const round = this.#round()
    const key = round.key(prefix)
    const answers = await round.ask({ [key]: request })
    return answers[key]
  }
}
