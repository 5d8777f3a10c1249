// One OpenTelemetry span per tool call, named and attributed as the OpenTelemetry MCP semantic
// conventions say (https://opentelemetry.io/docs/specs/semconv/gen-ai/mcp/). Register a tracer provider
// (an OTel SDK for Workers) before the first call; without one the API is a no-op.
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { instrument } from 'mcp-aot'

const tracer = trace.getTracer('mcp-aot')

export const otelInstrument = instrument({
  onCall(event) {
    const end = Date.now()
    const span = tracer.startSpan(`${event.method} ${event.name}`, {
      kind: SpanKind.SERVER,
      startTime: end - event.durationMs,
      attributes: {
        'mcp.method.name': event.method,
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': event.name,
        'mcp.protocol.version': event.protocolVersion,
      },
    })
    // A JSON-RPC error is its code; a result with isError: true is `tool_error`.
    const errorType = event.errorCode !== undefined ? String(event.errorCode) : event.outcome === 'ok' || event.outcome === 'input_required' ? undefined : 'tool_error'
    if (errorType !== undefined) {
      span.setAttribute('error.type', errorType)
      if (event.errorCode !== undefined) span.setAttribute('rpc.response.status_code', String(event.errorCode))
      span.setStatus({ code: SpanStatusCode.ERROR, message: event.outcome })
    }
    if (event.error instanceof Error) span.recordException(event.error)
    span.end(end)
  },
})
