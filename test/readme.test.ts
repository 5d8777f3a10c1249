/**
 * The README's quick start, run as written: its five files (the blocks marked `<!-- check: quickstart
 * <path> -->`) in a folder holding nothing else but an install (mcp-aot from the packed tarball, vite and
 * wrangler from the Workers template's, test/templates/project.ts), `npx vite build`, the tool called in
 * workerd, and `npx wrangler deploy --dry-run`, offline, which needs the config's `main` and
 * `compatibility_date`.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect } from '../src/testing.ts'
import { check, createProject, ROOT, type TemplateProject } from './templates/project.ts'

const readme = await readFile(join(ROOT, 'README.md'), 'utf8')
/** Each block of the quick start with its file: the check line above it names it. */
const files = [...readme.matchAll(/<!-- check: quickstart (\S+) -->\n```\w*\n([\s\S]*?)```/g)].map((m) => ({ path: m[1]!, text: m[2]! }))

/** Whether `version` is in the caret range `range` (^x.y.z, x ≥ 1), as npm reads it. */
function satisfies(version: string, range: string): boolean {
  const [want, have] = [range.replace(/^\^/, ''), version].map((v) => v.split('.').map(Number)) as [number[], number[]]
  if (!range.startsWith('^') || have[0] !== want[0]) return false
  for (let i = 1; i < 3; i++) if (have[i] !== want[i]) return have[i]! > want[i]!
  return true
}

describe('README quick start', () => {
  let project: TemplateProject

  beforeAll(async () => {
    project = await createProject('cloudflare-workers', 'quickstart')
    // Nothing of the template but its install: the folder holds the README's files only.
    for (const entry of await readdir(project.dir)) if (entry !== 'node_modules') await rm(join(project.dir, entry), { recursive: true, force: true })
    for (const f of files) {
      await mkdir(dirname(join(project.dir, f.path)), { recursive: true })
      await writeFile(join(project.dir, f.path), f.text)
    }
  }, 300_000)
  afterAll(() => project?.remove())

  it('names the five files it shows, each ts and jsonc block opening with its name', () => {
    expect(files.map((f) => f.path)).toEqual(['package.json', 'wrangler.jsonc', 'vite.config.ts', 'src/tools/math.ts', 'src/worker.ts'])
    for (const f of files.slice(1)) expect(f.text.split('\n')[0]).toBe(`// ${f.path}`)
  })

  it('its package.json is an ES module project whose dependencies the install satisfies', async () => {
    const pkg = JSON.parse(files[0]!.text)
    expect(pkg.type).toBe('module')
    const wanted = { ...pkg.dependencies, ...pkg.devDependencies } as Record<string, string>
    expect(Object.keys(wanted).sort()).toEqual(['mcp-aot', 'vite', 'wrangler'])
    for (const [name, range] of Object.entries(wanted)) {
      const installed = JSON.parse(await readFile(join(project.dir, 'node_modules', name, 'package.json'), 'utf8')).version
      expect(satisfies(installed, range), `${name}@${installed} for ${range}`).toBe(true)
    }
  })

  it('builds with `npx vite build`, serves add in workerd, and `wrangler deploy --dry-run` takes the config', async () => {
    expect(readme).toContain('npx vite build && npx wrangler deploy')
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
    // Offline: a fresh config folder (no login), metrics off, every HTTP request to a dead proxy.
    const config = join(project.root, 'config')
    await mkdir(config)
    const offline = { CI: 'true', WRANGLER_SEND_METRICS: 'false', XDG_CONFIG_HOME: config, WRANGLER_LOG_PATH: join(config, 'logs'), HTTPS_PROXY: 'http://127.0.0.1:9', HTTP_PROXY: 'http://127.0.0.1:9', https_proxy: 'http://127.0.0.1:9', http_proxy: 'http://127.0.0.1:9' }
    const deploy = check('npx wrangler deploy --dry-run', await project.npm(['exec', '--', 'wrangler', 'deploy', '--dry-run', '--outdir', join(project.root, 'upload')], offline))
    expect(deploy.stdout).toContain('--dry-run: exiting now.')
    expect(`${deploy.stdout}${deploy.stderr}`).not.toMatch(/compatibility_date|compatibility date/i)
  }, 180_000)
})
