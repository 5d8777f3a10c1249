/**
 * Build artefacts that describe the server from the declarations of every module: `mcp-manifest.json`
 * (tools with their schemas and annotations, resources, templates, prompts), `SKILL.md` (an Agent Skill:
 * YAML front matter and a guide to each tool) and `llms.txt` (llmstxt.org). Deterministic text: the
 * same sources give the same bytes, whichever bundler transformed the modules in whichever order.
 */
import type { Declaration } from '../declarations/declaration.ts'
import { compareLoc } from '../diagnostics.ts'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import type { ServerIdentity } from './artifact-text.ts'
import { llmsTxt } from './llms-txt.ts'
import { manifest } from './manifest.ts'
import { modelReport, type ModelReport } from './model-report.ts'
import type { RegistryOptions } from './registry.ts'
import { profileList, type ProfileName } from '../model/profiles/index.ts'
import { skill } from './skill.ts'


export interface ArtifactOptions {
  /** Emit `mcp-manifest.json` next to the bundle (`true`), or under the given file name. */
  manifest?: boolean | string
  /** Emit `SKILL.md` and `llms.txt` next to the bundle. */
  docs?: boolean
  /** The server's name, version and description in the artefacts; default: from the root's package.json. */
  server?: Partial<ServerIdentity>
  /**
   * Provider profiles to write besides the portable schema (docs/profiles-and-tokens.md): in the manifest
   * per tool, and in the bundle for `createServer({ profile })`.
   */
  profiles?: readonly ProfileName[]
  /**
   * Fail the build where a profile refuses a tool or its whole list (error MCP042), instead of leaving the
   * tool out of that profile's list with the warning MCP105: `true` for every profile in `profiles`, or the
   * names of some of them.
   */
  strictProfiles?: boolean | readonly ProfileName[]
  /** Every tool takes null for an optional parameter as absent (as `@lenient` does for one tool). */
  lenient?: boolean
  /**
   * Every tool's tools/list entry states readOnlyHint, destructiveHint and openWorldHint, as ChatGPT's
   * connector requires; where the source says nothing, the spec's default (false, true, true), so no
   * meaning changes (docs/writing-tools.md § Hints).
   */
  explicitHints?: boolean
  /**
   * The token report: print each tool's o200k tokens and the tools/list total, per profile, when the build
   * ends, and write them in the manifest. Needs `gpt-tokenizer` (`npm install -D gpt-tokenizer@^4`; MCP043 without).
   */
  tokens?: boolean
  /**
   * Discovery: `server.json` for the MCP registry beside the bundle, and the module `mcp-aot/server-card`
   * (`serverInfo` and the Server Card for createServer's `serverCard` option), from package.json and this
   * endpoint URL (src/compiler/artifacts/registry.ts).
   */
  registry?: RegistryOptions
}

export interface Artifact {
  fileName: string
  source: string
}

export const MANIFEST_FILE = 'mcp-manifest.json'
export const SKILL_FILE = 'SKILL.md'
export const LLMS_FILE = 'llms.txt'

/** Every declaration, ordered by module path and then source position (transform order varies by bundler). */
export function collect(modules: ReadonlyMap<string, readonly Declaration[]>): Declaration[] {
  const all = [...modules.values()].flat()
  return all.sort((a, b) => compareLoc(a.loc, b.loc))
}

/** The identity from the options, filled in from `<root>/package.json` (name, version, description). */
export function serverIdentity(root: string, given: Partial<ServerIdentity> = {}): ServerIdentity {
  let pkg: { name?: string; version?: string; description?: string } = {}
  const file = join(root, 'package.json')
  if (existsSync(file)) {
    try {
      pkg = JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      pkg = {}
    }
  }
  const out: ServerIdentity = { name: given.name ?? pkg.name ?? basename(root) }
  const version = given.version ?? pkg.version
  if (version) out.version = version
  if (given.title) out.title = given.title
  const description = given.description ?? pkg.description
  if (description) out.description = description
  return out
}

/** The files the options ask for; none when there is nothing to describe. `report`: the build's model report, when made already. */
export function artifacts(options: ArtifactOptions, server: ServerIdentity, decls: readonly Declaration[], report?: ModelReport): Artifact[] {
  const out: Artifact[] = []
  const manifestFile = typeof options.manifest === 'string' ? options.manifest : options.manifest ? MANIFEST_FILE : undefined
  const profiles = profileList(options.profiles)
  if (manifestFile) out.push({ fileName: manifestFile, source: manifest(server, decls, profiles, report ?? modelReport(decls, profiles, Boolean(options.tokens))) })
  if (options.docs) {
    out.push({ fileName: SKILL_FILE, source: skill(server, decls) })
    out.push({ fileName: LLMS_FILE, source: llmsTxt(server, decls, manifestFile) })
  }
  return out
}

/**
 * esbuild has no asset emission of its own (unplugin's `emitFile` there only knows `outdir`): write the
 * files next to the bundle from an `onEnd` callback, or add them to `outputFiles` when `write: false`.
 */
export function emitForEsbuild(
  initial: { outdir?: string; outfile?: string; absWorkingDir?: string; write?: boolean },
  result: { errors: unknown[]; outputFiles?: { path: string; contents: Uint8Array; text: string; hash?: string }[] },
  files: readonly Artifact[],
): void {
  if (result.errors.length > 0) return
  const cwd = initial.absWorkingDir ?? process.cwd()
  const dir = resolve(cwd, initial.outdir ?? (initial.outfile ? dirname(initial.outfile) : '.'))
  for (const f of files) {
    const path = join(dir, f.fileName)
    if (initial.write === false) {
      const contents = new TextEncoder().encode(f.source)
      result.outputFiles?.push({ path, contents, text: f.source, hash: '' })
    } else {
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, f.source)
    }
  }
}
