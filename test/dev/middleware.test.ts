/**
 * The Vite dev loop without a Worker runtime: `mcp({ dev: 'src/worker.ts' })` serves the MCP endpoint
 * from Vite's dev server, loading the entry through Vite's SSR module loading. An edit to a type file or a
 * tool file shows on the next request, without a restart; a diagnostic is logged with its code frame and
 * the last good build goes on serving until the source is fixed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mcp from '../../src/vite.ts'
import { connect, textOf, type McpClient } from '../../src/testing.ts'
import { startDevProject, until, type DevProject } from './project.ts'

let project: DevProject
let client: McpClient

beforeAll(async () => {
  project = await startDevProject((root) => [mcp({ root, dev: 'src/worker.ts' })])
  client = await connect(project.url)
}, 60_000)
afterAll(async () => {
  await client?.close()
  await project?.close()
})

const greetProperties = async () => (await client.listTools()).find((t) => t.name === 'greet')?.inputSchema.properties.greeting.properties

describe('vite dev with mcp({ dev })', () => {
  it('serves the MCP endpoint from the Worker entry', async () => {
    expect(client.serverInfo).toMatchObject({ name: 'dev-fixture' })
    expect(await greetProperties()).toEqual({ name: { type: 'string', description: 'Who to greet.' } })
    expect(textOf(await client.callTool('greet', { greeting: { name: 'Ada' } }))).toBe('Hello, Ada!')
    expect(textOf(await client.callTool('where_am_i'))).toMatch(/^Node\.js\//)
    const other = await fetch(project.url.replace(/\/mcp$/, '/not-mcp'))
    // Left to Vite: the MCP server answers only its own path.
    expect([other.status, await other.text()]).toEqual([404, ''])
  })

  it('picks up an edit to a type file the tool uses, without a restart', async () => {
    await project.write('src/types.ts', 'export interface Greeting {\n  /** Who to greet. */\n  name: string\n  /** How loud. */\n  volume?: 1 | 2 | 3\n}\n')
    const properties = await until(async () => ((await greetProperties())?.volume ? await greetProperties() : undefined))
    expect(properties).toEqual({ name: { type: 'string', description: 'Who to greet.' }, volume: { type: 'integer', description: 'How loud.', enum: [1, 2, 3] } })
    expect(await client.callTool('greet', { greeting: { name: 'Ada', volume: 4 } })).toEqual({
      content: [{ type: 'text', text: "Argument 'greeting.volume' must be one of: 1, 2, 3 (got 4)." }],
      isError: true,
    })
  })

  it('picks up a new tool in the tool file', async () => {
    await project.write('src/tools.ts', [
      "import type { Greeting } from './types.ts'",
      '',
      '/**',
      ' * Greets someone.',
      ' * @tool',
      ' */',
      'export function greet(greeting: Greeting): string {',
      '  return `Hello, ${greeting.name}!`',
      '}',
      '',
      '/**',
      ' * Says goodbye.',
      ' * @tool',
      ' */',
      'export function farewell(name: string): string {',
      '  return `Bye, ${name}.`',
      '}',
      '',
    ].join('\n'))
    const names = await until(async () => {
      const list = (await client.listTools()).map((t) => t.name)
      return list.includes('farewell') ? list : undefined
    })
    expect(names).toEqual(['greet', 'farewell', 'where_am_i'])
    expect(textOf(await client.callTool('farewell', { name: 'Bo' }))).toBe('Bye, Bo.')
  })

  it('logs a diagnostic with its code frame and keeps serving the last good build', async () => {
    const before = project.logs.length
    await project.write('src/tools.ts', [
      "import type { Greeting } from './types.ts'",
      '',
      '/**',
      ' * Greets someone.',
      ' * @tool',
      ' * @readonly',
      ' */',
      'export function greet(greeting: Greeting): string {',
      '  return `Hello, ${greeting.name}!`',
      '}',
      '',
    ].join('\n'))
    const logged = await until(async () => {
      await client.listTools()
      return project.logs.slice(before).find((line) => line.includes('MCP0'))
    })
    expect(logged).toMatch(/^error: /)
    expect(logged).toContain('src/tools.ts:6:4 - error MCP002: Unknown tag @readonly')
    expect(logged).toContain('Did you mean @readOnly?')
    expect(logged).toContain('> 6 |  * @readonly')
    expect(logged).toContain('mcp-aot: still serving the last good build of src/tools.ts until this is fixed.')
    // The tools as they were before the broken edit, still answering.
    expect((await client.listTools()).map((t) => t.name)).toEqual(['greet', 'farewell', 'where_am_i'])
    expect(textOf(await client.callTool('farewell', { name: 'Cy' }))).toBe('Bye, Cy.')
  })

  it('a broken type file is reported against the tool that uses it; fixing it serves the new build', async () => {
    const before = project.logs.length
    await project.write('src/types.ts', 'export interface Greeting {\n  name: string\n  when: Promise<string>\n}\n')
    const logged = await until(async () => {
      await client.listTools()
      return project.logs.slice(before).find((line) => line.includes('error MCP'))
    })
    expect(logged).toContain('src/types.ts:3:')
    expect((await client.listTools()).map((t) => t.name)).toEqual(['greet', 'farewell', 'where_am_i'])

    await project.write('src/types.ts', 'export interface Greeting {\n  name: string\n  formal: boolean\n}\n')
    await project.write('src/tools.ts', "import type { Greeting } from './types.ts'\n\n/**\n * Greets someone.\n * @tool\n * @readOnly\n */\nexport function greet(greeting: Greeting): string {\n  return greeting.formal ? `Good day, ${greeting.name}.` : `Hi, ${greeting.name}!`\n}\n")
    const tools = await until(async () => {
      const list = await client.listTools()
      return list.length === 2 && list[0]!.annotations?.readOnlyHint ? list : undefined
    })
    expect(tools[0]!.inputSchema.properties.greeting.required).toEqual(['name', 'formal'])
    expect(textOf(await client.callTool('greet', { greeting: { name: 'Dee', formal: true } }))).toBe('Good day, Dee.')
    expect(project.logs.some((line) => line.includes('mcp-aot: src/tools.ts compiles again; serving the new build.'))).toBe(true)
  })
})
