import { describe, expect, it } from 'vitest'
import { createServer } from '../../src/runtime/server.ts'
import type { ToolContext } from '../../src/runtime/shared/api.ts'
import { eventually, legacyRequest, modernRequest, module, parseSse, send, sleep, tool } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }
const progress = tool('progress', {
  invoke: async (_a, ctx: ToolContext) => {
    for (const step of [0, 50, 100]) {
      await ctx.progress(step, 100, `step ${step}`)
      await sleep(5)
    }
    return 'done'
  },
})
const logs = tool('logs', {
  invoke: async (_a, ctx: ToolContext) => {
    await ctx.log('debug', 'details')
    await ctx.log('info', 'started', 'worker')
    await ctx.log('error', { code: 7 })
    return 'logged'
  },
})
const server = createServer(info, module('src/n.ts', [progress, logs]))

describe('notifications over an SSE response', () => {
  it('streams progress when the request has a progressToken, then the response', async () => {
    const reply = await send(server, modernRequest('tools/call', { name: 'progress', arguments: {} }, { extraMeta: { progressToken: 'p-1' } }))
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toBe('text/event-stream')
    expect(reply.headers.get('x-accel-buffering')).toBe('no')
    expect(reply.headers.get('cache-control')).toBe('no-cache')
    expect(reply.events.slice(0, 3)).toEqual(
      [0, 50, 100].map((step) => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p-1', progress: step, total: 100, message: `step ${step}` } })),
    )
    expect(reply.events).toHaveLength(4)
    expect(reply.body).toMatchObject({ id: 1, result: { content: [{ type: 'text', text: 'done' }] } })
    expect(reply.text).not.toMatch(/^id:/m)
  })

  it('answers with plain JSON when there is no progressToken, or the client takes only JSON', async () => {
    const untracked = await send(server, modernRequest('tools/call', { name: 'progress', arguments: {} }))
    expect(untracked.headers.get('content-type')).toBe('application/json')
    expect(untracked.body.result.content[0].text).toBe('done')
    const jsonOnly = await send(server, modernRequest('tools/call', { name: 'progress', arguments: {} }, { extraMeta: { progressToken: 2 }, headers: { accept: 'application/json' } }))
    expect(jsonOnly.headers.get('content-type')).toBe('application/json')
  })

  it('sends log messages only when the request asked for a level, filtered by it', async () => {
    const silent = await send(server, modernRequest('tools/call', { name: 'logs', arguments: {} }))
    expect(silent.events).toEqual([])
    expect(silent.body.result.content[0].text).toBe('logged')
    const info = await send(server, modernRequest('tools/call', { name: 'logs', arguments: {} }, { extraMeta: { 'io.modelcontextprotocol/logLevel': 'info' } }))
    expect(info.events.slice(0, -1)).toEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', logger: 'worker', data: 'started' } },
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'error', data: { code: 7 } } },
    ])
    const debug = await send(server, modernRequest('tools/call', { name: 'logs', arguments: {} }, { extraMeta: { 'io.modelcontextprotocol/logLevel': 'debug' } }))
    expect(debug.events).toHaveLength(4)
  })

  it('logs at info and above in the legacy era, where the level cannot be remembered', async () => {
    const reply = await send(server, legacyRequest('tools/call', { name: 'logs', arguments: {} }))
    expect(reply.events.map((event) => event.params?.level ?? 'response')).toEqual(['info', 'error', 'response'])
    const progressed = await send(server, legacyRequest('tools/call', { name: 'progress', arguments: {}, _meta: { progressToken: 'legacy' } }, '2024-11-05'))
    expect(progressed.events[0].params).toEqual({ progressToken: 'legacy', progress: 0, total: 100 })
  })

  it('answers the first notification at once, while the tool still runs', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const held = tool('held', { invoke: async (_a, ctx: ToolContext) => (await ctx.progress(1), await gate, 'released') })
    const s = createServer(info, module('src/h.ts', [held]))
    const response = await s.fetch(modernRequest('tools/call', { name: 'held', arguments: {} }, { extraMeta: { progressToken: 't' } }))
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const reader = response.body!.getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    expect(parseSse(first)[0].method).toBe('notifications/progress')
    release()
    let rest = ''
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value)
    expect(parseSse(rest)[0].result.content[0].text).toBe('released')
  })

  it('cancels the tool when the client closes the stream, and sends nothing more', async () => {
    let signal: AbortSignal | undefined
    const endless = tool('endless', {
      invoke: async (_a, ctx: ToolContext, s) => {
        signal = s
        for (let i = 0; i < 1000 && !s.aborted; i++) {
          await ctx.progress(i)
          await sleep(2)
        }
        return 'stopped'
      },
    })
    const s = createServer(info, module('src/e.ts', [endless]))
    const response = await s.fetch(modernRequest('tools/call', { name: 'endless', arguments: {} }, { extraMeta: { progressToken: 't' } }))
    const reader = response.body!.getReader()
    await reader.read()
    await reader.cancel()
    expect(await eventually(() => signal?.aborted === true)).toBe(true)
  })

  it('carries an input-required result as the last event of a stream', async () => {
    const asks = tool('asks', { invoke: async (_a, ctx: ToolContext) => (await ctx.progress(50, 100), (await ctx.elicit('Go on?')).action) })
    const s = createServer(info, module('src/a.ts', [asks]))
    const reply = await send(s, modernRequest('tools/call', { name: 'asks', arguments: {} }, { extraMeta: { progressToken: 'x' }, capabilities: { elicitation: {} } }), { MCP_STATE_SECRET: 'sixteen-chars-at-least' })
    expect(reply.events.map((event) => event.method ?? event.result?.resultType)).toEqual(['notifications/progress', 'input_required'])
    expect(reply.events.some((event) => event.method && !event.method.startsWith('notifications/'))).toBe(false)
  })
})
