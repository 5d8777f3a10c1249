/**
 * The static dispatch table: what the compiler appends to a tool module (`export const __mcp = …`)
 * and what `createServer` reads. This file is the contract between src/compiler/emit and src/runtime;
 * it holds types and the one brand check, nothing else.
 *
 * Pay for what you use: the runtime's optional parts (resources, prompts, a `ToolContext` with input
 * rounds and notifications, an AbortSignal and timeouts, reviving arguments, `x-mcp-header` checks) are
 * not reachable from `createServer` itself. Generated code imports the ones its declarations need from
 * 'mcp-aot/internal' and hands them over: per entry (`run`, `revive`) or per table (`features`), so a
 * bundler leaves out what no module uses.
 */
import type { ToolResult } from './api.ts'
import type { Feature } from './feature.ts'
import type { Runner } from './runner.ts'
import type { Revived } from './revive.ts'

export type { Feature } from './feature.ts'
export type { Runner } from './runner.ts'

/**
 * An error as ajv's standalone validators report it (`validate.errors`). mcp-aot's generated validators
 * leave out `schemaPath` (the argument error lines never read it) and report a failed anyOf by its own error.
 */
export interface AjvError {
  instancePath: string
  schemaPath?: string
  keyword: string
  params: Record<string, any>
  message?: string
}

/** A precompiled standalone ajv validator (allErrors, no useDefaults). */
export interface ValidateFn {
  (data: unknown): boolean
  errors?: AjvError[] | null
}

/**
 * How validated JSON becomes the values the function declared (Date, URL, Set, Map, bigint, Uint8Array).
 * Only the parts that need work are present; `0` means "leave as parsed".
 */
export type RevivePlan =
  | 0
  | 'date' // RFC 3339 string → Date
  | 'url' // absolute URI string → URL
  | 'bigint' // decimal string → bigint
  | 'bytes' // base64 string → Uint8Array
  | { readonly set: RevivePlan } // array → Set (items revived first; duplicates after revival are an error)
  | { readonly map: RevivePlan } // object → Map<string, T>
  | { readonly items: RevivePlan } // array, each item revived
  | { readonly tuple: readonly RevivePlan[] } // fixed positions
  | { readonly props: Readonly<Record<string, RevivePlan>>; readonly rest?: RevivePlan } // object: named properties, index signature
  | { readonly nullable: RevivePlan } // T | null: null stays null
  | { readonly ref: number } // a recursive type: the reviver's defs[ref]
  | { readonly anyOf: readonly (readonly [BranchTest, RevivePlan])[] } // a union: revived by the first branch whose test the value passes (none: as it is)

/**
 * What a JSON value must look like to have matched a union branch (a necessary condition, decided at build
 * time; the compiler refuses unions whose branches revive differently but whose tests a value could confuse):
 * its JSON type, one of a literal set, an array of a tuple's length, or an object with these own keys,
 * these discriminant values, and (a closed object) no other keys.
 */
export type BranchTest =
  | 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object'
  | { readonly in: readonly (string | number | boolean)[] }
  | { readonly length: number }
  | { readonly has?: readonly string[]; readonly is?: Readonly<Record<string, readonly (string | number | boolean)[]>>; readonly only?: readonly string[] }

/** Revives validated arguments (generated code: `revive: __mcp_reviver(plan)`, only when the plan is not 0). */
export type Reviver = (value: unknown) => Revived

/** How the declared properties of a result are kept (structuredContent is projected to them). */
export type Projection =
  | 0 // keep the value as it is (serialised with the JSON rules)
  | { readonly props: Readonly<Record<string, Projection>>; readonly rest?: Projection } // object: only these keys (+ index signature)
  | { readonly items: Projection } // array or Set of projected items
  | { readonly nullable: Projection }
  | { readonly ref: number } // a recursive type: the plan's defs[ref]

/** How a return value becomes a CallToolResult, decided at build time from the declared return type. */
export type ResultPlan =
  | { readonly kind: 'void' } // no content
  | { readonly kind: 'text' } // one text part with the string
  | { readonly kind: 'content' } // a content part or an array of them
  | { readonly kind: 'raw' } // a ToolResult, passed through
  | { readonly kind: 'structured'; readonly shape: Projection; readonly defs?: readonly Projection[] } // structuredContent + a text part with its JSON
  | { readonly kind: 'json' } // one text part with the JSON (null → "null")
  | { readonly kind: 'inspect' } // unknown/any: decided from the value at run time

/**
 * A ResultPlan made code: turns a tool's return value into its CallToolResult, as JSON text when it can
 * be written directly (`untitled`: the client's revision predates structuredContent, so it is left out)
 * or as a ToolResult the runtime serialises for the client's revision. Generated code picks one per plan
 * (`result: __mcp_textResult`, `result: __mcp_structuredResult({"props":…})`, …; see results.ts), so a
 * server bundles only the shapers its tools use.
 */
export type ResultShaper = (value: unknown, untitled: boolean) => string | ToolResult

/** The `tools/list` entry, in the latest revision's shape; the runtime strips fields for older clients. */
export interface ToolDefinition {
  name: string
  title?: string
  description?: string
  inputSchema: Record<string, unknown>
  outputSchema?: Record<string, unknown>
  annotations?: {
    readOnlyHint?: boolean
    destructiveHint?: boolean
    idempotentHint?: boolean
    openWorldHint?: boolean
  }
  /** `@task` (2025-11-25 and later). */
  execution?: { taskSupport: 'optional' | 'required' }
}

export interface ToolEntry {
  readonly kind: 'tool'
  readonly name: string
  /** Where it was declared: `src/tools/x.ts:12:1`, for duplicate-name errors. */
  readonly loc: string
  /**
   * The tools/list entry (a ToolDefinition) as JSON text, written at build time in the latest
   * revision's shape; the runtime parses it only where it needs the object (older revisions, headers).
   */
  readonly json: string
  /** The tools/list entry under each provider profile the build was asked for (`createServer({ profile })`). */
  readonly profiles?: Readonly<Record<string, string>>
  /** Lenient input (`lenient(plan)` from 'mcp-aot/internal'): the arguments without the nulls that stand for absent optional properties. */
  readonly lenient?: (args: unknown) => unknown
  readonly validate: ValidateFn
  /** Absent when the arguments are used as parsed. */
  readonly revive?: Reviver
  /** The shaper for the ResultPlan the compiler decided from the declared return type. */
  readonly result: ResultShaper
  readonly timeoutMs?: number
  /** The OAuth scopes a caller's token must carry (`@scope`); without them, 403 `insufficient_scope`. */
  readonly scopes?: readonly string[]
  /** `@task optional|required`: the call may (must) run as a task, when createServer has `tasks`. */
  readonly task?: 'optional' | 'required'
  /**
   * How the function runs when it needs more than a plain call: `signalRunner` (it takes an AbortSignal
   * or has a @timeout) or `contextRunner` (it takes a ToolContext). Absent: called as `invoke(args)`.
   */
  readonly run?: Runner
  /** Calls the user's function with its parameters in declared order. `args` are validated and revived. */
  readonly invoke: (args: Record<string, any>, ctx: any, signal: AbortSignal) => unknown
}

export interface ResourceEntry {
  readonly kind: 'resource'
  readonly name: string
  readonly loc: string
  /** A static URI, or an RFC 6570 (level 1–3) template when `template` is true. */
  readonly uri: string
  readonly template: boolean
  readonly title?: string
  readonly description?: string
  readonly mimeType?: string
  /** Validates the template variables (an object of strings) or, for a static resource, nothing. */
  readonly validate?: ValidateFn
  readonly revive?: Reviver
  readonly run?: Runner
  /** Receives the URL's template variables as named parameters; returns string | Uint8Array | contents. */
  readonly invoke: (vars: Record<string, any>, ctx: any, signal: AbortSignal) => unknown
}

export interface PromptArgument {
  name: string
  description?: string
  required?: boolean
}

export interface PromptEntry {
  readonly kind: 'prompt'
  readonly name: string
  readonly loc: string
  readonly title?: string
  readonly description?: string
  readonly arguments: readonly PromptArgument[]
  readonly validate: ValidateFn
  readonly revive?: Reviver
  readonly run?: Runner
  /** Completion values per argument, from the argument's enum (literal union) type, if any. */
  readonly completions?: Readonly<Record<string, readonly string[]>>
  readonly invoke: (args: Record<string, any>, ctx: any, signal: AbortSignal) => unknown
}

export type TableEntry = ToolEntry | ResourceEntry | PromptEntry

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
