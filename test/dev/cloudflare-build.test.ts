/**
 * `vite build` with @cloudflare/vite-plugin beside mcp() (test/dev/cloudflare-build/vite.config.ts, the
 * config docs/vite-dev.md shows, in a copy of test/dev/fixture): the Cloudflare plugin builds the Worker in
 * its own environment (dist/<worker name>/index.js) and writes the wrangler.json `wrangler deploy` reads
 * (through .wrangler/deploy/config.json); the mcp-aot plugin compiles the tools inside that build. The
 * output is served in workerd from the written config, and `wrangler deploy --dry-run` takes it offline.
 * (`vite dev` with the same two plugins: test/dev/cloudflare.test.ts.)
 */
import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createBuilder } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, textOf } from '../../src/testing.ts'
import { startWorker } from '../../src/testing/worker.ts'

const FIXTURE = fileURLToPath(new URL('./fixture/', import.meta.url))
const ROOT = resolve(import.meta.dirname, '../..')
let root: string

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mcp-aot-cf-build-'))
  await cp(FIXTURE, root, { recursive: true })
  await cp(join(import.meta.dirname, 'cloudflare-build/vite.config.ts'), join(root, 'vite.config.ts'))
  await writeFile(join(root, 'package.json'), '{ "name": "dev-fixture", "private": true, "type": "module" }\n')
  // The project's node_modules: the packages its vite.config.ts imports (mcp-aot is this repository, as built).
  await mkdir(join(root, 'node_modules/@cloudflare'), { recursive: true })
  await symlink(ROOT, join(root, 'node_modules/mcp-aot'))
  await symlink(join(ROOT, 'node_modules/vite'), join(root, 'node_modules/vite'))
  await symlink(join(ROOT, 'node_modules/@cloudflare/vite-plugin'), join(root, 'node_modules/@cloudflare/vite-plugin'))
  // What `vite build` does: the app builder, which the Cloudflare plugin drives (its Worker environment).
  const builder = await createBuilder({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' })
  await builder.buildApp()
}, 120_000)

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true })
})

describe('vite build with @cloudflare/vite-plugin', () => {
  it('writes the Worker and the config wrangler deploy is redirected to', async () => {
    const redirect = JSON.parse(await readFile(join(root, '.wrangler/deploy/config.json'), 'utf8'))
    expect(redirect).toMatchObject({ configPath: '../../dist/dev_fixture/wrangler.json' })
    const written = JSON.parse(await readFile(join(root, 'dist/dev_fixture/wrangler.json'), 'utf8'))
    expect(written).toMatchObject({ name: 'dev-fixture', main: 'index.js', compatibility_date: '2026-07-28', no_bundle: true })
    const code = await readFile(join(root, 'dist/dev_fixture/index.js'), 'utf8')
    // The tools compiled at build time: no compiler, no schema library, no eval in the Worker.
    expect(code).not.toMatch(/@babel|ajv\/dist\/compile|\beval\(|new Function\(/)
  })

  it('the built Worker, served from the written config, answers tools/call in workerd', async () => {
    const worker = await startWorker({ wranglerConfig: join(root, 'dist/dev_fixture/wrangler.json') })
    const client = await connect(worker.url)
    try {
      expect(client.serverInfo).toMatchObject({ name: 'dev-fixture' })
      expect(textOf(await client.callTool('greet', { greeting: { name: 'Ada' } }))).toBe('Hello, Ada!')
      expect(textOf(await client.callTool('where_am_i'))).toBe('Cloudflare-Workers')
    } finally {
      await client.close()
      await worker.stop()
    }
  })

  it('wrangler deploy --dry-run takes the redirected config and the built Worker, offline', async () => {
    const config = join(root, 'config')
    const dead = 'http://127.0.0.1:9'
    const { stdout, stderr } = await promisify(execFile)('wrangler', ['deploy', '--dry-run', '--outdir', join(root, 'out')], {
      cwd: root,
      timeout: 120_000,
      env: { PATH: `${join(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH}`, HOME: root, CI: 'true', NO_COLOR: '1', WRANGLER_SEND_METRICS: 'false', XDG_CONFIG_HOME: config, HTTPS_PROXY: dead, HTTP_PROXY: dead },
    })
    const output = stdout + stderr
    expect(output).toContain('Using redirected Wrangler configuration.')
    expect(output).toContain('--dry-run: exiting now.')
    expect(await readFile(join(root, 'out/index.js'), 'utf8')).toBe(await readFile(join(root, 'dist/dev_fixture/index.js'), 'utf8'))
  }, 120_000)
})
