import { describe, expect, it, vi } from 'vitest'
import { createServer } from '../../src/runtime/server.ts'
import { ToolError } from '../../src/runtime/call/errors.ts'
import type { ToolContext } from '../../src/runtime/shared/api.ts'
import { ajvError, eventually, MCP, modernRequest, module, objectValidator, send, sleep, tool, validator } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }

function serverWith(entries: Parameters<typeof module>[1], options: object = {}) {
  return createServer(info, module('src/tools.ts', entries), options)
}

const call = (name: string, args?: unknown, extra: object = {}) => modernRequest('tools/call', { name, ...(args === undefined ? {} : { arguments: args }), ...extra })

const resultOf = async (server: ReturnType<typeof serverWith>, request: Request, env?: unknown) => {
  const reply = await send(server, request, env)
  expect(reply.status).toBe(200)
  return reply.body.result
}

describe('tools/call', () => {
  it('answers an unknown tool, or no name, with -32602', async () => {
    const server = serverWith([tool('echo', { invoke: () => 'hi' })])
    const unknown = await send(server, call('nope', {}))
    expect(unknown.status).toBe(200)
    expect(unknown.body.error).toEqual({ code: -32602, message: "Unknown tool 'nope'.", data: { name: 'nope' } })
    const nameless = await send(server, modernRequest('tools/call', { arguments: {} }))
    expect(nameless.body.error.code).toBe(-32602)
  })

  it('calls a tool with no arguments at all as with {}', async () => {
    const seen: unknown[] = []
    const server = serverWith([tool('simple', { invoke: (args) => (seen.push(args), 'ok'), validate: objectValidator([], []) })])
    expect((await resultOf(server, call('simple'))).content).toEqual([{ type: 'text', text: 'ok' }])
    expect(seen).toEqual([{}])
  })

  it('turns argument errors into an isError result, one line each, naming the path', async () => {
    const validate = validator(() => [
      ajvError('/items/2/qty', 'maximum', { comparison: '<=', limit: 1000 }),
      ajvError('', 'required', { missingProperty: 'customer' }),
    ])
    const invoke = vi.fn()
    const server = serverWith([tool('create_order', { invoke, validate })])
    const result = await resultOf(server, call('create_order', { items: [] }))
    expect(result.isError).toBe(true)
    expect(result.content).toEqual([{ type: 'text', text: "Argument 'items[2].qty' must be <= 1000.\nArgument 'customer' is required." }])
    expect(result.resultType).toBe('complete')
    expect(invoke).not.toHaveBeenCalled()
  })

  it('revives arguments before the call, and reports values that cannot be revived', async () => {
    const server = serverWith([
      tool('when', {
        revive: { props: { at: 'date' } },
        invoke: (args) => `${args.at instanceof Date} ${(args.at as Date).toISOString()}`,
      }),
    ])
    expect((await resultOf(server, call('when', { at: '2026-01-02T03:04:05Z' }))).content[0].text).toBe('true 2026-01-02T03:04:05.000Z')
    const bad = await resultOf(server, call('when', { at: '2026-02-30T00:00:00Z' }))
    expect(bad.isError).toBe(true)
    expect(bad.content[0].text).toMatch(/^Argument 'at' /)
  })

  it('shapes results by the plan: structured content projected, void as no content', async () => {
    const server = serverWith([
      tool('order', { invoke: async () => ({ orderId: 'A1', total: 5, secret: 'x' }), result: { kind: 'structured', shape: { props: { orderId: 0, total: 0 } } } }),
      tool('nothing', { invoke: () => undefined, result: { kind: 'void' } }),
    ])
    const order = await resultOf(server, call('order', {}))
    expect(order.structuredContent).toEqual({ orderId: 'A1', total: 5 })
    expect(order.content).toEqual([{ type: 'text', text: '{"orderId":"A1","total":5}' }])
    expect((await resultOf(server, call('nothing', {}))).content).toEqual([])
  })

  it('sends a ToolError message as the error result', async () => {
    const server = serverWith([tool('fail', { invoke: async () => { throw new ToolError('The incident INC-9 does not exist.') } })])
    const result = await resultOf(server, call('fail', {}))
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'The incident INC-9 does not exist.' }] })
  })

  it('knows a ToolError by its Symbol.for brand (another copy of mcp-aot), never by its name', async () => {
    const onError = vi.fn()
    const foreign = Object.assign(new Error('secret detail from another library'), { name: 'ToolError' })
    const otherCopy = Object.assign(new Error('No such incident.'), { [Symbol.for('mcp-aot.ToolError')]: true })
    expect((new ToolError('x') as any)[Symbol.for('mcp-aot.ToolError')]).toBe(true)
    const server = serverWith([tool('foreign', { invoke: () => { throw foreign } }), tool('copy', { invoke: () => { throw otherCopy } })], { onError })
    const hidden = await send(server, call('foreign', {}))
    expect(hidden.body.result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'The tool failed.' }] })
    expect(hidden.text).not.toContain('secret detail')
    expect(onError).toHaveBeenCalledWith(foreign, { kind: 'tool', name: 'foreign' })
    expect(await resultOf(server, call('copy', {}))).toMatchObject({ isError: true, content: [{ type: 'text', text: 'No such incident.' }] })
  })

  it('hides any other exception behind "The tool failed." and hands it to onError', async () => {
    const onError = vi.fn()
    const boom = new Error('database password is hunter2')
    const server = serverWith([tool('crash', { invoke: () => { throw boom } }), tool('reject', { invoke: () => Promise.reject(boom) })], { onError })
    for (const name of ['crash', 'reject']) {
      const reply = await send(server, call(name, {}))
      expect(reply.body.result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'The tool failed.' }] })
      expect(reply.text).not.toContain('hunter2')
      expect(onError).toHaveBeenLastCalledWith(boom, { kind: 'tool', name })
    }
  })

  it('ends a tool at its timeout, aborting its signal', async () => {
    let signal: AbortSignal | undefined
    const server = serverWith([
      tool('slow', {
        timeoutMs: 50,
        invoke: (_args, _ctx, s) => ((signal = s), new Promise((resolve) => setTimeout(() => resolve('late'), 1000))),
      }),
      tool('slower', { timeoutMs: 5000, invoke: () => 'fast' }),
    ])
    const result = await resultOf(server, call('slow', {}))
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: "Tool 'slow' timed out after 0.05 s." }] })
    expect(signal?.aborted).toBe(true)
    expect((signal?.reason as DOMException).name).toBe('TimeoutError')
    expect((await resultOf(server, call('slower', {}))).content[0].text).toBe('fast')
  })

  it('aborts the signal when the client goes away, without an error result or onError', async () => {
    const onError = vi.fn()
    let seen: AbortSignal | undefined
    const server = serverWith(
      [tool('wait', { invoke: (_a, _c, signal) => ((seen = signal), new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))) })],
      { onError },
    )
    const controller = new AbortController()
    const request = new Request(MCP, { method: 'POST', headers: call('wait', {}).headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wait', arguments: {}, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } } }), signal: controller.signal })
    const pending = server.fetch(request)
    expect(await eventually(() => seen !== undefined)).toBe(true) // the tool is running
    controller.abort()
    const response = await pending
    expect(seen?.aborted).toBe(true)
    const body = await response.json()
    expect(body.result).toBeUndefined()
    expect(onError).not.toHaveBeenCalled()
  })

  it('hands the tool a ToolContext with env, request, revision and capabilities', async () => {
    let ctx: ToolContext | undefined
    const server = serverWith([tool('look', { invoke: (_a, c) => ((ctx = c), 'ok') })], { env: { FALLBACK: 1 } })
    await send(server, modernRequest('tools/call', { name: 'look', arguments: {} }, { capabilities: { sampling: {} } }), { KV: 'bound' })
    expect(ctx!.env).toEqual({ KV: 'bound' })
    expect(ctx!.protocolVersion).toBe('2026-07-28')
    expect(ctx!.clientCapabilities).toEqual({ sampling: {} })
    expect(ctx!.request.url).toBe(MCP)
    expect(ctx!.auth).toBeUndefined()
    await send(server, call('look', {}))
    expect(ctx!.env).toEqual({ FALLBACK: 1 })
  })

  it('passes background work to the execution context and reports its failure', async () => {
    const onError = vi.fn()
    const waited: Promise<unknown>[] = []
    const failure = new Error('later')
    const server = serverWith([tool('bg', { invoke: (_a, ctx: ToolContext) => (ctx.waitUntil(Promise.reject(failure)), 'ok') })], { onError })
    const response = await server.fetch(call('bg', {}), {}, { waitUntil: (p) => void waited.push(p) })
    expect((await response.json()).result.content[0].text).toBe('ok')
    expect(waited).toHaveLength(1)
    await waited[0]
    expect(onError).toHaveBeenCalledWith(failure, { kind: 'tool', name: 'bg' })
  })

  it('sends "The tool failed." when the value cannot be serialised', async () => {
    const onError = vi.fn()
    const cyclic: any = {}
    cyclic.self = cyclic
    const server = serverWith([tool('cycle', { invoke: () => cyclic, result: { kind: 'json' } })], { onError })
    expect((await resultOf(server, call('cycle', {}))).content[0].text).toBe('The tool failed.')
    expect(onError).toHaveBeenCalledTimes(1)
  })
})
