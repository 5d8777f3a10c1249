/**
 * The deploy configuration docs/deploying.md shows (test/deploy/wrangler.jsonc: a custom domain, OAuth on),
 * as far as it goes without an account: `wrangler deploy --dry-run` of examples/oauth's built Worker with
 * that config, offline (a fresh config folder, no login, every HTTP request sent to a dead proxy). Wrangler
 * validates the config (a misspelt field of a route is an error, an unknown field a warning) and lists
 * the bindings it would create; then the same bundle, served in workerd with the config's vars, advertises
 * its OAuth metadata under the custom domain.
 */
import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildExample, type BuiltWorker } from '../helpers/build.ts'
import { startWorkerd } from '../helpers/miniflare.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const CONFIG = join(import.meta.dirname, 'wrangler.jsonc')
const DEAD = 'http://127.0.0.1:9'

let built: BuiltWorker
let dir: string
let output: string

beforeAll(async () => {
  built = await buildExample(join(ROOT, 'examples/oauth'))
  dir = mkdtempSync(join(tmpdir(), 'mcp-aot-deploy-'))
  mkdirSync(join(dir, 'dist'))
  copyFileSync(built.file, join(dir, 'dist/worker.js'))
  copyFileSync(CONFIG, join(dir, 'wrangler.jsonc'))
  const config = join(dir, 'config')
  const { stdout, stderr } = await promisify(execFile)('wrangler', ['deploy', '--no-bundle', '--dry-run', '--outdir', join(dir, 'out')], {
    cwd: dir,
    timeout: 120_000,
    env: {
      PATH: `${join(ROOT, 'node_modules/.bin')}${delimiter}${process.env.PATH}`,
      HOME: dir,
      CI: 'true',
      NO_COLOR: '1',
      WRANGLER_SEND_METRICS: 'false',
      XDG_CONFIG_HOME: config,
      WRANGLER_LOG_PATH: join(config, 'logs'),
      HTTPS_PROXY: DEAD,
      HTTP_PROXY: DEAD,
    },
  })
  output = stdout + stderr
}, 180_000)

afterAll(async () => {
  await built?.remove()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('wrangler deploy --dry-run with the custom domain and OAuth config', () => {
  it('takes the config without a warning and lists the bindings it would create', () => {
    expect(output).toContain('--dry-run: exiting now.')
    expect(output).not.toContain('Processing wrangler.jsonc configuration')
    expect(output).toMatch(/env\.NOTES\s+KV Namespace/)
    expect(output).toMatch(/env\.OAUTH_KV\s+KV Namespace/)
    expect(output).toMatch(/env\.PUBLIC_URL\s+\("https:\/\/notes\.example\.com"\)\s+Environment Variable/)
    expect(readFileSync(join(dir, 'out/worker.js'), 'utf8')).toBe(built.code)
  })

  it('the Worker advertises its OAuth metadata under the custom domain', async () => {
    const served = await startWorkerd(built.file, { bindings: { PUBLIC_URL: 'https://notes.example.com' }, kvNamespaces: ['NOTES', 'OAUTH_KV'] })
    try {
      // The authorization server's metadata names the custom domain, whatever Host the request came with.
      const metadata = await (await fetch(`${served.origin}/.well-known/oauth-authorization-server`)).json()
      expect(metadata).toMatchObject({ issuer: 'https://notes.example.com', registration_endpoint: 'https://notes.example.com/register', protected_resources: ['https://notes.example.com/mcp'] })
      const unauthorized = await fetch(served.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(unauthorized.status).toBe(401)
    } finally {
      await served.stop()
    }
  })
})
