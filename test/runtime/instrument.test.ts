/**
 * The `instrument` option, `instrument({ onRequest, onCall, arguments })`: onCall is told how every call of
 * a real tool (built through the plugin) ended, in both eras, without its arguments unless asked; onRequest
 * is told of every request; a failing hook changes nothing; a server without the option makes no timing call.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { CallEvent, Instrument, InstrumentHooks, McpServer, RequestEvent } from '../../src/runtime/shared/api.ts'
import { bundleWorker } from './bundle.ts'
import { legacyRequest, modernRequest, post, send } from './helpers.ts'

let serverWith: (hooks: InstrumentHooks) => McpServer
let serverWithOption: (option: Instrument) => McpServer
let instrument: (hooks: InstrumentHooks) => Instrument
let plain: McpServer

beforeAll(async () => {
  const code = await bundleWorker(fileURLToPath(new URL('./fixtures/observed-worker.ts', import.meta.url)))
  ;({ serverWith, serverWithOption, instrument, default: plain } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`))
})

afterEach(() => vi.restoreAllMocks())

/** A server whose hooks record their events. */
function recording(extra: InstrumentHooks = {}) {
  const calls: CallEvent[] = []
  const requests: RequestEvent[] = []
  const server = serverWith({ onCall: (event) => void calls.push(event), onRequest: (event) => void requests.push(event), ...extra })
  return { server, calls, requests }
}

const call = (name: string, args: Record<string, unknown> = {}, capabilities: Record<string, unknown> = {}) => modernRequest('tools/call', { name, arguments: args }, { capabilities })
const legacyCall = (name: string, args: Record<string, unknown> = {}) => legacyRequest('tools/call', { name, arguments: args })

describe('onCall: how a tool call ended', () => {
  it('ok: the value', async () => {
    const { server, calls } = recording()
    const reply = await send(server, call('greet', { name: 'Ada' }))
    expect(reply.body.result.content[0].text).toBe('Hello, Ada')
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ method: 'tools/call', name: 'greet', outcome: 'ok', era: 'modern', protocolVersion: '2026-07-28' })
    expect(calls[0]!.durationMs).toBeGreaterThanOrEqual(0)
    expect(calls[0]!.error).toBeUndefined()
    expect(calls[0]!.errorCode).toBeUndefined()
  })

  it('tool_error: a ToolError, handed over as the error', async () => {
    const { server, calls } = recording()
    const reply = await send(server, call('refuse', { reason: 'no' }))
    expect(reply.body.result.isError).toBe(true)
    expect(calls[0]!.outcome).toBe('tool_error')
    expect((calls[0]!.error as Error).message).toBe('Refused: no')
  })

  it('argument_error: arguments the schema refuses, the tool never runs', async () => {
    const { server, calls } = recording()
    const reply = await send(server, call('greet', { name: 5 }))
    expect(reply.body.result.isError).toBe(true)
    expect(calls.map((c) => c.outcome)).toEqual(['argument_error'])
  })

  it('failure: an exception, handed over as the error', async () => {
    const { server, calls } = recording()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const reply = await send(server, call('crash'))
    expect(reply.body.result.content[0].text).toBe('The tool failed.')
    expect(calls[0]!.outcome).toBe('failure')
    expect((calls[0]!.error as Error).message).toBe('the database is down')
  })

  it('timeout: the @timeout passed', async () => {
    const { server, calls } = recording()
    const reply = await send(server, call('slow'))
    expect(reply.body.result.content[0].text).toBe("Tool 'slow' timed out after 0.02 s.")
    expect(calls.map((c) => c.outcome)).toEqual(['timeout'])
    expect(calls[0]!.durationMs).toBeGreaterThanOrEqual(15)
  })

  it('cancelled: the client went away', async () => {
    const { server, calls } = recording()
    const controller = new AbortController()
    const sent = call('hang')
    const pending = server.fetch(new Request(sent, { signal: controller.signal }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    controller.abort()
    const response = await pending
    expect((await response.json()).error.message).toBe('The client cancelled the request.')
    expect(calls.map((c) => [c.outcome, c.errorCode])).toEqual([['cancelled', -32603]])
  })

  it('input_required: a 2026-07-28 input round', async () => {
    const { server, calls } = recording()
    const reply = await send(server, call('confirm', {}, { elicitation: {} }))
    expect(reply.body.result.resultType).toBe('input_required')
    expect(calls.map((c) => c.outcome)).toEqual(['input_required'])
  })

  it('refused: input asked over a legacy revision without sessions', async () => {
    const { server, calls } = recording()
    const reply = await send(server, legacyCall('confirm'))
    expect(reply.body.result.isError).toBe(true)
    expect(calls[0]).toMatchObject({ outcome: 'refused', era: 'legacy' })
  })

  it('names the era and revision of a legacy call', async () => {
    const { server, calls } = recording()
    await send(server, legacyCall('greet', { name: 'Ada' }))
    expect(calls[0]).toMatchObject({ name: 'greet', outcome: 'ok', era: 'legacy', protocolVersion: '2025-11-25' })
  })

  it('is not told of a call that reached no tool (onRequest sees its error)', async () => {
    const { server, calls, requests } = recording()
    await send(server, call('nope'))
    expect(calls).toEqual([])
    expect(requests[0]).toMatchObject({ method: 'tools/call', errorCode: -32602, outcome: 'error' })
  })
})

describe('arguments', () => {
  it('are absent by default', async () => {
    const { server, calls } = recording()
    await send(server, call('greet', { name: 'Ada' }))
    expect('arguments' in calls[0]!).toBe(false)
    expect(JSON.stringify(calls[0])).not.toContain('Ada')
  })

  it('are handed over as sent with arguments: true', async () => {
    const { server, calls } = recording({ arguments: true })
    await send(server, call('greet', { name: 'Ada' }))
    expect(calls[0]!.arguments).toEqual({ name: 'Ada' })
  })
})

describe('onRequest', () => {
  it('tells the method, era, revision, status and duration of a served request', async () => {
    const { server, requests } = recording()
    await send(server, call('greet', { name: 'Ada' }))
    await send(server, legacyRequest('ping'))
    expect(requests).toHaveLength(2)
    expect(requests[0]).toMatchObject({ method: 'tools/call', era: 'modern', protocolVersion: '2026-07-28', status: 200, outcome: 'ok', errorCode: undefined })
    expect(requests[1]).toMatchObject({ method: 'ping', era: 'legacy', protocolVersion: '2025-11-25', status: 200, outcome: 'ok' })
    expect(requests[0]!.durationMs).toBeGreaterThanOrEqual(0)
  })

  it('tells the negotiated revision of initialize', async () => {
    const { server, requests } = recording()
    await send(server, legacyRequest('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }, null))
    expect(requests[0]).toMatchObject({ method: 'initialize', era: 'legacy', protocolVersion: '2025-06-18' })
  })

  it('tells the JSON-RPC error code and the HTTP status of a refusal', async () => {
    const { server, requests } = recording()
    await send(server, modernRequest('nope/nope'))
    await send(server, post('{not json', { 'content-type': 'application/json' }))
    await send(server, post('{}', { 'content-type': 'text/plain' }))
    expect(requests.map((r) => [r.method, r.status, r.errorCode, r.outcome])).toEqual([
      ['nope/nope', 404, -32601, 'error'],
      [undefined, 400, -32700, 'error'],
      [undefined, 415, undefined, 'error'],
    ])
  })

  it('is told of a tool error result as ok (the call failed, not the request)', async () => {
    const { server, requests, calls } = recording()
    await send(server, call('refuse', { reason: 'no' }))
    expect(requests[0]).toMatchObject({ outcome: 'ok', status: 200 })
    expect(calls[0]!.outcome).toBe('tool_error')
  })
})

describe('a failing hook', () => {
  it('does not change the response, and is logged once', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = serverWith({
      onCall: () => {
        throw new Error('exporter down')
      },
      onRequest: () => {
        throw new Error('exporter down too')
      },
    })
    for (let i = 0; i < 3; i++) {
      const reply = await send(server, call('greet', { name: 'Ada' }))
      expect(reply.body.result.content[0].text).toBe('Hello, Ada')
    }
    expect(logged.mock.calls.map((args) => String(args[0]))).toEqual([
      'mcp-aot: the instrument hook onCall failed (later failures of it are not logged):',
      'mcp-aot: the instrument hook onRequest failed (later failures of it are not logged):',
    ])
  })

  it('an async hook is handed to waitUntil and never awaited by the response', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const server = serverWith({ onCall: () => gate.then(() => Promise.reject(new Error('late failure'))) })
    const kept: Promise<unknown>[] = []
    const response = await server.fetch(call('greet', { name: 'Ada' }), undefined, { waitUntil: (promise) => void kept.push(promise) })
    expect((await response.json()).result.content[0].text).toBe('Hello, Ada')
    expect(kept).toHaveLength(1)
    release()
    await kept[0]
    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0]![1])).toContain('late failure')
  })
})

/** Keeps the CPU busy for `ms` milliseconds, as a slow synchronous exporter would. */
function busy(ms: number): void {
  const until = Date.now() + ms
  while (Date.now() < until) {
    // spin
  }
}

describe('the time a hook takes (docs/observability.md: "A hook runs before the reply is returned")', () => {
  const SLOW = 120

  /** Serves one tools/call with `hooks`, an ExecutionContext recording waitUntil; when fetch resolved, and whether the hooks' work was done by then. */
  async function timed(hooks: (done: () => void) => InstrumentHooks) {
    let finished = 0
    const server = serverWith(hooks(() => void finished++))
    const kept: Promise<unknown>[] = []
    const start = performance.now()
    const response = await server.fetch(call('greet', { name: 'Ada' }), undefined, { waitUntil: (promise) => void kept.push(promise) })
    const elapsed = performance.now() - start
    const doneByReply = finished
    expect((await response.json()).result.content[0].text).toBe('Hello, Ada')
    await Promise.all(kept)
    return { elapsed, doneByReply, doneAfter: finished, kept: kept.length }
  }

  it('a synchronous hook: its whole time is added to the reply', async () => {
    const slow = await timed((done) => ({ onCall: () => (busy(SLOW), done()), onRequest: () => (busy(SLOW), done()) }))
    expect(slow).toMatchObject({ doneByReply: 2, doneAfter: 2, kept: 0 })
    expect(slow.elapsed).toBeGreaterThanOrEqual(2 * SLOW - 5)
  })

  it('an async hook: the code before its first wait runs before the reply, and so does code after a wait on a settled promise', async () => {
    const early = await timed((done) => ({
      async onCall() {
        busy(SLOW)
        done()
      },
    }))
    expect(early).toMatchObject({ doneByReply: 1, kept: 1 })
    expect(early.elapsed).toBeGreaterThanOrEqual(SLOW - 5)
    // `await` on what is already settled resumes in a microtask, still before the reply leaves.
    const microtask = await timed((done) => ({
      async onCall() {
        await null
        busy(SLOW)
        done()
      },
    }))
    expect(microtask).toMatchObject({ doneByReply: 1, kept: 1 })
    expect(microtask.elapsed).toBeGreaterThanOrEqual(SLOW - 5)
  })

  it('an async hook whose work follows a timer (or real I/O): the reply comes first, the work goes on in waitUntil', async () => {
    const later = await timed((done) => ({
      async onCall() {
        await new Promise((resolve) => setTimeout(resolve, 0))
        busy(SLOW)
        done()
      },
    }))
    expect(later).toMatchObject({ doneByReply: 0, doneAfter: 1, kept: 1 })
    expect(later.elapsed).toBeLessThan(SLOW)
    const afterIo = await timed((done) => ({
      async onRequest() {
        await readFile(fileURLToPath(import.meta.url)) // a file read: real I/O
        busy(SLOW)
        done()
      },
    }))
    expect(afterIo).toMatchObject({ doneByReply: 0, doneAfter: 1, kept: 1 })
    expect(afterIo.elapsed).toBeLessThan(SLOW)
  })
})

describe('the option', () => {
  it('instrument() refuses what is not hooks and a boolean, naming the key', () => {
    const refusal = (hooks: unknown) => {
      try {
        instrument(hooks as InstrumentHooks)
      } catch (error) {
        return [(error as Error).name, (error as Error).message]
      }
      return undefined
    }
    expect(refusal({ onCall: 5 })).toEqual(['TypeError', 'instrument(): onCall must be a function.'])
    expect(refusal({ onSpan: () => {} })).toEqual(['TypeError', "instrument() has no option 'onSpan'; it takes onRequest, onCall and arguments."])
    expect(refusal({ arguments: 'yes' })).toEqual(['TypeError', 'instrument(): arguments must be true or false.'])
    expect(refusal(null)).toEqual(['TypeError', 'instrument() takes the hooks as an object: instrument({ onRequest?, onCall?, arguments? }).'])
    expect(refusal({})).toBeUndefined()
  })

  it('createServer refuses hooks passed unwrapped, saying to wrap them', () => {
    expect(() => serverWithOption({ onCall: () => {} } as any)).toThrow(
      new TypeError("createServer: the instrument option takes the hooks wrapped, instrument: instrument({ onRequest, onCall }) with instrument imported from 'mcp-aot'."),
    )
  })

  it('uses the hooks as they were when wrapped', async () => {
    const calls: string[] = []
    const hooks: InstrumentHooks = { onCall: (event) => void calls.push(event.name) }
    const server = serverWithOption(instrument(hooks))
    hooks.onCall = () => {
      throw new Error('not this one')
    }
    await send(server, call('greet', { name: 'Ada' }))
    expect(calls).toEqual(['greet'])
  })

  it('one wrapped option serves two servers, each logging its own first failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const option = instrument({
      onCall: () => {
        throw new Error('exporter down')
      },
    })
    for (const server of [serverWithOption(option), serverWithOption(option)]) {
      for (let i = 0; i < 2; i++) expect((await send(server, call('greet', { name: 'Ada' }))).body.result.content[0].text).toBe('Hello, Ada')
    }
    expect(logged).toHaveBeenCalledTimes(2)
  })

  it('unset, costs no timing call', async () => {
    const now = vi.spyOn(performance, 'now')
    const reply = await send(plain, call('greet', { name: 'Ada' }))
    expect(reply.body.result.content[0].text).toBe('Hello, Ada')
    expect(now).not.toHaveBeenCalled()
    await send(serverWith({ onCall: () => {} }), call('greet', { name: 'Ada' }))
    expect(now).toHaveBeenCalledTimes(2)
  })
})
