/**
 * The two recipes of docs/observability.md, run against real tools: the OpenTelemetry one with a tracer
 * provider that records its spans, the Analytics Engine one with a dataset that records its data points.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { fileURLToPath } from 'node:url'
import { trace, type Span, type SpanOptions, type Tracer, type TracerProvider } from '@opentelemetry/api'
import type { Instrument, McpServer } from '../../src/runtime/shared/api.ts'
import { bundleWorker } from './bundle.ts'
import { legacyRequest, modernRequest, send } from './helpers.ts'

interface Recorded {
  name: string
  options: SpanOptions
  attributes: Record<string, unknown>
  status?: { code: number; message?: string }
  exceptions: unknown[]
  end?: unknown
}

const spans: Recorded[] = []
const tracer: Tracer = {
  startSpan(name, options = {}) {
    const recorded: Recorded = { name, options, attributes: { ...options.attributes }, exceptions: [] }
    spans.push(recorded)
    const span = {
      setAttribute: (key: string, value: unknown) => ((recorded.attributes[key] = value), span),
      setStatus: (status: Recorded['status']) => ((recorded.status = status), span),
      recordException: (error: unknown) => void recorded.exceptions.push(error),
      end: (time?: unknown) => void (recorded.end = time),
    }
    return span as unknown as Span
  },
  startActiveSpan: (() => {
    throw new Error('not used by the recipe')
  }) as Tracer['startActiveSpan'],
}
trace.setGlobalTracerProvider({ getTracer: () => tracer } satisfies TracerProvider)

let serverWith: (instrument: Instrument<any>) => McpServer<any>
let otelInstrument: Instrument
let analyticsInstrument: Instrument<any>

beforeAll(async () => {
  // The recipes bundled with the server (one copy of mcp-aot), imported after the provider is registered.
  const code = await bundleWorker(fileURLToPath(new URL('./fixtures/observed-recipes.ts', import.meta.url)))
  ;({ serverWithOption: serverWith, otelInstrument, analyticsInstrument } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`))
})

const call = (name: string, args: Record<string, unknown> = {}) => modernRequest('tools/call', { name, arguments: args })

describe('the OpenTelemetry recipe', () => {
  it('makes one server span per tool call with the MCP semantic-convention attributes', async () => {
    spans.length = 0
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = serverWith(otelInstrument)
    await send(server, call('greet', { name: 'Ada' }))
    await send(server, call('crash'))
    await send(server, legacyRequest('tools/call', { name: 'refuse', arguments: { reason: 'no' } }))
    vi.restoreAllMocks()
    expect(spans.map((s) => s.name)).toEqual(['tools/call greet', 'tools/call crash', 'tools/call refuse'])
    expect(spans[0]!.options.kind).toBe(1) // SpanKind.SERVER
    expect(spans[0]!.attributes).toEqual({ 'mcp.method.name': 'tools/call', 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'greet', 'mcp.protocol.version': '2026-07-28' })
    expect(spans[0]!.status).toBeUndefined()
    expect(spans[0]!.end).toBeGreaterThanOrEqual(spans[0]!.options.startTime as number)
    expect(spans[1]!.attributes['error.type']).toBe('tool_error')
    expect(spans[1]!.status).toEqual({ code: 2, message: 'failure' }) // SpanStatusCode.ERROR
    expect((spans[1]!.exceptions[0] as Error).message).toBe('the database is down')
    expect(spans[2]!.attributes).toMatchObject({ 'mcp.protocol.version': '2025-11-25', 'error.type': 'tool_error' })
  })

  it('names a JSON-RPC error by its code', async () => {
    spans.length = 0
    const server = serverWith(otelInstrument)
    const controller = new AbortController()
    const pending = server.fetch(new Request(call('hang'), { signal: controller.signal }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    controller.abort()
    await pending
    expect(spans[0]!.attributes).toMatchObject({ 'error.type': '-32603', 'rpc.response.status_code': '-32603' })
  })
})

describe('the Analytics Engine recipe', () => {
  it('writes one data point per tool call to the binding', async () => {
    const points: unknown[] = []
    const env = { CALLS: { writeDataPoint: (point: unknown) => void points.push(point) } }
    const server = serverWith(analyticsInstrument)
    await send(server, call('greet', { name: 'Ada' }), env)
    await send(server, call('greet', { name: 5 }), env)
    expect(points).toHaveLength(2)
    expect(points[0]).toMatchObject({ indexes: ['greet'], blobs: ['greet', 'ok', 'modern', '2026-07-28'] })
    expect(points[1]).toMatchObject({ blobs: ['greet', 'argument_error', 'modern', '2026-07-28'] })
    expect((points[0] as any).doubles[0]).toBeGreaterThanOrEqual(0)
  })
})
