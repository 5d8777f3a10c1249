#!/usr/bin/env node
// `npm create mcp-aot@latest [dir] -- [--template <name>] [--name <name>]`: runs `mcp-aot init` with the
// same arguments, from the mcp-aot this package depends on. Plain JavaScript that any Node can parse, so an
// old Node is told what to install instead of failing on syntax.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const [major, minor] = process.versions.node.split('.').map(Number)
if (!(major === 22 ? minor >= 18 : major === 24 ? minor >= 11 : major > 24)) {
  process.stderr.write(`create-mcp-aot: Node ${process.versions.node} is too old; install Node 22.18 or later (or 24.11 or later) from https://nodejs.org and run it again.\n`)
  process.exit(1)
}

const require = createRequire(import.meta.url)
const root = dirname(require.resolve('mcp-aot/package.json'))
const bin = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).bin['mcp-aot']
const args = process.argv.slice(2)
const ran = spawnSync(process.execPath, [join(root, bin), 'init', ...args], { stdio: 'inherit' })
process.exit(ran.status ?? 1)
