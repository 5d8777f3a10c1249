#!/usr/bin/env node
/** The `mcp-aot` command: `init` a project from a template, `inspect` the tools of a project's sources. */
import { run } from './run.ts'

process.exitCode = await run(process.argv.slice(2), { cwd: process.cwd(), out: process.stdout, err: process.stderr })
