/**
 * Input from the client inside one run of a function (MRTR, 2026-07-28). `ctx.elicit`, `ctx.sample`,
 * `ctx.roots` and `ctx.input` come here: a question that has an answer (from the sealed requestState or
 * this request's inputResponses) resolves at once; otherwise the run ends with an input-required result
 * that asks every question still open. Questions asked together (`ctx.input({...})`, or several calls
 * before the next timer tick, as `Promise.all` does) go out in one round.
 */
import type { RoundEnd } from '../shared/table.ts'
import type { InputRequest } from '../shared/api.ts'
import type { Exchange } from '../shared/exchange.ts'
import { isObject, RpcError } from '../shared/jsonrpc.ts'
import { INVALID_PARAMS, MISSING_CAPABILITY } from '../shared/protocol.ts'

/** The client capability a request needs, or a reason it is not a request a server may send. */
function requirement(request: InputRequest): Record<string, any> | string {
  const params: Record<string, any> = isObject(request?.params) ? request.params : {}
  switch (request?.method) {
    case 'elicitation/create':
      return { elicitation: params.mode === 'url' ? { url: {} } : {} }
    case 'sampling/createMessage':
      return { sampling: params.tools !== undefined ? { tools: {} } : {} }
    case 'roots/list':
      return { roots: {} }
    default:
      return `an input request must be elicitation/create, sampling/createMessage or roots/list, not ${JSON.stringify((request as any)?.method)}`
  }
}

/** True when the client's capabilities cover `need`. */
function declared(capabilities: Record<string, any>, need: Record<string, any>): boolean {
  if (need.elicitation) {
    const elicitation = capabilities.elicitation
    if (!isObject(elicitation)) return false
    return need.elicitation.url ? isObject(elicitation.url) : 'form' in elicitation || !('url' in elicitation)
  }
  if (need.sampling) {
    const sampling = capabilities.sampling
    return isObject(sampling) && (!need.sampling.tools || isObject(sampling.tools))
  }
  return isObject(capabilities.roots)
}

/** What is wrong with an answer to `method`, or undefined. */
function problem(method: string, answer: unknown): string | undefined {
  if (!isObject(answer)) return 'it must be an object'
  switch (method) {
    case 'elicitation/create':
      if (!['accept', 'decline', 'cancel'].includes(answer.action)) return "its action must be 'accept', 'decline' or 'cancel'"
      return answer.content === undefined || isObject(answer.content) ? undefined : 'its content must be an object'
    case 'sampling/createMessage':
      if (typeof answer.role !== 'string') return 'it must have a role'
      return isObject(answer.content) || Array.isArray(answer.content) ? undefined : 'it must have content'
    default:
      return Array.isArray(answer.roots) ? undefined : 'it must have a roots array'
  }
}

/** A promise that never settles: the run it belongs to is over. Fresh each time, so nothing piles up. */
const never = <T>(): Promise<T> => new Promise<T>(() => {})

export class InputRound {
  readonly #exchange: Exchange
  readonly #answers: Record<string, unknown> | undefined
  readonly #end: (reason: RoundEnd) => void
  readonly #consumed: Record<string, unknown> = {}
  #pending: Record<string, InputRequest> | undefined
  #missing: Record<string, any> | undefined
  #counter = 0
  #scheduled = false

  /** `answers`: what the client answered so far; `end`: stops the run. */
  constructor(exchange: Exchange, answers: Record<string, unknown> | undefined, end: (reason: RoundEnd) => void) {
    this.#exchange = exchange
    this.#answers = answers
    this.#end = end
  }

  /** The key of the next single question (`elicit-1`, `sample-2`, …), stable across re-runs. */
  key(prefix: string): string {
    return `${prefix}-${++this.#counter}`
  }

  ask(requests: Record<string, InputRequest>): Promise<Record<string, any>> {
    if (!isObject(requests)) throw new TypeError('ctx.input() takes an object of input requests by key.')
    const keys = Object.keys(requests)
    if (!this.#exchange.modern) {
      // A live session asks on this request's SSE stream and waits for the client's POSTed answer.
      const { session, channel } = this.#exchange
      if (session && channel) {
        for (const key of keys) {
          const need = requirement(requests[key])
          if (typeof need === 'string') throw new TypeError(`ctx.input(): '${key}': ${need}.`)
          if (!declared(session.capabilities, need)) {
            const message = `This needs a client capability the client did not declare at initialize: ${Object.keys(need).join(', ')}.`
            this.#end({ kind: 'refused', error: new RpcError(MISSING_CAPABILITY, message, { requiredCapabilities: need }) })
            return never()
          }
        }
        return session.ask(channel, requests)
      }
      this.#end({ kind: 'legacy-input', method: requests[keys[0]]?.method ?? 'input' })
      return never()
    }
    const answers: Record<string, any> = {}
    let complete = true
    for (const key of keys) {
      const request = requests[key]
      const need = requirement(request)
      if (typeof need === 'string') throw new TypeError(`ctx.input(): '${key}': ${need}.`)
      if (!declared(this.#exchange.capabilities!, need)) {
        this.#missing = { ...this.#missing, ...need }
        complete = false
        continue
      }
      const answer = this.#answers?.[key]
      if (answer === undefined) {
        ;(this.#pending ??= {})[key] = request
        complete = false
        continue
      }
      const wrong = problem(request.method, answer)
      if (wrong) {
        const error = new RpcError(INVALID_PARAMS, `The input response '${key}' is not a valid ${request.method} result: ${wrong}.`, { key })
        this.#end({ kind: 'refused', error })
        return never()
      }
      this.#consumed[key] = answer
      answers[key] = answer
    }
    if (complete) return Promise.resolve(answers)
    if (!this.#scheduled) {
      this.#scheduled = true
      setTimeout(() => this.#finish(), 0)
    }
    return never()
  }

  /** `ctx.startTask()` in an ask-first run: the run ends, and its task is made with the answers the client gave. */
  escalate(): Promise<never> {
    this.#end({ kind: 'task', answers: { ...this.#answers } })
    return never()
  }

  #finish(): void {
    if (this.#missing) {
      const error = new RpcError(
        MISSING_CAPABILITY,
        `This request needs client capabilities the request did not declare: ${Object.keys(this.#missing).join(', ')}.`,
        { requiredCapabilities: this.#missing },
        400,
      )
      this.#end({ kind: 'refused', error })
      return
    }
    this.#end({ kind: 'input', requests: this.#pending!, answers: this.#consumed })
  }
}
