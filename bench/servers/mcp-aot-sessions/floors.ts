/**
 * The platform floors beside the routed session call (bench/sessions.ts): the same tools/call carried
 * from the front Worker to one fixed Durable Object over `stub.fetch`, which either answers a constant reply
 * (the hop alone: the reply text of the first call, kept, with each request's id) or serves it with the stateless server (the hop
 * plus the same work), and nothing else: no session, no admission, no alarm.
 */
type Serve = (request: Request, env: unknown, ctx: unknown) => Promise<Response>

export function floors(serve: Serve) {
  let constant: string | undefined
  class FloorObject {
    readonly #env: unknown
    constructor(_state: unknown, env: unknown) {
      this.#env = env
    }
    async fetch(request: Request): Promise<Response> {
      if (request.headers.get('x-floor') === 'serve') return serve(request, this.#env, { waitUntil() {}, passThroughOnException() {} })
      const text = await request.text()
      constant ??= (await (await serve(new Request(request, { body: text }), this.#env, { waitUntil() {}, passThroughOnException() {} })).text()).replace(/^\{"jsonrpc":"2\.0","id":[^,]*,/, '')
      return new Response(`{"jsonrpc":"2.0","id":${JSON.stringify(JSON.parse(text).id)},${constant}`, { headers: { 'content-type': 'application/json' } })
    }
  }
  /** The front's part: a request with `x-floor` goes to the one floor object. */
  const route = (request: Request, env: any) => {
    const namespace = env.MCP_FLOOR
    return namespace.get(namespace.idFromName('floor')).fetch(request) as Promise<Response>
  }
  return { FloorObject, route }
}
