/** The command line: parses arguments, dispatches to a subcommand, returns the exit code. */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Io } from './io.ts'
import { nodeTooOld } from './node-version.ts'
import { TEMPLATES } from './templates.ts'

/** Exit codes: 0 success, 1 the command ran and found problems (diagnostics, a refused init), 2 bad usage. */
export const USAGE = `Usage: mcp-aot <command> [options]

Commands:
  init [dir] [--template <name>] [--name <name>] [--from <tgz or folder>]
      Creates a project from a template in dir (default: the template's name); dir must be new or empty.
      --name sets the package and Worker name (default: made from the folder's name).
      --from makes it depend on that copy of mcp-aot (npm pack's .tgz, or a clone) as a file: path;
      without it, a copy not installed from the registry (a clone, a tarball) depends on itself.
      Templates (default: cloudflare-workers):
${Object.entries(TEMPLATES).map(([name, t]) => `        ${name.padEnd(20)}${t.summary}`).join('\n')}
  inspect [files or folders...] [--json] [--tokens]
      Prints each tool, resource and prompt the sources declare (name, annotations, schemas) and every
      diagnostic, without building a bundle. Default: the .ts files under src/. Exit code 1 on diagnostics.
      --tokens adds each tool's o200k tokens and the tools/list total under every provider profile.
      It needs gpt-tokenizer, an optional peer dependency: npm install -D gpt-tokenizer@^4.

  check-node
      Exits with 1 and one sentence when this Node is older than mcp-aot needs (22.18, or 24.11); the
      templates' scripts run it first.

Options:
  -h, --help       this text
  -v, --version    the version of mcp-aot
`

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
  return pkg.version
}

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [command, ...rest] = argv
  if (command === '-h' || command === '--help' || command === 'help') {
    io.out.write(USAGE)
    return 0
  }
  if (command === '-v' || command === '--version') {
    io.out.write(`${version()}\n`)
    return 0
  }
  if (command === 'check-node' && rest.length === 0) {
    const tooOld = nodeTooOld(process.versions.node)
    if (tooOld !== undefined) io.err.write(tooOld + '\n')
    return tooOld === undefined ? 0 : 1
  }
  if (command !== 'init' && command !== 'inspect') {
    io.err.write(command === undefined ? USAGE : `mcp-aot: unknown command '${command}'\n\n${USAGE}`)
    return 2
  }
  let parsed
  try {
    parsed = parseArgs({
      args: [...rest],
      allowPositionals: true,
      strict: true,
      options:
        command === 'init'
          ? { template: { type: 'string', short: 't' }, name: { type: 'string', short: 'n' }, from: { type: 'string' }, help: { type: 'boolean', short: 'h' } }
          : { json: { type: 'boolean' }, tokens: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    })
  } catch (error) {
    io.err.write(`mcp-aot ${command}: ${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  const { values, positionals } = parsed as { values: Record<string, string | boolean | undefined>; positionals: string[] }
  if (values.help) {
    io.out.write(USAGE)
    return 0
  }
  if (command === 'init') {
    if (positionals.length > 1) {
      io.err.write(`mcp-aot init: one folder at most, got ${positionals.join(' ')}\n\n${USAGE}`)
      return 2
    }
    // Each command loads only its own code: `init` runs without the compiler's dependencies (npx stays quick).
    const { init } = await import('./init.ts')
    return init({ dir: positionals[0], template: values.template as string | undefined, name: values.name as string | undefined, from: values.from as string | undefined, version: version() }, io)
  }
  const { inspect } = await import('./inspect.ts')
  return inspect({ paths: positionals, json: values.json === true, tokens: values.tokens === true }, io)
}
