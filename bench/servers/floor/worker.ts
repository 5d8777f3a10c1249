/**
 * The hand-written floor: the least code that serves the three tools over stateless Streamable HTTP
 * (JSON responses). It switches on the JSON-RPC method, validates with ajv standalone code generated ahead
 * of time (build.ts), and answers with the same results and argument error lines as mcp-aot. It checks
 * no Origin, Accept or protocol-version headers: a floor, not a product.
 */
import { echo, add, create_order, TOOLS_LIST } from './validators.gen.js'
import { errorLines } from './errors.ts'
import type { ValidateFn } from '../../../src/runtime/shared/table.ts'

const VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']
const HEADERS = { 'content-type': 'application/json' }
type Id = string | number | null

const text = (t: string) => ({ content: [{ type: 'text', text: t }] })

const tools: Record<string, { validate: ValidateFn; run: (a: any) => unknown }> = {
  echo: { validate: echo, run: (a) => text(a.text) },
  add: { validate: add, run: (a) => text(String(a.a + a.b)) },
  create_order: {
    validate: create_order,
    run: (a) => {
      const priority = a.priority ?? 'normal'
      let total = 0
      for (const item of a.items) total += item.qty
      const out = { orderId: `ORD-${a.items[0].sku}-${priority}`, total }
      return { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out }
    },
  },
}

const respond = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: HEADERS })
const result = (id: Id, r: unknown) => respond({ jsonrpc: '2.0', id, result: r })
const error = (id: Id, code: number, message: string, status = 200) => respond({ jsonrpc: '2.0', id, error: { code, message } }, status)

function call(id: Id, params: any): Response {
  const tool = tools[params?.name]
  if (!tool) return error(id, -32602, `Unknown tool: ${params?.name}`)
  const args = params.arguments ?? {}
  if (!tool.validate(args)) return result(id, { ...text(errorLines(tool.validate.errors ?? [])), isError: true })
  try {
    return result(id, tool.run(args))
  } catch {
    return result(id, { ...text('The tool failed.'), isError: true })
  }
}

export default {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== '/mcp') return new Response('Not Found', { status: 404 })
    if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } })
    let msg: any
    try {
      msg = await request.json()
    } catch {
      return error(null, -32700, 'Parse error', 400)
    }
    if (msg?.jsonrpc !== '2.0' || typeof msg.method !== 'string') return error(msg?.id ?? null, -32600, 'Invalid Request', 400)
    if (msg.id === undefined) return new Response(null, { status: 202 })
    switch (msg.method) {
      case 'initialize': {
        const asked = msg.params?.protocolVersion
        return result(msg.id, {
          protocolVersion: VERSIONS.includes(asked) ? asked : VERSIONS[0],
          capabilities: { tools: {} },
          serverInfo: { name: 'floor', version: '1.0.0' },
        })
      }
      case 'ping':
        return result(msg.id, {})
      case 'tools/list':
        return new Response(`{"jsonrpc":"2.0","id":${JSON.stringify(msg.id)},"result":${TOOLS_LIST}}`, { headers: HEADERS })
      case 'tools/call':
        return call(msg.id, msg.params)
      default:
        return error(msg.id, -32601, 'Method not found')
    }
  },
}
