/**
 * The places of durableSessions(): how many sessions a principal holds, and anonymous callers together,
 * counted exactly where they can be, in Durable Objects of the sessions' own namespace. A principal's
 * sessions hold places in its object, `principal:<key>`; anonymous sessions in one of `shards` objects,
 * `anonymous:<n>`, picked at random, so no object sees every anonymous caller. The front takes a place
 * before it opens a session (a refused initialize makes no session object), and the session's object gives
 * it back when the session ends (DELETE, idle expiry): a count is reached twice per session, never per request.
 *
 * A principal past its bound is refused (429). A full anonymous shard makes room: it asks its oldest
 * places' sessions to give way, and a session that has sat idle `reclaimIdleMs` (nothing pending, no GET
 * stream) ends; one still in use goes to the back of the line (a second chance, as a clock does). When none
 * gives way, the initialize is refused (503, `Retry-After` when one may). So a flood of anonymous
 * initializes shuts the door for about `reclaimIdleMs`, not for the sessions' whole idle time.
 *
 * The object plays this part only for the internal requests below (`PLACES` URLs without the front's
 * admission header): a client's request always carries that header, so no client reaches a count.
 */
import { RECLAIM_TRIES, sessionRefusal } from '../runtime/session/front.ts'
import { INTERNAL_ERROR } from '../runtime/shared/protocol.ts'
import type { Namespace, ObjectState } from './platform.ts'

/** The internal requests of places: `${PLACES}/take` and `/give` to a count, `/reclaim` to a session. */
export const PLACES = 'https://mcp-aot.places'
const PLACE = 'place:'
/** The header that names the count a request is for (an object does not know its own name). */
export const PLACE_HEADER = 'x-mcp-aot-place'

/** A session's place: the count that holds it (named by `placeOf`) and the session. */
export interface HeldPlace {
  readonly name: string
  readonly session: string
}

export interface PlaceBounds {
  /** A principal's sessions; beyond, 429. */
  readonly perPrincipal: number
  /** Anonymous sessions, all shards together. */
  readonly anonymous: number
  readonly shards: number
  /** How long a session must have sat idle before a full anonymous shard ends it; Infinity: never. */
  readonly reclaimIdleMs: number
}

/** A session's answer to `/reclaim`: it ended, or how long it has sat idle (0: busy). */
export interface Reclaimed {
  readonly ended: boolean
  readonly idleMs: number
}

/** The count a session of `principal` takes its place in. */
export const placeOf = (principal: string | undefined, bounds: PlaceBounds): string =>
  principal === undefined ? `anonymous:${Math.floor(Math.random() * bounds.shards)}` : `principal:${principal}`

/** Takes a place in its count (204, or the refusal to hand the client) or gives it back. */
export function toCount(namespace: Namespace, operation: 'take' | 'give', place: HeldPlace): Promise<Response> {
  const headers = { 'mcp-session-id': place.session, [PLACE_HEADER]: place.name }
  return namespace.get(namespace.idFromName(place.name)).fetch(`${PLACES}/${operation}`, { method: 'POST', headers })
}

/**
 * The counting part of an object named by `placeOf`: its places by when they were taken (or last found
 * in use), oldest first, loaded from storage once.
 */
export class Places {
  readonly #storage: ObjectState['storage']
  readonly #ask: (session: string) => Promise<Reclaimed>
  #places: Map<string, number> | undefined

  /** `ask`: the session's `/reclaim` answer. */
  constructor(storage: ObjectState['storage'], ask: (session: string) => Promise<Reclaimed>) {
    this.#storage = storage
    this.#ask = ask
  }

  /** Answers `/take` and `/give` for the count `name`. */
  async serve(operation: string, name: string, session: string, bounds: PlaceBounds): Promise<Response> {
    if (operation === 'give') {
      await this.#give(session)
      return new Response(null, { status: 204 })
    }
    const refusal = name.startsWith('anonymous:') ? await this.#take(session, bounds) : await this.#take(session, undefined, bounds.perPrincipal)
    return refusal ?? new Response(null, { status: 204 })
  }

  async #loaded(): Promise<Map<string, number>> {
    if (this.#places) return this.#places
    const stored = await this.#storage.list<number>({ prefix: PLACE })
    return (this.#places ??= new Map([...stored].sort((a, b) => a[1] - b[1]).map(([key, at]) => [key.slice(PLACE.length), at])))
  }

  /** Takes a place: in an anonymous shard (`shared`: the bounds, reclaiming), else in a principal's count of at most `limit`. */
  async #take(session: string, shared: PlaceBounds | undefined, limit = Math.ceil(shared!.anonymous / shared!.shards)): Promise<Response | undefined> {
    const places = await this.#loaded()
    if (places.has(session)) return undefined
    if (!shared && places.size >= limit) {
      return sessionRefusal(429, INTERNAL_ERROR, `You hold as many sessions as this server allows one caller (${limit}): end one with DELETE, or let one expire.`)
    }
    let longest = 0
    for (let tries = 0; places.size >= limit; tries++) {
      const reclaimIdleMs = shared!.reclaimIdleMs
      if (tries >= RECLAIM_TRIES || reclaimIdleMs === Infinity) {
        const message = `The server holds as many sessions without authorization as it may (${shared!.anonymous}) and none has sat idle long enough to give way; retry later.`
        return sessionRefusal(503, INTERNAL_ERROR, message, (reclaimIdleMs === Infinity ? 60_000 : reclaimIdleMs - longest) / 1000)
      }
      // The oldest goes to the back before the question (a concurrent take asks the next one), and leaves if it ended.
      const [oldest] = places.keys()
      this.#stamp(oldest, Date.now())
      const answer = await this.#ask(oldest).catch((): Reclaimed => ({ ended: false, idleMs: 0 }))
      if (answer.ended) await this.#give(oldest)
      else longest = Math.max(longest, answer.idleMs)
    }
    this.#stamp(session, Date.now())
    return undefined
  }

  #stamp(session: string, at: number): void {
    this.#places!.delete(session)
    this.#places!.set(session, at)
    void this.#storage.put(PLACE + session, at)
  }

  async #give(session: string): Promise<void> {
    const places = await this.#loaded()
    if (!places.delete(session)) return
    await this.#storage.delete([PLACE + session])
  }
}
