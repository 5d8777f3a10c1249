/**
 * A diagnostic in Vite's error overlay: under `vite dev`, a tool module that stops compiling is sent to the
 * browser over Vite's HMR channel as the overlay's error payload (the message with every finding and its
 * code frame, the first finding's code and location), besides the terminal. A page connected to the dev
 * server, as Vite's own client connects (a WebSocket with the server's token and the `vite-hmr` protocol),
 * receives it; Vite's overlay shows errors only, so warnings stay in the terminal (Vite's logger).
 */
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mcp from '../../src/vite.ts'
import { connect, type McpClient } from '../../src/testing.ts'
import { startDevProject, until, type DevProject } from './project.ts'

let project: DevProject
let client: McpClient
let page: WebSocket
const received: any[] = []

beforeAll(async () => {
  project = await startDevProject((root) => [mcp({ root, dev: 'src/worker.ts' })])
  client = await connect(project.url)
  const { port } = project.server.httpServer!.address() as { port: number }
  page = new WebSocket(`ws://127.0.0.1:${port}/?token=${project.server.config.webSocketToken}`, 'vite-hmr')
  page.addEventListener('message', (event) => void received.push(JSON.parse(String(event.data))))
  await until(async () => (received.some((m) => m.type === 'connected') ? true : undefined))
}, 60_000)

afterAll(async () => {
  page?.close()
  await client?.close()
  await project?.close()
})

describe('vite dev: a diagnostic in the overlay', () => {
  it('a broken tag reaches the page as the overlay\'s error, with its code and location', async () => {
    expect((await client.listTools()).map((t) => t.name)).toContain('greet')
    await project.write('src/tools.ts', "import type { Greeting } from './types.ts'\n\n/**\n * Greets someone.\n * @tool greet!\n */\nexport function greet(greeting: Greeting): string {\n  return 'x'\n}\n")
    const error = await until(async () => {
      await client.listTools()
      return received.find((m) => m.type === 'error')
    })
    expect(error.err).toMatchObject({ plugin: 'mcp-aot', pluginCode: 'MCP001', id: join(project.root, 'src/tools.ts'), loc: { file: join(project.root, 'src/tools.ts'), line: 5, column: 4 }, stack: '' })
    expect(error.err.message).toContain("src/tools.ts:5:4 - error MCP001: 'greet!' is not a valid tool name")
    expect(error.err.message).toContain('> 5 |  * @tool greet!')
    // The terminal has it too, and the last good build goes on serving.
    expect(project.logs.join('\n')).toContain('mcp-aot: still serving the last good build of src/tools.ts until this is fixed.')
    expect((await client.listTools()).map((t) => t.name)).toContain('greet')
  })
})
