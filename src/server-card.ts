/**
 * `mcp-aot/server-card`: the module the plugin's `registry` option writes at build time, from package.json
 * (src/compiler/artifacts/registry.ts): `serverInfo` for createServer and, as the default export, the Server
 * Card route for createServer's `serverCard` option (served at `<endpoint>/server-card`).
 *
 * ```ts
 * import card, { serverInfo } from 'mcp-aot/server-card'
 * export default createServer(serverInfo, notes, { serverCard: card })
 * ```
 *
 * This file stands in for it where the plugin did not run or has no `registry` option: importing it says so.
 */
import type { ServerCardRoute } from './runtime/shared/api.ts'

/** The identity server.json and the Server Card state: the registry name, version, title, description, websiteUrl. */
export declare const serverInfo: { name: string; version: string; title?: string; description: string; websiteUrl?: string }
declare const card: ServerCardRoute

throw new Error("mcp-aot/server-card is written by the mcp-aot plugin's registry option: add mcp({ registry: { url: 'https://<your host>/mcp' } }) to the bundler config.")

export default card
