/**
 * The runtime's optional parts reach a bundle only when a declaration needs them: the compiler emits the
 * runners, revivers and features per declaration, and `createServer` refers to none of them itself.
 * Built with esbuild and the plugin from src/, as a Worker is.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { compileModule } from '../../src/compiler/compile.ts'
import { Project } from '../../src/compiler/source/project.ts'
import { createServer } from '../../src/runtime/server.ts'
import { ToolError } from '../../src/runtime/call/errors.ts'
import { bundleWorker, loadWorker as load, ROOT } from './bundle.ts'
import { legacyRequest, modernRequest, module, send, tool } from './helpers.ts'
import { sseReader } from '../helpers/sse-reader.ts'

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url))

const bundle = (entry: string): Promise<string> => bundleWorker(`${FIXTURES}${entry}`)

function generated(file: string): string {
  const id = `${FIXTURES}${file}`
  const code = compileModule(new Project(ROOT), id, readFileSync(id, 'utf8'))!.code
  return code.slice(code.indexOf('// ---- mcp-aot'))
}

/** Text only the optional parts contain. */
const MARKERS = {
  resources: 'resources/templates/list',
  prompts: 'Unknown prompt',
  // The input-required result itself (the onCall outcome name 'input_required' is bundled with tools/call).
  'input rounds': '"resultType":"input_required"',
  'signed state': 'HMAC',
  notifications: 'notifications/progress',
  'abort controller': 'new AbortController',
  'x-mcp-header checks': 'x-mcp-header',
  '@scope checks': 'insufficient_scope',
  // The task host's capability (tasks/support.ts); the methods and the store come with the `tasks` option.
  tasks: 'io.modelcontextprotocol/tasks',
  // The `instrument` option's code (instrument/): it comes with `instrument(…)`, not with createServer.
  instrument: 'the instrument hook',
  // MCP Apps (apps/): the extension's capability and the model's tools/list come with a tool's @ui or @uiVisibility.
  apps: 'io.modelcontextprotocol/ui',
  // The Server Card route (http/server-card.ts): it comes with `serverCard` (the plugin's `registry` option).
  'server card': 'application/mcp-server-card+json',
  // Skills over MCP (skills/): skills/list, skills/get and directory reads come with the module mcp-aot/skills.
  skills: 'io.modelcontextprotocol/skills',
  // subscriptions/listen, GET stream feeds and `visible` (subscriptions/): they come with the `subscriptions` option.
  subscriptions: 'notifications/subscriptions/acknowledged',
  // The argument lines of keywords only hand-written schemas have (call/schema-rules.ts): they come with an @inputSchema.
  'hand-written schema rules': 'has a form its schema rules out',
}

/** What full.ts and its worker do not use: no x-mcp-header, no @scope, no @task, no `instrument`. */
const UNUSED_BY_FULL = new Set(['x-mcp-header checks', '@scope checks', 'tasks', 'instrument', 'apps', 'server card', 'skills', 'subscriptions', 'hand-written schema rules'])

describe('pay for what you use', () => {
  it('generated code imports a result shaper per result plan, and a runner, a reviver or a feature only for a declaration that needs it', () => {
    const plain = generated('plain.ts')
    expect(plain).toMatch(/^import \{ table as __mcp_table, textResult as __mcp_textResult \} from 'mcp-aot\/internal';$/m)
    expect(plain.match(/result: __mcp_textResult,/g)).toHaveLength(2)
    expect(plain).not.toMatch(/\brun:|\brevive:|\bdef:|Feature/)
    expect(plain).toMatch(/\]\);\n$/)

    const full = generated('full.ts')
    const entry = (name: string) => full.slice(full.indexOf(`name: "${name}"`), full.indexOf('invoke:', full.indexOf(`name: "${name}"`)))
    expect(entry('count')).toContain('run: __mcp_contextRunner')
    expect(entry('wait')).toContain('run: __mcp_signalRunner')
    expect(entry('day_of')).toContain('revive: __mcp_reviver({"props":{"when":"date"}})')
    expect(entry('day_of')).not.toContain('run:')
    expect(entry('day_of')).toContain('result: __mcp_jsonResult,')
    expect(entry('note')).not.toMatch(/run:|revive:/)
    expect(full).toContain('], [__mcp_resourcesFeature, __mcp_promptsFeature]);')
    expect(full).not.toContain('paramHeadersFeature')
  })

  it('a tools-only server without ToolContext bundles none of the optional parts, and still serves its tools', async () => {
    const code = await bundle('plain-worker.ts')
    for (const [part, marker] of Object.entries(MARKERS)) expect(code.includes(marker), part).toBe(false)
    expect(code.includes('nullable'), 'structured results (projection)').toBe(false)
    expect(code.includes('performance.now'), 'request and call timing').toBe(false)
    const server = await load(code)
    const sum = await send(server, modernRequest('tools/call', { name: 'add', arguments: { a: 2, b: 3 } }))
    expect(sum.body.result.content).toEqual([{ type: 'text', text: '5' }])
    const hello = await send(server, legacyRequest('tools/call', { name: 'greet', arguments: { name: 'Ada' } }))
    expect(hello.body.result).toEqual({ content: [{ type: 'text', text: 'Hello, Ada' }] })
    const init = await send(server, legacyRequest('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }))
    expect(init.body.result.capabilities).toEqual({ tools: {}, logging: {} })
    expect((await send(server, modernRequest('prompts/list'))).body.error.code).toBe(-32601)
    expect((await send(server, modernRequest('resources/read', { uri: 'note://1' }))).body.error.code).toBe(-32601)
  })

  it('a server with `instrument: instrument(…)` bundles its code', async () => {
    const code = await bundle('observed-worker.ts')
    expect(code.includes(MARKERS.instrument)).toBe(true)
    expect(code.includes('performance.now')).toBe(true)
  })

  it('a server with `subscriptions: memorySubscriptions()` bundles its code and answers subscriptions/listen', async () => {
    const code = await bundle('live-worker.ts')
    expect(code.includes(MARKERS.subscriptions)).toBe(true)
    const server = await load(code)
    const next = sseReader(await server.fetch(modernRequest('subscriptions/listen', { notifications: { toolsListChanged: true } })))
    expect((await next()).params.notifications).toEqual({ toolsListChanged: true })
    await next.cancel()
  })

  it('prompts/get and resources/read share one validate → revive → run helper (validate-run.ts, which tools.ts does not import)', () => {
    const source = (file: string) => readFileSync(`${ROOT}src/runtime/${file}`, 'utf8')
    for (const file of ['features/prompts.ts', 'features/resources.ts']) {
      expect(source(file), file).toContain('validateAndRun(')
      expect(source(file), file).not.toMatch(/argumentErrors\(|callPlain\(|\.revive\(/)
    }
    expect(source('call/tools.ts')).not.toContain('validate-run')
  })

  it('a server whose declarations use them bundles them', async () => {
    const code = await bundle('full-worker.ts')
    for (const [part, marker] of Object.entries(MARKERS)) expect(code.includes(marker), part).toBe(!UNUSED_BY_FULL.has(part))
    const server = await load(code)
    const day = await send(server, modernRequest('tools/call', { name: 'day_of', arguments: { when: '2026-03-04T00:00:00Z' } }))
    expect(day.body.result.content).toEqual([{ type: 'text', text: '4' }])
    const counted = await send(server, modernRequest('tools/call', { name: 'count', arguments: { to: 3 } }, { extraMeta: { progressToken: 'p' } }))
    expect(counted.events.map((event) => event.method ?? 'response')).toEqual(['notifications/progress', 'response'])
    expect(counted.body.result.content).toEqual([{ type: 'text', text: '3' }])
    expect((await send(server, modernRequest('tools/call', { name: 'wait', arguments: { ms: 1 } }))).body.result.content[0].text).toBe('waited 1')
    expect((await send(server, modernRequest('resources/read', { uri: 'note://7' }))).body.result.contents[0].text).toBe('note 7')
    expect((await send(server, modernRequest('prompts/get', { name: 'hello', arguments: { name: 'Bo' } }))).body.result.messages).toHaveLength(1)
  })
})

describe('a function called plainly (no runner: no ToolContext, AbortSignal or @timeout)', () => {
  const onError = () => {}
  const server = createServer(
    { name: 'plain', version: '1.0.0' },
    module('src/plain.ts', [
      tool('args', { plain: true, invoke: (a, c, s) => JSON.stringify([a, c, s]) }),
      tool('throws', { plain: true, invoke: () => { throw new Error('internal detail') } }),
      tool('refuses', { plain: true, invoke: async () => { throw new ToolError('No such order.') } }),
      tool('later', { plain: true, invoke: async () => 'done' }),
    ], {}, []),
    { onError },
  )
  const call = (name: string, extra: object = {}) => modernRequest('tools/call', { name, arguments: {}, ...extra })

  it('gets its arguments only, and its value, exception or ToolError becomes the result as with any run', async () => {
    expect((await send(server, call('args'))).body.result.content[0].text).toBe('[{},null,null]')
    expect((await send(server, call('later'))).body.result.content[0].text).toBe('done')
    const thrown = (await send(server, call('throws'))).body.result
    expect(thrown).toMatchObject({ isError: true, content: [{ type: 'text', text: 'The tool failed.' }] })
    const refused = (await send(server, call('refuses'))).body.result
    expect(refused).toMatchObject({ isError: true, content: [{ type: 'text', text: 'No such order.' }] })
  })

  it('refuses a requestState (this server never issued one for it) and ignores inputResponses', async () => {
    const state = await send(server, call('later', { requestState: 'abc.def' }))
    expect(state.body.error).toMatchObject({ code: -32602, message: expect.stringContaining('requestState is invalid') })
    expect((await send(server, call('later', { inputResponses: { x: {} } }))).body.result.content[0].text).toBe('done')
  })
})
