/**
 * Discovery documents from the project's package.json and the plugin's `registry` option: the MCP
 * registry's `server.json` (schema 2025-12-11: reverse-DNS `name`, `description`, `version`, `remotes`)
 * written beside the bundle, and the Server Card (SEP-2127, schema v2), served at `<url>/server-card` by
 * the module `mcp-aot/server-card` the plugin writes (its text and ETag fixed here, at build time, with the
 * `serverInfo` that module gives `createServer`, so the two cannot disagree).
 *
 * The registry name is the `registry.name` option, else package.json's `mcpName` (the field the registry
 * reads to verify an npm package), else `io.github.<owner>/<package name>` from a GitHub `repository`.
 * What package.json cannot give is one diagnostic located at its field: MCP044 (name), MCP045 (version),
 * MCP046 (description).
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CompileError, type Code, type Diagnostic } from '../diagnostics.ts'
import { SUPPORTED } from '../../runtime/shared/protocol.ts'
import type { ServerIdentity } from './artifact-text.ts'

export const SERVER_JSON_FILE = 'server.json'
const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json'
const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json'

export interface RegistryOptions {
  /** The MCP endpoint's public URL (`https://notes.example.com/mcp`): the `remotes` entry; the card is served at `<url>/server-card`. */
  url: string
  /** The reverse-DNS registry name (`io.github.you/notes`); default package.json's `mcpName`, else from a GitHub `repository`. */
  name?: string
}

/** What `createServer` gets from `mcp-aot/server-card`: the identity the card and server.json state. */
export interface RegistryInfo {
  name: string
  version: string
  title?: string
  description: string
  websiteUrl?: string
}

export interface Discovery {
  info: RegistryInfo
  /** server.json's text. */
  serverJson: string
  /** The Server Card's text and its strong ETag. */
  card: string
  etag: string
}

const NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/
/** A range or tag, which the registry refuses as a version: ^1.2.3, ~1, >=1, 1.x, 1.*, latest, a space. */
const RANGE = /^[\^~<>=*]|\s|\|\||(^|\.)[xX*](\.|$)|^latest$/

/** The endpoint URL the option gives, refused when the plugin is made (as an unknown profile is). */
export function registryUrl(options: RegistryOptions): string {
  const url = options?.url
  if (typeof url !== 'string' || !URL.canParse(url) || !/^https?:\/\//i.test(url)) {
    throw new TypeError(`mcp-aot: registry.url must be the MCP endpoint's absolute http(s) URL (https://notes.example.com/mcp), not ${JSON.stringify(url)}.`)
  }
  return url
}

/** `https://github.com/<owner>/<repo>` and its subfolder from package.json's `repository`, when it is on GitHub. */
function github(repository: unknown): { owner: string; url: string; subfolder?: string } | undefined {
  const spec = typeof repository === 'string' ? repository : (repository as { url?: unknown } | undefined)?.url
  if (typeof spec !== 'string') return undefined
  const m = /^(?:github:|(?:git\+)?(?:https?|ssh|git):\/\/(?:git@)?github\.com\/|git@github\.com:)?([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(spec)
  if (!m || (!spec.includes('github') && /:/.test(spec))) return undefined
  const directory = (repository as { directory?: unknown }).directory
  return { owner: m[1]!, url: `https://github.com/${m[1]}/${m[2]}`, ...(typeof directory === 'string' ? { subfolder: directory } : {}) }
}

/** The documents, or a CompileError of the diagnostics package.json gives (file `package.json`, at the field). */
export function discovery(root: string, options: RegistryOptions, identity: ServerIdentity): Discovery {
  const file = join(root, 'package.json')
  const text = existsSync(file) ? readFileSync(file, 'utf8') : ''
  let pkg: Record<string, unknown> = {}
  try {
    pkg = text ? JSON.parse(text) : {}
  } catch {
    pkg = {}
  }
  const lines = text.split(/\r?\n/)
  const at = (key: string) => {
    const line = lines.findIndex((l) => l.includes(`"${key}"`))
    return { file: 'package.json', line: line + 1 || 1, column: line < 0 ? 1 : lines[line]!.indexOf(`"${key}"`) + 1 }
  }
  const found: Diagnostic[] = []
  const refuse = (code: Code, key: string, message: string) => found.push({ code, message, loc: at(key) })

  const repo = github(pkg.repository)
  const pkgName = typeof pkg.name === 'string' ? pkg.name.replace(/^@[^/]+\//, '') : undefined
  const mcpName = typeof pkg.mcpName === 'string' ? pkg.mcpName : undefined
  const name = options.name ?? mcpName ?? (repo && pkgName ? `io.github.${repo.owner}/${pkgName}` : undefined)
  const nameKey = options.name === undefined && mcpName !== undefined ? 'mcpName' : 'name'
  if (name === undefined) {
    refuse('MCP044', 'name', 'package.json gives no MCP registry name: add "mcpName": "io.github.<your GitHub user>/<server>" (a reverse-DNS namespace, one slash), or a GitHub "repository" to derive it from.')
  } else if (!NAME.test(name) || name.length < 3 || name.length > 200) {
    refuse('MCP044', nameKey, `${JSON.stringify(name)} is not a registry name: write a reverse-DNS namespace, one slash and the server's name, such as "io.github.<your GitHub user>/<server>" (letters, digits, . - _; at most 200 characters).`)
  }
  const version = identity.version
  if (version === undefined || version === '') {
    refuse('MCP045', 'version', 'package.json has no "version": add the exact version this build serves ("1.0.0"); server.json, the Server Card and serverInfo state it.')
  } else if (RANGE.test(version) || version.length > 255) {
    refuse('MCP045', 'version', `${JSON.stringify(version)} is a range or a tag, which the registry refuses: write the exact version this build serves ("1.0.0").`)
  }
  const description = identity.description
  if (description === undefined || description === '' || [...description].length > 100) {
    const what = description ? `is ${[...description].length} characters` : 'is missing'
    refuse('MCP046', 'description', `package.json's "description" ${what}: server.json and the Server Card need one of 1 to 100 characters saying what the server does.`)
  }
  if (found.length > 0) throw new CompileError(found, new Map([['package.json', text]]))

  const info: RegistryInfo = { name: name!, version: version!, ...(identity.title ? { title: identity.title } : {}), description: description! }
  const homepage = typeof pkg.homepage === 'string' && /^https?:\/\//i.test(pkg.homepage) ? pkg.homepage : undefined
  if (homepage) info.websiteUrl = homepage
  const repository = repo ? { url: repo.url, source: 'github', ...(repo.subfolder ? { subfolder: repo.subfolder } : {}) } : undefined
  const about = { ...info, ...(repository ? { repository } : {}) }
  const url = registryUrl(options)
  const serverJson = `${JSON.stringify({ $schema: SERVER_JSON_SCHEMA, ...about, remotes: [{ type: 'streamable-http', url }] }, null, 2)}\n`
  const card = JSON.stringify({ $schema: SERVER_CARD_SCHEMA, ...about, remotes: [{ type: 'streamable-http', url, supportedProtocolVersions: SUPPORTED }] })
  const etag = `"${createHash('sha256').update(card).digest('base64url').slice(0, 27)}"`
  return { info, serverJson, card, etag }
}

/** The module `mcp-aot/server-card` under the `registry` option: `serverInfo` for createServer and the card. */
export function serverCardModule(d: Discovery): string {
  return [
    "import { serverCard } from 'mcp-aot/internal'",
    `export const serverInfo = ${JSON.stringify(d.info)}`,
    `export default serverCard(${JSON.stringify(d.card)}, ${JSON.stringify(d.etag)})`,
    '',
  ].join('\n')
}
