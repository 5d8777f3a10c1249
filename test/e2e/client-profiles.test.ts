/**
 * One server, every client, in workerd: a Worker built with the openai-strict and gemini profiles and a
 * `profiles` table ('strict-agent' → openai-strict, 'gemini-agent' → gemini). The official SDK clients,
 * named by their clientInfo, each get their own tools/list from the one server: v1 (2025-11-25) names itself
 * at initialize, v2 (2026-07-28) in every request's `_meta`; a client the table does not name gets the
 * portable list, whichever era it speaks.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client'
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { servedInWorkerd } from '../helpers/served-example.ts'

const FIXTURE = resolve(import.meta.dirname, '../fixtures/clients-worker')

const served = servedInWorkerd(FIXTURE)
const open = served.open

async function v1(name: string): Promise<ClientV1> {
  const client = new ClientV1({ name, version: '1.0.0' })
  await client.connect(new TransportV1(new URL(served.server.url)))
  open.push(client)
  return client
}

async function v2(name: string): Promise<ClientV2> {
  const client = new ClientV2({ name, version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } })
  await client.connect(new TransportV2(new URL(served.server.url)))
  open.push(client)
  return client
}

/** Per tool: its name and the required properties of its input schema. */
const shape = (tools: { name: string; inputSchema: { required?: string[] } }[]) => tools.map((t) => [t.name, t.inputSchema.required])

describe('two clients, two lists, one server', () => {
  it('a 2025-11-25 client the table names openai-strict gets that list: every property required, the refused tool left out', async () => {
    const client = await v1('strict-agent')
    const { tools } = await client.listTools()
    expect(shape(tools)).toEqual([['find_notes', ['query', 'limit']]])
    expect((tools[0]!.inputSchema.properties as any).limit.type).toEqual(['number', 'null'])
    // The call means what it meant: the null a strict client sends for an absent argument is absent.
    expect(await client.callTool({ name: 'find_notes', arguments: { query: 'a', limit: null } })).toEqual({ content: [{ type: 'text', text: 'a|10' }] })
  })

  it('a 2026-07-28 client the table names gemini gets the gemini list', async () => {
    const client = await v2('gemini-agent')
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28')
    const { tools } = await client.listTools()
    expect(shape(tools)).toEqual([['find_notes', ['query']]])
    // A Gemini Schema has no additionalProperties (closed objects are the validator's job).
    expect(tools[0]!.inputSchema.additionalProperties).toBeUndefined()
  })

  it('clients the table does not name get the portable list, in either era', async () => {
    for (const client of [await v1('someone-else'), await v2('someone-else')]) {
      const { tools } = await client.listTools()
      expect(shape(tools)).toEqual([
        ['find_notes', ['query']],
        ['set_metadata', ['metadata']],
      ])
      expect(tools[0]!.inputSchema.additionalProperties).toBe(false)
    }
  })
})
