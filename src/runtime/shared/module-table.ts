/**
 * The table a compiled module exports (`export const __mcp = table(…)`) and the brand `createServer` and
 * `scopesOf` recognise it by. Its entries and features are typed in table.ts.
 */
import type { Feature, TableEntry } from './table.ts'

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
