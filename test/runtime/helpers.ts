/**
 * Hand-written dispatch tables and requests for the runtime's unit tests: tables are built with `table()`
 * exactly as generated code builds them, validators are small functions with ajv's `.errors` shape.
 * Unless a spec says `plain`, an entry runs with the context runner (its function may take a ToolContext
 * and an AbortSignal), and `module()` hands every feature to the table, so these tests see the whole
 * runtime; generated code passes only what its declarations need.
 */
import type { AjvError, Feature, PromptEntry, ResourceEntry, ResultPlan, RevivePlan, ToolDefinition, ToolEntry, ValidateFn } from '../../src/runtime/shared/table.ts'
import { table } from '../../src/runtime/shared/table.ts'
import type { McpServer } from '../../src/runtime/shared/api.ts'
import { contextRunner } from '../../src/runtime/input/context-runner.ts'
import { paramHeadersFeature } from '../../src/runtime/features/param-headers.ts'
import { scopesFeature } from '../../src/runtime/http/scopes.ts'
import { promptsFeature } from '../../src/runtime/features/prompts.ts'
import { resourcesFeature } from '../../src/runtime/features/resources.ts'
import { reviver } from '../../src/runtime/call/revive.ts'
import { resultShaper } from '../../src/runtime/call/results.ts'

export const ALL_FEATURES: readonly Feature[] = [resourcesFeature, promptsFeature, paramHeadersFeature, scopesFeature]

/** A tool's tools/list entry as an object. */
export const definitionOf = (entry: ToolEntry): ToolDefinition => JSON.parse(entry.json)

export const URL_BASE = 'http://127.0.0.1:8787'
export const MCP = `${URL_BASE}/mcp`
export const MODERN = '2026-07-28'

/** A validator: `check` returns the errors (ajv shape) or nothing. */
export function validator(check: (data: any) => AjvError[] | undefined = () => undefined): ValidateFn {
  const validate: ValidateFn = (data: unknown) => {
    const errors = check(data)
    validate.errors = errors && errors.length > 0 ? errors : null
    return !validate.errors
  }
  return validate
}

/** An ajv error for `keyword` at the JSON pointer `path`. */
export const ajvError = (instancePath: string, keyword: string, params: Record<string, unknown>): AjvError => ({
  instancePath,
  schemaPath: `#/${keyword}`,
  keyword,
  params,
})

/** Accepts objects only; `required` names required string properties. */
export function objectValidator(required: string[] = [], allowed?: string[]): ValidateFn {
  return validator((data) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return [ajvError('', 'type', { type: 'object' })]
    const errors: AjvError[] = []
    for (const key of required) if (!(key in data)) errors.push(ajvError('', 'required', { missingProperty: key }))
    if (allowed) for (const key of Object.keys(data)) if (!allowed.includes(key)) errors.push(ajvError('', 'additionalProperties', { additionalProperty: key }))
    return errors
  })
}

export interface ToolSpec {
  invoke: ToolEntry['invoke']
  validate?: ValidateFn
  revive?: RevivePlan
  result?: ResultPlan
  timeoutMs?: number
  scopes?: string[]
  title?: string
  description?: string
  inputSchema?: Record<string, unknown>
  outputSchema?: Record<string, unknown>
  annotations?: ToolDefinition['annotations']
  loc?: string
  /** Called plainly, as generated code calls a function without ToolContext, AbortSignal or @timeout. */
  plain?: boolean
}

export function tool(name: string, spec: ToolSpec): ToolEntry {
  const def = {
    name,
    ...(spec.title ? { title: spec.title } : {}),
    ...(spec.description ? { description: spec.description } : {}),
    inputSchema: spec.inputSchema ?? { type: 'object', properties: {}, additionalProperties: false },
    ...(spec.outputSchema ? { outputSchema: spec.outputSchema } : {}),
    ...(spec.annotations ? { annotations: spec.annotations } : {}),
  }
  return {
    kind: 'tool',
    name,
    loc: spec.loc ?? `src/tools/${name}.ts:1:1`,
    json: JSON.stringify(def),
    validate: spec.validate ?? objectValidator(),
    revive: spec.revive ? reviver(spec.revive) : undefined,
    result: resultShaper(spec.result ?? { kind: 'text' }),
    timeoutMs: spec.timeoutMs,
    ...(spec.scopes ? { scopes: spec.scopes } : {}),
    run: spec.plain ? undefined : contextRunner,
    invoke: spec.invoke,
  }
}

/** Entry fields, with the revive plan (made into a reviver) instead of the reviver. */
type Extra<T> = Omit<Partial<T>, 'revive'> & { revive?: RevivePlan; plain?: boolean }

export function resource(uri: string, invoke: ResourceEntry['invoke'], extra: Extra<ResourceEntry> = {}): ResourceEntry {
  const { revive, plain, ...rest } = extra
  return {
    kind: 'resource',
    name: extra.name ?? uri,
    loc: `src/resources.ts:${uri.length}:1`,
    uri,
    template: uri.includes('{'),
    revive: revive ? reviver(revive) : undefined,
    run: plain ? undefined : contextRunner,
    invoke,
    ...rest,
  }
}

export function prompt(name: string, invoke: PromptEntry['invoke'], extra: Extra<PromptEntry> = {}): PromptEntry {
  const { revive, plain, ...rest } = extra
  return {
    kind: 'prompt',
    name,
    loc: `src/prompts.ts:${name.length}:1`,
    arguments: [],
    validate: objectValidator(),
    revive: revive ? reviver(revive) : undefined,
    run: plain ? undefined : contextRunner,
    invoke,
    ...rest,
  }
}

/** A transformed module: its functions plus the `__mcp` table (with every feature unless `features` says). */
export function module(path: string, entries: (ToolEntry | ResourceEntry | PromptEntry)[], exports: Record<string, unknown> = {}, features = ALL_FEATURES) {
  return { ...exports, __mcp: table(path, entries, features) }
}

export interface Call {
  id?: string | number | null
  headers?: Record<string, string | null>
  /** Replaces the whole `_meta` (modern); `undefined` keeps the default. */
  meta?: Record<string, unknown>
  /** Merged into the default `_meta`. */
  extraMeta?: Record<string, unknown>
  capabilities?: Record<string, unknown>
}

const mcpNameOf = (method: string, params: Record<string, any>): string | undefined =>
  method === 'resources/read' ? params.uri : method === 'tools/call' || method === 'prompts/get' ? params.name : undefined

/** A 2026-07-28 request with conformant headers and `_meta`. */
export function modernRequest(method: string, params: Record<string, any> = {}, call: Call = {}): Request {
  const meta = call.meta ?? {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': call.capabilities ?? {},
    ...call.extraMeta,
  }
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
  }
  const name = mcpNameOf(method, params)
  if (typeof name === 'string') headers['mcp-name'] = name
  return post({ jsonrpc: '2.0', id: call.id === undefined ? 1 : call.id, method, params: { ...params, _meta: meta } }, headers, call.headers)
}

/** A legacy request (initialize-based revisions); `version` goes in MCP-Protocol-Version unless null. */
export function legacyRequest(method: string, params?: Record<string, any>, version: string | null = '2025-11-25', call: Call = {}): Request {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
  if (version !== null) headers['mcp-protocol-version'] = version
  const body: Record<string, unknown> = { jsonrpc: '2.0', id: call.id === undefined ? 1 : call.id, method }
  if (params !== undefined) body.params = params
  return post(body, headers, call.headers)
}

/** A POST to /mcp; `overrides` replace headers (null removes one). */
export function post(body: unknown, headers: Record<string, string>, overrides: Record<string, string | null> = {}, url = MCP): Request {
  const merged: Record<string, string> = { ...headers }
  for (const [key, value] of Object.entries(overrides)) {
    for (const existing of Object.keys(merged)) if (existing.toLowerCase() === key.toLowerCase()) delete merged[existing]
    if (value !== null) merged[key] = value
  }
  return new Request(url, { method: 'POST', headers: merged, body: typeof body === 'string' ? body : JSON.stringify(body) })
}

/** The SSE events of a body (each `data:` payload parsed; a session stream's priming event, whose data is empty, carries none). */
export function parseSse(text: string): any[] {
  return text
    .split('\n\n')
    .map((block) => block.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\n'))
    .filter((data) => data !== '')
    .map((data) => JSON.parse(data))
}

export interface Reply {
  status: number
  headers: Headers
  /** The JSON-RPC message (for SSE: the last event). */
  body: any
  /** SSE events (notifications and the response), empty for JSON. */
  events: any[]
  text: string
}

export async function send(server: McpServer<any>, request: Request, env?: unknown): Promise<Reply> {
  const response = await server.fetch(request, env)
  const text = await response.text()
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('text/event-stream')) {
    const events = parseSse(text)
    return { status: response.status, headers: response.headers, body: events[events.length - 1], events, text }
  }
  let body: any
  try {
    body = text === '' ? undefined : JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: response.status, headers: response.headers, body, events: [], text }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `check()` is true, polling every few milliseconds (a loaded machine can be slow); false after `timeoutMs`. */
export async function eventually(check: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) return false
    await sleep(5)
  }
  return true
}
