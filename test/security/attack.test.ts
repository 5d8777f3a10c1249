/**
 * The attack suite: property-based fuzzing (fast-check) of the HTTP + JSON-RPC layer of a Worker served
 * by workerd (test/security/fixtures/worker.ts: the incidents example, open at /mcp and behind a token at
 * /auth). Every request, whatever its body and headers, must get
 * - no 5xx,
 * - no stack or internal text in its body,
 * - a well-formed JSON-RPC response (or a batch of them) when it had a body and was not accepted with 202,
 * - a reply of at most REPLY_FACTOR × the request (body and headers) + REPLY_ALLOWANCE bytes,
 * and afterwards no prototype is polluted and no handler threw unexpectedly.
 */
import http from 'node:http'
import net from 'node:net'
import { build } from 'esbuild'
import fc from 'fast-check'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mcp from '../../src/esbuild.ts'

/** The amplification rule of issue 9: a reply is at most this many times its request… */
const REPLY_FACTOR = 4
/** …plus this many bytes (the largest fixed reply, tools/list, is well under it). */
const REPLY_ALLOWANCE = 32 * 1024

let mf: Miniflare
let origin: URL

beforeAll(async () => {
  const out = await build({
    entryPoints: ['test/security/fixtures/worker.ts'],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    plugins: [mcp()],
    conditions: ['workerd', 'worker', 'browser'],
    logLevel: 'error',
  })
  mf = new Miniflare({ modules: true, script: out.outputFiles[0]!.text, compatibilityDate: '2026-07-28', compatibilityFlags: ['enable_request_signal'], host: '127.0.0.1', port: 0 })
  origin = await mf.ready
})
afterAll(() => mf?.dispose())

// ---------------------------------------------------------------------------------------------------
// What a request is made of.

const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} }
const METHODS = ['tools/call', 'tools/list', 'prompts/get', 'prompts/list', 'resources/read', 'resources/list', 'resources/templates/list', 'completion/complete', 'logging/setLevel', 'initialize', 'ping', 'server/discover', 'subscriptions/listen', 'notifications/initialized', 'constructor', '__proto__', 'toString', 'hasOwnProperty', '']
const TOOLS = ['search_incidents', 'get_incident', 'open_incident', 'update_incident_status', 'time_to_resolve', 'find_runbook', 'constructor', '__proto__', 'nope']
const KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'id', 'tags', 'service', 'query', 'limit', 'since', 'title', 'severity', 'level', 'name', 'uri', 'arguments', 'ref', 'argument', '_meta', 'requestState', 'inputResponses', '\ud800', '']

/** Ids as JSON text: odd numbers, strings with lone surrogates, and things that are not ids. */
const idText = fc.oneof(
  fc.constantFrom('1', '0', '-0', '12345678901234567891', '18446744073709551616', '1e400', '0.1000000000000000055511151231257827', '1.50', '1e2', '-1', 'null', 'true', '{}', '[]', '"a"', '""', '"\\ud800"', '"\\udfff\\ud800"', '"__proto__"'),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.string().map((s) => JSON.stringify(s)),
)

/** JSON values with hostile keys and lone surrogates, as text. */
const hostileValue: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('null', 'true', 'false', '0', '-0', '1e308', '"\\ud800"', '"\\u0000"', '"x"', '[]', '{}'),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
    fc.string({ unit: 'grapheme' }).map((s) => JSON.stringify(s)),
    fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string()), tie('value')), { maxLength: 5 }).map((members) => `{${members.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).value

const argumentsText = fc.oneof(
  hostileValue,
  fc.record({ key: fc.constantFrom(...KEYS), value: hostileValue }).map(({ key, value }) => `{${JSON.stringify(key)}:${value}}`),
  // Huge arrays and strings (kept to ~200 KB here; the 2 MB case is a test of its own).
  fc.integer({ min: 0, max: 50_000 }).map((n) => `{"tags":[${new Array(n).fill('0').join(',')}],"title":"Checkout down","service":"checkout","severity":"sev2"}`),
  fc.integer({ min: 0, max: 200_000 }).map((n) => `{"query":"${'q'.repeat(n)}","service":"${'s'.repeat(n % 500)}"}`),
  fc.integer({ min: 0, max: 5_000 }).map((n) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`),
)

/** A JSON-RPC message as text (sometimes with hostile fields replacing the good ones). */
const messageOf = (args: fc.Arbitrary<string>) => fc
  .record({
    jsonrpc: fc.constantFrom('"2.0"', '"2.0"', '"1.0"', '2', 'null'),
    id: fc.option(idText, { nil: undefined }),
    method: fc.oneof(fc.constantFrom(...METHODS).map((m) => JSON.stringify(m)), hostileValue),
    name: fc.constantFrom(...TOOLS, 'postmortem', 'runbook://index', 'runbook://payments', 'runbook://constructor'),
    args,
    meta: fc.constantFrom(JSON.stringify(META), '{}', 'null', '{"__proto__":{"polluted":1}}', JSON.stringify({ ...META, 'io.modelcontextprotocol/logLevel': 'constructor' })),
    extra: fc.option(fc.tuple(fc.constantFrom(...KEYS), hostileValue), { nil: undefined }),
  })
  .map(({ jsonrpc, id, method, name, args, meta, extra }) => {
    const params = `{"name":${JSON.stringify(name)},"uri":${JSON.stringify(name)},"arguments":${args},"ref":{"type":"ref/prompt","name":"postmortem"},"argument":{"name":${JSON.stringify(KEYS[args.length % KEYS.length])},"value":""},"level":"constructor","_meta":${meta}${extra ? `,${JSON.stringify(extra[0])}:${extra[1]}` : ''}}`
    return `{"jsonrpc":${jsonrpc}${id === undefined ? '' : `,"id":${id}`},"method":${method},"params":${params}}`
  })
const messageText = messageOf(argumentsText)

/** Bodies: messages, batches, truncated and malformed JSON, deep nesting, arbitrary bytes. */
const bodyText = fc.oneof(
  { arbitrary: messageText, weight: 6 },
  { arbitrary: fc.array(messageOf(hostileValue), { minLength: 0, maxLength: 40 }).map((ms) => `[${ms.join(',')}]`), weight: 1 },
  { arbitrary: fc.tuple(messageText, fc.nat()).map(([m, cut]) => m.slice(0, cut % Math.max(1, m.length))), weight: 2 },
  { arbitrary: fc.tuple(fc.constantFrom('[', '{"a":'), fc.integer({ min: 1, max: 100_000 })).map(([open, depth]) => open.repeat(depth) + (open === '[' ? ']' : '}').repeat(depth)), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 300 }), weight: 1 },
  { arbitrary: hostileValue, weight: 1 },
)

/** Headers, every rule of the transport: present, missing, wrong, odd. */
const headerSet = fc.record(
  {
    'content-type': fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain; application/json', 'application/jsonx', 'application/json-patch+json', '', 'APPLICATION/JSON'),
    accept: fc.constantFrom('application/json, text/event-stream', 'text/event-stream', 'application/json', '*/*', 'application/jsonp', 'text/html', 'application/json;q=0', ''),
    'mcp-protocol-version': fc.constantFrom('2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '1999-01-01', 'constructor', ''),
    'mcp-method': fc.constantFrom(...METHODS.filter(Boolean), 'x'.repeat(300)),
    'mcp-name': fc.constantFrom(...TOOLS, '=?base64?c2VhcmNoX2luY2lkZW50cw==?=', '=?base64?!!!?=', 'runbook://index'),
    origin: fc.constantFrom('http://localhost:6274', 'http://evil.example', 'null'),
    authorization: fc.constantFrom('Bearer good', 'Bearer bad', 'Basic x', ''),
    'mcp-session-id': fc.constantFrom('abc', 'ey' + 'A'.repeat(200), '\u00ff'),
  },
  { requiredKeys: [] },
)

// ---------------------------------------------------------------------------------------------------
// What every reply must satisfy.

const INTERNAL = /\n\s+at |\bat [\w$.<>]+ \(|(?:Type|Reference|Range|Syntax)Error|Uncaught|file:\/\/|node_modules|src\/runtime|\.ts:\d+|workerd|miniflare/i

function isRpcMessage(m: any): boolean {
  if (typeof m !== 'object' || m === null || Array.isArray(m) || m.jsonrpc !== '2.0') return false
  if ('result' in m === 'error' in m) return false
  if ('error' in m) return Number.isInteger(m.error?.code) && typeof m.error.message === 'string'
  return typeof m.result === 'object' && m.result !== null
}

function checkReply(label: string, status: number, type: string, body: string, requestBytes: number, hadBody: boolean): void {
  expect(status, label).toBeGreaterThanOrEqual(200)
  expect(status, label).toBeLessThan(500)
  expect(body, label).not.toMatch(INTERNAL)
  expect(Buffer.byteLength(body), `${label}: reply size`).toBeLessThanOrEqual(REPLY_FACTOR * requestBytes + REPLY_ALLOWANCE)
  if (!hadBody || status === 202) {
    if (status === 202) expect(body, label).toBe('')
    return
  }
  let parsed: any
  if (type.startsWith('text/event-stream')) {
    const events = body.split('\n\n').filter((e) => e.trim() !== '')
    const last = events.at(-1)!.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5)).join('\n')
    parsed = JSON.parse(last)
  } else {
    expect(type, label).toMatch(/^application\/json/)
    parsed = JSON.parse(body)
  }
  if (Array.isArray(parsed)) {
    expect(parsed.length, label).toBeGreaterThan(0)
    for (const m of parsed) expect(isRpcMessage(m), `${label}: ${JSON.stringify(m).slice(0, 300)}`).toBe(true)
  } else expect(isRpcMessage(parsed), `${label}: ${body.slice(0, 300)}`).toBe(true)
}

const headerBytes = (headers: Record<string, string>) => Object.entries(headers).reduce((n, [k, v]) => n + k.length + Buffer.byteLength(v) + 4, 0)

interface Answer {
  status: number
  type: string
  text: string
}

/** One POST on a connection of its own (no keep-alive: a connection the server closed is never reused). */
function send(path: string, body: Uint8Array, headers: Record<string, string>, chunked: boolean): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, origin), { method: 'POST', agent: false, headers: chunked ? headers : { ...headers, 'content-length': String(body.length) } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (c: Buffer) => chunks.push(c))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }))
      response.on('error', reject)
    })
    request.on('error', reject)
    if (chunked) for (let i = 0; i < body.length; i += 4096) request.write(body.subarray(i, i + 4096))
    else request.write(body)
    request.end()
  })
}

async function post(path: string, body: string, headers: Record<string, string>, chunked: boolean): Promise<void> {
  const bytes = new TextEncoder().encode(body)
  const label = `POST ${path} ${JSON.stringify(headers)} ${body.slice(0, 200)}`
  let answer: Answer
  try {
    answer = await send(path, bytes, headers, chunked)
  } catch (error) {
    // A refusal made from the headers alone (401, 403, 405, 406, 413, 415) does not read the body: workerd
    // closes the connection while a large upload is still being written, and the client sees a reset
    // instead of the reply. Allowed only when the same headers with an empty body are refused that way.
    if (!/ECONNRESET|EPIPE/.test(String(error))) throw error
    const probe = await send(path, new Uint8Array(), headers, false)
    expect([401, 403, 405, 406, 413, 415], `${label}: reset, yet not refused from its headers`).toContain(probe.status)
    checkReply(`${label} (empty body)`, probe.status, probe.type, probe.text, headerBytes(headers), true)
    return
  }
  checkReply(label, answer.status, answer.type, answer.text, bytes.length + headerBytes(headers), true)
}

/** Sends raw bytes on a socket (for lying Content-Lengths and broken chunked encodings); the first reply's status and body. */
function raw(request: string, endAfterMs = 200): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(origin.port), origin.hostname)
    let data = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (data += chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? socket.destroy() : reject(error)))
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)
      resolve({ status, text: data })
    })
    socket.write(request, 'latin1')
    setTimeout(() => socket.end(), endAfterMs)
    setTimeout(() => socket.destroy(), endAfterMs + 3000)
  })
}

// ---------------------------------------------------------------------------------------------------

describe('the attack suite (workerd)', () => {
  it('fuzzed bodies and headers: no 5xx, no internals, well-formed JSON-RPC, bounded replies', async () => {
    await fc.assert(
      fc.asyncProperty(bodyText, headerSet, fc.constantFrom('/mcp', '/mcp', '/mcp', '/auth'), fc.boolean(), async (body, headers, path, chunked) => {
        await post(path, body, headers as Record<string, string>, chunked)
      }),
      { numRuns: 2000, seed: 9_2026, endOnFailure: true },
    )
  })

  it('conformant requests with hostile arguments, both eras: the same rules', async () => {
    const modern = (method: string, name: string) => ({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, 'mcp-name': name })
    const legacy = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TOOLS), argumentsText, idText, fc.boolean(), async (name, args, id, isModern) => {
        const body = `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":${args},"_meta":${JSON.stringify(META)}}}`
        await post('/mcp', body, isModern ? modern('tools/call', name) : legacy, false)
      }),
      { numRuns: 800, seed: 9_2027, endOnFailure: true },
    )
  })

  it('the 2 MB invalid tags request of issue 9: a small error result', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'open_incident', arguments: { title: 'Checkout down', service: 'checkout', severity: 'sev2', tags: new Array(1_000_000).fill(0) } } })
    const response = await fetch(new URL('/mcp', origin), { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': '2025-11-25' }, body })
    const text = await response.text()
    expect(text.length).toBeLessThan(2000)
    const result = JSON.parse(text).result
    expect(result.isError).toBe(true)
    const lines = result.content[0].text.split('\n')
    expect(lines).toHaveLength(21)
    expect(lines[0]).toBe("Argument 'tags[0]' must be a string (got 0).")
    expect(lines[20]).toMatch(/^… and at least \d+ more\.$/)
  })

  it('lying Content-Lengths and broken chunked bodies: no 5xx from the Worker, and no internals in any reply', async () => {
    const message = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
    const head = (extra: string) => `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json\r\nMCP-Protocol-Version: 2025-11-25\r\n${extra}\r\n`
    const cases = [
      head(`Content-Length: ${message.length + 50}\r\n`) + message, // longer than sent: the client gives up
      head('Content-Length: 5\r\n') + message, // shorter: the rest is not a request
      head('Content-Length: abc\r\n') + message,
      head('Content-Length: -1\r\n') + message,
      head('Content-Length: 99999999999\r\n') + message,
      head(`Content-Length: 10\r\nContent-Length: ${message.length}\r\n`) + message,
      head('Transfer-Encoding: chunked\r\n') + `zz\r\n${message}\r\n0\r\n\r\n`, // bad chunk size
      head('Transfer-Encoding: chunked\r\n') + `${(message.length + 100).toString(16)}\r\n${message}`, // chunk cut short
      head(`Transfer-Encoding: chunked\r\nContent-Length: ${message.length}\r\n`) + `${message.length.toString(16)}\r\n${message}\r\n0\r\n\r\n`,
    ]
    const seen = async () => (await (await fetch(new URL('/__probe', origin))).json()).seen as number
    for (const request of cases) {
      const before = await seen()
      const { status, text } = await raw(request)
      const label = request.split('\r\n').slice(5, 8).join(' | ')
      // workerd's own HTTP parser answers some framing errors (`Content-Length: abc`) with a 500 before any
      // Worker runs (on Cloudflare the edge refuses them first); a 5xx is allowed only when the Worker never saw the request.
      if (status >= 500) expect(await seen(), `${label}: a 5xx from the Worker`).toBe(before)
      else if (status !== 0) expect(text, label).not.toMatch(INTERNAL)
    }
  })

  it('leaves every prototype as it was, and no handler threw', async () => {
    const probe = await (await fetch(new URL('/__probe', origin))).json()
    expect(probe.changed).toEqual([])
    expect(probe.polluted).toBeNull()
    expect(probe.errors.filter((e: string) => e.startsWith('method '))).toEqual([])
  })
})
