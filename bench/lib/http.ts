/** A minimal HTTP/1.1 client over node:http with keep-alive: the harness's side of every request. */
import http from 'node:http'

export interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** The headers every server gets: a legacy-era (2025-11-25) stateless client, JSON or SSE accepted. */
export const MCP_HEADERS: Record<string, string> = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
}

export function post(url: URL, body: string | Buffer, agent?: http.Agent, headers: Record<string, string> = MCP_HEADERS): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent: agent ?? false, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** The JSON-RPC message of a reply, whether it came as JSON or as one SSE `data:` event. */
export function jsonRpc(reply: Reply): any {
  const type = String(reply.headers['content-type'] ?? '')
  if (type.startsWith('text/event-stream')) {
    const line = reply.body.split('\n').find((l) => l.startsWith('data:'))
    return line ? JSON.parse(line.slice(5)) : undefined
  }
  return reply.body ? JSON.parse(reply.body) : undefined
}
