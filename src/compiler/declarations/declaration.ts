/**
 * What the declarations stage hands on: one declaration per `@tool`, `@resource` or `@prompt` function (its
 * name, tags, arguments as IR properties, how its result is sent), and the function as found in the source.
 */
import type { ResultPlan } from '../../runtime/shared/table.ts'
import type { Loc } from '../diagnostics.ts'
import type { Prop } from '../types/ir.ts'
import type { Schema } from '../schema/schema.ts'
import type { DeclKind } from './tag-rules.ts'

export type Slot = { kind: 'arg'; name: string } | { kind: 'all' } | { kind: 'context' } | { kind: 'signal' }

export interface Declaration {
  kind: DeclKind
  /** The local binding the dispatch table calls. */
  binding: string
  loc: Loc
  name: string
  title?: string
  description?: string
  annotations?: Record<string, boolean>
  timeoutMs?: number
  /** `@task optional|required`: may (must) run as a task (tools/list `execution.taskSupport`). */
  taskSupport?: 'optional' | 'required'
  /** OAuth scopes a caller's token needs (`@scope`), in order written, each once. */
  scopes?: string[]
  /** `@lenient`: null for an optional parameter is taken as absent. */
  lenient?: boolean
  uri?: string
  mimeType?: string
  slots: Slot[]
  props: Prop[]
  result: ResultPlan
  outputSchema?: Schema
  /** A declared return type the build could not read: no outputSchema, results sent as they come (MCP107). */
  unreadResult?: { message: string; loc: Loc }
}

/** A top-level function with a JSDoc block, as found in the source. */
export interface Candidate {
  binding: string
  fn: any
  /** Overload signatures (`function f(a: string): void;`) when `fn` is their implementation. */
  overloads?: any[]
  comment: any
  exported: boolean
  node: any
}
