/**
 * The Server Card (SEP-2127) at `GET <endpoint>/server-card`: a text and an ETag fixed at build time (the
 * plugin's `registry` option writes `mcp-aot/server-card`, which calls `serverCard`), answered with the
 * card's media type, CORS for any origin, `Cache-Control` and `304` for a matching `If-None-Match`. No
 * JSON is built per request. Only a server given `serverCard` bundles this file.
 */
import type { ServerCardRoute, ServerInfo } from '../shared/api.ts'

const SERVER_CARD_TYPE = 'application/mcp-server-card+json'

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Content-Type, If-None-Match',
  'access-control-expose-headers': 'ETag',
}

/** Whether an If-None-Match header names this ETag (a list, weak forms, or `*`). */
function matches(header: string, etag: string): boolean {
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t === etag || t === `W/${etag}`
  })
}

/** What the card states that the server's info must not contradict. */
interface Stated {
  name: string
  version: string
  title?: string
  description?: string
  websiteUrl?: string
}

/** The card's name is the info's, or a reverse-DNS name whose last part is the info's name. */
const sameName = (card: string, info: string) => card === info || card.endsWith(`/${info}`)

function contradiction(card: Stated, info: ServerInfo): string | undefined {
  if (!sameName(card.name, info.name)) return `name ${JSON.stringify(info.name)} (the card's is ${JSON.stringify(card.name)})`
  if (card.version !== info.version) return `version ${JSON.stringify(info.version)} (the card's is ${JSON.stringify(card.version)})`
  for (const key of ['title', 'description', 'websiteUrl'] as const) {
    if (card[key] !== undefined && info[key] !== undefined && card[key] !== info[key]) return `${key} ${JSON.stringify(info[key])} (the card's is ${JSON.stringify(card[key])})`
  }
  return undefined
}

/** A Server Card route from the card's text and its strong ETag (both fixed at build time). */
export function serverCard(text: string, etag: string): ServerCardRoute {
  const stated = JSON.parse(text) as Stated
  const unchanged = { 'cache-control': 'public, max-age=3600', etag, ...CORS }
  const headers = { 'content-type': SERVER_CARD_TYPE, ...unchanged }
  return {
    route(info) {
      const wrong = contradiction(stated, info)
      if (wrong) {
        throw new TypeError(`createServer: the Server Card and the server's info disagree: the info has ${wrong}. Pass the serverInfo that mcp-aot/server-card exports, or rebuild after changing package.json.`)
      }
      return (request) => {
        const method = request.method
        if (method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS })
        if (method !== 'GET' && method !== 'HEAD') return new Response(null, { status: 405, headers: { allow: 'GET, HEAD, OPTIONS', ...CORS } })
        const asked = request.headers.get('if-none-match')
        if (asked !== null && matches(asked, etag)) return new Response(null, { status: 304, headers: unchanged })
        return new Response(method === 'HEAD' ? null : text, { status: 200, headers })
      }
    },
  }
}
