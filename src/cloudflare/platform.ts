/**
 * The parts of the Durable Object API that mcp-aot/cloudflare uses, typed structurally (nothing imports
 * `cloudflare:workers`): the namespace binding and the object's state, and how a binding is found in `env`.
 */
import type { Execution } from '../runtime/shared/api.ts'

/** The parts of a Durable Object namespace binding used here. */
export interface Namespace {
  idFromName(name: string): unknown
  get(id: unknown): { fetch(request: Request | string, init?: RequestInit): Promise<Response> }
}

/** The parts of DurableObjectState used here. */
export interface ObjectState extends Execution {
  readonly storage: {
    get<T>(key: string): Promise<T | undefined>
    put(key: string, value: unknown): Promise<void>
    /** Several keys in one write. */
    put(entries: Record<string, unknown>): Promise<void>
    delete(keys: string[]): Promise<number>
    /** Keys in order (`start` included, `end` excluded). */
    list<T>(options: { prefix?: string; start?: string; end?: string; limit?: number }): Promise<Map<string, T>>
    deleteAll(): Promise<void>
    setAlarm(time: number): Promise<void>
    /** When the alarm is set for (ms since the epoch), or null. */
    getAlarm(): Promise<number | null>
  }
}

/** The Durable Object namespace bound as `binding` in `env`, or undefined when the Worker has none. */
export function namespaceIn(env: unknown, binding: string): Namespace | undefined {
  const namespace = (env as Record<string, Namespace> | undefined)?.[binding]
  return typeof namespace?.idFromName === 'function' ? namespace : undefined
}

/** The parts of DurableObjectState's WebSocket Hibernation API used here: sockets the platform holds while the object sleeps. */
export interface SocketState {
  acceptWebSocket(socket: WebSocket, tags?: string[]): void
  /** The open sockets (with `tag`: those accepted with it). */
  getWebSockets(tag?: string): HibernatableSocket[]
  getTags(socket: WebSocket): string[]
}

/** A socket the platform holds while its object sleeps, with a value kept beside it (at most 2 KB). */
export interface HibernatableSocket extends WebSocket {
  serializeAttachment(value: unknown): void
  deserializeAttachment(): unknown
}
