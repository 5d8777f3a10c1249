/**
 * Who a caller is, as the stateful parts bind it: a legacy session (session/), a task (tasks/) and a
 * sealed `requestState` (input/) belong to the principal of the request that made them, and any other
 * caller is answered as for an unknown id.
 *
 * The identity comes from what the `authorize` hook returned: the user of an OAuth client when the hook
 * names one (`clientId` and `extra.userId`, as `fromOAuthProvider` fills them: it outlives a token
 * refresh), else the bearer token, else the client id alone. Without `authorize` there is no principal
 * (every caller is the same anonymous one). Only a keyed hash is ever kept or compared: HMAC-SHA-256 under
 * a key derived from the state secret (`stateSecret`, `MCP_STATE_SECRET`), or SHA-256 with a domain tag
 * when none is configured, so a session record or a task never holds a token.
 */
import type { AuthInfo, ServerOptions } from './api.ts'
import { toBase64Url } from './base64.ts'

const MIN_SECRET = 16
const encoder = /* @__PURE__ */ new TextEncoder()
const ZERO_SALT = /* @__PURE__ */ new Uint8Array(32)

/** The state secret (at least 16 characters): the `stateSecret` option, else the `MCP_STATE_SECRET` binding. */
export function secretOf(options: ServerOptions<any>, env: unknown): string | undefined {
  const secret = options.stateSecret ?? (env as { MCP_STATE_SECRET?: unknown } | undefined)?.MCP_STATE_SECRET
  return typeof secret === 'string' && secret.length >= MIN_SECRET ? secret : undefined
}

/** The identity the hook's answer names, as one string, or undefined when it names none. */
export function identityOf(auth: AuthInfo | undefined): string | undefined {
  if (!auth) return undefined
  const user = auth.extra?.userId
  if (typeof user === 'string' || typeof user === 'number') return JSON.stringify(['user', auth.clientId ?? null, String(user)])
  if (typeof auth.token === 'string' && auth.token !== '') return JSON.stringify(['token', auth.token])
  if (typeof auth.clientId === 'string' && auth.clientId !== '') return JSON.stringify(['client', auth.clientId])
  return undefined
}

/** HMAC keys by secret, one per isolate (a key depends only on its secret). */
const keys = /* @__PURE__ */ new Map<string, Promise<CryptoKey>>()

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.subtle
      .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: ZERO_SALT, info: encoder.encode('mcp-aot principal v1') },
          base,
          { name: 'HMAC', hash: 'SHA-256', length: 256 },
          false,
          ['sign'],
        ),
      )
    keys.set(secret, key)
  }
  return key
}

/** The keyed hash of the caller's identity (base64url), or undefined when the request names nobody. */
export async function principalOf(auth: AuthInfo | undefined, secret: string | undefined): Promise<string | undefined> {
  const who = identityOf(auth)
  if (who === undefined) return undefined
  const hash =
    secret === undefined
      ? await crypto.subtle.digest('SHA-256', encoder.encode(`mcp-aot principal v1\0${who}`))
      : await crypto.subtle.sign('HMAC', await keyOf(secret), encoder.encode(who))
  return toBase64Url(new Uint8Array(hash))
}
