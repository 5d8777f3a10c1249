/**
 * The official TypeScript SDK clients, connected over real HTTP: v1 (`@modelcontextprotocol/sdk`, the
 * initialize-based 2025-11-25 era) and v2 (`@modelcontextprotocol/client`, pinned to the stateless
 * 2026-07-28 era). Both declare elicitation, sampling and roots and answer them with the same scripted
 * handlers, so a test can tell exactly what a tool should have received.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client'
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js'

/** What the scripted user answers, per form field name. */
export const ELICIT_ANSWERS: Readonly<Record<string, string | number | boolean | string[]>> = {
  name: 'Alice',
  color: 'blue',
  ok: true,
  context: 'test context',
  value: 'elicited value',
  username: 'testuser',
  email: 'test@example.com',
  age: 25,
  score: 88.5,
  status: 'inactive',
  verified: false,
  untitledSingle: 'option2',
  titledSingle: 'value3',
  legacyEnum: 'opt1',
  untitledMulti: ['option1', 'option3'],
  titledMulti: ['value2'],
}

export const ROOTS = [{ uri: 'file:///srv/project', name: 'Project' }]

/** The scripted model answers every sampling request with this prefix and the last user message. */
export const sampled = (prompt: string): string => `Sampled: ${prompt}`

function elicit(params: { requestedSchema?: { properties?: Record<string, unknown> } }) {
  const fields = Object.keys(params.requestedSchema?.properties ?? {})
  return { action: 'accept' as const, content: Object.fromEntries(fields.map((field) => [field, ELICIT_ANSWERS[field] ?? 'n/a'])) }
}

function sample(params: { messages: { content: unknown }[] }) {
  const last = params.messages.at(-1)?.content as { type?: string; text?: string } | undefined
  return { role: 'assistant' as const, model: 'scripted-model', stopReason: 'endTurn', content: { type: 'text' as const, text: sampled(last?.text ?? '') } }
}

const capabilities = { elicitation: {}, sampling: {}, roots: {} }
const clientInfo = { name: 'mcp-aot-e2e', version: '1.0.0' }

export interface Connected {
  readonly label: string
  readonly client: ClientV1 | ClientV2
  /** What `initialize` or `server/discover` settled on. */
  readonly protocolVersion: string | undefined
  /** Every notifications/message received, in order. */
  readonly logs: unknown[]
  close(): Promise<void>
}

export async function connectV1(url: string): Promise<Connected & { client: ClientV1 }> {
  const client = new ClientV1(clientInfo, { capabilities })
  const logs: unknown[] = []
  client.setRequestHandler(ElicitRequestSchema, (request) => elicit(request.params as any))
  client.setRequestHandler(CreateMessageRequestSchema, (request) => sample(request.params))
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: ROOTS }))
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void logs.push(notification.params.data))
  const transport = new TransportV1(new URL(url))
  await client.connect(transport)
  return { label: 'SDK v1 (2025-11-25)', client, protocolVersion: transport.protocolVersion, logs, close: () => client.close() }
}

export async function connectV2(url: string): Promise<Connected & { client: ClientV2 }> {
  const client = new ClientV2(clientInfo, { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } })
  const logs: unknown[] = []
  client.setRequestHandler('elicitation/create', (request) => elicit(request.params as any))
  client.setRequestHandler('sampling/createMessage', (request) => sample(request.params as any))
  client.setRequestHandler('roots/list', () => ({ roots: ROOTS }))
  client.setNotificationHandler('notifications/message', (notification) => void logs.push(notification.params.data))
  await client.connect(new TransportV2(new URL(url)))
  return { label: 'SDK v2 (2026-07-28)', client, protocolVersion: client.getNegotiatedProtocolVersion(), logs, close: () => client.close() }
}
