/**
 * The static dispatch table: what the compiler appends to a tool module (`export const __mcp = …`)
 * and what `createServer` reads. This file is the contract between src/compiler/emit and src/runtime;
 * it holds the one brand check and the constructor; the types live in seams.ts and are re-exported here.
 *
 * Pay for what you use: the runtime's optional parts (resources, prompts, a `ToolContext` with input
 * rounds and notifications, an AbortSignal and timeouts, reviving arguments, `x-mcp-header` checks) are
 * not reachable from `createServer` itself. Generated code imports the ones its declarations need from
 * 'mcp-aot/internal' and hands them over: per entry (`run`, `revive`) or per table (`features`), so a
 * bundler leaves out what no module uses.
 *
 * Leaf shared/: what every stage may import (the public types in api.ts, the seams in seams.ts, the
 * request in exchange.ts, JSON-RPC text in jsonrpc.ts, protocol constants, lists, compatibility with older
 * revisions, the instrument option's types). It imports only shared/ and validators/, never a stage.
 */
import type { Feature, TableEntry } from './seams.ts'

export type * from './seams.ts'

/** The marker on every table the compiler emits; `createServer` refuses modules without one. */
export const TABLE = Symbol.for('mcp-aot.table')

export interface Table {
  readonly [TABLE]: 1
  /** The module's path relative to the project root, as the compiler saw it. */
  readonly module: string
  readonly entries: readonly TableEntry[]
  /** What the entries need beyond tools: `resourcesFeature`, `promptsFeature`, `paramHeadersFeature`. */
  readonly features: readonly Feature[]
}

/**
 * The modules whose tables were made in this bundle so far, in order: with none, the plugin did not build it
 * (`createServer`'s message for a module without a table tells the two apart: registry.ts).
 */
const made: string[] = []

/** The modules whose tables this bundle made (generated code runs before `createServer` is called). */
export const tablesMade = (): readonly string[] => made

/** Called by generated code: `export const __mcp = table('src/tools/x.ts', [...], [features])`. */
export function table(module: string, entries: readonly TableEntry[], features: readonly Feature[] = []): Table {
  made.push(module)
  return { [TABLE]: 1, module, entries, features }
}

/**
 * Called by a barrel's generated code (`export * from './a'`, `export { x as y } from './b'`): the tables it
 * re-exports, each with the entries it keeps (a tool's or prompt's name, a resource's URI → the name served;
 * absent: every entry, the module's own table).
 */
export function reexport(module: string, parts: readonly (readonly [Table, Readonly<Record<string, string>>?])[]): Table {
  const entries: TableEntry[] = []
  const features = new Set<Feature>()
  for (const [part, keep] of parts) {
    for (const feature of part.features) features.add(feature)
    for (const entry of part.entries) {
      if (!keep) {
        entries.push(entry)
        continue
      }
      const key = entry.kind === 'resource' ? entry.uri : entry.name
      if (!Object.hasOwn(keep, key)) continue
      const name = keep[key]!
      entries.push(entry.kind === 'resource' || name === entry.name ? entry : renamed(entry, name))
    }
  }
  return table(module, entries, [...features])
}

/** A tool or prompt served under another name: its listing's `name` too (in place, so the keys keep their order). */
function renamed(entry: Exclude<TableEntry, { kind: 'resource' }>, name: string): TableEntry {
  if (entry.kind !== 'tool') return { ...entry, name }
  const rename = (text: string) => JSON.stringify({ ...JSON.parse(text), name })
  const profiles = entry.profiles && Object.fromEntries(Object.entries(entry.profiles).map(([p, text]) => [p, text === null ? null : rename(text)]))
  return { ...entry, name, json: rename(entry.json), ...(profiles ? { profiles } : {}) }
}

export function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && (value as any)[TABLE] === 1
}
