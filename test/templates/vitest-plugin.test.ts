/**
 * Testing inside workerd with @cloudflare/vitest-plugin (the renamed @cloudflare/vitest-pool-workers), as
 * docs/testing.md shows it: a project made from the packed cloudflare-workers template with the plugin added
 * as a devDependency (a real npm install, kept like the template's), test/templates/fixtures/vitest-plugin/
 * copied in (a second vitest config with `mcp()` and `cloudflareTest()`, a spec importing the Worker's
 * sources), and `npx vitest run --config vitest.workers.config.ts` run as a user types it.
 */
import { cp } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { check, createProject, exec, type TemplateProject } from './project.ts'

const FIXTURE = join(import.meta.dirname, 'fixtures/vitest-plugin')

let project: TemplateProject

beforeAll(async () => {
  project = await createProject('cloudflare-workers', 'notes-pool', { devDependencies: { '@cloudflare/vitest-plugin': '1.5.0' } })
  await cp(FIXTURE, project.dir, { recursive: true })
}, 600_000) // a real npm install on its first run: the plugin brings its own wrangler, Miniflare and workerd

afterAll(async () => {
  await project?.remove()
})

describe('@cloudflare/vitest-plugin with mcp() in the config', () => {
  it('runs the specs in workerd: the tools compiled from the sources, the KV binding of wrangler.jsonc', async () => {
    const result = check('vitest --config vitest.workers.config.ts', await exec('npx', ['vitest', 'run', '--config', 'vitest.workers.config.ts'], { cwd: project.dir, env: project.env, timeoutMs: 300_000 }))
    expect(result.stdout).toContain('test/notes.spec.ts')
    expect(result.stdout).toMatch(/Tests\s+2 passed \(2\)/)
  }, 300_000)

  it('what the plugin costs: its own wrangler, Miniflare and workerd beside the template\'s', () => {
    const { bytes, copies } = project.install
    console.log(`cloudflare-workers + @cloudflare/vitest-plugin npm install: ${(bytes / 1e6).toFixed(1)} MB in node_modules, copies ${JSON.stringify(copies)}`)
    // The plugin pins wrangler 4.156.2 (and its Miniflare and workerd), the template wrangler 4.151.0, as @cloudflare/vite-plugin does.
    expect(copies).toEqual({ workerd: 2, miniflare: 2, wrangler: 2 })
  })
})
