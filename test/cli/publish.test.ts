/**
 * What `npm publish` would send, for mcp-aot and for create-mcp-aot (`npm publish --dry-run`, no account
 * needed): the files (built code, sources, templates; no tests, fixtures or installs), the bin and every
 * export present in it. Then `npm create mcp-aot` as far as it goes before publication: both packed,
 * installed for real, and create-mcp-aot's bin making a project that depends on the packed mcp-aot; what
 * that install costs, without the optional peer gpt-tokenizer.
 * And the Node floor: package.json, the CLI and create-mcp-aot agree, and an older Node gets one sentence.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, delimiter, dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NODE_RANGE, nodeTooOld } from '../../src/cli/node-version.ts'
import { TOKENIZER_MISSING } from '../../src/compiler/model/tokens.ts'
import { check, exec, measure, NODE, ROOT } from '../templates/project.ts'

const CREATE = join(ROOT, 'create-mcp-aot')
const PKG = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'))
const CREATE_PKG = JSON.parse(await readFile(join(CREATE, 'package.json'), 'utf8'))
/** npm run on the repository's Node 22, as the npm scripts are. */
const env = { PATH: `${dirname(NODE)}${delimiter}${process.env.PATH}` }

interface Published {
  name: string
  version: string
  unpackedSize: number
  files: { path: string; mode: number }[]
}

async function dryRun(cwd: string): Promise<{ pkg: Published; warnings: string }> {
  const ran = check('npm publish --dry-run', await exec('npm', ['publish', '--dry-run', '--json', '--ignore-scripts', '--tag', 'latest'], { cwd, env }))
  const json = JSON.parse(ran.stdout)
  return { pkg: json[Object.keys(json)[0]!] as Published, warnings: ran.stderr.split('\n').filter((l) => /warn/i.test(l) && !/logged in/.test(l)).join('\n') }
}

describe('npm publish --dry-run of mcp-aot', () => {
  let pkg: Published
  let warnings: string
  beforeAll(async () => {
    ;({ pkg, warnings } = await dryRun(ROOT))
  })

  it('publishes dist, src and the templates, and nothing of the repository\'s tests, fixtures or installs', () => {
    const paths = pkg.files.map((f) => f.path)
    console.log(`mcp-aot ${pkg.version}: ${paths.length} files, ${(pkg.unpackedSize / 1e6).toFixed(2)} MB unpacked`)
    expect(paths.filter((p) => !/^(dist|src|templates)\//.test(p) && !['package.json', 'README.md'].includes(p))).toEqual([])
    expect(paths.filter((p) => /(^|\/)(node_modules|fixtures|\.wrangler|\.cache)\//.test(p) || /^test\//.test(p))).toEqual([])
    // A template's own files only: its build output and lockfiles stay out.
    expect(paths.filter((p) => /^templates\/[^/]+\/(dist\/|package-lock\.json|deno\.lock)/.test(p))).toEqual([])
    expect(paths).toContain('templates/cloudflare-workers/test/notes.test.ts')
    expect(paths).toContain('templates/cloudflare-workers/_gitignore')
  })

  it('keeps its bin as written (npm normalizes nothing away) and publishes the file it names', () => {
    expect(warnings).toBe('')
    expect(PKG.bin).toEqual({ 'mcp-aot': 'dist/cli/main.js' })
    expect(pkg.files.map((f) => f.path)).toContain('dist/cli/main.js')
  })

  it('publishes the file behind every export, types and code', () => {
    const paths = new Set(pkg.files.map((f) => f.path))
    const targets = Object.values(PKG.exports as Record<string, string | Record<string, string>>).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t)))
    expect(targets.length).toBeGreaterThan(10)
    expect(targets.filter((t) => !paths.has(t.replace(/^\.\//, '')))).toEqual([])
  })
})

describe('npm publish --dry-run of create-mcp-aot', () => {
  it('publishes its bin, its README and package.json only; depends on this mcp-aot; the same Node floor', async () => {
    const { pkg, warnings } = await dryRun(CREATE)
    expect(warnings).toBe('')
    expect(pkg.name).toBe('create-mcp-aot')
    expect(pkg.files.map((f) => f.path).sort()).toEqual(['README.md', 'index.js', 'package.json'])
    expect(pkg.files.find((f) => f.path === 'index.js')!.mode & 0o111).not.toBe(0)
    expect(CREATE_PKG.bin).toEqual({ 'create-mcp-aot': 'index.js' })
    expect(CREATE_PKG.dependencies).toEqual({ 'mcp-aot': `^${PKG.version}` })
    expect(CREATE_PKG.version).toBe(PKG.version)
    expect(CREATE_PKG.engines).toEqual(PKG.engines)
    expect((await readFile(join(CREATE, 'index.js'), 'utf8')).split('\n')[0]).toBe('#!/usr/bin/env node')
  })
})

describe('npm create mcp-aot, before publication', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mcp-aot-create-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('create-mcp-aot, installed beside a packed mcp-aot, makes a project that depends on that tarball', async () => {
    for (const from of [ROOT, CREATE]) check('npm pack', await exec('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: from, env }))
    const runner = join(dir, 'runner')
    await mkdir(runner)
    await writeFile(join(runner, 'package.json'), '{"private":true}')
    // What `npm create mcp-aot` does with npx: install create-mcp-aot (and its mcp-aot), run its bin.
    const installed = check('npm install', await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', `../mcp-aot-${PKG.version}.tgz`, `../create-mcp-aot-${PKG.version}.tgz`], { cwd: runner, env, timeoutMs: 300_000 }))
    // Nothing for the user's npm to approve: no install script in either package (npm lists `prepare` of a tarball too).
    expect(`${installed.stdout}${installed.stderr}`).not.toMatch(/install scripts not yet covered|allowScripts/)
    const made = check('create-mcp-aot', await exec(NODE, [join(runner, 'node_modules/.bin/create-mcp-aot'), 'app', '--template', 'deno-deploy'], { cwd: runner }))
    expect(made.stdout).toContain('Created app from the deno-deploy template, named app.\n')
    expect(made.stdout).toContain(`It depends on mcp-aot file:../../mcp-aot-${PKG.version}.tgz (installed from mcp-aot-${PKG.version}.tgz).\n`)
    expect(JSON.parse(await readFile(join(runner, 'app/package.json'), 'utf8')).dependencies).toEqual({ 'mcp-aot': `file:../../mcp-aot-${PKG.version}.tgz` })
    // Without the optional peer gpt-tokenizer (27 MB): what `npm install mcp-aot` costs is measured below.
    expect(existsSync(join(runner, 'node_modules/gpt-tokenizer'))).toBe(false)
    // …and the token report, asked for there, says what to install (exit code 2).
    await mkdir(join(runner, 'src'))
    await writeFile(join(runner, 'src/tools.ts'), '/**\n * Adds one.\n * @tool\n * @param n The number.\n */\nexport function inc(n: number): string {\n  return String(n + 1)\n}\n')
    const tokens = await exec(NODE, [join(runner, 'node_modules/.bin/mcp-aot'), 'inspect', '--tokens'], { cwd: runner })
    expect([tokens.code, tokens.stderr]).toEqual([2, `mcp-aot inspect --tokens: ${TOKENIZER_MISSING}\n`])
  }, 300_000)
})

/** The packages, bytes of files and bytes on disk (allocated blocks) of a node_modules, a hard-linked file once. */
async function footprint(modules: string): Promise<{ packages: number; files: number; disk: number }> {
  const { bytes } = await measure(modules)
  let disk = 0
  let packages = 0
  const seen = new Set<string>()
  for (const entry of await readdir(modules, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name)
    const { blocks, ino, dev } = await lstat(path)
    if (!seen.has(`${dev}:${ino}`)) disk += blocks * 512
    seen.add(`${dev}:${ino}`)
    // A package: a folder right under a node_modules (or under its @scope) holding a package.json.
    const under = basename(entry.parentPath) === 'node_modules' || basename(dirname(entry.parentPath)) === 'node_modules' && basename(entry.parentPath).startsWith('@')
    if (entry.isDirectory() && !entry.name.startsWith('.') && !entry.name.startsWith('@') && under && existsSync(join(path, 'package.json'))) packages++
  }
  return { packages, files: bytes, disk }
}

describe('npm install mcp-aot, as the README states it', () => {
  it('adds the packages, MiB on disk and MB of files the README says, and runs no install script', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-aot-install-'))
    try {
      check('npm pack', await exec('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, env }))
      const packed = JSON.parse(execFileSync('tar', ['xzOf', join(dir, `mcp-aot-${PKG.version}.tgz`), 'package/package.json'], { encoding: 'utf8' }))
      // Built when packed (prepack), so an installed copy has nothing left to run.
      expect(packed.scripts.prepack).toBe('npm run build')
      expect(Object.keys(packed.scripts).filter((s) => ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare'].includes(s))).toEqual([])
      const app = join(dir, 'app')
      await mkdir(app)
      await writeFile(join(app, 'package.json'), '{"private":true}')
      const installed = check('npm install', await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', `../mcp-aot-${PKG.version}.tgz`], { cwd: app, env, timeoutMs: 300_000 }))
      expect(`${installed.stdout}${installed.stderr}`).not.toMatch(/install scripts not yet covered|allowScripts/)
      const added = Number(/added (\d+) packages?/.exec(installed.stdout)?.[1])
      const measured = await footprint(join(app, 'node_modules'))
      const readme = await readFile(join(ROOT, 'README.md'), 'utf8')
      const stated = /`npm install mcp-aot` adds (\d+) packages, ([\d.]+) MiB on disk \(([\d.]+) MB of files\)/.exec(readme)
      expect(stated, 'README.md states the install').not.toBeNull()
      const mib = measured.disk / 2 ** 20
      console.log(`npm install mcp-aot: ${added} packages, ${mib.toFixed(2)} MiB on disk, ${(measured.files / 1e6).toFixed(2)} MB of files`)
      expect(measured.packages).toBe(added)
      expect(Number(stated![1])).toBe(added)
      // Within 0.1 MB: the package's own src/ and dist/ move by kilobytes with every change; a dependency more or
      // less moves it by more, and so does a README left behind.
      expect(Math.abs(Number(stated![3]) - measured.files / 1e6)).toBeLessThanOrEqual(0.1)
      // On disk depends on the filesystem's block size: within 0.3 MiB of what this machine allocates.
      expect(Math.abs(Number(stated![2]) - mib)).toBeLessThan(0.3)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 300_000)
})

/** A Node on PATH older than the floor (the machine's own, beside the repository's pinned 22), if there is one. */
function oldNode(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const file = join(dir, 'node')
    try {
      const version = execFileSync(file, ['--version'], { encoding: 'utf8' }).trim()
      if (nodeTooOld(version)) return file
    } catch {}
  }
  return undefined
}

describe('the Node floor', () => {
  it('is package.json\'s engines, and the CLI tells it by version', () => {
    expect(PKG.engines.node).toBe(NODE_RANGE)
    expect(nodeTooOld('22.18.0')).toBeUndefined()
    expect(nodeTooOld('v24.11.1')).toBeUndefined()
    expect(nodeTooOld('25.0.0')).toBeUndefined()
    expect(nodeTooOld('24.10.0')).toBe('mcp-aot: Node 24.10.0 is too old; install Node 22.18 or later (or 24.11 or later) from https://nodejs.org and run it again.')
    expect(nodeTooOld('v22.12.0')).toMatch(/^mcp-aot: Node 22\.12\.0 is too old/)
    expect(nodeTooOld('20.20.2', 'create-mcp-aot')).toMatch(/^create-mcp-aot: Node 20\.20\.2 is too old/)
  })

  it("is checked first by every template script that builds, serves, tests or deploys (the README's claim)", () => {
    const scripts = (name: string) => JSON.parse(readFileSync(join(ROOT, 'templates', name, 'package.json'), 'utf8')).scripts as Record<string, string>
    const checked = (name: string) => Object.entries(scripts(name)).filter(([, run]) => run.startsWith('mcp-aot check-node && ')).map(([script]) => script)
    expect(checked('cloudflare-workers')).toEqual(['build', 'dev', 'test', 'deploy'])
    expect(checked('deno-deploy')).toEqual(['build'])
  })

  const old = oldNode()
  it.skipIf(old === undefined)(`an older Node (${old ?? 'none on PATH'}) gets one sentence from mcp-aot, its templates' scripts and create-mcp-aot, exit code 1`, async () => {
    const version = execFileSync(old!, ['--version'], { encoding: 'utf8' }).trim().slice(1)
    for (const [bin, name] of [[join(ROOT, 'dist/cli/main.js'), 'mcp-aot'], [join(CREATE, 'index.js'), 'create-mcp-aot']] as const) {
      for (const args of [['--version'], ['check-node'], ['init', 'x']]) {
        const ran = await exec(old!, [bin, ...args], { cwd: ROOT })
        expect(ran).toEqual({ code: 1, stdout: '', stderr: `${name}: Node ${version} is too old; install Node 22.18 or later (or 24.11 or later) from https://nodejs.org and run it again.\n` })
      }
    }
  })
})
