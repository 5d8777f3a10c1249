/**
 * JSON-RPC 2.0 messages: reading one from a parsed body, and writing responses as text. Errors are
 * values (`RpcError`) carrying the HTTP status they are sent with, so every layer can return one.
 */
import { INVALID_PARAMS, INVALID_REQUEST } from './protocol.ts'

export type RequestId = string | number | NumberText

/**
 * A numeric id as the request wrote it (`12345678901234567891`, `-0`, `1.50`), where the parsed number
 * would be written back differently: JSON-RPC answers with the same id, so its text is kept.
 */
export class NumberText {
  declare readonly text: string
  constructor(text: string) {
    this.text = text
  }
}

const isId = (id: unknown): id is RequestId => typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) || id instanceof NumberText

/**
 * Puts the JSON text of a numeric top-level `id` back in a parsed request object when the number would
 * not print as it was written. The common cases cost a string comparison: a safe integer that opens the
 * object (`{"jsonrpc":"2.0","id":7,` or `{"id":7,`) or closes it (`,"id":7}`) as printed; else the text
 * is scanned at its top level.
 */
export function keepIdText(body: unknown, text: string): void {
  if (Array.isArray(body)) return keepBatchIdTexts(body, text)
  if (!isObject(body) || typeof body.id !== 'number') return
  const id = body.id
  const printed = String(id)
  if (Number.isSafeInteger(id) && !Object.is(id, -0)) {
    const member = `"id":${printed}`
    if (text.startsWith(`{"jsonrpc":"2.0",${member},`) || text.startsWith(`{${member},`) || text.trimEnd().endsWith(`,${member}}`)) return
  }
  const raw = topLevelValue(text, 'id')
  if (raw !== undefined && raw !== printed && /^-?\d/.test(raw)) body.id = new NumberText(raw)
}

/** keepIdText for each message of a batch, each with its own text (found only when one has a numeric id). */
function keepBatchIdTexts(batch: unknown[], text: string): void {
  if (!batch.some((m) => isObject(m) && typeof m.id === 'number')) return
  let i = skipSpace(text, 0) + 1
  for (const message of batch) {
    i = skipSpace(text, i)
    const end = valueEnd(text, i)
    keepIdText(isObject(message) ? message : undefined, text.slice(i, end))
    i = skipSpace(text, end) + 1 // past the comma
  }
}

/** The text of a top-level member's value in a JSON object text, the last one when the key repeats (as JSON.parse). */
function topLevelValue(text: string, name: string): string | undefined {
  let i = skipSpace(text, 0)
  if (text[i] !== '{') return undefined
  i = skipSpace(text, i + 1)
  let found: string | undefined
  while (text[i] === '"') {
    const keyEnd = stringEnd(text, i)
    const key = JSON.parse(text.slice(i, keyEnd)) as string
    i = skipSpace(text, skipSpace(text, keyEnd) + 1) // past the colon
    const end = valueEnd(text, i)
    if (key === name) found = text.slice(i, end)
    i = skipSpace(text, end)
    if (text[i] !== ',') break
    i = skipSpace(text, i + 1)
  }
  return found
}

const skipSpace = (text: string, i: number): number => {
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++
  return i
}

/** The index after the string literal starting at `i`. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++
    else if (text[j] === '"') return j + 1
  }
  return text.length
}

/** The index after the JSON value starting at `i` (the text is known to be valid JSON). */
function valueEnd(text: string, i: number): number {
  const first = text[i]
  if (first === '"') return stringEnd(text, i)
  if (first !== '{' && first !== '[') {
    let j = i
    while (j < text.length && !',}] \n\r\t'.includes(text[j]!)) j++
    return j
  }
  let depth = 0
  for (let j = i; j < text.length; j++) {
    const c = text[j]
    if (c === '"') j = stringEnd(text, j) - 1
    else if (c === '{' || c === '[') depth++
    else if ((c === '}' || c === ']') && --depth === 0) return j + 1
  }
  return text.length
}

/** A request (`id` present) or a notification (`id` undefined). */
export interface Message {
  readonly id: RequestId | undefined
  readonly method: string
  readonly params: Record<string, any> | undefined
}

/** A JSON-RPC error to send, with its HTTP status (200 when the error is in-band). */
export class RpcError {
  declare readonly code: number
  declare readonly message: string
  declare readonly data: unknown
  declare readonly status: number
  constructor(code: number, message: string, data?: unknown, status = 200) {
    this.code = code
    this.message = message
    this.data = data
    this.status = status
  }
}

/** The answer to a call of a tool the server does not have, or does not show this client. */
export const unknownTool = (name: string) => new RpcError(INVALID_PARAMS, `Unknown tool '${name}'.`, { name })

/** A non-null object that is not an array (a JSON object once parsed). */
export const isObject = (value: unknown): value is Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The id of a parsed body when it has a usable one, so even a refusal can carry it. */
export function idOf(body: unknown): RequestId | undefined {
  if (!isObject(body)) return undefined
  return isId(body.id) ? body.id : undefined
}

/** True for a posted JSON-RPC response (a client answering a server→client request). */
export function isResponse(body: Record<string, any>): boolean {
  return body.method === undefined && ('result' in body || 'error' in body)
}

/** Reads one request or notification, or says why it is not one (-32600). */
export function readMessage(body: unknown): Message | RpcError {
  if (!isObject(body)) return new RpcError(INVALID_REQUEST, 'The body must be a JSON-RPC request object.', undefined, 400)
  if (body.jsonrpc !== '2.0') return new RpcError(INVALID_REQUEST, "The request must have jsonrpc: '2.0'.", undefined, 400)
  const method = body.method
  if (typeof method !== 'string' || method === '') {
    return new RpcError(INVALID_REQUEST, 'The request must name its method.', undefined, 400)
  }
  const id = body.id
  if ('id' in body && !isId(id)) {
    return new RpcError(INVALID_REQUEST, 'The request id must be a string or a number.', undefined, 400)
  }
  const params = body.params
  if (params !== undefined && !isObject(params)) {
    return new RpcError(INVALID_REQUEST, 'The request params must be an object.', undefined, 400)
  }
  return { id, method, params }
}

/** A request id as JSON text, as the client wrote it. */
export const idJson = (id: RequestId): string => (typeof id === 'object' ? id.text : JSON.stringify(id))

/** `,"id":…` as JSON text; an unknown id is left out (MCP's error responses make `id` optional). */
const idField = (id: RequestId | undefined): string => (id === undefined ? '' : `,"id":${idJson(id)}`)

/** A result response whose result is already JSON text. */
export const resultText = (id: RequestId, result: string): string => `{"jsonrpc":"2.0"${idField(id)},"result":${result}}`

export function errorText(id: RequestId | undefined, error: RpcError): string {
  const data = error.data === undefined ? '' : `,"data":${JSON.stringify(error.data)}`
  return `{"jsonrpc":"2.0"${idField(id)},"error":{"code":${error.code},"message":${JSON.stringify(error.message)}${data}}}`
}

/** A notification as JSON text. */
export const notificationText = (method: string, params: unknown): string =>
  `{"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`
