/**
 * Around a run that may ask the client for input (2026-07-28): reading what the client sends back
 * (`requestState`, opened, and `inputResponses`) and issuing the input-required result with a new
 * sealed state (encrypted and authenticated, see state.ts). The state is bound to the server (its name
 * and endpoint path), to the request (method, name, hash of the arguments), to the caller when the server
 * authenticates, and to an expiry. Answers it carries win over `inputResponses` with the same key: a
 * client cannot replace a sealed answer. Without a secret a round cannot be sealed: the function fails
 * closed rather than sending state anyone could forge.
 */
import type { InputRequest } from '../shared/api.ts'
import type { Core, InputKit } from '../shared/table.ts'
import type { Exchange } from '../shared/exchange.ts'
import { isObject, RpcError } from '../shared/jsonrpc.ts'
import { INTERNAL_ERROR, INVALID_PARAMS } from '../shared/protocol.ts'
import { principalOf, secretOf } from '../shared/principal.ts'
import { digest, StateSealer, type StatePayload } from './state.ts'

const DEFAULT_TTL_MS = 600_000

/** The sentence a function that asks for input fails with when no usable secret is configured. */
/** (A plain literal, MIN_SECRET spelled out: a bundler drops it when no function asks for input.) */
export const SECRET_MESSAGE =
  'Asking the client for input needs a secret to sign the request state: set MCP_STATE_SECRET (a Worker secret or environment variable, at least 16 characters) or the stateSecret option of createServer.'

/** Keys imported per secret; one per isolate (a key depends only on its secret). */
let sealer: StateSealer | undefined
const sealerOf = (): StateSealer => (sealer ??= new StateSealer())

/** The server a state belongs to (see state.ts): its name and endpoint path. */
const scopeOf = (core: Core): string => JSON.stringify([core.info.name, core.options.path ?? '/mcp'])

/**
 * The answers the client has given so far (undefined when it sent none), or why they are refused.
 * `name` is the tool or prompt name or the resource URI; `args` what the request's arguments were.
 */
export const readInputs: InputKit['readInputs'] = async (core, exchange, method, name, args, params) => {
  if (!exchange.modern) return undefined
  const { requestState, inputResponses } = params
  if (requestState === undefined && inputResponses === undefined) return undefined
  if ('inputResponses' in params && !isObject(inputResponses)) {
    return new RpcError(INVALID_PARAMS, 'inputResponses must be an object of answers by input key.')
  }
  let signed: Record<string, unknown> | undefined
  if (requestState !== undefined) {
    if (typeof requestState !== 'string') return new RpcError(INVALID_PARAMS, 'requestState must be the string the server sent.')
    const secret = secretOf(core.options, exchange.env)
    if (!secret) {
      core.report(new Error(SECRET_MESSAGE), method, name)
      return new RpcError(INTERNAL_ERROR, 'The server cannot verify the requestState: it has no state secret configured.')
    }
    const state = await sealerOf().open(secret, scopeOf(core), requestState)
    if (!state) return new RpcError(INVALID_PARAMS, 'The requestState is invalid: it was not issued by this server or it was modified.')
    if (state.m !== method || state.n !== name || state.h !== (await digest(args ?? {}))) {
      return new RpcError(INVALID_PARAMS, 'The requestState belongs to a different request; retry with the original request and its arguments.')
    }
    if (state.p !== (await principalOf(exchange.auth, secret))) return new RpcError(INVALID_PARAMS, 'The requestState was issued to another caller.')
    if (!(state.x > Date.now())) return new RpcError(INVALID_PARAMS, 'The requestState has expired; send the request again without it.')
    signed = state.a
  }
  return { ...inputResponses, ...signed }
}

/** The input-required result as JSON text, or undefined when there is no secret to sign its state. */
export async function inputRequired(
  core: Core,
  exchange: Exchange,
  method: string,
  name: string,
  args: unknown,
  requests: Record<string, InputRequest>,
  answers: Record<string, unknown>,
): Promise<string | undefined> {
  const secret = secretOf(core.options, exchange.env)
  if (!secret) return undefined
  const principal = await principalOf(exchange.auth, secret)
  const payload: StatePayload = {
    v: 2,
    m: method,
    n: name,
    h: await digest(args ?? {}),
    x: Date.now() + (core.options.stateTtlMs ?? DEFAULT_TTL_MS),
    ...(principal === undefined ? {} : { p: principal }),
    a: answers,
  }
  const state = await sealerOf().seal(secret, scopeOf(core), payload)
  return `{"resultType":"input_required","inputRequests":${JSON.stringify(requests)},"requestState":${JSON.stringify(state)},${core.serverMeta}}`
}
