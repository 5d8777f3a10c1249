/**
 * `memorySessions()`: legacy sessions kept in this process's memory. Safe where every request of a
 * session reaches the same process: one Node server, one Deno process; not safe on Deno Deploy or behind a
 * load balancer without sticky sessions: the client's answer may reach another process, which does not know
 * the session (404). Not possible on Workers (workerd, Miniflare included): one request may not write to
 * another's stream, so the tool call would hang; there it refuses to start. On Workers use
 * `durableSessions()` from `mcp-aot/cloudflare`.
 *
 * Bounded and cheap: at most `maxSessions` sessions, and `maxSessionsPerPrincipal` for one caller (an
 * initialize over the caller's is refused, 429); the sessions are kept in the order they were last used,
 * so a request ends the expired ones from the oldest end and stops at the first live one, instead of
 * looking at every session. A full store ends the session idle longest to make room for a new one, once
 * it has sat idle `reclaimIdleMs`; before that an initialize is refused (503, `Retry-After` when it will
 * be). So a flood of initializes (anonymous callers share the store) shuts the door for at most
 * `reclaimIdleMs`, not until the flood's sessions expire.
 */
import type { SessionHost } from '../shared/api.ts'
import { DEFAULT_IDLE_MS, DEFAULT_RECLAIM_IDLE_MS, RECLAIM_TRIES, sessionFront, sessionRefusal, unknownSession } from './front.ts'
import { Session } from './session.ts'
import { Streams, type StreamOptions } from './streams.ts'
import { INTERNAL_ERROR } from '../shared/protocol.ts'

export interface MemorySessionsOptions {
  /** How long a session may sit idle (no request, nothing pending) before it ends; default 30 minutes. */
  idleMs?: number
  /** The most sessions this process keeps; an initialize beyond it is refused (503). Default 10,000. */
  maxSessions?: number
  /** The most sessions one principal (an authorized caller) keeps; beyond it, 429. Default 100. */
  maxSessionsPerPrincipal?: number
  /**
   * When the store is full, the session idle longest (nothing pending, no GET stream) is ended to make
   * room for a new one once it has sat idle this long; default one minute. `Infinity`: never, a full
   * store refuses until a session ends or expires.
   */
  reclaimIdleMs?: number
  /**
   * Resumable tool-call streams (streams.ts, docs/sessions-and-oauth.md): the priming event's `retry` and
   * the bounds of the events kept for a client that reconnects; `false` sends no event ids (no
   * `ctx.closeStream()`). Default: on, with the defaults of StreamOptions.
   */
  streams?: StreamOptions | false
}

export const DEFAULT_MAX_SESSIONS = 10_000
export const DEFAULT_MAX_SESSIONS_PER_PRINCIPAL = 100

interface Entry {
  readonly session: Session
  seen: number
}

export function memorySessions(options: MemorySessionsOptions = {}): SessionHost {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS
  const perPrincipal = options.maxSessionsPerPrincipal ?? DEFAULT_MAX_SESSIONS_PER_PRINCIPAL
  const reclaimIdleMs = options.reclaimIdleMs ?? DEFAULT_RECLAIM_IDLE_MS
  return (serve, admit) => {
    if ((globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === 'Cloudflare-Workers') {
      throw new Error("mcp-aot: memorySessions() cannot work on Workers (one request may not write to another's stream); use durableSessions() from 'mcp-aot/cloudflare'.")
    }
    /** By last use, oldest first (an entry used again moves to the end). */
    const sessions = new Map<string, Entry>()
    const held = new Map<string, number>()
    const touch = (id: string, entry: Entry, now: number) => {
      entry.seen = now
      sessions.delete(id)
      sessions.set(id, entry)
    }
    /**
     * Ends idle sessions, oldest first, up to the first that is not; run on every request instead of a
     * timer, which would keep a process alive. A busy one (a question out, a GET stream open) counts as used.
     */
    const sweep = (now: number) => {
      for (const [id, entry] of sessions) {
        if (now - entry.seen <= idleMs) return
        if (entry.session.busy) touch(id, entry, now)
        else entry.session.end()
      }
    }
    /**
     * A full store makes room: the session idle longest is ended if it has sat idle `reclaimIdleMs` (busy
     * ones, looked at on the way, count as used). Undefined when a place was freed, else how long until one may be.
     */
    const reclaim = (now: number): number | undefined => {
      let tries = 0
      for (const [id, entry] of sessions) {
        if (tries++ >= RECLAIM_TRIES) break
        if (entry.session.busy) {
          touch(id, entry, now)
          continue
        }
        const idle = now - entry.seen
        if (idle < reclaimIdleMs) return reclaimIdleMs - idle
        entry.session.end()
        return undefined
      }
      return reclaimIdleMs
    }
    return sessionFront(serve, admit, {
      open(id, principal) {
        const now = Date.now()
        sweep(now)
        if (sessions.has(id)) return undefined
        const count = principal === undefined ? 0 : (held.get(principal) ?? 0)
        if (count >= perPrincipal) {
          return sessionRefusal(429, INTERNAL_ERROR, `You hold as many sessions as this server allows one caller (${perPrincipal}): end one with DELETE, or let one expire.`)
        }
        const wait = sessions.size >= maxSessions ? reclaim(now) : undefined
        if (wait !== undefined) {
          return sessionRefusal(503, INTERNAL_ERROR, `The server holds as many sessions as it may (${maxSessions}) and none has sat idle long enough to give way; retry later.`, wait / 1000)
        }
        if (principal !== undefined) held.set(principal, count + 1)
        const forget = () => {
          sessions.delete(id)
          if (principal === undefined) return
          const left = (held.get(principal) ?? 1) - 1
          if (left > 0) held.set(principal, left)
          else held.delete(principal)
        }
        const streams = options.streams === false ? undefined : new Streams(options.streams ?? {})
        sessions.set(id, { session: new Session(id, { logLevel: undefined, principal }, () => {}, forget, streams), seen: now })
        return undefined
      },
      async route(id, admission, request, env, execution) {
        const now = Date.now()
        sweep(now)
        const entry = sessions.get(id)
        if (!entry || entry.session.principal !== admission.principal) return unknownSession()
        touch(id, entry, now)
        return entry.session.resume(request) ?? serve(request, env, execution, { auth: admission.auth, session: entry.session })
      },
    })
  }
}
