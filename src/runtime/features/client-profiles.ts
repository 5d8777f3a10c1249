/**
 * One server, every client: the tools/list a client gets is the provider profile `createServer({ profiles })`
 * names for it (a table from client name to profile), else the portable list. A feature (`profilesFeature`):
 * generated code passes it only when the build wrote profiles (plugin option `profiles`), so a server built
 * without them bundles none of this.
 *
 * The client is who the request says it is: a 2026-07-28 request's `_meta` clientInfo; a legacy session's
 * client named itself at initialize, and the profile chosen then travels in the session id (shared/session-id.ts).
 * A client the table does not name gets the portable list: nothing is guessed from a name. Each profile's
 * entries are the JSON text the build wrote; its pages are made once, on first use (shared/lists.ts).
 */
import type { Core, Feature, Handler, ToolEntry } from '../shared/table.ts'
import { isObject } from '../shared/jsonrpc.ts'
import { listPages } from '../shared/lists.ts'
import { META_CLIENT_INFO } from '../shared/protocol.ts'
import { sessionProfile } from '../shared/session-id.ts'

const PORTABLE = 'portable'

/** The client's name in a clientInfo (an Implementation: `{ name, version, … }`), if it gives one. */
const nameOf = (clientInfo: unknown): string | undefined => (isObject(clientInfo) && typeof clientInfo.name === 'string' ? clientInfo.name : undefined)

/** The table from the options, checked against the profiles every tool was built with. */
function tableOf(core: Core): ReadonlyMap<string, string> {
  const given = core.options.profiles
  if (given === undefined) return new Map()
  if (core.options.profile !== undefined) throw new Error('createServer: profile lists one profile to every client and profiles picks one per client; give one of the two.')
  if (!isObject(given)) throw new TypeError("createServer: the profiles option maps client names to profiles, { 'my-agent': 'openai-strict' }.")
  const tools = [...core.tools.values()]
  const wrote = Object.keys(tools[0]?.profiles ?? {})
  const table = new Map<string, string>()
  for (const [client, profile] of Object.entries(given)) {
    const built = profile === PORTABLE || tools.every((tool) => tool.profiles !== undefined && Object.hasOwn(tool.profiles, profile as string))
    if (typeof profile !== 'string' || !built) {
      throw new Error(`createServer: the profiles option sends client '${client}' the profile ${JSON.stringify(profile)}, which the build did not write; the build wrote ${wrote.map((p) => `'${p}'`).join(', ')} (and 'portable'). Add it to the plugin option profiles, or name one of those.`)
    }
    if (profile !== PORTABLE) table.set(client, profile)
  }
  return table
}

/** Each tool as a profile lists it: its entry with the profile's JSON text; none where the profile refuses it. */
const listed = (tools: readonly ToolEntry[], profile: string): ToolEntry[] =>
  tools.flatMap((tool) => {
    const json = tool.profiles?.[profile]
    return typeof json === 'string' ? [{ ...tool, json }] : []
  })

const tables = new WeakMap<Core, ReadonlyMap<string, string>>()
const tableFor = (core: Core) => {
  let table = tables.get(core)
  if (!table) tables.set(core, (table = tableOf(core)))
  return table
}

export const profilesFeature: Feature = {
  clients: {
    choose(core, clientInfo) {
      const name = nameOf(clientInfo)
      return name === undefined ? undefined : tableFor(core).get(name)
    },
    serve(core, methods, build) {
      const table = tableFor(core)
      const portable = methods.get('tools/list')
      if (!portable || table.size === 0) return
      const byProfile = new Map<string, Handler>()
      for (const profile of new Set(table.values())) {
        // The server's methods again over the profile's entries, so every feature's tools/list (MCP Apps' view-only tools) holds under it too.
        const entries = listed([...core.tools.values()], profile)
        const profiled: Core = { ...core, clientProfiles: undefined, tools: new Map(entries.map((tool) => [tool.name, tool])) }
        byProfile.set(profile, build(profiled).get('tools/list') ?? listPages('tools', () => [], core.listTail))
      }
      methods.set('tools/list', (core, exchange, params) => {
        // 2026-07-28: the request names its client; legacy: the session id carries the profile chosen at initialize.
        const profile = exchange.modern ? this.choose(core, isObject(params?._meta) ? params._meta[META_CLIENT_INFO] : undefined) : sessionProfile(exchange.request.headers.get('mcp-session-id'))
        return ((profile !== undefined && byProfile.get(profile)) || portable)(core, exchange, params)
      })
    },
  },
}
