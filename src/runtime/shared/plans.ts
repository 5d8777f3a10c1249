/**
 * The plans the compiler decides for each declaration and the generated code hands the runtime: how
 * arguments are validated (ajv's error shape), revived (RevivePlan) and how a return value is shaped
 * (ResultPlan), and what the lists show (ToolDefinition, PromptArgument). Types only; a shared leaf.
 */
import type { ToolResult } from './api.ts'
import type { Icon } from './protocol.ts'

/**
 * An error as ajv's standalone validators report it (`validate.errors`). mcp-aot's generated validators
 * leave out `schemaPath` (the argument error lines never read it), carry the value the error is about
 * (`data`, so a line can echo a short one) and report a failed anyOf by its own error or by the errors of
 * the branch the value selects.
 */
export interface AjvError {
  instancePath: string
  schemaPath?: string
  keyword: string
  params: Record<string, any>
  message?: string
  data?: unknown
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

/** What reviving arguments gave: the values, or the lines saying what did not revive. */
export type Revived = { ok: true; value: unknown } | { ok: false; errors: string[] }

/** Revives validated arguments (generated code: `revive: __mcp_reviver(plan)`, only when the plan is not 0). */
export type Reviver = (value: unknown) => Revived

/**
 * How the declared parts of a result are kept (structuredContent is projected to them): nothing the
 * declared type lacks is sent.
 */
export type Projection =
  | 0 // keep the value as it is (serialised with the JSON rules)
  | { readonly props: Readonly<Record<string, Projection>>; readonly rest?: Projection } // object or Map: only these keys (+ index signature)
  | { readonly items: Projection } // array or Set of projected items
  | { readonly tuple: readonly Projection[] } // array of fixed positions, each projected; positions past them are dropped
  | { readonly nullable: Projection }
  | { readonly ref: number } // a recursive type: the plan's defs[ref]
  /**
   * A union: projected by the branch the value matches, tested as the JSON it becomes: the first whose test
   * it passes with no key the branch lacks, else (its extra keys are dropped) the passing object branch that
   * declares the most of its keys; a value no branch's test passes is left out.
   */
  | { readonly anyOf: readonly (readonly [BranchTest, Projection])[] }

/** How a return value becomes a CallToolResult, decided at build time from the declared return type. */
export type ResultPlan =
  | { readonly kind: 'void' } // no content
  | { readonly kind: 'text' } // one text part with the string
  | { readonly kind: 'content' } // a content part or an array of them
  | { readonly kind: 'raw' } // a ToolResult, passed through
  | { readonly kind: 'structured'; readonly shape: Projection; readonly defs?: readonly Projection[] } // structuredContent + a text part with its JSON
  | { readonly kind: 'json'; readonly shape?: Projection; readonly defs?: readonly Projection[] } // one text part with the JSON (null → "null"), projected to `shape` when there is one
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
    /** `@title` again: the name 2025-03-26 has for it, and second in the display precedence. */
    title?: string
    readOnlyHint?: boolean
    destructiveHint?: boolean
    idempotentHint?: boolean
    openWorldHint?: boolean
  }
  /** `@task` (2025-11-25 and later). */
  execution?: { taskSupport: 'optional' | 'required' }
  /** `@icon` (2025-11-25 and later). */
  icons?: Icon[]
}

/** A prompt argument as prompts/list lists it. */
export interface PromptArgument {
  name: string
  description?: string
  required?: boolean
}
