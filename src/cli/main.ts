#!/usr/bin/env node
/** The `mcp-aot` command: `init` a project from a template, `inspect` the tools of a project's sources. */
import { nodeTooOld } from './node-version.ts'

// Before the rest loads: on an old Node, one sentence saying what to install instead of a stack trace.
const tooOld = nodeTooOld(process.versions.node)
if (tooOld !== undefined) {
  process.stderr.write(tooOld + '\n')
  process.exit(1)
}

// `mcp-aot inspect | head`: a reader that stops early is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error
  process.exit(process.exitCode ?? 0)
})

const { run } = await import('./run.ts')
process.exitCode = await run(process.argv.slice(2), { cwd: process.cwd(), out: process.stdout, err: process.stderr })
