/**
 * The `onRequest` hook around the transport: instrument.ts hands server.ts `timeRequests(…)` only when the
 * hooks have an `onRequest`. Each request gets a trace the dispatcher fills in (rpc/dispatch.ts: method,
 * era, revision, error code) and a clock; the hook is told once the response is made.
 */
import type { InstrumentHooks, RequestEvent, SessionServe } from '../shared/api.ts'
import type { RequestTrace } from '../shared/instrument.ts'
import type { TracedServe } from '../shared/exchange.ts'
import type { HookRunner } from './hook-runner.ts'

/** `serve` with the `onRequest` hook told of each request once its response is made; `defaultEnv`: the options' `env`. */
export function timeRequests(serve: TracedServe, hooks: InstrumentHooks<any>, runner: HookRunner, defaultEnv: unknown): SessionServe {
  const onRequest = hooks.onRequest!
  return async (request, env, execution, session) => {
    const start = performance.now()
    const trace: RequestTrace = { method: undefined, protocolVersion: undefined, era: undefined, errorCode: undefined }
    const response = await serve(request, env, execution, session, trace)
    const { status } = response
    const event: RequestEvent = {
      method: trace.method,
      protocolVersion: trace.protocolVersion,
      era: trace.era,
      durationMs: performance.now() - start,
      outcome: status >= 400 || trace.errorCode !== undefined ? 'error' : 'ok',
      status,
      errorCode: trace.errorCode,
    }
    runner.deliver('onRequest', onRequest, event, env ?? defaultEnv, execution)
    return response
  }
}
