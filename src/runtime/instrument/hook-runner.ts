/**
 * Handing an event to an `instrument` hook without letting it change or delay the response: its exception
 * and its rejection are caught, an async hook's promise goes to `waitUntil`, and each hook's first failure
 * is logged once per server (a hook that always throws would flood the logs).
 */
import type { Execution, InstrumentHooks } from '../shared/api.ts'

export class HookRunner {
  readonly #told = new Set<string>()

  /**
   * Calls `hook(event, env)` (`env`: the Worker's bindings, or the options' `env`); an async hook's promise
   * goes to `execution.waitUntil` (Workers keeps the isolate for it) or runs on its own. Neither its
   * exception nor its rejection reaches the caller.
   */
  deliver<E>(name: keyof InstrumentHooks, hook: (event: E, env: any) => unknown, event: E, env: unknown, execution: Execution | undefined): void {
    let pending: unknown
    try {
      pending = hook(event, env)
    } catch (error) {
      return this.#fail(name, error)
    }
    if (typeof (pending as PromiseLike<unknown> | undefined)?.then !== 'function') return
    const settled = Promise.resolve(pending).then(undefined, (error) => this.#fail(name, error))
    try {
      execution?.waitUntil(settled)
    } catch {
      // A context that no longer takes work (the response is long gone): the hook still runs.
    }
  }

  #fail(name: string, error: unknown): void {
    if (this.#told.has(name)) return
    this.#told.add(name)
    console.error(`mcp-aot: the instrument hook ${name} failed (later failures of it are not logged):`, error)
  }
}
