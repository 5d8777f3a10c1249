/**
 * Reading the 2026-07-28 request headers that mirror the body (SEP-2243), such as `Mcp-Name`. Values may
 * be sent as `=?base64?…?=`; they are decoded before they are compared with the body. The
 * `Mcp-Param-*` headers a tool declares are features/param-headers.ts.
 */
import { fromBase64 } from './base64.ts'

const decoder = new TextDecoder('utf-8', { fatal: true })

/** A header's value without the optional whitespace around it (RFC 9110 §5.5), or null. */
export function headerValue(headers: Headers, name: string): string | null {
  const value = headers.get(name)
  return value === null ? null : value.trim()
}

/** A header value as the client meant it, or undefined when its base64 sentinel cannot be decoded. */
export function decodeHeaderValue(value: string): string | undefined {
  if (!(value.startsWith('=?base64?') && value.endsWith('?=') && value.length >= 11)) return value
  const bytes = fromBase64(value.slice(9, -2))
  if (!bytes) return undefined
  try {
    return decoder.decode(bytes)
  } catch {
    return undefined
  }
}
