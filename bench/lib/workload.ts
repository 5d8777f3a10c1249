/**
 * What every server is asked, and what it must answer. The three tools behave identically everywhere:
 *   echo {text}                       → one text part: the text
 *   add {a: Int, b: Int}              → one text part: the sum
 *   create_order {customer, items, note?, priority = 'normal'}
 *                                     → structuredContent {orderId: `ORD-${items[0].sku}-${priority}`,
 *                                       total: Σ qty} and one text part with its JSON
 */

export function call(name: string, args: unknown, id = 1): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } })
}

export const ORDER_ARGS = {
  customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
  items: [
    { sku: 'ABC-1234', qty: 2 },
    { sku: 'XYZ-0001', qty: 5 },
  ],
  note: null,
}

/** Six rule violations in one call: minLength, format, pattern, minimum, enum, an unknown argument. */
export const BAD_ORDER_ARGS = {
  customer: { name: '', email: 'not-an-email' },
  items: [{ sku: 'abc-1', qty: 0 }],
  priority: 'urgent',
  coupon: 'X',
}

const order = { orderId: 'ORD-ABC-1234-normal', total: 7 }

export interface Case {
  name: string
  body: string
  /** The expected `result` of the JSON-RPC reply. */
  result: Record<string, unknown>
}

export const CASES: Case[] = [
  { name: 'echo', body: call('echo', { text: 'hello' }), result: { content: [{ type: 'text', text: 'hello' }] } },
  { name: 'add', body: call('add', { a: 2, b: 40 }), result: { content: [{ type: 'text', text: '42' }] } },
  {
    name: 'create_order',
    body: call('create_order', ORDER_ARGS),
    result: { content: [{ type: 'text', text: JSON.stringify(order) }], structuredContent: order },
  },
]

/** The request under load. */
export const LOAD_BODY = call('create_order', ORDER_ARGS)
export const BAD_BODY = call('create_order', BAD_ORDER_ARGS)
export const INITIALIZE_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } },
})

/** Keeps only what the cases compare (a server may add `isError: false` or `_meta`). */
export function comparable(result: any): Record<string, unknown> {
  const out: Record<string, unknown> = { content: result?.content }
  if (result?.structuredContent !== undefined) out.structuredContent = result.structuredContent
  if (result?.isError) out.isError = true
  return out
}
