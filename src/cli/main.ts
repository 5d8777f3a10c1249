#!/usr/bin/env node
/** The `mcp-aot` command: `init` a project from a template, `inspect` the tools of a project's sources. */
import { run } from './run.ts'

// `mcp-aot inspect | head`: a reader that stops early is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
  process.exit(process.exitCode ?? 0)
})

process.exitCode = await run(process.argv.slice(2), { cwd: process.cwd(), out: process.stdout, err: process.stderr })
