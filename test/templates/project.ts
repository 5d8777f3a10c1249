/**
 * A project made from a template the way a user makes one: the repository is packed with `npm pack`, the
 * packed CLI runs `mcp-aot init --from <the .tgz>` (the project depends on `file:` that tarball, as no
 * registry has this version), and `npm install` installs it and the template's pins from the registry.
 * The install is real and measured (bytes, copies of workerd, Miniflare and wrangler); its node_modules
 * is kept in node_modules/.cache/mcp-aot-templates/ under a hash of what decides it (the template's
 * package.json, mcp-aot's own dependencies), so a later run hard-links it and swaps in the new pack.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, realpath, rename, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, delimiter, dirname, join, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../..')
export const NODE = join(ROOT, 'node_modules/.bin/node')
const REPO_MODULES = join(ROOT, 'node_modules')

export interface Exec {
  code: number
  stdout: string
  stderr: string
}

export interface ExecOptions {
  cwd: string
  env?: Record<string, string>
  timeoutMs?: number
}

/** Runs a program to the end; never throws for a non-zero exit (the code is returned). */
export function exec(file: string, args: readonly string[], options: ExecOptions): Promise<Exec> {
  return new Promise((done) => {
    execFile(
      file,
      args,
      {
        cwd: options.cwd,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', npm_config_update_notifier: 'false', npm_config_fund: 'false', ...options.env },
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 32 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1
        done({ code, stdout, stderr })
      },
    )
  })
}

/** Throws with the program's output when it failed. */
export function check(what: string, result: Exec): Exec {
  if (result.code !== 0) throw new Error(`${what} exited with ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`)
  return result
}

/** `npm pack` of the repository (as built by `npm run build`) into `dir`, and extracted into `dir`/package. */
export async function packRepository(dir: string): Promise<{ folder: string; tarball: string }> {
  const packed = check('npm pack', await exec('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT }))
  const [{ filename }] = JSON.parse(packed.stdout) as { filename: string }[]
  check('tar', await exec('tar', ['xzf', join(dir, filename!), '-C', dir], { cwd: dir }))
  return { folder: join(dir, 'package'), tarball: join(dir, filename!) }
}

export interface TemplateProject {
  /** The temporary folder holding the project (and nothing else of value). */
  readonly root: string
  /** The project folder itself. */
  readonly dir: string
  /** What `mcp-aot init` printed. */
  readonly init: Exec
  /** The `npm install` (or the cached one this run reused). */
  readonly install: Install
  /** The environment commands run with: PATH starts with the "globally installed" node and deno. */
  readonly env: Record<string, string>
  /** `npm run <script>` (or `npm test`) in the project, as a user types it. */
  npm(args: readonly string[], env?: Record<string, string>): Promise<Exec>
  remove(): Promise<void>
}

async function link(target: string, path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await symlink(target, path)
}

/** What `npm install` left: the bytes of node_modules (file sizes, a hard-linked file once, as on disk), how long it took, and how many copies of each runtime package. */
export interface Install {
  bytes: number
  seconds: number
  copies: { workerd: number; miniflare: number; wrangler: number }
  /** true when this run hard-linked a cached install instead of running npm. */
  cached: boolean
}

export async function measure(modules: string): Promise<Pick<Install, 'bytes' | 'copies'>> {
  let bytes = 0
  const copies = { workerd: 0, miniflare: 0, wrangler: 0 }
  const seen = new Set<string>()
  for (const entry of await readdir(modules, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name)
    if (entry.isFile()) {
      // workerd's and esbuild's postinstall hard-link their platform binary into their own bin/: count it once.
      const { size, ino, dev } = await stat(path)
      if (!seen.has(`${dev}:${ino}`)) bytes += size
      seen.add(`${dev}:${ino}`)
    }
    if (entry.isDirectory() && basename(entry.parentPath) === 'node_modules' && Object.hasOwn(copies, entry.name)) copies[entry.name as keyof typeof copies]++
  }
  return { bytes, copies }
}

const CACHE = join(REPO_MODULES, '.cache/mcp-aot-templates')

/** The cache key: what npm resolves the install from, the packed mcp-aot aside. */
function installKey(project: any, self: any): string {
  const { dependencies: { 'mcp-aot': _self, ...dependencies } = {}, name: _name, ...rest } = project
  const wanted = { project: { ...rest, dependencies }, self: { dependencies: self.dependencies, optionalDependencies: self.optionalDependencies, peerDependencies: self.peerDependencies } }
  return createHash('sha256').update(JSON.stringify(wanted)).digest('hex').slice(0, 16)
}

/**
 * `npm install` in the project, for real (the registry, npm's own cache), once per key; later runs
 * hard-link the kept node_modules and put the newly packed mcp-aot in it, as `npm install` would.
 */
async function install(dir: string, packed: string, env: Record<string, string>): Promise<Install> {
  const project = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
  const self = JSON.parse(await readFile(join(packed, 'package.json'), 'utf8'))
  const kept = join(CACHE, installKey(project, self))
  const modules = join(dir, 'node_modules')
  const record = await readFile(join(kept, 'install.json'), 'utf8').catch(() => undefined)
  if (record !== undefined) {
    const linked = await exec('cp', ['-al', join(kept, 'node_modules'), modules], { cwd: dir })
    if (linked.code !== 0) await cp(join(kept, 'node_modules'), modules, { recursive: true, verbatimSymlinks: true })
    await cp(join(kept, 'package-lock.json'), join(dir, 'package-lock.json'))
    await rm(join(modules, 'mcp-aot'), { recursive: true, force: true })
    await cp(packed, join(modules, 'mcp-aot'), { recursive: true })
    for (const [, file] of bins(self)) await chmod(join(modules, 'mcp-aot', file), 0o755) // npm marks a bin executable on install
    return { ...(JSON.parse(record) as Install), cached: true }
  }
  const started = performance.now()
  check('npm install', await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, env, timeoutMs: 600_000 }))
  const seconds = Math.round((performance.now() - started) / 100) / 10
  const result: Install = { ...(await measure(modules)), seconds, cached: false }
  // Keep it: copied beside the final place, then renamed into it (another test file may be doing the same).
  const staging = `${kept}.${process.pid}`
  await rm(staging, { recursive: true, force: true })
  await mkdir(staging, { recursive: true })
  check('cp -a', await exec('cp', ['-a', modules, join(staging, 'node_modules')], { cwd: dir })) // keeps hard links and symlinks
  await cp(join(dir, 'package-lock.json'), join(staging, 'package-lock.json'))
  await writeFile(join(staging, 'install.json'), JSON.stringify(result, null, 2))
  await rename(staging, kept).catch(() => rm(staging, { recursive: true, force: true }))
  return result
}

/** A package's `bin` entries as `[command, file in the package]`. */
function bins(pkg: { name: string; bin?: string | Record<string, string> }): [string, string][] {
  if (typeof pkg.bin === 'string') return [[pkg.name.replace(/^@[^/]+\//, ''), pkg.bin]]
  return Object.entries(pkg.bin ?? {})
}

/**
 * What the user has installed globally, first on PATH: the repository's pinned Node 22 (the templates
 * need Node 22.18 or later) and Deno (the `deno` npm package's binary).
 */
async function globalTools(root: string): Promise<string> {
  const dir = join(root, 'global-bin')
  for (const command of ['node', 'deno']) await link(await realpath(join(REPO_MODULES, '.bin', command)), join(dir, command))
  return dir
}

/**
 * Packs the repository, runs the packed `mcp-aot init <name> --template <template> --from <the .tgz>` and installs the project.
 * `devDependencies`: added to the project's package.json before the install, as `npm install -D -E` would (the install is then kept under its own key).
 */
export async function createProject(template: string, name: string, options: { devDependencies?: Record<string, string> } = {}): Promise<TemplateProject> {
  const root = await mkdtemp(join(tmpdir(), `mcp-aot-template-${template}-`))
  try {
    const packed = await packRepository(root)
    const init = check('mcp-aot init', await exec(NODE, [join(packed.folder, 'dist/cli/main.js'), 'init', name, '--template', template, '--from', packed.tarball], { cwd: root }))
    const dir = join(root, name)
    if (options.devDependencies) {
      const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
      pkg.devDependencies = Object.fromEntries(Object.entries({ ...pkg.devDependencies, ...options.devDependencies }).sort(([a], [b]) => a.localeCompare(b)))
      await writeFile(join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n')
    }
    const env = { PATH: `${await globalTools(root)}${delimiter}${process.env.PATH}` }
    const installed = await install(dir, packed.folder, env)
    const npm = (args: readonly string[], more?: Record<string, string>) => exec('npm', args, { cwd: dir, env: { ...env, ...more } })
    return { root, dir, init, install: installed, env, npm, remove: () => rm(root, { recursive: true, force: true }) }
  } catch (error) {
    await rm(root, { recursive: true, force: true })
    throw error
  }
}
