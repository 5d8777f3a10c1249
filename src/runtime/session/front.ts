/**
 * The host-agnostic front of the stateful tier: what `createServer(…, { sessions })` does with every
 * request. A request without `Mcp-Session-Id` is served as always (statelessly); when that was an
 * `initialize`, the id the response mints is opened in the host. A request carrying the id goes to the
 * host, which serves it in the session's one owner (this process, or the Durable Object named by the id),
 * or answers 404 when the session is unknown, ended or expired (the client then initializes again).
 *
 * A host is a function from the server's `serve` to the server's `fetch`; memory.ts and
 * src/cloudflare build theirs with `sessionFront`.
 *
 * Stage session/ (the first a request meets, only with the `sessions` option): legacy `Mcp-Session-Id`
 * sessions, their store and the live session. It may import the later stages and the shared/ leaves, and
 * needs only the leaves: the transport is handed to it as a `SessionServe`. Next, a request goes to
 * http/serve.ts, inside its session when it has one.
 */
import type { Execution, SessionFetch, SessionServe } from '../shared/api.ts'
import { errorText, RpcError } from '../shared/jsonrpc.ts'
import { INVALID_REQUEST } from '../shared/protocol.ts'

/** What a host provides: where sessions live. */
export interface SessionStore {
  /** Makes the session `id` (initialize just minted it). */
  open(id: string, env: unknown): Promise<void> | void
  /** Serves a request of the session `id` (see `unknownSession`). */
  route(id: string, request: Request, env: unknown, execution: Execution | undefined): Promise<Response>
}

/** How long a session may sit idle before it expires; default 30 minutes. */
export const DEFAULT_IDLE_MS = 1_800_000

export function sessionFront(serve: SessionServe, store: SessionStore): SessionFetch {
  return async (request, env, execution) => {
    const id = request.headers.get('mcp-session-id')
    if (id !== null) return store.route(id, request, env, execution)
    const response = await serve(request, env, execution)
    const minted = response.headers.get('mcp-session-id')
    if (minted !== null) await store.open(minted, env)
    return response
  }
}

/** The answer to a request whose session is unknown, ended or expired: 404, so the client initializes again. */
export function unknownSession(): Response {
  const text = errorText(undefined, new RpcError(INVALID_REQUEST, 'Session not found: it ended or expired; send initialize to start a new one.'))
  return new Response(text, { status: 404, headers: { 'content-type': 'application/json' } })
}
