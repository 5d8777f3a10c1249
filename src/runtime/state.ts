/**
 * The `requestState` of an input-required round: the answers gathered so far, bound to the request
 * (method, name, a hash of its arguments), the caller's identity and an expiry, signed with HMAC-SHA-256
 * (WebCrypto). The client echoes it back; anything it changed fails verification.
 *
 * Format: `base64url(JSON payload) "." base64url(HMAC of scope + the first part)`. The scope names the
 * server (its name and endpoint path) and is not sent: a state one server issued does not verify at
 * another that shares its secret.
 */
import { fromBase64Url, toBase64Url } from './base64url.ts'

export interface StatePayload {
  /** Format version. */
  readonly v: 1
  /** The request method (`tools/call`, `prompts/get`, `resources/read`). */
  readonly m: string
  /** The tool or prompt name, or the resource URI. */
  readonly n: string
  /** Hash of the request's arguments. */
  readonly h: string
  /** Expiry, milliseconds since the epoch. */
  readonly x: number
  /** Hash of the caller's identity (token or client id), when the server authenticates. */
  readonly p?: string
  /** The answers gathered in earlier rounds, by input key. */
  readonly a: Record<string, unknown>
}

const encoder = /* @__PURE__ */ new TextEncoder()
const decoder = /* @__PURE__ */ new TextDecoder()

/** JSON with object keys sorted, so equal values hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort()
    return `{${keys
      .filter((key) => (value as any)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as any)[key])}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** SHA-256 of the canonical JSON of `value`, base64url. */
export async function digest(value: unknown): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', encoder.encode(canonicalJson(value)))
  return toBase64Url(new Uint8Array(hash))
}

export class StateSigner {
  readonly #keys = new Map<string, Promise<CryptoKey>>()

  #key(secret: string): Promise<CryptoKey> {
    let key = this.#keys.get(secret)
    if (!key) {
      key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
      this.#keys.set(secret, key)
    }
    return key
  }

  /** `scope` names the server (see above); it must not end in a base64url character. */
  async sign(secret: string, scope: string, payload: StatePayload): Promise<string> {
    const body = toBase64Url(encoder.encode(JSON.stringify(payload)))
    const mac = await crypto.subtle.sign('HMAC', await this.#key(secret), encoder.encode(scope + body))
    return `${body}.${toBase64Url(new Uint8Array(mac))}`
  }

  /** The payload, or undefined when the state is malformed or its signature does not verify. */
  async verify(secret: string, scope: string, state: string): Promise<StatePayload | undefined> {
    const dot = state.indexOf('.')
    if (dot < 0 || state.indexOf('.', dot + 1) >= 0) return undefined
    const body = state.slice(0, dot)
    const mac = fromBase64Url(state.slice(dot + 1))
    if (!mac || body === '') return undefined
    const valid = await crypto.subtle.verify('HMAC', await this.#key(secret), mac as BufferSource, encoder.encode(scope + body))
    if (!valid) return undefined
    const bytes = fromBase64Url(body)
    if (!bytes) return undefined
    try {
      const payload = JSON.parse(decoder.decode(bytes))
      return payload && payload.v === 1 && typeof payload.a === 'object' && payload.a !== null ? payload : undefined
    } catch {
      return undefined
    }
  }
}
