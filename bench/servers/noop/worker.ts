/** The harness's own floor: a Worker that answers every request with one constant JSON-RPC reply. */
const BODY =
  '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\\"orderId\\":\\"ORD-ABC-1234-normal\\",\\"total\\":7}"}],"structuredContent":{"orderId":"ORD-ABC-1234-normal","total":7}}}'

export default {
  fetch(): Response {
    return new Response(BODY, { headers: { 'content-type': 'application/json' } })
  },
}
