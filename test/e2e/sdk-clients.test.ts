/**
 * Real clients over real HTTP: the official SDK v1 client (2025-11-25) and v2 client (2026-07-28) connect
 * to examples/conformance and examples/incidents — built with Vite and the mcp-aot plugin — served by
 * workerd (Miniflare) and by Deno, list and call every tool, read resources and get prompts, and get
 * exactly the content the functions return (structured results checked by the clients themselves
 * against the output schemas the plugin wrote). On 2026-07-28 the tools that ask the client (elicitation, sampling, roots) complete
 * through input-required rounds the v2 client answers by itself; on 2025-11-25 the same functions ask the v1
 * client on the tool call's stream and get its answer from a later POST, through the example's sessions
 * (the McpSession Durable Object its wrangler.jsonc binds in workerd, memorySessions() in the Deno process).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { buildExample, type BuiltWorker } from '../helpers/build.ts'
import { startDeno } from '../helpers/deno.ts'
import { connectV1, connectV2, ROOTS, sampled, type Connected } from '../helpers/mcp-clients.ts'
import { startWorkerd } from '../helpers/miniflare.ts'
import type { Served } from '../helpers/served.ts'
import { durableObjectsOf, readWranglerConfig } from '../helpers/wrangler.ts'

const EXAMPLE = resolve(import.meta.dirname, '../../examples/conformance')
const INCIDENTS = resolve(import.meta.dirname, '../../examples/incidents')
const SECRET = { MCP_STATE_SECRET: 'sdk-clients-e2e-state-secret' }
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='
const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA='

type Era = 'legacy' | 'modern'
const text = (value: string) => ({ content: [{ type: 'text', text: value }] })

interface ToolCase {
  name: string
  args?: Record<string, unknown>
  /** The whole result both eras return (resultType and _meta aside). */
  result?: Record<string, unknown>
  /** Asks the client for input: this result in both eras (input-required rounds, or a session's requests). */
  needsInput?: Record<string, unknown>
}

/** Every tool of examples/conformance, what it is called with, and what it answers. */
const TOOLS: ToolCase[] = [
  { name: 'test_simple_text', result: text('This is a simple text response for testing.') },
  { name: 'test_image_content', result: { content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] } },
  { name: 'test_audio_content', result: { content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }] } },
  {
    name: 'test_embedded_resource',
    result: { content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }] },
  },
  {
    name: 'test_multiple_content_types',
    result: {
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' } },
      ],
    },
  },
  { name: 'test_error_handling', result: { ...text('This tool intentionally returns an error for testing'), isError: true } },
  { name: 'test_tool_with_logging', result: text('Tool with logging executed successfully') },
  { name: 'test_tool_with_progress', result: text('Progress tool completed 100 of 100 steps') },
  { name: 'test_logging_tool', result: text('Logging evaluated') },
  // Legacy era: the stream's connection closes mid-call, and the SDK client resumes it (GET, Last-Event-ID) after its retry.
  { name: 'test_reconnection', result: text('Reconnection test completed: the result arrived after the stream was resumed') },
  { name: 'test_sampling', args: { prompt: 'Write a haiku' }, needsInput: text(`LLM response: ${sampled('Write a haiku')}`) },
  {
    name: 'test_elicitation',
   
    args: { message: 'Who are you?' },
    needsInput: text('User response: action=accept, content={"username":"testuser","email":"test@example.com"}'),
  },
  {
    name: 'test_elicitation_sep1034_defaults',
   
    needsInput: text('Elicitation completed: action=accept, content={"name":"Alice","age":25,"score":88.5,"status":"inactive","verified":false}'),
  },
  {
    name: 'test_elicitation_sep1330_enums',
   
    needsInput: text(
      'Elicitation completed: action=accept, content={"untitledSingle":"option2","titledSingle":"value3","legacyEnum":"opt1","untitledMulti":["option1","option3"],"titledMulti":["value2"]}',
    ),
  },
  { name: 'test_input_required_result_elicitation', needsInput: text('Hello, Alice!') },
  { name: 'test_input_required_result_sampling', needsInput: text(`Sampling result: ${sampled('What is the capital of France?')}`) },
  { name: 'test_input_required_result_list_roots', needsInput: text(`Found ${ROOTS.length} root(s)`) },
  { name: 'test_input_required_result_request_state', needsInput: text('state-ok: requestState validated') },
  {
    name: 'test_input_required_result_multiple_inputs',
   
    needsInput: text(`Name: Alice; Greeting: ${sampled('Generate a greeting')}; Roots: ${ROOTS.length}`),
  },
  { name: 'test_input_required_result_multi_round', needsInput: text('Multi-round complete for Alice who likes blue') },
  { name: 'test_input_required_result_tampered_state', needsInput: text('integrity-ok: state verified') },
  { name: 'test_input_required_result_capabilities', needsInput: text('capabilities-ok: received elicit_input,sample_input') },
  { name: 'test_missing_capability', needsInput: text(`Success: ${sampled('Say something')}`) },
  { name: 'test_streaming_elicitation', needsInput: text('Streaming complete: accept') },
  // The Tasks fixtures (tools/tasks.ts): a client without the extension runs a `@task optional` tool plainly.
  { name: 'greet', args: { name: 'Ada' }, result: text('Hello, Ada!') },
  { name: 'slow_compute', args: { seconds: 0, label: 'sum' }, result: text('Computed sum in 0 s.') },
]

/** The other Tasks fixtures, listed but called as tasks by the conformance suite's tasks-* scenarios (test/e2e/conformance.test.ts). */
const TASK_FIXTURES = ['failing_job', 'protocol_error_job', 'confirm_delete', 'multi_input', 'test_tool_with_task']
/** The tools that change what the server lists (src/tools/live.ts): listed, not called here (test/e2e/subscriptions.test.ts calls them). */
const LIVE_FIXTURES = ['test_trigger_tool_change', 'test_trigger_prompt_change', 'test_update_resource']
/** The tools with a hand-written input schema (src/tools/schemas.ts): listed here; the conformance suite calls them. */
const SCHEMA_FIXTURES = ['json_schema_2020_12_tool', 'routed_query']
/** The skill the example serves (skills/release-notes): each of its files a skill:// resource. */
const SKILL_FILES = ['skill://release-notes/SKILL.md', 'skill://release-notes/references/style.md', 'skill://release-notes/templates/notes.md']

/** A result without the fields that say how it was sent rather than what it is. */
function bare(result: Record<string, unknown>): Record<string, unknown> {
  const { _meta, resultType, ...rest } = result
  return rest
}

type Outcome = { result: Record<string, unknown> } | { error: string }

interface CallOptions {
  onprogress?: (progress: { progress: number }) => void
  _meta?: Record<string, unknown>
}

async function call(session: Connected, name: string, args: Record<string, unknown> = {}, extra: CallOptions = {}): Promise<Outcome> {
  try {
    const options = { timeout: 15_000, ...(extra.onprogress ? { onprogress: extra.onprogress } : {}) }
    const params = { name, arguments: args, ...(extra._meta ? { _meta: extra._meta } : {}) }
    const result =
      'getProtocolEra' in session.client
        ? await session.client.callTool(params, options)
        : await session.client.callTool(params, undefined, options)
    return { result: bare(result as Record<string, unknown>) }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

interface Runtime {
  name: string
  start(file: string): Promise<Served>
}

const RUNTIMES: Runtime[] = [
  {
    name: 'workerd (Miniflare)',
    start: async (file) => startWorkerd(file, { bindings: SECRET, durableObjects: durableObjectsOf(await readWranglerConfig(resolve(EXAMPLE, 'wrangler.jsonc'))) }),
  },
  { name: 'Deno', start: (file) => startDeno(file, { env: SECRET }) },
]

const CLIENTS: { era: Era; connect: (url: string) => Promise<Connected> }[] = [
  { era: 'legacy', connect: connectV1 },
  { era: 'modern', connect: connectV2 },
]

let worker: BuiltWorker
let incidents: BuiltWorker

beforeAll(async () => {
  ;[worker, incidents] = await Promise.all([buildExample(EXAMPLE), buildExample(INCIDENTS)])
})

afterAll(async () => {
  await worker?.remove()
  await incidents?.remove()
})

describe.each(RUNTIMES)('examples/conformance in $name', (runtime) => {
  let server: Served

  beforeAll(async () => {
    server = await runtime.start(worker.file)
  })

  afterAll(async () => {
    await server?.stop()
  })

  describe.each(CLIENTS)('official SDK client, $era era', ({ era, connect }) => {
    let session: Connected

    beforeAll(async () => {
      session = await connect(server.url)
    })

    afterAll(async () => {
      await session?.close()
    })

    it('negotiates the revision the client speaks', () => {
      expect(session.protocolVersion).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25')
    })

    it('lists every tool, each with a description and a closed input schema', async () => {
      const { tools } = await session.client.listTools()
      expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOLS.map((tool) => tool.name), ...TASK_FIXTURES, ...LIVE_FIXTURES, ...SCHEMA_FIXTURES].sort())
      for (const tool of tools) {
        expect(tool.description, tool.name).toBeTruthy()
        expect(tool.inputSchema, tool.name).toMatchObject({ type: 'object', additionalProperties: false })
      }
      const sampling = tools.find((tool) => tool.name === 'test_sampling')
      expect(sampling?.inputSchema).toEqual({
        type: 'object',
        properties: { prompt: { type: 'string', description: 'The prompt to send to the LLM' } },
        required: ['prompt'],
        additionalProperties: false,
      })
      expect(tools.find((tool) => tool.name === 'test_simple_text')?.annotations).toEqual({ readOnlyHint: true })
    })

    it.each(TOOLS)('calls $name', async (tool) => {
      const outcome = await call(session, tool.name, tool.args)
      expect(outcome).toEqual({ result: tool.result ?? tool.needsInput })
    })

    it('reports progress from ctx.progress while the tool runs', async () => {
      const steps: number[] = []
      const outcome = await call(session, 'test_tool_with_progress', {}, { onprogress: (progress) => steps.push(progress.progress) })
      expect(outcome).toEqual({ result: text('Progress tool completed 100 of 100 steps') })
      expect(steps).toEqual([0, 50, 100])
    })

    it('delivers ctx.log messages on the call’s own stream, only at a level the client asked for', async () => {
      const logged = ['Tool execution started', 'Tool processing data', 'Tool execution completed']
      session.logs.length = 0
      if (era === 'legacy') {
        // The session remembers logging/setLevel: nothing below warning, then everything from debug on.
        await session.client.setLoggingLevel('warning')
        expect(await call(session, 'test_tool_with_logging')).toEqual({ result: text('Tool with logging executed successfully') })
        expect(session.logs).toEqual([])
        await session.client.setLoggingLevel('debug')
        expect(await call(session, 'test_tool_with_logging')).toEqual({ result: text('Tool with logging executed successfully') })
        expect(session.logs).toEqual(logged)
      } else {
        // 2026-07-28: a request logs only when its _meta carries a level.
        expect(await call(session, 'test_tool_with_logging')).toEqual({ result: text('Tool with logging executed successfully') })
        expect(session.logs).toEqual([])
        const _meta = { 'io.modelcontextprotocol/logLevel': 'info' }
        expect(await call(session, 'test_tool_with_logging', {}, { _meta })).toEqual({ result: text('Tool with logging executed successfully') })
        expect(session.logs).toEqual(logged)
        session.logs.length = 0
        await call(session, 'test_tool_with_logging', {}, { _meta: { 'io.modelcontextprotocol/logLevel': 'warning' } })
        expect(session.logs).toEqual([])
      }
    })

    it('refuses arguments that do not match the schema, naming them', async () => {
      const outcome = await call(session, 'test_sampling', { prompt: 42, extra: true })
      expect(outcome).toMatchObject({ result: { isError: true } })
      const message = (outcome as { result: { content: { text: string }[] } }).result.content[0].text
      expect(message).toContain("Argument 'prompt' must be a string (got 42).")
      expect(message).toContain("Unknown argument 'extra'.")
    })

    it('reads a text resource, a binary resource and a templated resource', async () => {
      const { resources } = await session.client.listResources()
      expect(resources.map((resource) => resource.uri).sort()).toEqual(['test://static-binary', 'test://static-text', 'test://watched-resource', ...SKILL_FILES].sort())
      const { resourceTemplates } = await session.client.listResourceTemplates()
      expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['test://template/{id}/data'])

      const textual = await session.client.readResource({ uri: 'test://static-text' })
      expect(textual.contents).toEqual([{ uri: 'test://static-text', mimeType: 'text/plain', text: 'This is the content of the static text resource.' }])
      const binary = await session.client.readResource({ uri: 'test://static-binary' })
      expect(binary.contents).toEqual([{ uri: 'test://static-binary', mimeType: 'image/png', blob: PNG }])
      const templated = await session.client.readResource({ uri: 'test://template/42/data' })
      expect(templated.contents).toEqual([
        { uri: 'test://template/42/data', mimeType: 'application/json', text: '{"id":"42","templateTest":true,"data":"Data for ID: 42"}' },
      ])
    })

    it('gets prompts with their arguments substituted', async () => {
      const { prompts } = await session.client.listPrompts()
      expect(prompts.find((prompt) => prompt.name === 'test_prompt_with_arguments')).toMatchObject({
        description: 'A prompt with required arguments.',
        arguments: [
          { name: 'arg1', description: 'First test argument', required: true },
          { name: 'arg2', description: 'Second test argument', required: true },
        ],
      })
      const got = await session.client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'sun', arg2: 'moon' } })
      expect(got.messages).toEqual([{ role: 'user', content: { type: 'text', text: "Prompt with arguments: arg1='sun', arg2='moon'" } }])
      const withResource = await session.client.getPrompt({ name: 'test_prompt_with_embedded_resource', arguments: { resourceUri: 'test://doc' } })
      expect(withResource.messages[0]).toEqual({
        role: 'user',
        content: { type: 'resource', resource: { uri: 'test://doc', mimeType: 'text/plain', text: 'Embedded resource content for testing.' } },
      })
    })

    it('gets a prompt that asks the user first: an input-required round on 2026-07-28, a session request before', async () => {
      const got = await session.client.getPrompt({ name: 'test_input_required_result_prompt' })
      expect(got.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Prompt with context: test context' } }])
    })
  })
})

describe.each(RUNTIMES)('examples/incidents in $name', (runtime) => {
  let server: Served

  beforeAll(async () => {
    server = await runtime.start(incidents.file)
  })

  afterAll(async () => {
    await server?.stop()
  })

  describe.each(CLIENTS)('official SDK client, $era era', ({ connect }) => {
    let session: Connected

    beforeAll(async () => {
      session = await connect(server.url)
    })

    afterAll(async () => {
      await session?.close()
    })

    /** Calls a tool the client knows (it validates structuredContent against the listed outputSchema). */
    async function result(name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
      const outcome = await call(session, name, args)
      if ('error' in outcome) throw new Error(`${name}: ${outcome.error}`)
      return outcome.result
    }

    it('lists and calls every tool, with typed records, enums, dates and sets', async () => {
      const { tools } = await session.client.listTools()
      expect(tools.map((tool) => tool.name)).toEqual([
        'search_incidents',
        'get_incident',
        'open_incident',
        'update_incident_status',
        'time_to_resolve',
        'find_runbook',
      ])
      expect(tools.find((tool) => tool.name === 'get_incident')?.outputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['id', 'startedAt', 'timeline']) })

      const found = await result('search_incidents', { query: 'checkout', service: 'billing-api' })
      expect(found.structuredContent).toEqual({
        total: 1,
        incidents: [
          { id: 'INC-0001', title: 'Checkout latency above 2 s', service: 'billing-api', severity: 'sev2', status: 'resolved', startedAt: '2026-06-02T09:14:00.000Z' },
        ],
      })
      expect(JSON.parse(found.content[0].text)).toEqual(found.structuredContent)

      const incident = await result('get_incident', { id: 'INC-0002' })
      expect(incident.structuredContent).toMatchObject({ id: 'INC-0002', severity: 'sev1', resolvedAt: null, tags: ['sso', 'login'] })
      expect(incident.structuredContent.timeline[1]).toEqual({ at: '2026-07-10T22:31:00.000Z', status: 'monitoring', note: 'Expired IdP certificate replaced.' })

      const opened = await result('open_incident', {
        title: 'Search returns no results',
        service: 'search-api',
        severity: 'sev3',
        startedAt: '2026-07-28T08:00:00+02:00',
        tags: ['search', 'index'],
      })
      expect(opened.structuredContent).toMatchObject({
        id: expect.stringMatching(/^INC-\d{4}$/),
        status: 'investigating',
        startedAt: '2026-07-28T06:00:00.000Z',
        resolvedAt: null,
        tags: ['search', 'index'],
        timeline: [{ at: '2026-07-28T06:00:00.000Z', status: 'investigating', note: 'Incident opened.' }],
      })

      const updated = await result('update_incident_status', { id: opened.structuredContent.id, status: 'identified', note: 'Index rebuild stalled.' })
      expect(updated.structuredContent.status).toBe('identified')
      expect(updated.structuredContent.timeline.map((entry: { note: string }) => entry.note)).toEqual(['Incident opened.', 'Index rebuild stalled.'])

      expect(await result('time_to_resolve', { service: 'billing-api' })).toEqual(text('Mean time to resolve for billing-api: 48 min over 1 incident(s).'))
      expect(await result('find_runbook', { service: 'auth-gateway' })).toEqual({
        content: [{ type: 'resource_link', uri: 'runbook://auth-gateway', name: 'auth-gateway runbook', mimeType: 'text/markdown' }],
      })
    })

    it('refuses bad arguments and reports tool errors as results the model can read', async () => {
      expect(await result('get_incident', { id: 'INC-9999' })).toEqual({
        ...text('No incident INC-9999. Use search_incidents to find its id.'),
        isError: true,
      })
      const refused = await result('open_incident', { title: 'Bad', service: 'Billing API', severity: 'sev9', tags: ['a', 'a'] })
      expect(refused.isError).toBe(true)
      expect(refused.content[0].text.split('\n')).toEqual([
        "Argument 'title' must have at least 5 character(s) (got 3).",
        'Argument \'service\' must match the pattern ^[a-z][a-z0-9-]{1,40}$ (got "Billing API").',
        'Argument \'severity\' must be one of: sev1, sev2, sev3, sev4 (got "sev9").',
        "Argument 'tags' must not contain duplicates (tags[0] and tags[1] are equal).",
      ])
    })

    it('reads a templated resource and gets a prompt with an embedded resource', async () => {
      const { resourceTemplates } = await session.client.listResourceTemplates()
      expect(resourceTemplates.map((template) => template.uriTemplate)).toContain('runbook://{service}')
      const book = await session.client.readResource({ uri: 'runbook://billing-api' })
      expect(book.contents).toEqual([{ uri: 'runbook://billing-api', mimeType: 'text/markdown', text: expect.stringMatching(/^# billing-api runbook\n/) }])

      const prompt = await session.client.getPrompt({ name: 'postmortem', arguments: { id: 'INC-0001', audience: 'executives' } })
      expect(prompt.description).toBe('Postmortem of INC-0001 for executives')
      expect(prompt.messages[0].content).toMatchObject({ type: 'text', text: expect.stringContaining('Write a blameless postmortem for INC-0001 "Checkout latency above 2 s" (sev2, billing-api) for executives') })
      expect(prompt.messages[1].content).toMatchObject({ type: 'resource', resource: { uri: 'runbook://billing-api', mimeType: 'text/markdown' } })
    })
  })
})
