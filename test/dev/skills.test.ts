/**
 * Skills over MCP in Vite's dev loop: `mcp({ dev, skills })` serves the skill folders from the dev server, and
 * an edit to a skill file shows in its entry (a new digest and size) and its read on the next request, without
 * a restart: the module mcp-aot/skills is read again when a file it was made from changes.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import mcp from '../../src/vite.ts'
import { connect, type McpClient } from '../../src/testing.ts'
import { startDevProject, until, type DevProject } from './project.ts'

const SKILL = (body: string) => `---\nname: greeting\ndescription: Greet people the way this team does.\n---\n\n${body}\n`
const entryOf = (text: string) => ({
  uri: 'skill://greeting/SKILL.md',
  frontmatter: { name: 'greeting', description: 'Greet people the way this team does.' },
  resources: [{ uri: 'skill://greeting/SKILL.md', digest: `sha256:${createHash('sha256').update(text).digest('hex')}`, size: Buffer.byteLength(text) }],
})

let project: DevProject
let client: McpClient

beforeAll(async () => {
  project = await startDevProject((root) => [mcp({ root, dev: 'src/worker.ts', skills: 'skills' })], {
    'skills/greeting/SKILL.md': SKILL('Say hello first.'),
    'src/worker.ts': "import { createServer } from 'mcp-aot'\nimport * as tools from './tools.ts'\nimport * as skills from 'mcp-aot/skills'\n\nexport default createServer({ name: 'dev-fixture', version: '1.0.0' }, tools, skills)\n",
  })
  client = await connect(project.url)
}, 60_000)
afterAll(async () => {
  await client?.close()
  await project?.close()
})

describe('vite dev with mcp({ dev, skills })', () => {
  it('serves the skills, and an edited SKILL.md with its new digest and size, without a restart', async () => {
    expect((await client.request('skills/list')).skills).toEqual([entryOf(SKILL('Say hello first.'))])
    const edited = SKILL('Say hello first, then ask how they are.')
    await project.write('skills/greeting/SKILL.md', edited)
    const skills = await until(async () => {
      const listed = (await client.request('skills/list')).skills
      return listed[0].resources[0].size === Buffer.byteLength(edited) ? listed : undefined
    })
    expect(skills).toEqual([entryOf(edited)])
    expect((await client.readResource('skill://greeting/SKILL.md')).contents).toEqual([{ uri: 'skill://greeting/SKILL.md', mimeType: 'text/markdown', text: edited }])
  })
})
