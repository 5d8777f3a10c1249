/**
 * A 2025-11-25 session as the front Worker sees it when it holds the session's GET stream itself (the
 * listeners live in durableSubscriptions()' shards, not in the session's object): enough of a LiveSession for
 * the transport to serve a GET, whose stream hears the shard's changes. Everything else of the session (its
 * questions, its level, its resumable streams) lives in its object, where every other request goes.
 */
import type { LiveSession } from '../runtime/shared/api.ts'
import { LEGACY_LOG_LEVEL } from '../runtime/shared/protocol.ts'
import { sessionCapabilities } from '../runtime/shared/session-id.ts'
import { notificationStream } from '../runtime/session/notification-stream.ts'

const elsewhere = () => new Error('mcp-aot: a held GET stream only listens; the session lives in its Durable Object.')

export function heldSession(id: string, principal: string | undefined): LiveSession {
  return {
    id,
    principal,
    get capabilities() {
      return sessionCapabilities(id)
    },
    logLevel: LEGACY_LOG_LEVEL,
    // The shard holds the session's URIs and filters its resource updates.
    subscribed: new Set(),
    setLevel() {
      throw elsewhere()
    },
    ask: () => Promise.reject(elsewhere()),
    answer() {
      throw elsewhere()
    },
    other: (_method, cors, feed, signal) => notificationStream(feed, cors, () => {}, signal).response,
  }
}
