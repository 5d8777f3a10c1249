/**
 * The host-agnostic front of the stateful tier: what `createServer(…, { sessions })` does with every
 * request. A request without `Mcp-Session-Id` is served as always (statelessly); when that was an
 * `initialize`, the id the response mints is opened in the host. A request carrying the id goes to the
 * host, which serves it in the session's one owner (this process, or the Durable Object named by the id),
 * or answers 404 when the session is unknown, ended or expired (the client then initializes again).
 *
 * Every request is authorized first (the transport's `admit`), so the host knows the caller's principal
 * before it looks a session up: a session belongs to the principal whose initialize opened it, and
 * anyone else holding its id is answered as for an unknown id (shared/principal.ts says who a principal is).
 *
 * A host is a function from the server's `serve` and `admit` to the server's `fetch`; memory.ts and
 * src/cloudflare build theirs with `sessionFront`.
 *
 * Stage session/ (the first a request meets, only with the `sessions` option): legacy `Mcp-Session-Id`
 * sessions, their store and the live session. It may import the later stages and the shared/ leaves, and
 * needs only the leaves: the transport is handed to it as a `SessionServe`. Next, a request goes to
 * http/serve.ts, inside its session when it has one.
 */
import type { Admit, AuthInfo, Execution, SessionFetch, SessionServe } from '../shared/api.ts'
import { errorText, RpcError } from '../shared/jsonrpc.ts'
import { principalOf } from '../shared/principal.ts'
import { INTERNAL_ERROR, INVALID_REQUEST } from '../shared/protocol.ts'

/** The caller of a request, authorized before its session is looked up. */
export interface Admission {
  /** What the `authorize` hook returned (undefined without the option). */
  readonly auth: AuthInfo | undefined
  /** Who the caller is (shared/principal.ts); undefined without `authorize`, or when the hook names nobody. */
  readonly principal: string | undefined
}

/** What a host provides: where sessions live. */
export interface SessionStore {
  /**
   * Makes the session `id` (initialize just minted it) for the caller `principal`; a Response refuses it
   * (the host holds as many sessions as it may, see `sessionRefusal`).
   */
  open(id: string, principal: string | undefined, env: unknown): Promise<Response | undefined> | Response | undefined
  /**
   * Serves a request of the session `id` for the admitted caller; `unknownSession()` when the session is
   * unknown, ended or expired, or was opened by another principal (the same answer, so an id tells its
   * holder nothing).
   */
  route(id: string, admission: Admission, request: Request, env: unknown, execution: Execution | undefined): Promise<Response>
}

/** How long a session may sit idle before it expires; default 30 minutes. */
export const DEFAULT_IDLE_MS = 1_800_000
/** How long a session must have sat idle before a full store may end it to make room for a new one; default one minute. */
export const DEFAULT_RECLAIM_IDLE_MS = 60_000
/** How many of the sessions idle longest a full store looks at before it refuses an initialize. */
export const RECLAIM_TRIES = 4

export function sessionFront(serve: SessionServe, admit: Admit, store: SessionStore): SessionFetch {
  return async (request, env, execution) => {
    // Authorized before any lookup: an id alone opens nothing.
    const admitted = await admit(request, env, execution)
    // Not the endpoint, a preflight, a refused origin or caller: the transport answers, outside any session.
    if (!admitted) return serve(request, env, execution)
    const admission: Admission = { auth: admitted.auth, principal: await principalOf(admitted.auth, admitted.secret) }
    const id = request.headers.get('mcp-session-id')
    if (id !== null) return store.route(id, admission, request, env, execution)
    const response = await serve(request, env, execution, { auth: admission.auth })
    const minted = response.headers.get('mcp-session-id')
    if (minted === null) return response
    const refusal =
      admission.auth && admission.principal === undefined
        ? sessionRefusal(500, INTERNAL_ERROR, 'This server keeps sessions per caller, and its authorize hook named nobody: it must return a token, a clientId or extra.userId.')
        : await store.open(minted, admission.principal, env)
    if (!refusal) return response
    await response.body?.cancel()
    return refusal
  }
}

/**
 * An initialize the host cannot give a session (JSON-RPC error without id: the host does not read the
 * body); a 429 or 503 says in `Retry-After` when to try again (`retryAfter` seconds, default 60).
 */
export function sessionRefusal(status: number, code: number, message: string, retryAfter = 60): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (status === 429 || status === 503) headers['retry-after'] = String(Math.max(1, Math.ceil(retryAfter)))
  return new Response(errorText(undefined, new RpcError(code, message)), { status, headers })
}

/** The answer to a request whose session is unknown, ended, expired or another caller's: 404, so the client initializes again. */
export function unknownSession(): Response {
  const text = errorText(undefined, new RpcError(INVALID_REQUEST, 'Session not found: it ended or expired; send initialize to start a new one.'))
  return new Response(text, { status: 404, headers: { 'content-type': 'application/json' } })
}
