/**
 * A long-running command (a dev server, `npm start`) in its own process group: waits until its output
 * matches, and stops the whole group (npm, the shell, node or deno, workerd) when told.
 */
import { spawn } from 'node:child_process'

export interface Background {
  /** The match of `ready` in the output. */
  readonly ready: RegExpExecArray
  /** Everything printed so far (stdout and stderr). */
  output(): string
  stop(): Promise<void>
}

export async function background(command: string, args: readonly string[], options: { cwd: string; env?: Record<string, string>; ready: RegExp; timeoutMs?: number }): Promise<Background> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', npm_config_update_notifier: 'false', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGTERM')
      } catch {}
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL')
        } catch {}
      }, 5000)
      await exited
      clearTimeout(timer)
    }
  }
  const ready = await new Promise<RegExpExecArray>((ok, fail) => {
    const timeoutMs = options.timeoutMs ?? 30_000
    const timer = setTimeout(() => fail(new Error(`${command} ${args.join(' ')} was not ready within ${timeoutMs} ms:\n${output}`)), timeoutMs)
    const onData = (chunk: string) => {
      output += chunk
      const match = options.ready.exec(output)
      if (match) {
        clearTimeout(timer)
        ok(match)
      }
    }
    child.stdout.setEncoding('utf8').on('data', onData)
    child.stderr.setEncoding('utf8').on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`${command} ${args.join(' ')} exited with ${code} before it was ready:\n${output}`))
    })
  }).catch(async (error) => {
    await stop()
    throw error
  })
  return { ready, output: () => output, stop }
}
