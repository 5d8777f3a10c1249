/**
 * The `requestState` of an input-required round: the answers gathered so far, bound to the request
 * (method, name, a hash of its arguments), the caller's identity and an expiry, sealed with AES-GCM
 * (WebCrypto): the client can neither read nor change it.
 *
 * Format: `base64url(12-byte IV || ciphertext and 16-byte tag)`. The sealing key is derived with
 * HKDF-SHA-256 from the state secret (the caller's principal is hashed under another key derived from it,
 * shared/principal.ts); the scope names the server (its name and endpoint path) and is the AES-GCM
 * additional data, not sent: a state one server issued does not open at another that shares its secret.
 *
 * A state can be replayed until it expires (it is not single-use): code a function runs before it asks
 * for input again may run once per replay.
 */
import { fromBase64Url, toBase64Url } from '../shared/base64.ts'

export interface StatePayload {
  /** Format version. */
  readonly v: 2
  /** The request method (`tools/call`, `prompts/get`, `resources/read`). */
  readonly m: string
  /** The tool or prompt name, or the resource URI. */
  readonly n: string
  /** Hash of the request's arguments. */
  readonly h: string
  /** Expiry, milliseconds since the epoch. */
  readonly x: number
  /** The caller's principal (shared/principal.ts: a keyed hash of user, token or client), when the server authenticates. */
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

const IV_BYTES = 12
const ZERO_SALT = /* @__PURE__ */ new Uint8Array(32)

interface Keys {
  readonly seal: CryptoKey
}

async function deriveKeys(secret: string): Promise<Keys> {
  const base = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
  const seal = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: ZERO_SALT, info: encoder.encode('mcp-aot requestState seal v2') },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
  return { seal }
}

export class StateSealer {
  readonly #keys = new Map<string, Promise<Keys>>()

  #keysOf(secret: string): Promise<Keys> {
    let keys = this.#keys.get(secret)
    if (!keys) this.#keys.set(secret, (keys = deriveKeys(secret)))
    return keys
  }

  /** `scope` names the server (see above). */
  async seal(secret: string, scope: string, payload: StatePayload): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
    const { seal } = await this.#keysOf(secret)
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(scope) }, seal, encoder.encode(JSON.stringify(payload)))
    const out = new Uint8Array(IV_BYTES + sealed.byteLength)
    out.set(iv)
    out.set(new Uint8Array(sealed), IV_BYTES)
    return toBase64Url(out)
  }

  /** The payload, or undefined when the state is malformed, was sealed elsewhere or was changed. */
  async open(secret: string, scope: string, state: string): Promise<StatePayload | undefined> {
    const bytes = fromBase64Url(state)
    if (!bytes || bytes.length <= IV_BYTES + 16) return undefined
    try {
      const { seal } = await this.#keysOf(secret)
      const iv = bytes.slice(0, IV_BYTES)
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(scope) }, seal, bytes.slice(IV_BYTES) as BufferSource)
      const payload = JSON.parse(decoder.decode(plain))
      return payload && payload.v === 2 && typeof payload.a === 'object' && payload.a !== null ? payload : undefined
    } catch {
      return undefined
    }
  }
}
