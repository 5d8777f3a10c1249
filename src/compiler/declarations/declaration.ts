/**
 * What the declarations stage hands on: one declaration per `@tool`, `@resource` or `@prompt` function (its
 * name, tags, arguments as IR properties, how its result is sent), and the function as found in the source.
 */
import type { ResultPlan } from '../../runtime/shared/table.ts'
import type { Icon } from '../../runtime/shared/protocol.ts'
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
  /** The name was written in the tag (`@tool name`), so a re-export under another name keeps it (reexports.ts). */
  namedByTag?: true
  title?: string
  description?: string
  /** `@icon`, once per icon (icon-tags.ts). */
  icons?: Icon[]
  /** The hints the source gives (`@readOnly`, `@destructive`, `@idempotent`, `@openWorld`), as written. */
  annotations?: Record<string, boolean>
  /** Plugin option `explicitHints`: the tools/list entry states readOnlyHint, destructiveHint and openWorldHint (model/hints.ts). */
  explicitHints?: true
  timeoutMs?: number
  /** `@task optional|required`: may (must) run as a task (tools/list `execution.taskSupport`). */
  taskSupport?: 'optional' | 'required'
  /** `@task … ask-first`: over 2026-07-28 the call runs inline, asking by input rounds, until `ctx.startTask()`. */
  taskAsksFirst?: true
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
  /** MCP Apps (`@ui`, `@uiVisibility`, `@uiCsp`, `@uiPermissions`, `@uiPrefersBorder`): the tool's view and who may call it. */
  ui?: ToolUi
  /** A declared return type the build could not read: no outputSchema, results sent as they come (MCP107). */
  unreadResult?: { message: string; loc: Loc }
  /** `@inputSchema`: the schema as written (listed verbatim) and as the validator compiles it (input-schema.ts). */
  handWritten?: { ref: string; listed: Schema; validated: Schema }
  /** One parameter typed unknown takes the whole arguments object, unchecked against `handWritten` (MCP108). */
  untypedInput?: { loc: Loc }
  /** Words after the name in `@tool name …`, which nothing reads (MCP110). */
  unreadWords?: { words: string[]; loc: Loc }
  /** `@readOnly` and `@destructive` both true: hints that contradict each other (MCP111). */
  contradictoryHints?: { loc: Loc }
}

/** A tool's MCP Apps declarations (ui-tags.ts reads them; views/ builds the view and names its `ui://` URI). */
export interface ToolUi {
  /** The view's entry (`@ui ./views/x.html`, or a .ts/.tsx script): absolute path, as written, and the tag's location. */
  view?: { path: string; written: string; loc: Loc }
  /** `_meta.ui.visibility`; absent means the default, both. */
  visibility?: ('model' | 'app')[]
  /** The resource's `_meta.ui.csp`: origins by kind, in the order written. */
  csp?: Partial<Record<'connectDomains' | 'resourceDomains' | 'frameDomains' | 'baseUriDomains', string[]>>
  /** The resource's `_meta.ui.permissions` (`camera`, `microphone`, `geolocation`, `clipboardWrite`). */
  permissions?: string[]
  prefersBorder?: boolean
  /** Set by views/: `ui://<server>/<name>` (the document is the view module's, built by the bundler: table/apps.ts). */
  uri?: string
}

/** A top-level function with a JSDoc block, as found in the source. */
export interface Candidate {
  binding: string
  fn: any
  /** Overload signatures (`function f(a: string): void;`) when `fn` is their implementation. */
  overloads?: any[]
  comment: any
  exported: boolean
  /** The name it is exported under when that is not its own (`export { binding as exportName }`). */
  exportName?: string
  node: any
}
