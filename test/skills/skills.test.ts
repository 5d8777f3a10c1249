/**
 * Skills over MCP (extension io.modelcontextprotocol/skills, SEP-2640): the plugin's `skills` option reads the
 * project's skill folders at build time (frontmatter, digests, sizes) into the module `mcp-aot/skills`, and the
 * server serves skills/list, skills/get, resources/directory/read and each file as a skill:// resource. The
 * fixture is built as a Worker is (esbuild with the plugin from src/); expected entries are written from the
 * extension's Skill and SkillResource shapes, digests computed here from the bytes the test wrote.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSkillFolders } from '../../src/compiler/artifacts/skill-folders.ts'
import { CompileError } from '../../src/compiler/diagnostics.ts'
import { createServer } from '../../src/runtime/server.ts'
import { table } from '../../src/runtime/shared/table.ts'
import { resourcesFeature } from '../../src/runtime/features/resources.ts'
import { skillResources, skillsFeature, type SkillSet } from '../../src/runtime/skills/skills.ts'
import type { McpServer } from '../../src/runtime/shared/api.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'
import { BUNDLERS, bundle, load } from '../plugin/build.ts'
import { legacyRequest, modernRequest, send } from '../runtime/helpers.ts'
import { tempProject } from '../helpers/temp-project.ts'

const NOTES_MD = `---
name: release-notes
description: Write release notes from merged changes. Use when a release is cut.
license: Apache-2.0
allowed-tools: Read Grep
metadata:
  author: acme
  version: "2.1"
---

# Release notes

Follow references/style.md.
`
const STYLE_MD = '# Style\n\nOne line per change.\n'
const DRAFTING_MD = '---\nname: drafting\ndescription: Draft one entry of the release notes.\n---\n\nWrite it short.\n'
const REFUNDS_MD = '---\nname: refunds\ndescription: Process refund requests per company policy.\n---\n\nSee examples/email.md.\n'
const EMAIL_MD = 'Dear customer,\n'
/** Not UTF-8: served as a base64 blob. */
const LOGO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe])

const FILES: Record<string, string | Buffer> = {
  'skills/release-notes/SKILL.md': NOTES_MD,
  'skills/release-notes/references/style.md': STYLE_MD,
  'skills/release-notes/assets/logo.png': LOGO,
  'skills/release-notes/drafting/SKILL.md': DRAFTING_MD,
  'skills/release-notes/.DS_Store': 'left out',
  'skills/acme/billing/refunds/SKILL.md': REFUNDS_MD,
  'skills/acme/billing/refunds/examples/email.md': EMAIL_MD,
  'src/worker.ts': "import { createServer } from 'mcp-aot'\nimport * as skills from 'mcp-aot/skills'\n\nexport default createServer({ name: 'skills-test', version: '1.0.0' }, skills)\n",
}

const digest = (content: string | Buffer) => `sha256:${createHash('sha256').update(content).digest('hex')}`
const file = (uri: string, content: string | Buffer) => ({ uri, digest: digest(content), size: Buffer.byteLength(content) })

const NOTES = {
  uri: 'skill://release-notes/SKILL.md',
  frontmatter: { name: 'release-notes', description: 'Write release notes from merged changes. Use when a release is cut.', license: 'Apache-2.0', 'allowed-tools': 'Read Grep', metadata: { author: 'acme', version: '2.1' } },
  resources: [
    file('skill://release-notes/SKILL.md', NOTES_MD),
    file('skill://release-notes/assets/logo.png', LOGO),
    file('skill://release-notes/drafting/SKILL.md', DRAFTING_MD),
    file('skill://release-notes/references/style.md', STYLE_MD),
  ],
}
const DRAFTING = { uri: 'skill://release-notes/drafting/SKILL.md', frontmatter: { name: 'drafting', description: 'Draft one entry of the release notes.' }, resources: [file('skill://release-notes/drafting/SKILL.md', DRAFTING_MD)] }
const REFUNDS = {
  uri: 'skill://acme/billing/refunds/SKILL.md',
  frontmatter: { name: 'refunds', description: 'Process refund requests per company policy.' },
  resources: [file('skill://acme/billing/refunds/SKILL.md', REFUNDS_MD), file('skill://acme/billing/refunds/examples/email.md', EMAIL_MD)],
}

const project = (files: Record<string, string | Buffer>) => tempProject('mcp-aot-skills-', files)

let dir: string
let server: McpServer<any>

beforeAll(async () => {
  dir = project(FILES)
  server = await loadWorker(await bundleWorker(join(dir, 'src/worker.ts'), { skills: join(dir, 'skills') }))
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the skills option, served from the build', () => {
  it('skills/list: every skill under the folder (prefixes and nesting kept), frontmatter verbatim, each file with its digest and size', async () => {
    const reply = await send(server, modernRequest('skills/list'))
    expect(reply.body.result).toEqual({ skills: [REFUNDS, NOTES, DRAFTING], resultType: 'complete', ttlMs: 3_600_000, cacheScope: 'public', _meta: expect.any(Object) })
    const legacy = await send(server, legacyRequest('skills/list', {}))
    expect(legacy.body.result).toEqual({ skills: [REFUNDS, NOTES, DRAFTING] })
  })

  it('skills/get: the entry of a SKILL.md URI, -32602 for any other', async () => {
    expect((await send(server, modernRequest('skills/get', { uri: REFUNDS.uri }))).body.result).toMatchObject({ skill: REFUNDS, resultType: 'complete', ttlMs: 3_600_000, cacheScope: 'public' })
    expect((await send(server, modernRequest('skills/get', { uri: 'skill://release-notes/references/style.md' }))).body.error).toEqual({ code: -32602, message: 'No skill is served at skill://release-notes/references/style.md.', data: { uri: 'skill://release-notes/references/style.md' } })
    expect((await send(server, legacyRequest('skills/get', {}))).body.error.code).toBe(-32602)
  })

  it('resources/read serves the bytes the digests were computed from: text as text, other bytes as a base64 blob', async () => {
    const md = (await send(server, modernRequest('resources/read', { uri: NOTES.uri }))).body.result.contents
    expect(md).toEqual([{ uri: NOTES.uri, mimeType: 'text/markdown', text: NOTES_MD }])
    expect(digest(md[0].text)).toBe(NOTES.resources[0]!.digest)
    const png = (await send(server, legacyRequest('resources/read', { uri: 'skill://release-notes/assets/logo.png' }))).body.result.contents
    expect(png).toEqual([{ uri: 'skill://release-notes/assets/logo.png', mimeType: 'image/png', blob: LOGO.toString('base64') }])
  })

  it('resources/list names each SKILL.md by its frontmatter, with its description and text/markdown', async () => {
    const listed = (await send(server, modernRequest('resources/list'))).body.result.resources
    expect(listed).toContainEqual({ uri: NOTES.uri, name: 'release-notes', description: NOTES.frontmatter.description, mimeType: 'text/markdown' })
    expect(listed).toContainEqual({ uri: 'skill://release-notes/references/style.md', name: 'references/style.md', mimeType: 'text/markdown' })
    expect(listed).toHaveLength(6)
  })

  it('resources/directory/read: the direct children of a directory, subdirectories as inode/directory; -32602 for a file', async () => {
    const root = (await send(server, modernRequest('resources/directory/read', { uri: 'skill://release-notes' }))).body.result
    expect(root.resources).toEqual([
      { uri: NOTES.uri, name: 'SKILL.md', mimeType: 'text/markdown' },
      { uri: 'skill://release-notes/assets', name: 'assets', mimeType: 'inode/directory' },
      { uri: 'skill://release-notes/drafting', name: 'drafting', mimeType: 'inode/directory' },
      { uri: 'skill://release-notes/references', name: 'references', mimeType: 'inode/directory' },
    ])
    expect(root.resultType).toBe('complete')
    expect((await send(server, legacyRequest('resources/directory/read', { uri: 'skill://acme' }))).body.result).toEqual({ resources: [{ uri: 'skill://acme/billing', name: 'billing', mimeType: 'inode/directory' }] })
    expect((await send(server, modernRequest('resources/directory/read', { uri: NOTES.uri }))).body.error).toMatchObject({ code: -32602, message: `${NOTES.uri} is not a directory resource.` })
    expect((await send(server, modernRequest('resources/directory/read', { uri: 'skill://nowhere' }))).body.error.code).toBe(-32602)
  })

  it('declares the extension with directoryRead, and resources, in server/discover and initialize', async () => {
    const discover = (await send(server, modernRequest('server/discover'))).body.result.capabilities
    expect(discover).toMatchObject({ resources: {}, extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } } })
    const init = await send(server, legacyRequest('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }))
    expect(init.body.result.capabilities).toMatchObject({ resources: {}, extensions: { 'io.modelcontextprotocol/skills': { directoryRead: true } } })
  })

  it('without the plugin option, mcp-aot/skills says which option writes it', async () => {
    await expect(import('../../src/skills.ts')).rejects.toThrow("mcp-aot/skills is written by the mcp-aot plugin's skills option: add mcp({ skills: 'skills' })")
  })
})

describe('mcp-aot/skills through every bundler', () => {
  for (const b of BUNDLERS) {
    it(`${b}: the module is the skills' table, with the resources and skills features`, async () => {
      const entry = join(dir, `entry-${b}.ts`)
      writeFileSync(entry, "import * as skills from 'mcp-aot/skills'\n\nexport const table = skills.__mcp\n")
      const { table: built } = await load(await bundle(b, entry, dir, () => {}, { skills: 'skills' }))
      expect(built.entries.map((e: { uri: string }) => e.uri)).toEqual([...REFUNDS.resources, ...NOTES.resources].map((r) => r.uri))
      // A file two skills share (a nested skill's SKILL.md) is one resource.
      expect(built.features).toHaveLength(2)
    }, 120_000)
  }
})

describe('skills/list pages', () => {
  it('50 entries a page, an entry never split; the cursor round-trips and a foreign one is -32602', async () => {
    const set: SkillSet = {
      files: Array.from({ length: 51 }, (_, i) => ({ uri: `skill://s${i}/SKILL.md`, name: `s${i}`, mimeType: 'text/markdown', text: '', digest: digest(''), size: 0, loc: `s${i}:1:1` })),
      skills: Array.from({ length: 51 }, (_, i) => ({ uri: `skill://s${i}/SKILL.md`, frontmatter: { name: `s${i}`, description: 'd' }, files: [i] })),
    }
    const paged = createServer({ name: 'paged', version: '1' }, { __mcp: table('skills', skillResources(set), [resourcesFeature, skillsFeature(set)]) })
    const first = (await send(paged, modernRequest('skills/list'))).body.result
    expect(first.skills).toHaveLength(50)
    const second = (await send(paged, modernRequest('skills/list', { cursor: first.nextCursor }))).body.result
    expect(second.skills.map((s: { uri: string }) => s.uri)).toEqual(['skill://s50/SKILL.md'])
    expect(second.nextCursor).toBeUndefined()
    expect((await send(paged, modernRequest('skills/list', { cursor: 'bm9wZQ' }))).body.error.code).toBe(-32602)
  })
})

/** The findings of reading `files`' skill folders with the option `option`. */
function findings(files: Record<string, string>, option: string | string[] = 'skills') {
  const root = project(files)
  try {
    readSkillFolders(root, option)
    return []
  } catch (error) {
    if (!(error instanceof CompileError)) throw error
    return error.diagnostics.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.column} ${d.code} ${d.message}`)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

describe('frontmatter and names are checked at build time', () => {
  it('MCP053: no frontmatter, or frontmatter that is not YAML, at the line', () => {
    expect(findings({ 'skills/notes/SKILL.md': '# Notes\n' })).toEqual([expect.stringMatching(/^skills\/notes\/SKILL\.md:1:1 MCP053 skills\/notes\/SKILL\.md does not begin with YAML frontmatter: /)])
    expect(findings({ 'skills/notes/SKILL.md': '---\nname: notes\ndescription: Keeps: notes\n---\n' })).toEqual([expect.stringMatching(/^skills\/notes\/SKILL\.md:3:\d+ MCP053 The frontmatter of skills\/notes\/SKILL\.md is not valid YAML: .*quote a value that holds a colon/)])
    expect(findings({ 'skills/notes/SKILL.md': '---\n- a list\n---\n' })).toEqual([expect.stringContaining('MCP053 The frontmatter of skills/notes/SKILL.md is not a YAML mapping')])
    expect(findings({ 'skills/notes/SKILL.md': '---\nname: notes\ndescription: d\nweight: .inf\n---\n' })).toEqual([expect.stringContaining('MCP053 The frontmatter of skills/notes/SKILL.md has a value with no JSON form (frontmatter.weight is Infinity')])
  })

  it('MCP054: a name that is not a skill name, or not the folder\'s, at its key', () => {
    expect(findings({ 'skills/notes/SKILL.md': '---\ndescription: d\nname: Notes_Skill\n---\n' })).toEqual([expect.stringMatching(/^skills\/notes\/SKILL\.md:3:1 MCP054 "Notes_Skill" is not a skill name: .* \(notes-skill\)/)])
    expect(findings({ 'skills/note-taking/SKILL.md': '---\nname: notes\ndescription: d\n---\n' })).toEqual([
      'skills/note-taking/SKILL.md:2:1 MCP054 The skill is named "notes" but its folder "note-taking": the Agent Skills specification and its skill:// URI need them equal, so rename the folder to notes or write name: note-taking.',
    ])
    expect(findings({ 'skills/notes/SKILL.md': '---\ndescription: d\n---\n' })).toEqual([expect.stringContaining('skills/notes/SKILL.md:2:1 MCP054 The frontmatter of skills/notes/SKILL.md has no name: add name: notes')])
  })

  it('MCP055: a description missing, empty or over 1024 characters', () => {
    expect(findings({ 'skills/notes/SKILL.md': '---\nname: notes\n---\n' })).toEqual([expect.stringContaining('MCP055 The frontmatter of skills/notes/SKILL.md has no description')])
    expect(findings({ 'skills/notes/SKILL.md': '---\nname: notes\ndescription: "  "\n---\n' })).toEqual([expect.stringContaining('skills/notes/SKILL.md:3:1 MCP055 The frontmatter of skills/notes/SKILL.md has an empty description')])
    expect(findings({ 'skills/notes/SKILL.md': `---\nname: notes\ndescription: ${'é'.repeat(1025)}\n---\n` })).toEqual([expect.stringContaining('skills/notes/SKILL.md:3:1 MCP055 The description of skills/notes/SKILL.md is 1025 characters')])
    expect(findings({ 'skills/notes/SKILL.md': `---\nname: notes\ndescription: ${'é'.repeat(1024)}\n---\n` })).toEqual([])
  })

  it('MCP056: a folder that does not exist or holds no SKILL.md, two skills at one URI', () => {
    expect(findings({ 'src/x.ts': '' }, 'skills')).toEqual([expect.stringMatching(/^skills:1:1 MCP056 The skills folder skills \(plugin option skills\) does not exist/)])
    expect(findings({ 'skills/notes/skill.md': '---\nname: notes\ndescription: d\n---\n' })).toEqual([
      'skills:1:1 MCP056 The skills folder skills holds notes/skill.md but no SKILL.md: the file must be named exactly SKILL.md (upper case, .md lower case).',
    ])
    const notes = '---\nname: notes\ndescription: d\n---\n'
    expect(findings({ 'skills/notes/SKILL.md': notes, 'more/notes/SKILL.md': notes }, ['skills', 'more'])).toEqual([
      'more/notes/SKILL.md:1:1 MCP056 more/notes/SKILL.md and skills/notes/SKILL.md are both served at skill://notes/SKILL.md: give one of the folders another name or place.',
    ])
  })

  it('a folder that is itself a skill is served under its own name', () => {
    const root = project({ 'docs/notes/SKILL.md': '---\nname: notes\ndescription: d\n---\n' })
    try {
      expect(readSkillFolders(root, 'docs/notes').set.skills.map((s) => s.uri)).toEqual(['skill://notes/SKILL.md'])
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
