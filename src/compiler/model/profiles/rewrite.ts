/**
 * The machinery every provider profile shares: one bottom-up pass over a tool's listed input schema that
 * records what it changed. A keyword the provider does not take leaves the schema; its meaning goes into
 * the description (text.ts). Three outcomes per tool: accepted (only syntax changed, or annotations moved
 * into text), degraded (a constraint the provider would enforce is now only text; the server's validator
 * still checks it), refused (a part the provider cannot take: a problem with a path and a fix).
 */
import type { Schema } from '../../schema/schema.ts'
import { isSchema, mapSchema, types } from '../../schema/schema-walk.ts'
import { describe, sameAsItems, sentence } from './text.ts'

export const PROFILE_NAMES = ['portable', 'openai-strict', 'anthropic-strict', 'gemini'] as const
export type ProfileName = (typeof PROFILE_NAMES)[number]

export type Status = 'accepted' | 'degraded' | 'refused'

/** A part of a tool the provider refuses: `path` is a JSON Pointer into the input schema ('' for the tool). */
export interface Problem {
  path: string
  message: string
}

/** A tools/list entry: name, title, description, inputSchema, outputSchema, annotations. */
export type ToolEntry = { name: string; description?: string; inputSchema: Schema } & Record<string, unknown>
/** A tools/list entry as a profile writes it: `inputSchema` may be left out (a function without parameters). */
export type ProfiledEntry = { name: string; description?: string; inputSchema?: Schema } & Record<string, unknown>

export interface ProfiledTool {
  status: Status
  /**
   * The tools/list entry as the profile's provider takes it; without `inputSchema` where the provider takes
   * a function without parameters only with its parameters left out (Gemini). index.ts `servedEntry` is the
   * entry as MCP serves it.
   */
  tool: ProfiledEntry
  /** Rewrites that keep the meaning ("/properties/limit: default moved into the description"). */
  rewrites: string[]
  /** Constraints now stated in text only. */
  degraded: string[]
  problems: Problem[]
  /**
   * What a call can no longer say under the profile (a warning MCP106 each, and the tool `degraded`):
   * an optional nullable property listed required-with-null, where leaving it out and null were two.
   */
  lost: Problem[]
}

/** Annotations: moving one into the description keeps all of its meaning. */
const ANNOTATIONS = new Set(['default', 'deprecated', 'examples', 'title'])

export class Pass {
  readonly rewrites: string[] = []
  readonly degraded: string[] = []
  readonly problems: Problem[] = []
  readonly lost: Problem[] = []
  /** A meaning the listing cannot keep: the call can no longer say it. */
  lose(path: string, message: string): void {
    this.lost.push({ path, message })
    this.degraded.push(`${path || '/'}: ${message.split(':')[0]}`)
  }
  rewrite(path: string, what: string): void {
    this.rewrites.push(`${path || '/'}: ${what}`)
  }
  refuse(path: string, message: string): void {
    this.problems.push({ path, message })
  }
  /** Every keyword of `s` that `keep` refuses leaves it; its sentence goes into the description. */
  moveOut(s: Schema, path: string, keep: (keyword: string, value: unknown) => boolean): Schema {
    const out: Schema = {}
    const sentences: string[] = []
    for (const [k, v] of Object.entries(s)) {
      if (k === 'description' || keep(k, v)) {
        out[k] = v
        continue
      }
      if (k === 'prefixItems' && sameAsItems(v, s.items)) {
        this.rewrite(path, 'prefixItems dropped (items and the item count say the same)')
        continue
      }
      const text = sentence(k, v, s)
      if (text) sentences.push(text)
      const where = text !== undefined ? 'moved into the description' : 'dropped'
      if (ANNOTATIONS.has(k)) this.rewrite(path, `${k} ${where}`)
      else this.degraded.push(`${path || '/'}: ${k} ${where}`)
    }
    return describe(out, sentences)
  }
  /** The profiled tool; `inputSchema` undefined leaves it out of the entry. */
  result(tool: ToolEntry, inputSchema: Schema | undefined): ProfiledTool {
    const status: Status = this.problems.length > 0 ? 'refused' : this.degraded.length > 0 ? 'degraded' : 'accepted'
    const { inputSchema: _, ...rest } = tool
    const entry: ProfiledEntry = inputSchema === undefined ? rest : { ...tool, inputSchema }
    return { status, tool: entry, rewrites: this.rewrites, degraded: this.degraded, problems: this.problems, lost: this.lost }
  }
}


/** A part that says nothing about its values' type: `{}` from unknown, any or JsonValue. */
export const untyped = (s: Schema) => s.type === undefined && !s.anyOf && !s.allOf && !s.oneOf && !s.enum && !('const' in s) && !s.$ref

/** Whether an object part is a map (`Record<string, T>`) or free-form (`JsonObject`): no fixed property set. */
export function openObject(s: Schema): 'map' | 'free' | undefined {
  if (!types(s).includes('object')) return undefined
  if ((typeof s.additionalProperties === 'object' && s.additionalProperties !== null) || isSchema(s.patternProperties)) return 'map'
  if (s.additionalProperties !== false && !s.properties) return 'free'
  return undefined
}

/** `$ref` targets that lead back to themselves (a recursive type). */
export function recursiveRefs(root: Schema): string[] {
  const defs = (root.$defs ?? root.definitions ?? {}) as Record<string, Schema>
  const key = root.$defs ? '$defs' : 'definitions'
  const refsOf = (s: Schema): string[] => {
    const out: string[] = []
    mapSchema(s, (x) => {
      if (typeof x.$ref === 'string') out.push(x.$ref)
      return x
    })
    return out
  }
  const cyclic: string[] = []
  for (const name of Object.keys(defs)) {
    const start = `#/${key}/${name}`
    const seen = new Set<string>()
    const stack = refsOf(defs[name]!)
    while (stack.length > 0) {
      const ref = stack.pop()!
      if (ref === start || ref === '#') {
        cyclic.push(start)
        break
      }
      if (seen.has(ref)) continue
      seen.add(ref)
      const target = ref.startsWith(`#/${key}/`) ? defs[ref.slice(key.length + 3)] : undefined
      if (target) stack.push(...refsOf(target))
    }
  }
  if (refsOf(root).includes('#')) cyclic.push('#')
  return cyclic
}
