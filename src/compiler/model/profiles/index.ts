/**
 * Provider profiles: the same tools/list rewritten for one provider's documented rules. `portable` is the
 * schema every client gets by default; the others are opt-in (plugin option `profiles`), land in the
 * manifest per tool, and can be served (`createServer({ profile })`). Each profile's file cites its rules.
 */
import type { Declaration } from '../../declarations/declaration.ts'
import type { Loc } from '../../diagnostics.ts'
import { anthropicRequestLimits, anthropicStrict, type RequestProblem } from './anthropic-strict.ts'
import { gemini } from './gemini.ts'
import { locate } from './locate.ts'
import { openaiStrict } from './openai-strict.ts'
import { PROFILE_NAMES, type ProfiledEntry, type ProfiledTool, type ProfileName, type ToolEntry } from './rewrite.ts'

export { PROFILE_NAMES, type ProfiledEntry, type ProfiledTool, type ProfileName, type ToolEntry }

/**
 * A profiled tool's entry as MCP serves it: MCP's Tool requires `inputSchema`, so where the profile leaves a
 * function's parameters out (Gemini), it is `{"type":"object"}` again, after the description.
 */
export function servedEntry(t: ProfiledTool): ToolEntry {
  if (t.tool.inputSchema !== undefined) return t.tool as ToolEntry
  const { name, title, description, ...rest } = t.tool
  return { name, ...(title !== undefined ? { title } : {}), ...(description !== undefined ? { description } : {}), inputSchema: { type: 'object' }, ...rest }
}

const REWRITE: Record<ProfileName, (tool: ToolEntry) => ProfiledTool> = {
  portable: (tool) => ({ status: 'accepted', tool, rewrites: [], degraded: [], problems: [], lost: [] }),
  'openai-strict': openaiStrict,
  'anthropic-strict': anthropicStrict,
  gemini,
}

/** Every tool under one profile, in order. A refused tool is left out of the profile's list. */
export function profileTools(profile: ProfileName, tools: readonly ToolEntry[]): ProfiledTool[] {
  return tools.map((t) => REWRITE[profile](t))
}

export type { RequestProblem }

/**
 * The verdict on a profile's whole list (the tools it does not refuse, served together): the per-request
 * limits a provider puts on a request (Anthropic strict: 20 tools, 24 optional parameters, 16 unions), each
 * problem naming the tool and part where the list crosses the limit. Empty when the list fits.
 */
export function listProblems(profile: ProfileName, profiled: readonly ProfiledTool[]): RequestProblem[] {
  const listed = profiled.filter((t) => t.status !== 'refused').map(servedEntry)
  return profile === 'anthropic-strict' ? anthropicRequestLimits(listed) : []
}

/** A refused part (MCP105), or a meaning the listing cannot keep (MCP106), as a located finding. */
export interface ProfileFinding {
  code: 'MCP105' | 'MCP106'
  profile: ProfileName
  tool: string
  path: string
  message: string
  loc: Loc
}

/** The findings of profiled tools, each at the TypeScript location of the part it concerns. */
export function profileFindings(profile: ProfileName, decls: readonly Declaration[], profiled: readonly ProfiledTool[]): ProfileFinding[] {
  const out: ProfileFinding[] = []
  profiled.forEach((t, i) => {
    for (const p of t.problems) out.push({ code: 'MCP105', profile, tool: t.tool.name, path: p.path, message: p.message, loc: locate(decls[i]!, p.path) })
    for (const p of t.lost) out.push({ code: 'MCP106', profile, tool: t.tool.name, path: p.path, message: p.message, loc: locate(decls[i]!, p.path) })
  })
  return out
}

/** Parses the plugin option: known names, in the given order, `portable` always first. */
export function profileList(given: readonly string[] | undefined): ProfileName[] {
  const unknown = (given ?? []).filter((p) => !(PROFILE_NAMES as readonly string[]).includes(p))
  if (unknown.length > 0) throw new Error(`mcp-aot: unknown profile ${unknown.map((p) => `'${p}'`).join(', ')}; the profiles are ${PROFILE_NAMES.map((p) => `'${p}'`).join(', ')}.`)
  return ['portable', ...PROFILE_NAMES.filter((p) => p !== 'portable' && given?.includes(p))]
}

/**
 * Parses the plugin option `strictProfiles` against the profiles built: `true` is every profile besides
 * `portable`; a list names built profiles only.
 */
export function strictList(given: boolean | readonly string[] | undefined, built: readonly ProfileName[]): ProfileName[] {
  const others = built.filter((p) => p !== 'portable')
  if (given === undefined || given === false) return []
  if (given === true) return others
  const unbuilt = given.filter((p) => !(others as readonly string[]).includes(p))
  if (unbuilt.length > 0) {
    throw new Error(`mcp-aot: strictProfiles names ${unbuilt.map((p) => `'${p}'`).join(', ')}, which the option profiles does not build (${others.length > 0 ? others.map((p) => `'${p}'`).join(', ') : 'none'}); add ${unbuilt.length > 1 ? 'them' : 'it'} to profiles, or write strictProfiles: true for every profile built.`)
  }
  return others.filter((p) => given.includes(p))
}
