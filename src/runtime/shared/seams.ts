/**
 * The types the stages hand each other, types only: the entries of a dispatch table (what the compiler
 * emits and table.ts brands), the server core built once in `createServer`, method handlers, features,
 * runners and how a run ends. The entries reference runners and features, which reference the core and
 * the request, so they live together here; table.ts re-exports them for generated code and the stages.
 */
import type { AuthInfo, Execution, HeldStreams, InputRequest, LiveSession, ServerInfo, ServerOptions, SessionServe } from './api.ts'
import type { FeedEvent, Notifier } from './channel.ts'
import type { Exchange, Incoming, TracedServe } from './exchange.ts'
import type { RequestId, RpcError } from './jsonrpc.ts'
import type { AjvError, PromptArgument, ResultShaper, Reviver, ToolDefinition, ValidateFn } from './plans.ts'
import type { Icon } from './protocol.ts'

export type { AjvError, BranchTest, Projection, PromptArgument, ResultPlan, ResultShaper, RevivePlan, Revived, Reviver, ToolDefinition, ValidateFn } from './plans.ts'

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
  readonly profiles?: Readonly<Record<string, string | null>>
  /** Lenient input (`lenient(plan)` from 'mcp-aot/internal'): the arguments without the nulls that stand for absent optional properties. */
  readonly lenient?: (args: unknown) => unknown
  readonly validate: ValidateFn
  /** The lines of keywords only a hand-written schema has (`handWrittenRules`, call/schema-rules.ts). */
  readonly rules?: (error: AjvError, path: string) => string | undefined
  /** Absent when the arguments are used as parsed. */
  readonly revive?: Reviver
  /** The shaper for the ResultPlan the compiler decided from the declared return type. */
  readonly result: ResultShaper
  readonly timeoutMs?: number
  /** The OAuth scopes a caller's token must carry (`@scope`); without them, 403 `insufficient_scope`. */
  readonly scopes?: readonly string[]
  /** `@task optional|required`: the call may (must) run as a task, when createServer has `tasks`. */
  readonly task?: 'optional' | 'required'
  /** `@task … ask-first`: a 2026-07-28 call runs inline (its questions by MRTR) until `ctx.startTask()`. */
  readonly asksFirst?: true
  /** MCP Apps `@uiVisibility`: who may call the tool, the model and/or a view (absent: both). */
  readonly visibility?: readonly ('model' | 'app')[]
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
  /** `@icon` (listed from 2025-11-25 on). */
  readonly icons?: readonly Icon[]
  /** Validates the template variables (an object of strings) or, for a static resource, nothing. */
  readonly validate?: ValidateFn
  readonly revive?: Reviver
  readonly run?: Runner
  /** Receives the URL's template variables as named parameters; returns string | Uint8Array | contents. */
  readonly invoke: (vars: Record<string, any>, ctx: any, signal: AbortSignal) => unknown
}

export interface PromptEntry {
  readonly kind: 'prompt'
  readonly name: string
  readonly loc: string
  readonly title?: string
  readonly description?: string
  readonly arguments: readonly PromptArgument[]
  /** `@icon` (listed from 2025-11-25 on). */
  readonly icons?: readonly Icon[]
  readonly validate: ValidateFn
  readonly revive?: Reviver
  readonly run?: Runner
  /** Completion values per argument, from the argument's enum (literal union) type, if any. */
  readonly completions?: Readonly<Record<string, readonly string[]>>
  readonly invoke: (args: Record<string, any>, ctx: any, signal: AbortSignal) => unknown
}

export type TableEntry = ToolEntry | ResourceEntry | PromptEntry

/* The seams: what the stages hand each other. */

/**
 * Everything a server computes once in `createServer` (core.ts builds it): the entries by name, the prebuilt
 * tools/list pages and JSON fragments, the features its tables asked for. Nothing in it changes per request.
 */
export interface Core {
  readonly info: ServerInfo
  readonly options: ServerOptions<any>
  readonly tools: ReadonlyMap<string, ToolEntry>
  readonly prompts: ReadonlyMap<string, PromptEntry>
  readonly resources: ReadonlyMap<string, ResourceEntry>
  /** Resource templates, in declaration order (their matchers belong to the resources feature). */
  readonly templates: readonly ResourceEntry[]
  /** What finds the resource a URI names (resources/read, a subscription's check); undefined without resources. */
  readonly resourceAt: ResourceLocator | undefined
  readonly features: ReadonlySet<Feature>
  /** The `Mcp-Param-*` header check, when a table asked for it. */
  readonly headerCheck: HeaderCheck | undefined
  /** The `@scope` check, when a table asked for it. */
  readonly scopeCheck: ScopeCheck | undefined
  /** Which profile a client gets, when a table was built with profiles (features/client-profiles.ts). */
  readonly clientProfiles: ClientProfiles | undefined
  /** Serves a request that may stream; present when some function takes a ToolContext (only those can notify). */
  readonly streamed: InputKit['streamed'] | undefined
  /** `"_meta":{"io.modelcontextprotocol/serverInfo":…}` for modern results. */
  readonly serverMeta: string
  /** `,"resultType":"complete","_meta":…` appended to every complete modern result. */
  readonly completeTail: string
  /** The same for list (and discover) results: with ttlMs and cacheScope. */
  readonly listTail: string
  /** The same for resources/read: with ttlMs and cacheScope. */
  readonly readTail: string
  /** A tool's tools/list entry as an object, parsed from its JSON text on first use. */
  definition(tool: ToolEntry): ToolDefinition
  /** Hands an exception to `onError` (else the console, as Workers logs show it); never throws. */
  report(error: unknown, kind: string, name: string): void
  /** The `instrument` option's wrappers, made once with this core; present only when the option is set. */
  readonly observer: Observer | undefined
  /** Tasks (the `tasks` option, tasks/), when a tool is declared `@task`. */
  readonly tasks: TaskSupport | undefined
  /** Listeners and run-time visibility (the `subscriptions` option, subscriptions/). */
  readonly subscriptions: SubscriptionSupport | undefined
}

/** What the runtime sees of a subscriptions host once attached (`core.subscriptions`; subscriptions/support.ts). */
export interface SubscriptionSupport extends Pick<TaskSupport, 'methods' | 'capabilities'> {
  /** A `subscriptions/listen` with a valid filter: its SSE stream; else undefined (the method's handler answers). */
  listen(exchange: Exchange, incoming: Incoming, method: string, id: RequestId, params: Record<string, any> | undefined): Promise<Response> | undefined
  /**
   * A 2025-11-25 session's GET stream: the notifications it gets, once listening (from after `lastEventId`'s
   * change when it names one, `changes/<n>`); a Response refuses the GET (the hub is full, or cannot resume).
   */
  feed(session: LiveSession, env: unknown, cors: Record<string, string> | undefined, lastEventId: string | null): Promise<ReadableStream<FeedEvent> | Response>
  /** `ctx.notify` for a request: with `execution`, a change fans out in its waitUntil and the call resolves at once. */
  notifier(env: unknown, execution?: Execution): Notifier
  /** The host keeps listeners apart from the sessions' owners: what a session host does for their GET streams. */
  readonly held?: HeldStreams
}
export type AttachSubscriptions = (core: Core) => SubscriptionSupport

/** What the runtime sees of a task host once attached (`core.tasks`; tasks/support.ts makes it). */
export interface TaskSupport {
  /** Adds the tasks methods to both eras' tables. */
  methods(modern: Map<string, Handler>, legacy: Map<string, Handler>): void
  /** Declares the tasks capability a revision defines in `caps` (rpc/handshake.ts asks for every discover and initialize result). */
  capabilities(caps: Record<string, object>, version: string): void
  /** A tools/call of a `@task` tool: the task handle, a refusal, or undefined to run it as a plain call. */
  call(exchange: Exchange, tool: ToolEntry, params: Record<string, any>, answers?: Record<string, unknown>): ReturnType<Handler> | undefined
}

/** What a `tasks` option (api.ts TaskHost) is: made into the server's TaskSupport once, with its Core. */
export type AttachTasks = (core: Core) => TaskSupport

/** What the runtime sees of an `instrument` option (api.ts Instrument, an AttachObserver) once made with the Core (`core.observer`). */
export interface Observer {
  /** The transport with `onRequest` told of each request (server.ts); absent without onRequest. */
  readonly serve?: (serve: TracedServe) => SessionServe
  /** tools/call with `onCall` told of each call that reached its tool (rpc/methods.ts); absent without onCall. */
  readonly callTool?: (callTool: Handler) => Handler
}
export type AttachObserver = (core: Core) => Observer

/**
 * An optional part of the server that a dispatch table asks for: generated code passes it to `table()`
 * (`resourcesFeature` for resource declarations, `promptsFeature` for prompts, `paramHeadersFeature`
 * when an input schema declares `x-mcp-header`, `scopesFeature` when a tool declares scopes), so a
 * server without them bundles none of their code (features/).
 */
export interface Feature {
  /** Adds the feature's methods for both eras; called once per server. */
  readonly methods?: (core: Core, methods: Map<string, Handler>) => void
  /** Checks the `Mcp-Param-*` headers of a 2026-07-28 tools/call against its arguments. */
  readonly headers?: HeaderCheck
  /** Checks a tools/call's token against the tool's `@scope`s. */
  readonly scopes?: ScopeCheck
  /** Which profile's tools/list a client gets (`createServer({ profiles })`), when the build wrote profiles. */
  readonly clients?: ClientProfiles
  /** Declares what the feature adds to the server's capabilities (an extension), for every discover and initialize result. */
  readonly capabilities?: (caps: Record<string, object>, version: string) => void
  /** The resources feature: makes, once per server, what finds the resource a URI names. */
  readonly locate?: (core: Core) => ResourceLocator
}

/** The resource a URI names (a static URI, else the first template that matches, with the variables it binds), or undefined. */
export type ResourceLocator = (uri: string) => { readonly entry: ResourceEntry; readonly vars: Record<string, string> } | undefined

export interface ClientProfiles {
  /** The profile the `profiles` option names for a client (its clientInfo), else undefined: the portable list. */
  choose(core: Core, clientInfo: unknown): string | undefined
  /**
   * Makes `methods`' tools/list serve each client its profile's list; `build` makes the server's methods for
   * a core (rpc/methods.ts), run again over each profile's entries. Called once per server, after every feature.
   */
  serve(core: Core, methods: Map<string, Handler>, build: (core: Core) => Map<string, Handler>): void
}

export interface HeaderCheck {
  /** The `Mcp-Param-*` headers the server's tools declare (a CORS preflight allows them). */
  names(core: Core): readonly string[]
  /** Why the request's headers do not match the arguments of a call to `tool`, or undefined. */
  problem(core: Core, tool: ToolEntry, headers: Headers, args: unknown): string | undefined
}

export interface ScopeCheck {
  /** Every scope the tools declare, each once (listed in the resource metadata). */
  declared(core: Core): readonly string[]
  /** Why a tools/call may not run with this token (403 insufficient_scope), or undefined when it may. */
  refusal(core: Core, params: Record<string, any> | undefined, auth: AuthInfo | undefined, request: Request): ScopeRefusal | undefined
}

export interface ScopeRefusal {
  readonly error: RpcError
  /** The `WWW-Authenticate` value. */
  readonly challenge: string
}

/** Returns the result as JSON text, or an error. */
export type Handler = (core: Core, exchange: Exchange, params: Record<string, any> | undefined) => string | RpcError | Promise<string | RpcError>

export type Methods = ReadonlyMap<string, Handler>

/**
 * How a function runs when a plain call is not enough. The compiler picks one per declaration and the
 * table entry carries it (`run: __mcp_signalRunner` or `run: __mcp_contextRunner`), so the machinery
 * (AbortController, timers, ToolContext, input rounds, sealed state, the SSE channel) is bundled only
 * when some function uses it. A function without `run` is called plainly (see `callPlain` in call/run.ts).
 */
export interface Runner {
  /** `answers`: the client's answers to earlier questions; `report`: exceptions of background work. */
  run(
    invoke: Invoke,
    args: Record<string, any>,
    exchange: Exchange,
    answers: Record<string, unknown> | undefined,
    timeoutMs: number | undefined,
    report: (error: unknown) => void,
  ): Outcome | Promise<Outcome>
  /** The answer when the run ended without a value or exception (timeout, cancellation, input). */
  readonly ended: Ending
  /** Present when the function takes a ToolContext: it may ask the client for input and notify. */
  readonly input?: InputKit
}

/** The context runner's kit (input/): reading a request's answers, and serving a request that may stream. */
export interface InputKit {
  /** The answers to earlier questions a 2026-07-28 request brings (`requestState`, `inputResponses`). */
  readonly readInputs: (
    core: Core,
    exchange: Exchange,
    method: string,
    name: string,
    args: unknown,
    params: Record<string, any>,
  ) => Promise<Record<string, unknown> | undefined | RpcError>
  /** Serves a request whose notifications may stream over SSE (`streamed` in input/context-runner.ts); undefined when it cannot. */
  readonly streamed: (
    exchange: Exchange,
    incoming: Incoming,
    method: string,
    id: RequestId,
    call: () => string | RpcError | Promise<string | RpcError>,
    json: (value: string | RpcError) => Response,
    internal: (error: unknown) => RpcError,
  ) => Promise<Response> | undefined
}

export type Outcome =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'error'; readonly error: unknown }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'cancelled' }
  | RoundEnd

export type Invoke = (args: Record<string, any>, ctx: any, signal: AbortSignal) => unknown

/** How a run can end without a value or exception: only a runner ends one so (timeout, cancellation, input). */
export type Unfinished = Exclude<Outcome, { kind: 'value' } | { kind: 'error' }>

/**
 * The answer to a run that ended so, decided by the entry's runner (`runner.ended`): `name` is the tool
 * or prompt name or the resource URI, `args` the request's arguments.
 */
export type Ending = (
  core: Core,
  exchange: Exchange,
  entry: TableEntry,
  outcome: Unfinished,
  name: string,
  args: unknown,
) => string | RpcError | Promise<string | RpcError>

/** Why a run ended without a value. */
export type RoundEnd =
  | { readonly kind: 'input'; readonly requests: Record<string, InputRequest>; readonly answers: Record<string, unknown> }
  | { readonly kind: 'refused'; readonly error: RpcError }
  | { readonly kind: 'legacy-input'; readonly method: string }
  | { readonly kind: 'task'; readonly answers: Record<string, unknown> }
