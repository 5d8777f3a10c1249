/**
 * The client side of bench/subscriptions.ts: 2026-07-28 listen streams and tool calls over node:http, each
 * listener on a socket of its own. Also run in a worker thread (listen-flood.ts), so a flood of listeners is
 * opened on another core than the client whose latency is measured.
 */
import http from 'node:http'

const MODERN = '2026-07-28'
const META = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} }
const body = (id: number, method: string, params: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: META } })
const headers = (method: string, name?: string) => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': MODERN,
  'mcp-method': method,
  ...(name ? { 'mcp-name': name } : {}),
})

/** One listen stream: resolves once acknowledged; counts the list changes it hears, and when the last came. */
export interface Listening {
  heard: number
  lastAt: number
  close(): void
}

export function listen(url: URL, agent: http.Agent | false = false): Promise<Listening | number> {
  return new Promise((resolve, reject) => {
    const text = body(1, 'subscriptions/listen', { notifications: { toolsListChanged: true } })
    const request = http.request(url, { method: 'POST', agent, headers: { ...headers('subscriptions/listen'), 'content-length': Buffer.byteLength(text) } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume()
        return resolve(response.statusCode ?? 0)
      }
      const listening: Listening = { heard: 0, lastAt: 0, close: () => request.destroy() }
      let acknowledged = false
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        if (!acknowledged && chunk.includes('acknowledged')) {
          acknowledged = true
          resolve(listening)
        }
        const changes = chunk.split('list_changed').length - 1
        if (changes > 0) {
          listening.heard += changes
          listening.lastAt = performance.now()
        }
      })
      response.on('error', () => {})
    })
    request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)))
    request.end(text)
  })
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 })

/** A tool call's latency in ms (once more on a kept-alive socket the server had closed). */
export function call(url: URL, name: string): Promise<number> {
  return callOnce(url, name).catch((error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? callOnce(url, name) : Promise.reject(error)))
}

function callOnce(url: URL, name: string): Promise<number> {
  const text = body(2, 'tools/call', { name, arguments: {} })
  const start = performance.now()
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent: keepAlive, headers: { ...headers('tools/call', name), 'content-length': Buffer.byteLength(text) } }, (response) => {
      let reply = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (reply += chunk))
      response.on('end', () => (reply.includes('"isError":true') || response.statusCode !== 200 ? reject(new Error(`${name}: ${response.statusCode} ${reply.slice(0, 200)}`)) : resolve(performance.now() - start)))
    })
    request.on('error', reject)
    request.end(text)
  })
}

/** Opens `count` listeners, `parallel` at a time. */
export async function open(url: URL, count: number, parallel = 200): Promise<{ held: Listening[]; refused: number }> {
  const held: Listening[] = []
  let refused = 0
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(parallel, count) }, async () => {
      while (next < count) {
        next++
        const opened = await listen(url)
        if (typeof opened === 'number') refused++
        else held.push(opened)
      }
    }),
  )
  return { held, refused }
}

