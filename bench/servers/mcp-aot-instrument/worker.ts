/**
 * The mcp-aot bench server three times over, picked by the `x-bench-instrument` header (bench/instrument.ts):
 * without `instrument`, with no-op hooks, and with the OpenTelemetry recipe of docs/observability.md (no
 * tracer provider registered: the API's no-op tracer, so this measures mcp-aot and the recipe, not an SDK).
 */
import { createServer, instrument } from 'mcp-aot'
import * as tools from '../mcp-aot/tools.ts'
import { otelInstrument } from '../../../test/runtime/recipes/otel.ts'

const info = { name: 'mcp-aot', version: '1.0.0' }
const noop = instrument({ onRequest() {}, onCall() {} })

const servers: Record<string, ReturnType<typeof createServer>> = {
  none: createServer(info, tools),
  noop: createServer(info, tools, { instrument: noop }),
  otel: createServer(info, tools, { instrument: otelInstrument }),
}

export default {
  fetch(request: Request, env: unknown, ctx: { waitUntil(promise: Promise<unknown>): void }): Promise<Response> {
    return servers[request.headers.get('x-bench-instrument') ?? 'none']!.fetch(request, env, ctx)
  },
}
