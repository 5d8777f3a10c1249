/**
 * Serves a built Worker bundle under Deno (the `deno` npm package): a small entry next to the bundle
 * imports it and hands every request to `server.fetch` through `Deno.serve` on 127.0.0.1.
 */
import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { served, type Served } from './served.ts'

const DENO = resolve(import.meta.dirname, '../../node_modules/.bin/deno')

export interface DenoOptions {
  /** Variables the entry passes to `server.fetch(request, env)` (read with `Deno.env`). */
  env?: Record<string, string>
  timeoutMs?: number
}

/** The entry Deno runs: what a user writes to serve a mcp-aot bundle on Deno Deploy. */
export function denoEntry(bundleFile: string, envNames: readonly string[]): string {
  const env = envNames.map((name) => `${JSON.stringify(name)}: Deno.env.get(${JSON.stringify(name)})`).join(', ')
  return [
    `import server from './${bundleFile}'`,
    `const env = { ${env} }`,
    `Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log('LISTENING ' + port) },`,
    `  (request) => server.fetch(request, env))`,
    '',
  ].join('\n')
}

export async function startDeno(bundlePath: string, options: DenoOptions = {}): Promise<Served> {
  const env = options.env ?? {}
  const names = Object.keys(env)
  const entry = join(dirname(bundlePath), 'deno-serve.ts')
  await writeFile(entry, denoEntry(basename(bundlePath), names))
  const args = ['run', '--no-prompt', '--no-config', '--allow-net=127.0.0.1']
  if (names.length > 0) args.push(`--allow-env=${names.join(',')}`)
  args.push(entry)
  const child = spawn(DENO, args, {
    cwd: dirname(bundlePath),
    env: { ...process.env, ...env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  let stdout = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk })
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))

  const port = await new Promise<number>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`Deno did not listen within ${options.timeoutMs ?? 20000} ms:\n${stderr}`)), options.timeoutMs ?? 20000)
    child.stdout.on('data', () => {
      const match = /LISTENING (\d+)/.exec(stdout)
      if (match) {
        clearTimeout(timer)
        ok(Number(match[1]))
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`Deno exited with code ${code} before listening:\n${stderr}`))
    })
  }).catch(async (error) => {
    child.kill('SIGKILL')
    await exited
    throw error
  })

  return served(`http://127.0.0.1:${port}`, () => stdout + stderr, async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  })
}
