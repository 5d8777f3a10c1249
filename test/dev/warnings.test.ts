/**
 * MCP1nn warnings under `vite dev` with `mcp({ dev })`, read from what Vite logged: printed when a module
 * compiles, not again when it is served to more requests, and again when an edited type file changes them
 * (the module's own text unchanged). test/dev/installed.test.ts has them in both dev modes of an installed project.
 */
import { describe, expect, it } from 'vitest'
import mcp from '../../src/vite.ts'
import { connect, type McpClient } from '../../src/testing.ts'
import { startDevProject, until, type DevProject } from './project.ts'

const TOOLS = "import type { Greeting } from './types.ts'\n\n/**\n * Greets someone.\n * @tool\n * @param greeting Whom to greet.\n */\nexport function greet(greeting: Greeting): string {\n  return `Hello, ${greeting.name}!`\n}\n"
const MCP103 = /warning MCP103: /

describe('vite dev: warnings in the terminal', () => {
  it('prints them once per change, including a change of a type file alone', async () => {
    const project: DevProject = await startDevProject((root) => [mcp({ root, dev: 'src/worker.ts' })], { 'src/tools.ts': TOOLS })
    const client: McpClient = await connect(project.url).catch(async (error) => {
      await project.close()
      throw error
    })
    const warnings = () => project.logs.filter((l) => l.startsWith('warn: ') && MCP103.test(l))
    try {
      expect((await client.listTools()).map((t) => t.name)).toContain('greet')
      expect(warnings()).toEqual([])
      // The property loses its description: MCP103 at types.ts, though tools.ts is as it was.
      await project.write('src/types.ts', 'export interface Greeting {\n  name: string\n}\n')
      await until(async () => (await client.listTools(), warnings().length > 0 ? true : undefined))
      await client.listTools()
      await client.callTool('greet', { greeting: { name: 'Ada' } })
      expect(warnings()).toHaveLength(1)
      expect(warnings()[0]).toMatch(/^warn: mcp-aot: src\/types\.ts:2:3 - warning MCP103: /)
    } finally {
      await client.close()
      await project.close()
    }
  }, 60_000)
})
