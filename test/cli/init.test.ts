/** `mcp-aot init`: copies a template into a new or empty folder, names the project, refuses to overwrite. */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nameFromFolder } from '../../src/cli/init.ts'
import { dependency } from '../../src/cli/self.ts'
import { TEMPLATES } from '../../src/cli/templates.ts'
import { cli } from './io.ts'

const ROOT = join(import.meta.dirname, '../..')
const VERSION = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')).version as string

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))).sort()
}

let cwd: string

beforeEach(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'mcp-aot-init-'))
})

afterEach(async () => {
  await rm(cwd, { recursive: true, force: true })
})

describe('mcp-aot init', () => {
  it('has a template folder for every template it offers, and offers every folder', async () => {
    const folders = (await readdir(join(ROOT, 'templates'), { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name)
    expect(Object.keys(TEMPLATES).sort()).toEqual(folders.sort())
  })

  for (const template of Object.keys(TEMPLATES)) {
    it(`copies every file of ${template}, with _gitignore as .gitignore`, async () => {
      const ran = await cli(cwd, 'init', 'app', '--template', template)
      expect(ran).toMatchObject({ code: 0, stderr: '' })
      const expected = (await files(join(ROOT, 'templates', template))).map((f) => (f === '_gitignore' ? '.gitignore' : f)).sort()
      expect(await files(join(cwd, 'app'))).toEqual(expected)
    })
  }

  it('names the project after its folder: package.json, wrangler.jsonc, the server info, the README', async () => {
    const ran = await cli(cwd, 'init', 'My Notes', '--template', 'cloudflare-workers')
    expect(ran.code).toBe(0)
    const dir = join(cwd, 'My Notes')
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
    expect(pkg.name).toBe('my-notes')
    // Run from this clone, which no registry installed: the project depends on the clone itself.
    const self = `file:${relative(dir, ROOT).split(sep).join('/')}`
    expect(pkg.dependencies['mcp-aot']).toBe(self)
    expect(await readFile(join(dir, 'wrangler.jsonc'), 'utf8')).toContain('"name": "my-notes",')
    expect(await readFile(join(dir, 'src/worker.ts'), 'utf8')).toContain("createServer({ name: 'my-notes', version: '0.1.0' }, notes, { sessions, tasks })")
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toMatch(/^# my-notes\n/)
    expect(ran.stdout).toBe(
      [
        'Created My Notes from the cloudflare-workers template, named my-notes.',
        `It depends on mcp-aot ${self} (this copy is not an npm install).`,
        '',
        'Next:',
        '  cd "My Notes"',
        '  npm install',
        '  npm test        # builds dist/worker.js and calls its tools in workerd (Miniflare)',
        '  npm run dev     # serves http://localhost:5173/mcp; edits apply without a restart',
        '  npm run deploy  # vite build && wrangler deploy (needs a Cloudflare account)',
        '',
      ].join('\n'),
    )
  })

  it('takes the name from --name', async () => {
    expect((await cli(cwd, 'init', 'srv', '--template', 'deno-deploy', '--name', 'clock-api')).code).toBe(0)
    expect(JSON.parse(await readFile(join(cwd, 'srv/package.json'), 'utf8')).name).toBe('clock-api')
    expect(await readFile(join(cwd, 'srv/main.ts'), 'utf8')).toContain("createServer({ name: 'clock-api', version: '0.1.0' }, time)")
  })

  it('defaults to the cloudflare-workers template in a folder of that name', async () => {
    const ran = await cli(cwd, 'init')
    expect(ran.stdout).toMatch(/^Created cloudflare-workers from the cloudflare-workers template, named cloudflare-workers\./)
    expect(JSON.parse(await readFile(join(cwd, 'cloudflare-workers/package.json'), 'utf8')).name).toBe('cloudflare-workers')
  })

  it('fills an empty folder, the current one included, without a cd step', async () => {
    const here = join(cwd, 'empty-one')
    await mkdir(here)
    const ran = await cli(here, 'init', '.', '--template', 'deno-deploy')
    expect(ran.code).toBe(0)
    expect(ran.stdout).toMatch(/^Created \. from the deno-deploy template, named empty-one\.\nIt depends on mcp-aot file:.*\n\nNext:\n  npm install\n/)
    expect(JSON.parse(await readFile(join(here, 'package.json'), 'utf8')).name).toBe('empty-one')
  })

  it('refuses a folder that is not empty, and writes nothing', async () => {
    await mkdir(join(cwd, 'taken'))
    await writeFile(join(cwd, 'taken/notes.txt'), 'mine')
    const ran = await cli(cwd, 'init', 'taken', '--template', 'cloudflare-workers')
    expect(ran).toEqual({ code: 1, stdout: '', stderr: 'mcp-aot init: taken is not empty; nothing was written. Pick a new folder or empty this one.\n' })
    expect(await readdir(join(cwd, 'taken'))).toEqual(['notes.txt'])
    expect(await readFile(join(cwd, 'taken/notes.txt'), 'utf8')).toBe('mine')
  })

  it('refuses a path that is a file', async () => {
    await writeFile(join(cwd, 'file'), 'x')
    expect(await cli(cwd, 'init', 'file')).toEqual({ code: 1, stdout: '', stderr: 'mcp-aot init: file exists and is not a folder.\n' })
  })

  it('refuses an unknown template, naming the known ones (exit code 2)', async () => {
    const ran = await cli(cwd, 'init', 'app', '--template', 'aws-lambda')
    expect(ran).toEqual({ code: 2, stdout: '', stderr: "mcp-aot init: unknown template 'aws-lambda'. Templates: cloudflare-workers, deno-deploy.\n" })
    expect(await readdir(cwd)).toEqual([])
  })

  it('refuses a name a Worker cannot have (exit code 2)', async () => {
    const ran = await cli(cwd, 'init', 'app', '--name', 'My_App')
    expect(ran.code).toBe(2)
    expect(ran.stderr).toBe("mcp-aot init: 'My_App' is not a valid name: use 1 to 63 lower-case letters, digits and dashes, starting and ending with a letter or digit.\n")
    expect(await readdir(cwd)).toEqual([])
  })

  it('refuses two folders and unknown options as usage errors (exit code 2)', async () => {
    expect((await cli(cwd, 'init', 'a', 'b')).code).toBe(2)
    const ran = await cli(cwd, 'init', 'a', '--templat', 'deno-deploy')
    expect(ran.code).toBe(2)
    expect(ran.stderr).toMatch(/^mcp-aot init: Unknown option '--templat'/)
    expect(ran.stderr).toContain('Usage: mcp-aot <command> [options]')
    expect(await readdir(cwd)).toEqual([])
  })

  it('makes a valid name of any folder name', () => {
    expect(nameFromFolder('My Notes')).toBe('my-notes')
    expect(nameFromFolder('__weather.api__')).toBe('weather-api')
    expect(nameFromFolder('!!!')).toBe('mcp-server')
    const long = nameFromFolder('a'.repeat(62) + '-b')
    expect(long).toBe('a'.repeat(62))
  })
})

describe('mcp-aot init: what the project depends on', () => {
  /** A fake install: `<cwd>/<prefix>/node_modules/mcp-aot` with npm's hidden lockfile recording where it came from. */
  async function installed(prefix: string, resolved?: string): Promise<string> {
    const root = join(cwd, prefix, 'node_modules/mcp-aot')
    await mkdir(root, { recursive: true })
    await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'mcp-aot', version: VERSION }))
    if (resolved) await writeFile(join(cwd, prefix, 'node_modules/.package-lock.json'), JSON.stringify({ packages: { 'node_modules/mcp-aot': { version: VERSION, resolved } } }))
    return root
  }

  it('a registry install depends on ^version', async () => {
    const root = await installed('global', `https://registry.npmjs.org/mcp-aot/-/mcp-aot-${VERSION}.tgz`)
    expect(dependency({ cwd, project: join(cwd, 'app'), version: VERSION, root })).toEqual({ spec: `^${VERSION}` })
    expect(dependency({ cwd, project: join(cwd, 'app'), version: VERSION, root: await installed('bare') })).toEqual({ spec: `^${VERSION}` })
  })

  it('a copy npx installed from a tarball depends on that tarball', async () => {
    // `npx ./mcp-aot-x.tgz init app` installs into npx's cache; its lockfile records the file it came from.
    const root = await installed('npx-cache/abc', `file:../../mcp-aot-${VERSION}.tgz`)
    expect(dependency({ cwd, project: join(cwd, 'app'), version: VERSION, root })).toEqual({ spec: `file:../mcp-aot-${VERSION}.tgz`, source: `installed from mcp-aot-${VERSION}.tgz` })
  })

  it('a clone depends on itself', () => {
    expect(dependency({ cwd, project: join(cwd, 'app'), version: VERSION, root: ROOT })).toEqual({ spec: `file:${relative(join(cwd, 'app'), ROOT).split(sep).join('/')}`, source: 'this copy is not an npm install' })
  })

  it('--from names a packed .tgz or a package folder, as a path from the project', async () => {
    await writeFile(join(cwd, `mcp-aot-${VERSION}.tgz`), '')
    const ran = await cli(cwd, 'init', 'app', '--template', 'deno-deploy', '--from', `mcp-aot-${VERSION}.tgz`)
    expect(ran.code).toBe(0)
    expect(ran.stdout).toContain(`It depends on mcp-aot file:../mcp-aot-${VERSION}.tgz (--from mcp-aot-${VERSION}.tgz).\n`)
    expect(JSON.parse(await readFile(join(cwd, 'app/package.json'), 'utf8')).dependencies).toEqual({ 'mcp-aot': `file:../mcp-aot-${VERSION}.tgz` })
    expect(dependency({ from: ROOT, cwd, project: join(cwd, 'sub/app'), version: VERSION }).spec).toBe(`file:${relative(join(cwd, 'sub/app'), ROOT).split(sep).join('/')}`)
  })

  it('refuses a --from that is missing or is not mcp-aot, and writes nothing (exit code 2)', async () => {
    expect(await cli(cwd, 'init', 'app', '--from', 'nowhere.tgz')).toEqual({ code: 2, stdout: '', stderr: 'mcp-aot init: --from nowhere.tgz does not exist: give a packed mcp-aot (.tgz) or its folder.\n' })
    await mkdir(join(cwd, 'other'))
    await writeFile(join(cwd, 'other/package.json'), '{"name":"left-pad"}')
    const ran = await cli(cwd, 'init', 'app', '--from', 'other')
    expect(ran).toEqual({ code: 2, stdout: '', stderr: "mcp-aot init: --from other is not mcp-aot: give a packed mcp-aot (.tgz, from npm pack) or a folder whose package.json is mcp-aot's.\n" })
    expect((await readdir(cwd)).sort()).toEqual(['other'])
  })
})
