/**
 * `mcp-aot init [dir] --template <name> [--name <name>] [--from <copy>]`: copies a template into a new
 * folder, names it, and makes it depend on this mcp-aot (the registry's version, or this copy's path).
 */
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { basename, join, relative, resolve } from 'node:path'
import type { Io } from './io.ts'
import { dependency, type Dependency } from './self.ts'
import { TEMPLATES, TEMPLATES_DIR } from './templates.ts'

export interface InitOptions {
  dir?: string
  template?: string
  name?: string
  /** The running mcp-aot's version: the new project depends on `^version` when it came from the registry. */
  version: string
  /** A packed mcp-aot (.tgz) or its folder for the project to depend on, as a `file:` path. */
  from?: string
  /** The running copy's package root (tests); default: this file's package. */
  self?: string
}

export const DEFAULT_TEMPLATE = 'cloudflare-workers'

/** A Worker name (and a valid npm name): lower-case letters, digits and inner dashes, at most 63. */
const VALID_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/** Files npm leaves out of a package under their real name; templates store them with a `_` instead. */
const RENAMED: Record<string, string> = { _gitignore: '.gitignore' }
/** Build output and installs a template folder may hold in a checkout; never copied. */
const SKIPPED = new Set(['node_modules', 'dist', '.wrangler', 'package-lock.json', 'deno.lock'])

/** The folder's name made into a valid name: `My Notes` → `my-notes`. */
export function nameFromFolder(folder: string): string {
  const name = folder.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 63).replace(/-+$/, '')
  return name || 'mcp-server'
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
}

export function init(options: InitOptions, io: Io): number {
  const template = options.template ?? DEFAULT_TEMPLATE
  if (!Object.hasOwn(TEMPLATES, template)) {
    io.err.write(`mcp-aot init: unknown template '${template}'. Templates: ${Object.keys(TEMPLATES).join(', ')}.\n`)
    return 2
  }
  const source = join(TEMPLATES_DIR, template)
  const target = resolve(io.cwd, options.dir ?? template)
  const name = options.name ?? nameFromFolder(basename(target))
  if (!VALID_NAME.test(name)) {
    io.err.write(`mcp-aot init: '${name}' is not a valid name: use 1 to 63 lower-case letters, digits and dashes, starting and ending with a letter or digit.\n`)
    return 2
  }
  const shown = relative(io.cwd, target) || '.'
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) {
      io.err.write(`mcp-aot init: ${shown} exists and is not a folder.\n`)
      return 1
    }
    if (readdirSync(target).length > 0) {
      io.err.write(`mcp-aot init: ${shown} is not empty; nothing was written. Pick a new folder or empty this one.\n`)
      return 1
    }
  }

  let dep: Dependency
  try {
    dep = dependency({ from: options.from, cwd: io.cwd, project: target, version: options.version, root: options.self })
  } catch (error) {
    io.err.write(`mcp-aot init: ${(error as Error).message}\n`)
    return 2
  }

  const placeholder = (JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { name: string }).name
  cpSync(source, target, { recursive: true, filter: (path) => !SKIPPED.has(basename(path)) })
  for (const file of files(target)) {
    const text = readFileSync(file, 'utf8')
    if (text.includes(placeholder)) writeFileSync(file, text.split(placeholder).join(name))
    const renamed = RENAMED[basename(file)]
    if (renamed) renameSync(file, join(file, '..', renamed))
  }
  const pkgFile = join(target, 'package.json')
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { dependencies?: Record<string, string> }
  if (pkg.dependencies?.['mcp-aot']) pkg.dependencies['mcp-aot'] = dep.spec
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + '\n')

  const steps = TEMPLATES[template]!.next
  const cd = shown === '.' ? [] : [[`cd ${/\s/.test(shown) ? JSON.stringify(shown) : shown}`, '']]
  const lines = [...cd, ...steps]
  const width = Math.max(...lines.map(([command]) => command!.length))
  io.out.write(`Created ${shown} from the ${template} template, named ${name}.\n`)
  if (dep.source) io.out.write(`It depends on mcp-aot ${dep.spec} (${dep.source}).\n`)
  io.out.write('\nNext:\n')
  for (const [command, what] of lines) io.out.write(`  ${what ? command!.padEnd(width) + '  # ' + what : command}\n`)
  return 0
}
