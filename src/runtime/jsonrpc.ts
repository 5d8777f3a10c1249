/**
 * JSON-RPC 2.0 messages: reading one from a parsed body, and writing responses as text. Errors are
 * values (`RpcError`) carrying the HTTP status they are sent with, so every layer can return one.
 */
import { INVALID_REQUEST } from './protocol.ts'

export type RequestId = string | number

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

/** A non-null object that is not an array (a JSON object once parsed). */
export const isObject = (value: unknown): value is Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The id of a parsed body when it has a usable one, so even a refusal can carry it. */
export function idOf(body: unknown): RequestId | undefined {
  if (!isObject(body)) return undefined
  const id = body.id
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined
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
  if ('id' in body && typeof id !== 'string' && !(typeof id === 'number' && Number.isFinite(id))) {
    return new RpcError(INVALID_REQUEST, 'The request id must be a string or a number.', undefined, 400)
  }
  const params = body.params
  if (params !== undefined && !isObject(params)) {
    return new RpcError(INVALID_REQUEST, 'The request params must be an object.', undefined, 400)
  }
  return { id, method, params }
}

/** `,"id":…` as JSON text; an unknown id is left out (MCP's error responses make `id` optional). */
const idField = (id: RequestId | undefined): string =>
  id === undefined ? '' : typeof id === 'number' ? `,"id":${id}` : `,"id":${JSON.stringify(id)}`

/** A result response whose result is already JSON text. */
export const resultText = (id: RequestId, result: string): string => `{"jsonrpc":"2.0"${idField(id)},"result":${result}}`

export function errorText(id: RequestId | undefined, error: RpcError): string {
  const data = error.data === undefined ? '' : `,"data":${JSON.stringify(error.data)}`
  return `{"jsonrpc":"2.0"${idField(id)},"error":{"code":${error.code},"message":${JSON.stringify(error.message)}${data}}}`
}

/** A notification as JSON text. */
export const notificationText = (method: string, params: unknown): string =>
  `{"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`
