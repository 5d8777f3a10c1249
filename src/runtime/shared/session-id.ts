/**
 * Legacy sessions without server state. `initialize` answers with an `Mcp-Session-Id` that carries the
 * capabilities the client declared (a random part, then base64url JSON); the client sends it back on every
 * later request, so a tool can read `ctx.clientCapabilities` on any isolate. Nothing is stored, no id is
 * required, and DELETE stays 405. The capabilities are the client's own claims, as they are at initialize.
 */
import { fromBase64Url, toBase64Url } from './base64.ts'
import { isObject } from './jsonrpc.ts'

const encoder = /* @__PURE__ */ new TextEncoder()
const decoder = /* @__PURE__ */ new TextDecoder()
/** The most bytes of JSON an id carries (so an id stays under 600 bytes, whatever the client declared). */
const MAX_JSON = 400
/** The capabilities a server may act on; past MAX_JSON only these are kept. */
const KNOWN = ['roots', 'sampling', 'elicitation', 'tasks', 'extensions', 'experimental']

/** `value`'s own keys, each with `{}`: what it declares, without the details. */
const namesOf = (value: unknown) => (isObject(value) ? Object.fromEntries(Object.keys(value).map((key) => [key, {}])) : {})

/**
 * The capabilities as the id carries them: all of them when they fit; else the known ones, two levels
 * deep (`elicitation.url`, `sampling.tools`, an extension's name); else the known ones by name.
 */
function carried(capabilities: Record<string, unknown>): Uint8Array {
  const full = encoder.encode(JSON.stringify(capabilities))
  if (full.length <= MAX_JSON) return full
  const known = KNOWN.filter((key) => key in capabilities)
  const deep = encoder.encode(JSON.stringify(Object.fromEntries(known.map((key) => [key, namesOf(capabilities[key])]))))
  return deep.length <= MAX_JSON ? deep : encoder.encode(JSON.stringify(Object.fromEntries(known.map((key) => [key, {}]))))
}

/** `profile`: the provider profile chosen for the client at initialize (features/client-profiles.ts), a third part. */
export function sessionId(capabilities: unknown, profile?: string): string {
  const random = crypto.randomUUID().replace(/-/g, '')
  const carries = isObject(capabilities) ? toBase64Url(carried(capabilities)) : ''
  if (profile !== undefined) return `${random}.${carries}.${profile}`
  return carries === '' ? random : `${random}.${carries}`
}

/** The profile a session id carries (its third part), if any; the client's claim, to be checked by the reader. */
export const sessionProfile = (id: string | null): string | undefined => id?.split('.')[2]

/** The capabilities a session id carries; `{}` for any other id. */
export function sessionCapabilities(id: string | null): Record<string, unknown> {
  const dot = id === null ? -1 : id.indexOf('.')
  if (dot < 0) return {}
  const end = id!.indexOf('.', dot + 1)
  const bytes = fromBase64Url(id!.slice(dot + 1, end < 0 ? undefined : end))
  if (!bytes) return {}
  try {
    const value = JSON.parse(decoder.decode(bytes))
    return isObject(value) ? value : {}
  } catch {
    return {}
  }
}

/** The client's capabilities: per request (2026-07-28), else what it declared at initialize, as the session id carries it. */
export const clientCapabilitiesOf = (exchange: { readonly capabilities: Record<string, any> | undefined; readonly request: Request }): Record<string, unknown> =>
  exchange.capabilities ?? sessionCapabilities(exchange.request.headers.get('mcp-session-id'))
