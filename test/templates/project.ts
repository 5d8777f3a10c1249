/**
 * A project made from a template the way a user makes one, without the network: the repository is packed
 * with `npm pack` (what npm would install), the packed CLI runs `mcp-aot init`, the packed package becomes
 * the project's node_modules/mcp-aot, and every other dependency is a symlink to the repository's own
 * installed copy (the same exact versions the templates pin). Then `npm run …` works as after `npm install`.
 */
import { execFile } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readFile, realpath, rename, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, resolve } from 'node:path'

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

/** `npm pack` of the repository (as built by `npm run build`), extracted into `dir`/package. */
export async function packRepository(dir: string): Promise<string> {
  const packed = check('npm pack', await exec('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT }))
  const [{ filename }] = JSON.parse(packed.stdout) as { filename: string }[]
  check('tar', await exec('tar', ['xzf', join(dir, filename!), '-C', dir], { cwd: dir }))
  return join(dir, 'package')
}

export interface TemplateProject {
  /** The temporary folder holding the project (and nothing else of value). */
  readonly root: string
  /** The project folder itself. */
  readonly dir: string
  /** What `mcp-aot init` printed. */
  readonly init: Exec
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

/** A package's `bin` entries as `[command, file in the package]`. */
function bins(pkg: { name: string; bin?: string | Record<string, string> }): [string, string][] {
  if (typeof pkg.bin === 'string') return [[pkg.name.replace(/^@[^/]+\//, ''), pkg.bin]]
  return Object.entries(pkg.bin ?? {})
}

/**
 * The project's node_modules as `npm install` leaves it: the packed mcp-aot, symlinks to the repository's
 * copies of the project's other dependencies (and of mcp-aot's own), and .bin with the commands of the
 * project's direct dependencies.
 */
async function install(dir: string, packed: string): Promise<void> {
  const modules = join(dir, 'node_modules')
  await mkdir(modules, { recursive: true })
  await rename(packed, join(modules, 'mcp-aot'))
  const project = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
  const self = JSON.parse(await readFile(join(modules, 'mcp-aot/package.json'), 'utf8'))
  const direct = [...Object.keys(project.dependencies ?? {}), ...Object.keys(project.devDependencies ?? {})]
  for (const name of new Set([...direct, ...Object.keys(self.dependencies ?? {})])) {
    if (name === 'mcp-aot') continue
    const installed = JSON.parse(await readFile(join(REPO_MODULES, name, 'package.json'), 'utf8').catch(() => {
      throw new Error(`${name} is not installed in the repository; the templates may depend only on the repository's own packages`)
    }))
    const wanted = project.devDependencies?.[name] ?? project.dependencies?.[name]
    if (wanted && wanted !== installed.version) throw new Error(`the template pins ${name}@${wanted}; the repository has ${installed.version}`)
    await link(join(REPO_MODULES, name), join(modules, name))
  }
  for (const name of direct) {
    const pkgDir = join(modules, name)
    for (const [command, file] of bins(JSON.parse(await readFile(join(pkgDir, 'package.json'), 'utf8')))) {
      if (name === 'mcp-aot') await chmod(join(pkgDir, file), 0o755) // npm marks a bin executable on install
      await link(join(await realpath(pkgDir), file), join(modules, '.bin', command))
    }
  }
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

/** Packs the repository, runs the packed `mcp-aot init <name> --template <template>` and installs the project. */
export async function createProject(template: string, name: string): Promise<TemplateProject> {
  const root = await mkdtemp(join(tmpdir(), `mcp-aot-template-${template}-`))
  try {
    const packed = await packRepository(root)
    const init = check('mcp-aot init', await exec(NODE, [join(packed, 'dist/cli/main.js'), 'init', name, '--template', template], { cwd: root }))
    const dir = join(root, name)
    await install(dir, packed)
    const env = { PATH: `${await globalTools(root)}${delimiter}${process.env.PATH}` }
    const npm = (args: readonly string[], more?: Record<string, string>) => exec('npm', args, { cwd: dir, env: { ...env, ...more } })
    return { root, dir, init, env, npm, remove: () => rm(root, { recursive: true, force: true }) }
  } catch (error) {
    await rm(root, { recursive: true, force: true })
    throw error
  }
}
