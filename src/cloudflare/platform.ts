/**
 * The parts of the Durable Object API that mcp-aot/cloudflare uses, typed structurally (nothing imports
 * `cloudflare:workers`): the namespace binding and the object's state.
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
    deleteAll(): Promise<void>
    setAlarm(time: number): Promise<void>
  }
}
