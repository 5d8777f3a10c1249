/**
 * Media types as RFC 9110 writes them (`type/subtype; param=value`), compared by their essence, not as
 * substrings: `application/jsonx`, `application/json-patch+json` and `text/plain; application/json` are
 * not JSON, and an Accept range with `q=0` is a refusal.
 */

/** `type/subtype` of a media type, lowercased, without parameters. */
export const essence = (mediaType: string): string => mediaType.split(';', 1)[0]!.trim().toLowerCase()

/** True when a Content-Type names application/json (whatever its parameters, e.g. charset). */
export const isJson = (contentType: string): boolean => essence(contentType) === 'application/json'

/** What an Accept header allows: a JSON reply, an SSE stream. */
export function accepts(accept: string): { json: boolean; sse: boolean } {
  let json = false
  let sse = false
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';')
    const q = params.find((p) => p.trim().toLowerCase().startsWith('q='))
    if (q !== undefined && !(Number(q.trim().slice(2)) > 0)) continue
    const name = type.trim().toLowerCase()
    if (name === 'application/json' || name === 'application/*' || name === '*/*') json = true
    else if (name === 'text/event-stream') sse = true
  }
  return { json, sse }
}
