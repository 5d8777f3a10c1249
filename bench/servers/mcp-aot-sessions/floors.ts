/**
 * The platform floors beside the stateful paths (bench/sessions.ts): the same tools/call carried from the
 * front Worker to one fixed Durable Object over `stub.fetch`, and nothing of mcp-aot's own there (no session,
 * no admission, no task record of its shape). By the `x-floor` header:
 * - `constant`: the hop alone; the reply is the text of the first call, kept, with each request's id;
 * - `serve`: the hop plus the same work, the stateless server run in the object;
 * - `task-record`: the hop plus one storage write (a record per call, as a task's), constant reply;
 * - `task-object`: the same in a new object per call (named by a random id), as a task without a principal;
 * - `task-alarm`: a task's least: the record and the call written in one write, an alarm set, and the alarm
 *   runs the call with the stateless server and writes its result.
 */
type Serve = (request: Request, env: unknown, ctx: unknown) => Promise<Response>

interface Storage {
  put(entries: Record<string, unknown>): Promise<void>
  setAlarm(at: number): Promise<void>
}

const NO_CONTEXT = { waitUntil() {}, passThroughOnException() {} }

export function floors(serve: Serve) {
  let constant: string | undefined
  class FloorObject {
    readonly #storage: Storage
    readonly #env: unknown
    /** `task-alarm`: the calls the next alarm runs. */
    readonly #pending = new Map<string, { url: string; headers: Headers; body: string }>()
    constructor(state: { storage: Storage }, env: unknown) {
      this.#storage = state.storage
      this.#env = env
    }
    async fetch(request: Request): Promise<Response> {
      const floor = request.headers.get('x-floor')
      if (floor === 'serve') return serve(request, this.#env, NO_CONTEXT)
      const text = await request.text()
      constant ??= (await (await serve(new Request(request, { body: text }), this.#env, NO_CONTEXT)).text()).replace(/^\{"jsonrpc":"2\.0","id":[^,]*,/, '')
      if (floor === 'task-record' || floor === 'task-object' || floor === 'task-alarm') {
        const id = crypto.randomUUID()
        const record = { taskId: id, status: 'working', createdAt: new Date().toISOString(), ttlMs: 60_000 }
        if (floor !== 'task-alarm') await this.#storage.put({ [`record:${id}`]: record })
        else {
          this.#pending.set(id, { url: request.url, headers: new Headers(request.headers), body: text })
          await this.#storage.put({ [`record:${id}`]: record, [`call:${id}`]: text })
          await this.#storage.setAlarm(Date.now())
        }
      }
      return new Response(`{"jsonrpc":"2.0","id":${JSON.stringify(JSON.parse(text).id)},${constant}`, { headers: { 'content-type': 'application/json' } })
    }
    async alarm(): Promise<void> {
      for (const [id, call] of this.#pending) {
        this.#pending.delete(id)
        const reply = await serve(new Request(call.url, { method: 'POST', headers: call.headers, body: call.body }), this.#env, NO_CONTEXT)
        await this.#storage.put({ [`record:${id}`]: { taskId: id, status: 'completed', result: await reply.text() } })
      }
    }
  }
  /** The front's part: a request with `x-floor` goes to the one floor object. */
  const route = (request: Request, env: any) => {
    const namespace = env.MCP_FLOOR
    const name = request.headers.get('x-floor') === 'task-object' ? crypto.randomUUID() : 'floor'
    return namespace.get(namespace.idFromName(name)).fetch(request) as Promise<Response>
  }
  return { FloorObject, route }
}
