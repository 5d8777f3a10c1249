/** The README's quick start, run as written: its three files, `npx vite build`, then the tool called in workerd. */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect } from '../src/testing.ts'
import { check, createProject, ROOT, type TemplateProject } from './templates/project.ts'

const readme = await readFile(join(ROOT, 'README.md'), 'utf8')
const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('## How it works'))
/** Each ```ts block of the quick start whose first line names its file. */
const files = [...quickStart.matchAll(/```ts\n\/\/ (\S+)\n([\s\S]*?)```/g)].map((m) => ({ path: m[1]!, text: m[2]! }))

describe('README quick start', () => {
  let project: TemplateProject

  beforeAll(async () => {
    project = await createProject('cloudflare-workers', 'quickstart')
  }, 120_000)
  afterAll(() => project?.remove())

  it('names the three files it shows', () => {
    expect(files.map((f) => f.path)).toEqual(['vite.config.ts', 'src/tools/math.ts', 'src/worker.ts'])
  })

  it('builds with `npx vite build` and serves add in workerd', async () => {
    for (const f of files) {
      await mkdir(dirname(join(project.dir, f.path)), { recursive: true })
      await writeFile(join(project.dir, f.path), f.text)
    }
    expect(quickStart).toContain('npx vite build && npx wrangler deploy')
    const built = check('npx vite build', await project.npm(['exec', '--', 'vite', 'build']))
    // Every parameter is described: no lint warning (MCP103) in the build's output.
    expect(`${built.stdout}${built.stderr}`).not.toMatch(/warning MCP1\d\d/)
    const client = await connect({ scriptPath: join(project.dir, 'dist/worker.js') })
    try {
      const tools = await client.listTools()
      expect(tools.map((t: any) => t.name)).toEqual(['add'])
      expect(tools[0]!.annotations).toEqual({ readOnlyHint: true })
      expect(JSON.stringify(tools[0]!.inputSchema)).toBe(
        '{"type":"object","properties":{"a":{"type":"integer","description":"The first number."},"b":{"type":"integer","description":"The second number, at most 1000.","maximum":1000,"default":1}},"required":["a"],"additionalProperties":false}',
      )
      expect(await client.callTool('add', { a: 2 })).toEqual({ content: [{ type: 'text', text: '3' }] })
      const refused = await client.callTool('add', { a: 2, b: 5000 })
      expect(refused).toEqual({ content: [{ type: 'text', text: "Argument 'b' must be <= 1000 (got 5000)." }], isError: true })
    } finally {
      await client.close()
    }
  }, 120_000)
})
