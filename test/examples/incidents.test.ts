/**
 * examples/incidents, built for real by Vite with its own vite.config.ts (the mcp-aot plugin, artefacts
 * on) and served by workerd through Miniflare; every tool called with valid and invalid arguments the way
 * a model calls them, through mcp-aot/testing.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, McpError, textOf, type McpClient } from '../../src/testing.ts'
import { buildExample, type BuiltWorker } from '../helpers/build.ts'

const EXAMPLE = fileURLToPath(new URL('../../examples/incidents/', import.meta.url))

let built: BuiltWorker
let client: McpClient

beforeAll(async () => {
  built = await buildExample(EXAMPLE)
  client = await connect({ scriptPath: built.file })
}, 120_000)
afterAll(async () => {
  await client?.close()
  await built?.remove()
})

const errorResult = (...lines: string[]) => ({ content: [{ type: 'text', text: lines.join('\n') }], isError: true })

describe('examples/incidents in workerd', () => {
  it('is the server the example declares, with its six tools', async () => {
    expect(client.serverInfo).toMatchObject({ name: 'incidents', version: '1.0.0', title: 'Incidents and runbooks' })
    expect(client.instructions).toBe('Search incidents before opening one; read the runbook of a service before acting on it.')
    const tools = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(['search_incidents', 'get_incident', 'open_incident', 'update_incident_status', 'time_to_resolve', 'find_runbook'])
    const search = tools[0]!
    expect(search.title).toBe('Search Incidents')
    expect(search.annotations).toEqual({ readOnlyHint: true, idempotentHint: true, openWorldHint: false })
    expect(search.inputSchema.properties.severity).toEqual({ type: 'string', description: 'Only incidents of this severity.', enum: ['sev1', 'sev2', 'sev3', 'sev4'] })
    expect(search.inputSchema.properties.since).toEqual({ type: 'string', format: 'date-time', description: 'Only incidents that started at or after this time (RFC 3339).' })
    expect(search.inputSchema.required).toBeUndefined()
    expect(search.outputSchema?.required).toEqual(['total', 'incidents'])
  })

  it('search_incidents: filters by service, time and text; newest first; dates as RFC 3339', async () => {
    const billing = await client.callTool('search_incidents', { service: 'billing-api' })
    expect(billing.structuredContent).toEqual({
      total: 2,
      incidents: [
        { id: 'INC-0003', title: 'Invoice emails delayed', service: 'billing-api', severity: 'sev3', status: 'investigating', startedAt: '2026-07-20T07:45:00.000Z' },
        { id: 'INC-0001', title: 'Checkout latency above 2 s', service: 'billing-api', severity: 'sev2', status: 'resolved', startedAt: '2026-06-02T09:14:00.000Z' },
      ],
    })
    expect(JSON.parse(textOf(billing))).toEqual(billing.structuredContent)
    const recent = await client.callTool('search_incidents', { since: '2026-07-01T00:00:00Z', limit: 1 })
    expect(recent.structuredContent).toMatchObject({ total: 2, incidents: [{ id: 'INC-0003' }] })
    const text = await client.callTool('search_incidents', { query: 'IdP certificate' })
    expect(text.structuredContent).toMatchObject({ total: 1, incidents: [{ id: 'INC-0002', severity: 'sev1' }] })
  })

  it('search_incidents: invalid arguments, one line each, named', async () => {
    expect(await client.callTool('search_incidents', { severity: 'sev9', since: 'yesterday', limit: 0, page: 2 })).toEqual(
      errorResult(
        "Unknown argument 'page'.",
        'Argument \'severity\' must be one of: sev1, sev2, sev3, sev4 (got "sev9").',
        'Argument \'since\' must be a valid date-time, e.g. 2026-01-31T09:00:00Z (got "yesterday").',
        "Argument 'limit' must be >= 1 (got 0).",
      ),
    )
  })

  it('get_incident: the full record; a ToolError for an unknown id; the id pattern', async () => {
    const found = await client.callTool('get_incident', { id: 'INC-0001' })
    expect(found.isError).toBeUndefined()
    expect(found.structuredContent).toMatchObject({ id: 'INC-0001', resolvedAt: '2026-06-02T10:02:00.000Z', tags: ['latency', 'payments'] })
    expect(found.structuredContent?.timeline).toHaveLength(3)
    expect(await client.callTool('get_incident', { id: 'INC-9999' })).toEqual(errorResult('No incident INC-9999. Use search_incidents to find its id.'))
    expect(await client.callTool('get_incident', { id: 'inc-1' })).toEqual(errorResult('Argument \'id\' must match the pattern ^INC-[0-9]{4}$ (got "inc-1").'))
    expect(await client.callTool('get_incident', {})).toEqual(errorResult("Argument 'id' is required."))
  })

  it('open_incident: revives the date and the set; refuses bad values', async () => {
    const opened = await client.callTool('open_incident', {
      title: 'Search index stale',
      service: 'search-api',
      severity: 'sev3',
      startedAt: '2026-07-28T08:00:00+02:00',
      tags: ['index', 'search'],
    })
    expect(opened.structuredContent).toEqual({
      id: 'INC-0004',
      title: 'Search index stale',
      service: 'search-api',
      severity: 'sev3',
      status: 'investigating',
      startedAt: '2026-07-28T06:00:00.000Z',
      resolvedAt: null,
      tags: ['index', 'search'],
      timeline: [{ at: '2026-07-28T06:00:00.000Z', status: 'investigating', note: 'Incident opened.' }],
    })
    expect(await client.callTool('open_incident', { title: 'Hm', service: 'Search API', severity: 'high', tags: ['a', 'a'] })).toEqual(
      errorResult(
        "Argument 'title' must have at least 5 character(s) (got 2).",
        'Argument \'service\' must match the pattern ^[a-z][a-z0-9-]{1,40}$ (got "Search API").',
        'Argument \'severity\' must be one of: sev1, sev2, sev3, sev4 (got "high").',
        "Argument 'tags' must not contain duplicates (tags[0] and tags[1] are equal).",
      ),
    )
    expect(await client.callTool('open_incident', { title: 'From the future', service: 'search-api', severity: 'sev4', startedAt: '2999-01-01T00:00:00Z' })).toEqual(
      errorResult('startedAt is in the future; give the time the incident started.'),
    )
  })

  it('update_incident_status: appends to the timeline; a resolved incident stays resolved', async () => {
    const updated = await client.callTool('update_incident_status', { id: 'INC-0003', status: 'resolved', note: 'Queue drained.' })
    expect(updated.structuredContent).toMatchObject({ id: 'INC-0003', status: 'resolved' })
    expect(typeof updated.structuredContent?.resolvedAt).toBe('string')
    expect(updated.structuredContent?.timeline.at(-1)).toMatchObject({ status: 'resolved', note: 'Queue drained.' })
    expect(await client.callTool('update_incident_status', { id: 'INC-0001', status: 'monitoring', note: 'Again?' })).toEqual(
      errorResult('INC-0001 is already resolved; open a new incident if the problem is back.'),
    )
    expect(await client.callTool('update_incident_status', { id: 'INC-0002', status: 'done', note: '' })).toEqual(
      errorResult('Argument \'status\' must be one of: investigating, identified, monitoring, resolved (got "done").', "Argument 'note' must have at least 1 character(s) (got 0)."),
    )
    expect(await client.callTool('update_incident_status', {})).toEqual(
      errorResult("Argument 'id' is required.", "Argument 'status' is required.", "Argument 'note' is required."),
    )
  })

  it('time_to_resolve: text results', async () => {
    expect(textOf(await client.callTool('time_to_resolve', { service: 'auth-gateway' }))).toBe('No resolved incidents for auth-gateway yet.')
    expect(textOf(await client.callTool('time_to_resolve', { service: 'billing-api' }))).toMatch(/^Mean time to resolve for billing-api: \d+ min over 2 incident\(s\)\.$/)
    expect(await client.callTool('time_to_resolve', { service: 42 })).toEqual(errorResult("Argument 'service' must be a string (got 42)."))
  })

  it('find_runbook: a resource link the client can read', async () => {
    const found = await client.callTool('find_runbook', { service: 'billing-api' })
    expect(found).toEqual({ content: [{ type: 'resource_link', uri: 'runbook://billing-api', name: 'billing-api runbook', mimeType: 'text/markdown' }] })
    const read = await client.readResource('runbook://billing-api')
    expect(read.contents).toHaveLength(1)
    expect(read.contents[0]).toMatchObject({ uri: 'runbook://billing-api', mimeType: 'text/markdown' })
    expect(textOf(read)).toMatch(/^# billing-api runbook\n/)
    expect(await client.callTool('find_runbook', { service: 'payments' })).toEqual(errorResult('No runbook for payments. Known services: billing-api, auth-gateway.'))
    expect(await client.callTool('find_runbook', {})).toEqual(errorResult("Argument 'service' is required."))
  })

  it('resources: the static index, the template, and not-found as -32602 with data.uri', async () => {
    expect(await client.listResources()).toEqual([
      { uri: 'runbook://index', name: 'runbook_index', title: 'Runbook Index', description: 'The services that have a runbook.', mimeType: 'application/json' },
    ])
    expect((await client.listResourceTemplates()).map((t) => t.uriTemplate)).toEqual(['runbook://{service}'])
    const index = await client.readResource('runbook://index')
    expect(JSON.parse(textOf(index))).toEqual({ services: ['billing-api', 'auth-gateway'] })
    const missing = await client.readResource('runbook://payments').catch((e) => e)
    expect(missing).toBeInstanceOf(McpError)
    expect([missing.code, missing.data]).toEqual([-32602, { uri: 'runbook://payments' }])
  })

  it('postmortem prompt: messages with the timeline and the runbook attached; argument errors', async () => {
    const prompt = await client.getPrompt('postmortem', { id: 'INC-0001', audience: 'executives' })
    expect(prompt.description).toBe('Postmortem of INC-0001 for executives')
    expect(prompt.messages).toHaveLength(2)
    expect(textOf({ messages: [prompt.messages[0]!] })).toContain('Write a blameless postmortem for INC-0001 "Checkout latency above 2 s" (sev2, billing-api) for executives')
    expect(prompt.messages[1]!.content).toMatchObject({ type: 'resource', resource: { uri: 'runbook://billing-api', mimeType: 'text/markdown' } })
    const bad = await client.getPrompt('postmortem', { id: 'INC-0001', audience: 'board' }).catch((e) => e)
    expect([bad.code, bad.message]).toEqual([-32602, 'Argument \'audience\' must be one of: engineers, executives (got "board").'])
    const unknown = await client.getPrompt('postmortem', { id: 'INC-4242' }).catch((e) => e)
    expect(unknown.message).toBe('No incident INC-4242.')
    expect((await client.complete({ type: 'ref/prompt', name: 'postmortem' }, { name: 'audience', value: 'ex' })).values).toEqual(['executives'])
  })

  it('a 2025-11-25 client (initialize) sees the same tools', async () => {
    const legacy = await connect(client.url, { legacy: true })
    expect((await legacy.listTools()).length).toBe(6)
    expect(textOf(await legacy.callTool('time_to_resolve', { service: 'auth-gateway' }))).toBe('No resolved incidents for auth-gateway yet.')
    await legacy.close()
  })
})

describe('examples/incidents keeps what anyone may write to it bounded', () => {
  let fresh: McpClient
  beforeAll(async () => {
    fresh = await connect({ scriptPath: built.file }) // a Worker of its own: the store starts from the seed
  }, 60_000)
  afterAll(async () => {
    await fresh?.close()
  })

  const open = (extra: Record<string, unknown> = {}) => fresh.callTool('open_incident', { title: 'Disk filling up', service: 'search-api', severity: 'sev4', ...extra })
  const total = async () => (await fresh.callTool('search_incidents', { limit: 1 })).structuredContent?.total

  it('tags: each 1 to 40 characters (the schema), at most 10 (a ToolError); nothing refused is kept', async () => {
    expect(await open({ tags: ['ok', 'x'.repeat(41)] })).toEqual(errorResult("Argument 'tags[1]' must have at most 40 character(s) (got 41)."))
    expect(await open({ tags: [''] })).toEqual(errorResult("Argument 'tags[0]' must have at least 1 character(s) (got 0)."))
    const schema = (await fresh.listTools()).find((t) => t.name === 'open_incident')!.inputSchema.properties.tags
    expect(schema).toMatchObject({ type: 'array', uniqueItems: true, items: { type: 'string', minLength: 1, maxLength: 40 } })
    const eleven = Array.from({ length: 11 }, (_, i) => `tag-${i}`)
    expect(await open({ tags: eleven })).toEqual(errorResult('At most 10 tags per incident (got 11).'))
    expect(await open({ tags: eleven.slice(0, 10) })).toMatchObject({ structuredContent: { id: 'INC-0004', tags: eleven.slice(0, 10) } })
    expect(await total()).toBe(4)
  })

  it('incidents: at most 100, the seed included; the 101st is a ToolError and the count stays 100', async () => {
    const tags = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(40, 'x'))
    for (let n = 5; n <= 100; n++) {
      const opened = await open({ tags })
      expect(opened.structuredContent?.id, JSON.stringify(opened)).toBe(`INC-${String(n).padStart(4, '0')}`)
    }
    const refusal = errorResult('This demo keeps at most 100 incidents and has them all; update an open one with update_incident_status instead.')
    for (let attempt = 0; attempt < 20; attempt++) expect(await open({ tags })).toEqual(refusal)
    expect(await total()).toBe(100)
    expect((await fresh.callTool('get_incident', { id: 'INC-0100' })).structuredContent?.tags).toEqual(tags)
    expect(await fresh.callTool('get_incident', { id: 'INC-0101' })).toEqual(errorResult('No incident INC-0101. Use search_incidents to find its id.'))
  })

  it('timeline: at most 20 entries, the last kept for the resolution', async () => {
    // INC-0002 starts with 2 entries; 17 more updates make 19, then only resolving is taken.
    for (let n = 3; n <= 19; n++) {
      const updated = await fresh.callTool('update_incident_status', { id: 'INC-0002', status: 'monitoring', note: `Check ${n}.` })
      expect(updated.structuredContent?.timeline, JSON.stringify(updated)).toHaveLength(n)
    }
    expect(await fresh.callTool('update_incident_status', { id: 'INC-0002', status: 'identified', note: 'One more.' })).toEqual(
      errorResult('INC-0002 has 19 timeline entries; this demo keeps 20, the last for its resolution: resolve it or open a new incident.'),
    )
    const resolved = await fresh.callTool('update_incident_status', { id: 'INC-0002', status: 'resolved', note: 'Fixed.' })
    expect(resolved.structuredContent?.timeline).toHaveLength(20)
    expect(await fresh.callTool('update_incident_status', { id: 'INC-0002', status: 'monitoring', note: 'Again?' })).toEqual(
      errorResult('INC-0002 is already resolved; open a new incident if the problem is back.'),
    )
  })
})

describe('examples/incidents build artefacts', () => {
  it('writes mcp-manifest.json, SKILL.md and llms.txt next to the bundle', async () => {
    const manifest = JSON.parse(await readFile(join(built.dir, 'mcp-manifest.json'), 'utf8'))
    expect(manifest.server).toEqual({
      name: 'incidents',
      version: '1.0.0',
      title: 'Incidents and runbooks',
      description: 'Searches, opens and updates production incidents, and serves the runbook of each service.',
    })
    // The manifest's tools are exactly what tools/list serves, plus where each was declared.
    const served = await client.listTools()
    expect(manifest.tools.map(({ source: _s, timeoutMs: _t, ...tool }: any) => tool)).toEqual(served)
    // The example's build does not ask for the token report (tokens: true), so no counts were made.
    expect('tokens' in manifest).toBe(false)
    expect(manifest.tools[0].source).toBe('src/tools/incidents.ts:15:8')
    expect(manifest.resources.map((r: any) => r.uri)).toEqual(['runbook://index'])
    expect(manifest.resourceTemplates.map((r: any) => r.uriTemplate)).toEqual(['runbook://{service}'])
    expect(manifest.prompts).toEqual([
      {
        name: 'postmortem',
        title: 'Postmortem',
        description: "Drafts a blameless postmortem for an incident, with its timeline and the service's runbook attached.",
        arguments: [
          { name: 'id', description: 'The incident id, such as INC-0001.', required: true },
          { name: 'audience', description: 'Who will read it.', required: false },
        ],
        source: 'src/prompts.ts:13:8',
      },
    ])
    const skill = await readFile(join(built.dir, 'SKILL.md'), 'utf8')
    expect(skill).toMatch(/^---\nname: incidents\ndescription: "Searches, opens and updates production incidents, and serves the runbook of each service\. Use it to call its MCP tools: search_incidents, get_incident, open_incident, update_incident_status, time_to_resolve, find_runbook\."\n---\n/)
    expect(skill).toContain("| `limit` | integer (1 to 50), default 10 | no | How many incidents to return, 1 through 50. |")
    const llms = await readFile(join(built.dir, 'llms.txt'), 'utf8')
    expect(llms).toMatch(/^# Incidents and runbooks\n\n> Searches, opens and updates production incidents, and serves the runbook of each service\.\n/)
    expect(llms).toContain('- get_incident(id: string (pattern ^INC-[0-9]{4}$)): Gets one incident with its full timeline. (read-only, idempotent)')
  })
})
