/**
 * `memorySessions()`: legacy sessions kept in this process's memory. Safe where every request of a
 * session reaches the same process: one Node server, one Deno process; not safe on Deno Deploy or behind a
 * load balancer without sticky sessions: the client's answer may reach another process, which does not know
 * the session (404). Not possible on Workers (workerd, Miniflare included): one request may not write to
 * another's stream, so the tool call would hang; there it refuses to start. On Workers use
 * `durableSessions()` from `mcp-aot/cloudflare`.
 */
import type { SessionHost } from '../shared/api.ts'
import { DEFAULT_IDLE_MS, sessionFront, unknownSession } from './front.ts'
import { Session } from './session.ts'

export interface MemorySessionsOptions {
  /** How long a session may sit idle (no request, nothing pending) before it ends; default 30 minutes. */
  idleMs?: number
}

export function memorySessions(options: MemorySessionsOptions = {}): SessionHost {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS
  return (serve) => {
    if ((globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === 'Cloudflare-Workers') {
      throw new Error("mcp-aot: memorySessions() cannot work on Workers (one request may not write to another's stream); use durableSessions() from 'mcp-aot/cloudflare'.")
    }
    const sessions = new Map<string, { session: Session; seen: number }>()
    /** Ends idle sessions; run on every request instead of a timer, which would keep a process alive. */
    const sweep = (now: number) => {
      for (const [, entry] of sessions) if (now - entry.seen > idleMs && !entry.session.busy) entry.session.end()
    }
    return sessionFront(serve, {
      open(id) {
        const now = Date.now()
        sweep(now)
        if (!sessions.has(id)) sessions.set(id, { session: new Session(id, undefined, () => {}, () => sessions.delete(id)), seen: now })
      },
      async route(id, request, env, execution) {
        const now = Date.now()
        sweep(now)
        const entry = sessions.get(id)
        if (!entry) return unknownSession()
        entry.seen = now
        return serve(request, env, execution, entry.session)
      },
    })
  }
}
