/**
 * Resources, a feature (`resourcesFeature`, passed by the table of a module with @resource
 * declarations): resources/list, resources/templates/list, completion/complete for templates, and
 * resources/read: a static URI or the first template that matches, its variables validated and revived,
 * the function run, and what it returned made into `contents`: a string is text, bytes are a base64
 * blob, contents objects pass through. A function that returns undefined or null, or throws a
 * `ToolError`, means "no such resource" (-32602 with data.uri; -32002 before 2026-07-28).
 *
 * Stage features/ (beside input/): the optional methods a table asks for (resources, prompts, completion,
 * `Mcp-Param-*` header checks), handed to the server as `Feature`s so a server without them bundles none.
 * It may import call/ and the shared/ leaves, never input/ (its peer); a read or a prompt next runs its
 * function through call/ (validate, revive, run).
 */
import type { Core } from '../shared/table.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { Feature } from '../shared/table.ts'
import type { ResourceEntry } from '../shared/table.ts'
import { toBase64 } from '../shared/base64.ts'
import { complete } from './completion.ts'
import { RpcError } from '../shared/jsonrpc.ts'
import { listPages, resourceItems } from '../shared/lists.ts'
import { isToolError } from '../call/errors.ts'
import { answersFor, withTail } from '../call/outcomes.ts'
import { INTERNAL_ERROR, INVALID_PARAMS, RESOURCE_NOT_FOUND } from '../shared/protocol.ts'
import { toJson } from '../call/results.ts'
import type { Outcome, ResourceLocator } from '../shared/table.ts'
import { compileTemplate } from './uri-template.ts'
import { validateAndRun } from '../call/validate-run.ts'

function notFound(exchange: Exchange, uri: string, message = `Resource not found: ${uri}`): RpcError {
  return new RpcError(exchange.modern ? INVALID_PARAMS : RESOURCE_NOT_FOUND, message, { uri })
}

const isBytes = (value: unknown): value is Uint8Array | ArrayBuffer => value instanceof Uint8Array || value instanceof ArrayBuffer

/** One contents item from what a resource function returned. */
function item(entry: ResourceEntry, uri: string, value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return { uri, mimeType: entry.mimeType ?? 'text/plain', text: value }
  if (isBytes(value)) {
    const bytes = value instanceof Uint8Array ? value : new Uint8Array(value)
    return { uri, mimeType: entry.mimeType ?? 'application/octet-stream', blob: toBase64(bytes) }
  }
  if (typeof value === 'object' && value !== null && ('text' in value || 'blob' in value)) {
    const contents = value as Record<string, unknown>
    const mimeType = contents.mimeType ?? entry.mimeType
    const blob = isBytes(contents.blob) ? toBase64(contents.blob instanceof Uint8Array ? contents.blob : new Uint8Array(contents.blob)) : contents.blob
    return { ...contents, uri: contents.uri ?? uri, ...(mimeType === undefined ? {} : { mimeType }), ...(blob === undefined ? {} : { blob }) }
  }
  return { uri, mimeType: entry.mimeType ?? 'application/json', text: toJson(value) }
}

/** `contents` for what a resource function returned. */
export function contentsOf(entry: ResourceEntry, uri: string, value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.map((part) => item(entry, uri, part))
  if (typeof value === 'object' && value !== null && Array.isArray((value as any).contents)) {
    return (value as any).contents.map((part: unknown) => item(entry, uri, part))
  }
  return [item(entry, uri, value)]
}

/** What finds the resource a URI names: its static URI, else the first template that matches. */
function locate(core: Core): ResourceLocator {
  const templates = core.templates.map((entry) => ({ entry, match: compileTemplate(entry.uri) }))
  return (uri) => {
    const entry = core.resources.get(uri)
    if (entry) return { entry, vars: {} }
    for (const template of templates) {
      const vars = template.match(uri)
      if (vars) return { entry: template.entry, vars }
    }
    return undefined
  }
}

export async function readResource(core: Core, exchange: Exchange, params: Record<string, any> | undefined): Promise<string | RpcError> {
  const uri = params?.uri
  if (typeof uri !== 'string') return new RpcError(INVALID_PARAMS, 'resources/read needs params.uri, the resource to read.')
  const found = core.resourceAt!(uri)
  if (!found) return notFound(exchange, uri)
  const { entry, vars } = found
  const answers = await answersFor(core, exchange, entry.run, 'resources/read', uri, {}, params!)
  if (answers instanceof RpcError) return answers
  const outcome = await validateAndRun(core, exchange, entry, uri, vars, answers, { uri })
  return outcome instanceof RpcError ? outcome : finish(core, exchange, entry, uri, outcome)
}

async function finish(core: Core, exchange: Exchange, entry: ResourceEntry, uri: string, outcome: Outcome): Promise<string | RpcError> {
  switch (outcome.kind) {
    case 'value': {
      if (outcome.value === undefined || outcome.value === null) return notFound(exchange, uri)
      try {
        const json = `{"contents":${JSON.stringify(contentsOf(entry, uri, outcome.value))}}`
        return exchange.modern ? withTail(json, core.readTail) : json
      } catch (error) {
        core.report(error, 'resource', uri)
        return new RpcError(INTERNAL_ERROR, 'The resource failed.')
      }
    }
    case 'error':
      if (isToolError(outcome.error)) return notFound(exchange, uri, outcome.error.message)
      core.report(outcome.error, 'resource', uri)
      return new RpcError(INTERNAL_ERROR, 'The resource failed.')
    default:
      return entry.run!.ended(core, exchange, entry, outcome, uri, {})
  }
}

export const resourcesFeature: Feature = {
  locate,
  methods(core, methods) {
    const resources = [...core.resources.values()]
    const entries = core.templates
    if (resources.length === 0 && entries.length === 0) return
    methods.set('resources/list', listPages('resources', (flavour) => resourceItems(resources, flavour), core.listTail))
    methods.set('resources/templates/list', listPages('resourceTemplates', (flavour) => resourceItems(entries, flavour), core.listTail))
    methods.set('resources/read', (core, exchange, params) => readResource(core, exchange, params))
    if (entries.length > 0) methods.set('completion/complete', complete)
  },
}
