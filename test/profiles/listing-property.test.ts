/**
 * Whatever a profile's listing asks for, that profile's server accepts: arguments generated from each
 * tool's listed inputSchema under every profile (arbitrary.ts: every null it allows, every union branch,
 * recursive types), sent to a Worker built by the real plugin with that profile, over the corpus of
 * test/fixtures/corpus and the nested tools of fixtures/nested.ts (optional properties inside union
 * branches, array items and `$defs`). No call may be refused.
 */
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { PROFILE_NAMES, profileTools, type ToolEntry } from '../../src/compiler/model/profiles/index.ts'
import type { McpServer } from '../../src/runtime/shared/api.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'
import { legacyRequest, send } from '../runtime/helpers.ts'
import { argumentsFrom } from './arbitrary.ts'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
const list = async (server: McpServer<any>) => (await send(server, legacyRequest('tools/list'))).body.result.tools as any[]

describe('every profile\'s server takes what its listing asks for', () => {
  let portable: Map<string, any>
  let portableEntries: ToolEntry[]
  beforeAll(async () => {
    const server = await loadWorker(await bundleWorker(fixture('listing-portable-worker.ts'), { profiles: [...PROFILE_NAMES] }))
    portableEntries = await list(server)
    portable = new Map(portableEntries.map((t) => [t.name, t.inputSchema]))
  })
  for (const profile of PROFILE_NAMES) {
    it(`${profile}: arguments generated from each listed tool are accepted`, async () => {
      const server = await loadWorker(await bundleWorker(fixture(`listing-${profile}-worker.ts`), { profiles: [...PROFILE_NAMES] }))
      // A tool the profile refuses is left out of its list (issue 20 §2).
      const kept = profileTools(profile, [...portableEntries]).filter((t) => t.status !== 'refused').map((t) => t.tool.name)
      const tools = await list(server)
      expect(tools.map((t) => t.name)).toEqual(kept)
      expect(tools.length).toBeGreaterThanOrEqual(14)
      if (profile !== 'portable') expect(tools.map((t) => t.name)).not.toContain('set_metadata')
      let calls = 0
      let nulls = 0
      for (const tool of tools) {
        await fc.assert(
          fc.asyncProperty(argumentsFrom(tool.inputSchema, portable.get(tool.name)), async (args) => {
            calls++
            if (JSON.stringify(args).includes('null')) nulls++
            const reply = await send(server, legacyRequest('tools/call', { name: tool.name, arguments: args }))
            const result = reply.body.result
            if (result?.isError) throw new Error(`${tool.name}(${JSON.stringify(args)}): ${result.content[0].text}`)
            expect(reply.body.error).toBeUndefined()
          }),
          { numRuns: 40, seed: 20 },
        )
      }
      expect(calls).toBe(40 * tools.length)
      if (profile === 'openai-strict') expect(nulls).toBeGreaterThan(calls / 4)
    }, 60_000)
  }
})
