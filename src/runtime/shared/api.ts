/**
 * The public run-time types: what a tool receives (`ToolContext`), what it may return (`ToolResult`,
 * content parts) and how a server is configured. Types only.
 */
import type { Channel, FeedEvent, Notifier, ResumableStreams, SubscriptionHost } from './channel.ts'
import type { Instrument } from './instrument.ts'

export type { CallEvent, CallOutcome, Era, Instrument, InstrumentHooks, RequestEvent } from './instrument.ts'

export type Role = 'user' | 'assistant'

export interface Annotations {
  audience?: Role[]
  priority?: number
  lastModified?: string
}

export interface TextContent { type: 'text'; text: string; annotations?: Annotations; _meta?: Record<string, unknown> }
export interface ImageContent { type: 'image'; data: string; mimeType: string; annotations?: Annotations; _meta?: Record<string, unknown> }
export interface AudioContent { type: 'audio'; data: string; mimeType: string; annotations?: Annotations; _meta?: Record<string, unknown> }
export interface ResourceLink {
  type: 'resource_link'
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  size?: number
  annotations?: Annotations
  _meta?: Record<string, unknown>
}
export type ResourceContents =
  | { uri: string; mimeType?: string; text: string; _meta?: Record<string, unknown> }
  | { uri: string; mimeType?: string; blob: string; _meta?: Record<string, unknown> }
export interface EmbeddedResource { type: 'resource'; resource: ResourceContents; annotations?: Annotations; _meta?: Record<string, unknown> }

export type ContentPart = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource

/** A complete tools/call result, passed through as it is. */
export interface ToolResult {
  content: ContentPart[]
  structuredContent?: Record<string, unknown>
  isError?: boolean
  _meta?: Record<string, unknown>
}

export interface PromptMessage { role: Role; content: ContentPart }
export interface PromptResult { description?: string; messages: PromptMessage[] }

export type LogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency'

/** What `authorize` returned; reaches tools as `ctx.auth`. */
export interface AuthInfo {
  token?: string
  clientId?: string
  scopes?: string[]
  expiresAt?: number
  extra?: Record<string, unknown>
}

/** One server→client request of an input-required round (MRTR). */
export type InputRequest =
  | { method: 'elicitation/create'; params: ElicitParams }
  | { method: 'sampling/createMessage'; params: Record<string, unknown> }
  | { method: 'roots/list'; params?: Record<string, unknown> }

export interface ElicitParams {
  message: string
  requestedSchema?: Record<string, unknown>
  mode?: 'form' | 'url'
  url?: string
  elicitationId?: string
}

export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel'
  content?: Record<string, unknown>
}

/**
 * What the runtime hands a tool, resource or prompt that declares a `ToolContext` parameter.
 *
 * Input from the client (elicitation, sampling, roots) is stateless (MRTR, 2026-07-28): the first
 * `await ctx.elicit(…)` that has no answer yet ends this run with an input-required result; the client
 * answers and calls again, and the function runs again from the start, this time getting the answer.
 * So code before an `await ctx.input…` must be safe to repeat. `ctx.input({a: …, b: …})` asks several
 * questions in one round.
 */
export interface ToolContext<Env = unknown> {
  /** The Worker's bindings (`env` of `fetch(request, env, ctx)`), or the server options' `env`. */
  readonly env: Env
  /** Aborted when the client cancels or disconnects, or the tool's `@timeout` passes. */
  readonly signal: AbortSignal
  /** What the `authorize` hook returned for this request. */
  readonly auth?: AuthInfo
  /** The HTTP request being served. */
  readonly request: Request
  /** The negotiated protocol revision. */
  readonly protocolVersion: string
  /** The client's declared capabilities. */
  readonly clientCapabilities: Record<string, unknown>
  /** Sends a progress notification when the client asked for progress (a no-op otherwise). */
  progress(progress: number, total?: number, message?: string): Promise<void>
  /** Sends a log message notification when the client's level lets it through. */
  log(level: LogLevel, data: unknown, logger?: string): Promise<void>
  /** Asks the user (elicitation/create). */
  elicit(message: string, requestedSchema?: Record<string, unknown>): Promise<ElicitResult>
  /** Asks the client's model (sampling/createMessage). */
  sample(params: Record<string, unknown>): Promise<Record<string, any>>
  /** Asks for the client's roots (roots/list). */
  roots(): Promise<{ uri: string; name?: string }[]>
  /** Asks several questions in one round; resolves to the answers by key. */
  input<K extends string>(requests: Record<K, InputRequest>): Promise<Record<K, any>>
  /** A `@task … ask-first` tool: the call becomes a task here, its answers so far kept (else resolves at once). */
  startTask(): Promise<void>
  /** Keeps the Worker alive for background work after the response (ExecutionContext.waitUntil). */
  waitUntil(promise: Promise<unknown>): void
  /** Tells listening clients of a change (the server's `subscriptions` option; without it, throws). */
  readonly notify: Notifier
  /** Closes this call's stream's connection; a 2025-11-25 session client resumes it (docs/sessions-and-oauth.md). */
  closeStream(): void
}

export interface ServerInfo {
  name: string
  version: string
  title?: string
  description?: string
  websiteUrl?: string
  icons?: import('./protocol.ts').Icon[]
  instructions?: string
}

/** A Server Card route (`serverCard` of mcp-aot/internal): refuses an info it contradicts, else answers `<path>/server-card`. */
export interface ServerCardRoute {
  route(info: ServerInfo): (request: Request) => Response
}

export interface ServerOptions<Env = unknown> {
  /** The endpoint path; default `/mcp`. */
  path?: string
  /**
   * The Server Card (SEP-2127) served at `<path>/server-card`: the default export of `mcp-aot/server-card`, which
   * the plugin's `registry` option writes at build time with `serverInfo` to pass as `info`. createServer
   * refuses a card whose name, version, title, description or websiteUrl contradicts `info`.
   */
  serverCard?: ServerCardRoute
  /** Extra allowed Origins (localhost origins are always allowed). `'*'` allows any. */
  allowedOrigins?: string[]
  /** Largest accepted request body in bytes; default 1 MiB (a larger body is answered 413 before it is read). */
  maxBodyBytes?: number
  /** The secret requestState is sealed with (AES-GCM and HMAC keys are derived from it); else `env.MCP_STATE_SECRET`. */
  stateSecret?: string
  /** How long an input-required round stays valid; default 10 minutes. */
  stateTtlMs?: number
  /** `ttlMs` written on discover/list/read results; default 3600000. */
  ttlMs?: number
  cacheScope?: 'public' | 'private'
  /**
   * Returns auth info, or a Response/`null` to refuse (401). `ctx` is the third argument of `fetch` (on
   * Workers the ExecutionContext: behind `@cloudflare/workers-oauth-provider` it carries `props` and
   * `auth`, which `fromOAuthProvider` reads).
   */
  authorize?: (request: Request, env: Env, ctx: RequestContext | undefined) => AuthInfo | null | Response | Promise<AuthInfo | null | Response>
  /**
   * The endpoint's public URL (`https://mcp.example.com/mcp`), named by the 401 challenge and the RFC 9728
   * document. Without it only a loopback request URL is used (local development); otherwise both leave the
   * URL out and `onError` is told once.
   */
  resourceUrl?: string
  /**
   * RFC 9728 metadata served at /.well-known/oauth-protected-resource when `authorize` is set; its
   * `scopes_supported` also lists every scope a tool declares with `@scope`.
   */
  resourceMetadata?: { authorization_servers: string[]; scopes_supported?: string[]; [k: string]: unknown }
  /** Receives every exception a tool threw (its text never reaches the client). */
  onError?: (error: unknown, where: { kind: string; name: string }) => void
  /** Used when `fetch` is called without an `env`. */
  env?: Env
  /**
   * List the tools as one provider profile the build wrote (plugin option `profiles`): `'openai-strict'`,
   * `'anthropic-strict'` or `'gemini'`; default: the portable schema.
   */
  profile?: string
  /** Per client (the name in its clientInfo), the profile its tools/list is, `{ 'my-agent': 'openai-strict' }`; others: portable. */
  profiles?: Readonly<Record<string, string>>
  /**
   * Legacy sessions with state (2025-11-25 and older): `memorySessions()` (one process) or
   * `durableSessions()` from `mcp-aot/cloudflare` (Workers). Without it the server is stateless.
   */
  sessions?: SessionHost
  /**
   * Hooks told of every request and every tool call once it is answered: `instrument({ onRequest, onCall })`
   * (docs/observability.md). Unset, the server makes no timing call and no event object, and bundles none of
   * the code.
   */
  instrument?: Instrument<Env>
  /**
   * Runs `@task` tools as tasks (the Tasks extension; 2025-11-25's tasks): `memoryTasks()` (one process)
   * or `durableTasks()` from `mcp-aot/cloudflare` (Workers). Required when a tool declares `@task`.
   */
  tasks?: TaskHost
  /** `subscriptions/listen` and 2025-11-25 GET streams: `memorySubscriptions()` or `durableSubscriptions()` (docs/subscriptions.md). */
  subscriptions?: SubscriptionHost
  /** Which tools and prompts a request sees and may call, decided at run time (needs `subscriptions`). */
  visible?: (entry: { kind: 'tool' | 'prompt'; name: string }, request: { env: Env; auth?: AuthInfo }) => boolean | Promise<boolean>
}

/** The third argument of `fetch(request, env, ctx)`, as the platform passed it (Workers: the ExecutionContext). */
export interface RequestContext {
  waitUntil(promise: Promise<unknown>): void
  /** Workers: what the caller bound to this invocation (behind OAuthProvider: the grant's props). */
  readonly props?: unknown
  /** Behind `@cloudflare/workers-oauth-provider` 1.2+: the verified token. */
  readonly auth?: unknown
}

export interface McpServer<Env = unknown> {
  fetch(request: Request, env?: Env, ctx?: RequestContext): Promise<Response>
}

/** Where a request's background work is handed (Workers' `ExecutionContext`). */
export interface Execution {
  waitUntil(promise: Promise<unknown>): void
}

/** What the runtime sees of a session (session/session.ts implements it; the stages see only this). */
export interface LiveSession extends ResumableStreams {
  readonly id: string
  /** Who opened it (shared/principal.ts); undefined when the server does not authorize. */
  readonly principal?: string | undefined
  /** What the client declared at initialize. */
  readonly capabilities: Record<string, any>
  /** The least severity a log message needs (set by `logging/setLevel`). */
  readonly logLevel: number
  setLevel(severity: number): void
  /** Sends each request on `channel` and resolves with the client's results by key. */
  ask(channel: Channel, requests: Record<string, InputRequest>): Promise<Record<string, any>>
  /** A JSON-RPC response the client POSTed: settles the request it answers. */
  answer(message: Record<string, any>): void
  /** Any method but POST and OPTIONS: GET opens a notification stream (ended with `signal`), DELETE ends the session, others are 405. */
  other(method: string, cors: Record<string, string> | undefined, feed?: ReadableStream<FeedEvent>, signal?: AbortSignal): Response
  /** The URIs the client subscribed to (`resources/subscribe`); a GET stream's `feed` sends their updates. */
  readonly subscribed: Set<string>
}

/** A request a session host has admitted (authorized already): who the caller is, and the live session it is served in. */
export interface Visit {
  /** What the `authorize` hook returned (undefined without the option). */
  readonly auth: AuthInfo | undefined
  readonly session?: LiveSession
}

/** The server's transport: serves one request; `visit` when a session host admitted it (then it is not authorized again). */
export type SessionServe = (request: Request, env: unknown, execution: Execution | undefined, visit?: Visit) => Promise<Response>

/** What a session host learns of a request before it looks its session up: the caller, authorized. */
export interface Admitted {
  /** What the `authorize` hook returned; undefined without the option. */
  readonly auth: AuthInfo | undefined
  /** The state secret, which keys the caller's principal (shared/principal.ts). */
  readonly secret: string | undefined
}

/**
 * Authorizes a request for a session host, before any store lookup. Undefined: serve it without a session
 * (not the endpoint, a preflight, a refused origin or caller: the transport gives the answer).
 */
export type Admit = (request: Request, env: unknown, execution: Execution | undefined) => Promise<Admitted | undefined>

/** The server's fetch once a session host fronts it. */
export type SessionFetch = (request: Request, env: unknown, execution: Execution | undefined) => Promise<Response>

/** A session as the listeners' host names it. */
export interface SessionKey {
  readonly id: string
  readonly principal: string | undefined
}

/**
 * What a subscriptions host that keeps its listeners apart from the sessions' owners (durableSubscriptions())
 * offers a session host: the front Worker may hold a session's GET stream itself (`holds`, in this env), the
 * listeners are told when the session ends (its streams close), and asked whether any is open (an idle
 * session with one is kept, as a session with a GET stream in its own memory is).
 */
export interface HeldStreams {
  holds(env: unknown): boolean
  ended(session: SessionKey, env: unknown): Promise<void>
  listening(session: SessionKey, env: unknown): Promise<boolean>
}

/** The `sessions` option of createServer: `memorySessions()` (mcp-aot) or `durableSessions()` (mcp-aot/cloudflare). */
export type SessionHost = (serve: SessionServe, admit: Admit, held?: HeldStreams) => SessionFetch

/**
 * The `tasks` option of createServer: `memoryTasks()` (mcp-aot) or `durableTasks()` (mcp-aot/cloudflare).
 * Opaque here: createServer hands it the server's core (shared/table.ts `AttachTasks`, which this file
 * cannot name without an import cycle).
 */
export type TaskHost = (core: never) => unknown
