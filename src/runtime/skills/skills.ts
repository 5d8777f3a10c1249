/**
 * Skills over MCP (the extension `io.modelcontextprotocol/skills`, SEP-2640): the skill folders the plugin's
 * `skills` option read at build time, served as the module `mcp-aot/skills` gives `createServer`. Every file of
 * a skill is a resource (`skill://<skill-path>/<file>`, read with resources/read through the resources feature,
 * its text or bytes in the bundle), and this feature adds `skills/list` and `skills/get` (each skill's entry:
 * its frontmatter as the build parsed it, and every file's URI, sha256 digest and size, computed at build time
 * from the bytes the bundle serves) and `resources/directory/read` (the direct children of each directory of
 * the skill namespace), and declares the extension with `directoryRead` in server/discover and initialize.
 * Nothing is read from disk at run time.
 *
 * Stage skills/ (beside features/ and apps/): it imports call/ and the shared/ leaves; nothing imports it but
 * the module the plugin writes (through 'mcp-aot/internal'), so a server without skills bundles none of it.
 */
import type { Feature, ResourceEntry } from '../shared/table.ts'
import { RpcError } from '../shared/jsonrpc.ts'
import { INVALID_PARAMS } from '../shared/protocol.ts'
import { withTail } from '../call/outcomes.ts'
import { listPages } from '../shared/lists.ts'

const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills'
const DIRECTORY_MIME_TYPE = 'inode/directory'

/** One file of the skill namespace, as the build read it. */
export interface SkillFile {
  readonly uri: string
  /** The resource's name: the skill's name for its SKILL.md, else the file's path in its skill. */
  readonly name: string
  readonly mimeType: string
  /** A SKILL.md's frontmatter description. */
  readonly description?: string
  /** The file's text (valid UTF-8), or else its bytes as base64. */
  readonly text?: string
  readonly blob?: string
  /** `sha256:<64 lowercase hex>` of the file's bytes, and their length. */
  readonly digest: string
  readonly size: number
  /** `skills/notes/SKILL.md:1:1`, for a duplicate-URI error in createServer. */
  readonly loc: string
}

export interface SkillEntry {
  /** The URI of its SKILL.md. */
  readonly uri: string
  readonly frontmatter: Readonly<Record<string, unknown>>
  /** Its files (SKILL.md first, then every file under its folder, nested skills' too), as indexes into `files`. */
  readonly files: readonly number[]
}

export interface SkillSet {
  readonly files: readonly SkillFile[]
  readonly skills: readonly SkillEntry[]
}

/** Each file as a static resource entry, its contents as the bundle holds them. */
export function skillResources(set: SkillSet): ResourceEntry[] {
  return set.files.map((file) => {
    const contents = file.text !== undefined ? file.text : { blob: file.blob }
    return {
      kind: 'resource',
      name: file.name,
      loc: file.loc,
      uri: file.uri,
      template: false,
      ...(file.description !== undefined ? { description: file.description } : {}),
      mimeType: file.mimeType,
      invoke: () => contents,
    }
  })
}

/** The entry's JSON text: `{ uri, frontmatter, resources: [{ uri, digest, size }] }`. */
function entryJson(set: SkillSet, skill: SkillEntry): string {
  const resources = skill.files.map((index) => {
    const file = set.files[index]!
    return { uri: file.uri, digest: file.digest, size: file.size }
  })
  return JSON.stringify({ uri: skill.uri, frontmatter: skill.frontmatter, resources })
}

/** Skills per `skills/list` page: an entry carries its whole manifest, so pages are kept short. */
const SKILLS_PAGE_SIZE = 50

/** The direct children of every directory of the namespace (`skill://a`, `skill://a/references`, …), as resources/list items. */
function directories(set: SkillSet): Map<string, string[]> {
  const children = new Map<string, Map<string, string>>()
  const add = (dir: string, uri: string, item: string) => {
    let map = children.get(dir)
    if (!map) children.set(dir, (map = new Map()))
    if (!map.has(uri)) map.set(uri, item)
  }
  for (const file of set.files) {
    const at = file.uri.indexOf('://') + 3
    const segments = file.uri.slice(at).split('/')
    const scheme = file.uri.slice(0, at)
    for (let depth = 1; depth < segments.length; depth++) {
      const dir = scheme + segments.slice(0, depth).join('/')
      const last = depth === segments.length - 1
      const child = scheme + segments.slice(0, depth + 1).join('/')
      const name = decodeURIComponent(segments[depth]!)
      add(dir, child, JSON.stringify(last ? { uri: child, name, mimeType: file.mimeType } : { uri: child, name, mimeType: DIRECTORY_MIME_TYPE }))
    }
  }
  return new Map([...children].map(([dir, map]) => [dir, [...map.values()]]))
}

/**
 * The feature: skills/list (paged; an entry is never split), skills/get (-32602 for a URI that is no
 * skill's SKILL.md), resources/directory/read (-32602 for a URI that is no directory), and the extension.
 */
export function skillsFeature(set: SkillSet): Feature {
  return {
    methods(core, methods) {
      const entries = set.skills.map((skill) => entryJson(set, skill))
      const byUri = new Map(set.skills.map((skill, i) => [skill.uri, entries[i]!]))
      const tail = (exchange: { modern: boolean }, json: string, end = core.listTail) => (exchange.modern ? withTail(json, end) : json)
      methods.set('skills/list', listPages('skills', () => entries, core.listTail, SKILLS_PAGE_SIZE))
      methods.set('skills/get', (_core, exchange, params) => {
        const uri = params?.uri
        if (typeof uri !== 'string') return new RpcError(INVALID_PARAMS, 'skills/get needs params.uri, the URI of a skill\'s SKILL.md.')
        const entry = byUri.get(uri)
        return entry === undefined ? new RpcError(INVALID_PARAMS, `No skill is served at ${uri}.`, { uri }) : tail(exchange, `{"skill":${entry}}`)
      })
      const dirs = directories(set)
      const files = new Set(set.files.map((file) => file.uri))
      methods.set('resources/directory/read', (_core, exchange, params) => {
        const uri = params?.uri
        if (typeof uri !== 'string') return new RpcError(INVALID_PARAMS, 'resources/directory/read needs params.uri, the directory to read.')
        const children = dirs.get(uri)
        if (!children) return new RpcError(INVALID_PARAMS, files.has(uri) ? `${uri} is not a directory resource.` : `No directory is served at ${uri}.`, { uri })
        if (params?.cursor !== undefined) return new RpcError(INVALID_PARAMS, 'The cursor is not one this server issued.')
        return tail(exchange, `{"resources":[${children.join(',')}]}`, core.completeTail)
      })
    },
    capabilities(caps) {
      caps.extensions = { ...caps.extensions, [SKILLS_EXTENSION]: { directoryRead: true } }
    },
  }
}
