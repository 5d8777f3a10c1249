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

/** Called by generated code: `export const __mcp = table('src/tools/x.ts', [...], [features])`. */
export function table(module: string, entries: readonly TableEntry[], features: readonly Feature[] = []): Table {
  return { [TABLE]: 1, module, entries, features }
}

export function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && (value as any)[TABLE] === 1
}
