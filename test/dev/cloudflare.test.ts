/**
 * The Vite dev loop with @cloudflare/vite-plugin: `vite dev` runs the Worker in workerd, the mcp-aot
 * plugin compiles the tools in its environment; an edit to a type file is picked up without a restart,
 * and a diagnostic is logged with its code frame while workerd goes on serving the last good build.
 */
import { join } from 'node:path'
import { cloudflare } from '@cloudflare/vite-plugin'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mcp from '../../src/vite.ts'
import { connect, textOf, type McpClient } from '../../src/testing.ts'
import { startDevProject, until, type DevProject } from './project.ts'

let project: DevProject
let client: McpClient

beforeAll(async () => {
  project = await startDevProject((root) => [mcp({ root }), cloudflare({ configPath: join(root, 'wrangler.jsonc'), inspectorPort: false, persistState: false })])
  client = await connect(project.url)
}, 60_000)
afterAll(async () => {
  await client?.close()
  await project?.close()
})

const greetProperties = async () => (await client.listTools()).find((t) => t.name === 'greet')?.inputSchema.properties.greeting.properties

describe('vite dev with @cloudflare/vite-plugin (workerd)', () => {
  it('serves the MCP endpoint from workerd', async () => {
    expect(client.serverInfo).toMatchObject({ name: 'dev-fixture' })
    expect(textOf(await client.callTool('greet', { greeting: { name: 'Ada' } }))).toBe('Hello, Ada!')
    expect(await greetProperties()).toEqual({ name: { type: 'string', description: 'Who to greet.' } })
    // workerd's own user agent: the tools really run in the Workers runtime.
    expect(textOf(await client.callTool('where_am_i'))).toBe('Cloudflare-Workers')
  })

  it('picks up an edit to the type file, without a restart', async () => {
    await project.write('src/types.ts', 'export interface Greeting {\n  /** Who to greet. */\n  name: string\n  /** Shout it. */\n  loud?: boolean\n}\n')
    const properties = await until(async () => ((await greetProperties())?.loud ? await greetProperties() : undefined))
    expect(properties).toEqual({ name: { type: 'string', description: 'Who to greet.' }, loud: { type: 'boolean', description: 'Shout it.' } })
  })

  it('logs a diagnostic with its code frame and keeps serving the last good build; a fix is served', async () => {
    const before = project.logs.length
    await project.write('src/tools.ts', "import type { Greeting } from './types.ts'\n\n/**\n * Greets someone.\n * @tool greet!\n */\nexport function greet(greeting: Greeting): string {\n  return 'x'\n}\n")
    const logged = await until(async () => {
      await client.listTools()
      return project.logs.slice(before).find((line) => line.includes('error MCP'))
    })
    expect(logged).toContain("src/tools.ts:5:4 - error MCP001: 'greet!' is not a valid tool name")
    expect(logged).toContain('> 5 |  * @tool greet!')
    expect(logged).toContain('mcp-aot: still serving the last good build of src/tools.ts until this is fixed.')
    expect(await greetProperties()).toHaveProperty('loud')
    expect(textOf(await client.callTool('greet', { greeting: { name: 'Bo', loud: true } }))).toBe('Hello, Bo!')

    await project.write('src/tools.ts', "import type { Greeting } from './types.ts'\n\n/**\n * Greets someone.\n * @tool\n */\nexport function greet(greeting: Greeting): string {\n  return greeting.loud ? `HELLO, ${greeting.name.toUpperCase()}!` : `Hello, ${greeting.name}!`\n}\n")
    const shouted = await until(async () => {
      const text = textOf(await client.callTool('greet', { greeting: { name: 'Bo', loud: true } }))
      return text === 'HELLO, BO!' ? text : undefined
    })
    expect(shouted).toBe('HELLO, BO!')
  })
})
