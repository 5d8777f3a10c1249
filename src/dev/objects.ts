/**
 * `mcp({ dev })`: the Worker's own Durable Objects, hosted in this Node process. wrangler's platform proxy
 * gives every binding of the wrangler config but cannot run a class the Worker itself exports (workerd
 * answers "no such actor class"); the dev middleware binds these namespaces in its place, so the session
 * and task objects of mcp-aot/cloudflare (and any other class of the entry) run as they do under
 * `wrangler dev`: one instance per name, its storage in memory for as long as the dev server runs, alarms
 * on timers. An edit to the entry gives each object an instance of the new class on its next request, with
 * its storage kept (as after an eviction in production).
 */

/** A `durable_objects` binding of the wrangler config whose class is the Worker's own (no `script_name`). */
export interface LocalObjectBinding {
  name: string
  class_name: string
}

type ObjectClass = new (state: unknown, env: unknown) => { fetch(request: Request): Promise<Response> | Response; alarm?(): Promise<void> | void }

/** The Durable Object bindings of a read wrangler config that name classes of the Worker itself. */
export function localObjectBindings(config: { durable_objects?: { bindings?: readonly { name: string; class_name: string; script_name?: string }[] } }): LocalObjectBinding[] {
  return (config.durable_objects?.bindings ?? []).filter((b) => !b.script_name).map(({ name, class_name }) => ({ name, class_name }))
}

/** One object's storage: keys in order, values copied in and out as Durable Object storage does. */
class MemoryStorage {
  readonly #values = new Map<string, unknown>()
  #alarm: number | null = null
  #timer: ReturnType<typeof setTimeout> | undefined

  readonly #ring: () => void

  /** `ring`: the alarm went off. */
  constructor(ring: () => void) {
    this.#ring = ring
  }

  async get<T>(key: string): Promise<T | undefined> {
    return structuredClone(this.#values.get(key)) as T | undefined
  }

  async put(key: string | Record<string, unknown>, value?: unknown): Promise<void> {
    const entries = typeof key === 'string' ? { [key]: value } : key
    for (const [k, v] of Object.entries(entries)) this.#values.set(k, structuredClone(v))
  }

  async delete(keys: string | string[]): Promise<number | boolean> {
    if (typeof keys === 'string') return this.#values.delete(keys)
    return keys.filter((k) => this.#values.delete(k)).length
  }

  async list<T>(options: { prefix?: string; start?: string; end?: string; limit?: number } = {}): Promise<Map<string, T>> {
    const { prefix = '', start, end, limit = Infinity } = options
    const keys = [...this.#values.keys()].filter((k) => k.startsWith(prefix) && (start === undefined || k >= start) && (end === undefined || k < end)).sort()
    return new Map(keys.slice(0, limit).map((k) => [k, structuredClone(this.#values.get(k)) as T]))
  }

  async deleteAll(): Promise<void> {
    this.#values.clear()
  }

  async setAlarm(time: number | Date): Promise<void> {
    this.#alarm = Number(time)
    clearTimeout(this.#timer)
    this.#timer = setTimeout(
      () => {
        this.#alarm = null
        this.#ring()
      },
      Math.max(0, this.#alarm - Date.now()),
    )
    this.#timer.unref?.()
  }

  async getAlarm(): Promise<number | null> {
    return this.#alarm
  }

  async deleteAlarm(): Promise<void> {
    clearTimeout(this.#timer)
    this.#alarm = null
  }

  stop(): void {
    clearTimeout(this.#timer)
  }
}

interface Hosted {
  storage: MemoryStorage
  instance: InstanceType<ObjectClass> | undefined
  /** The class the instance was made from: a reloaded entry exports another. */
  made: ObjectClass | undefined
}

/**
 * The namespaces for `bindings`, their classes read from the entry module as last loaded (`exports()`),
 * their objects given `env()` as their env. `report`: an error an alarm handler threw.
 */
export class DevObjects {
  readonly #objects = new Map<string, Hosted>()

  readonly #bindings: readonly LocalObjectBinding[]
  readonly #exports: () => Record<string, unknown> | undefined
  readonly #env: () => unknown
  readonly #report: (message: string) => void

  constructor(bindings: readonly LocalObjectBinding[], exports: () => Record<string, unknown> | undefined, env: () => unknown, report: (message: string) => void) {
    this.#bindings = bindings
    this.#exports = exports
    this.#env = env
    this.#report = report
  }

  /** `env` with each binding replaced by its namespace here. */
  bind(env: Record<string, unknown> | undefined): Record<string, unknown> {
    const bound: Record<string, unknown> = { ...env }
    for (const binding of this.#bindings) bound[binding.name] = this.#namespace(binding)
    return bound
  }

  /** Stops every alarm (the dev server closed). */
  stop(): void {
    for (const object of this.#objects.values()) object.storage.stop()
  }

  #namespace(binding: LocalObjectBinding) {
    const idOf = (name: string) => ({ name, toString: () => name, equals: (other: { name?: string }) => other?.name === name })
    return {
      idFromName: idOf,
      newUniqueId: () => idOf(crypto.randomUUID().replaceAll('-', '')),
      idFromString: idOf,
      get: (id: { name: string }) => ({
        id,
        fetch: async (input: Request | string | URL, init?: RequestInit) => (await this.#instance(binding, id.name)).fetch(new Request(input, init)),
      }),
    }
  }

  async #instance(binding: LocalObjectBinding, name: string): Promise<InstanceType<ObjectClass>> {
    const key = `${binding.name}\0${name}`
    let object = this.#objects.get(key)
    if (!object) {
      const storage = new MemoryStorage(() => void this.#alarm(binding, name))
      this.#objects.set(key, (object = { storage, instance: undefined, made: undefined }))
    }
    const made = this.#exports()?.[binding.class_name]
    if (typeof made !== 'function') throw new Error(`mcp-aot: wrangler's config binds ${binding.name} to the Durable Object class ${binding.class_name}, which the Worker entry does not export.`)
    if (object.made !== made || !object.instance) {
      const state = { id: { name, toString: () => name }, storage: object.storage, waitUntil: (promise: Promise<unknown>) => void promise.catch(() => {}), blockConcurrencyWhile: <T>(run: () => Promise<T>) => run() }
      object.instance = new (made as ObjectClass)(state, this.#env())
      object.made = made as ObjectClass
    }
    return object.instance
  }

  async #alarm(binding: LocalObjectBinding, name: string): Promise<void> {
    try {
      await (await this.#instance(binding, name)).alarm?.()
    } catch (error) {
      this.#report(`mcp-aot: the alarm of ${binding.class_name} ${JSON.stringify(name)} failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}
