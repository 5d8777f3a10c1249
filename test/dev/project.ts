/**
 * A throwaway copy of test/dev/fixture served by Vite's dev server on 127.0.0.1 (a free port), with
 * everything Vite logs captured, and helpers to edit its files and wait for the server to notice.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createLogger, createServer, type PluginOption, type ViteDevServer } from 'vite'

const FIXTURE = fileURLToPath(new URL('./fixture/', import.meta.url))

export interface DevProject {
  root: string
  url: string
  /** Everything Vite logged (info, warnings, errors), colours removed. */
  logs: string[]
  server: ViteDevServer
  write(file: string, text: string): Promise<void>
  close(): Promise<void>
}

/** `files` (path → text) are written over the fixture's copy before the server starts. */
export async function startDevProject(plugins: (root: string) => PluginOption[], files: Record<string, string> = {}): Promise<DevProject> {
  const root = await mkdtemp(join(tmpdir(), 'mcp-aot-dev-'))
  await cp(FIXTURE, root, { recursive: true })
  for (const [file, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, file)), { recursive: true })
    await writeFile(join(root, file), text)
  }
  const logs: string[] = []
  const logger = createLogger('info', { allowClearScreen: false })
  const capture = (level: 'info' | 'warn' | 'error') => (message: string) => void logs.push(`${level}: ${message.replace(/\x1b\[[0-9;]*m/g, '')}`)
  logger.info = capture('info')
  logger.warn = capture('warn')
  logger.warnOnce = capture('warn')
  logger.error = capture('error')
  const server = await createServer({
    configFile: false,
    root,
    customLogger: logger,
    plugins: plugins(root),
    server: { host: '127.0.0.1', port: 0, strictPort: false, watch: { usePolling: false } },
    clearScreen: false,
  })
  await server.listen()
  const address = server.httpServer!.address()
  if (address === null || typeof address === 'string') throw new Error('the dev server did not listen on a TCP port')
  return {
    root,
    url: `http://127.0.0.1:${address.port}/mcp`,
    logs,
    server,
    write: (file, text) => edit(server, join(root, file), text),
    close: async () => {
      await server.close()
      await rm(root, { recursive: true, force: true })
    },
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
let lastEdit = 0

/**
 * Writes a file as an editor saves it, and waits until Vite's watcher has seen the change (a file saved
 * twice within a few milliseconds can reach the watcher as one event; people do not type that fast).
 */
async function edit(server: ViteDevServer, file: string, text: string): Promise<void> {
  await sleep(Math.max(0, lastEdit + 200 - Date.now()))
  for (let attempt = 0; attempt < 3; attempt++) {
    const seen = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), 3000)
      const onChange = (path: string) => path === file && done(true)
      const done = (ok: boolean) => {
        clearTimeout(timer)
        server.watcher.off('change', onChange)
        resolve(ok)
      }
      server.watcher.on('change', onChange)
    })
    await writeFile(file, text)
    lastEdit = Date.now()
    if (await seen) return
  }
  throw new Error(`Vite's watcher never reported the change to ${file}`)
}

/** Polls until `check` returns a value other than undefined (or throws the last failure after the timeout). */
export async function until<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value !== undefined) return value
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
