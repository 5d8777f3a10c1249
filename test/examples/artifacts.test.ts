/**
 * Build artefacts: `mcp({ manifest: true, docs: true })` emits mcp-manifest.json, SKILL.md and llms.txt
 * next to the bundle, byte-identical from Vite, esbuild, Rollup, Rolldown and webpack. The expected texts
 * below are written by hand from the artefact formats (src/compiler/artifacts/artifacts.ts).
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build as esbuild, transform } from 'esbuild'
import { rolldown } from 'rolldown'
import { rollup } from 'rollup'
import { build as viteBuild } from 'vite'
import webpack from 'webpack'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { afterAll, describe, expect, it } from 'vitest'
import type { McpAotOptions } from '../../src/plugin.ts'
import mcpEsbuild from '../../src/esbuild.ts'
import mcpRolldown from '../../src/rolldown.ts'
import mcpRollup from '../../src/rollup.ts'
import mcpVite from '../../src/vite.ts'
import mcpWebpack from '../../src/webpack.ts'

const require = createRequire(import.meta.url)
const ROOT = fileURLToPath(new URL('./fixtures/kit/', import.meta.url))
const ENTRY = join(ROOT, 'entry.ts')
// With the token report (tokens: true), the manifest carries each entry's o200k tokens.
const ON: McpAotOptions = { root: ROOT, manifest: true, docs: true, tokens: true }

/** The tools/list entry of count_items; the manifest adds timeoutMs, source and its o200k tokens. */
const COUNT_ITEMS = {
  name: 'count_items',
  description: 'Counts items in a bin.',
  inputSchema: {
    type: 'object',
    properties: {
      bin: { type: 'string', description: 'The bin label.' },
      max: { type: 'integer', description: 'Stop counting at this number.', minimum: 1, maximum: 9, default: 5 },
    },
    required: ['bin'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true },
}

const MANIFEST = `${JSON.stringify(
  {
    server: { name: '@acme/kit-server', version: '2.1.0', description: 'Tracks the kit.' },
    transport: { type: 'streamable-http', path: '/mcp' },
    // Tokens: o200k of the compact JSON of the tools/list result and of each entry.
    tokens: { portable: countTokens(JSON.stringify({ tools: [COUNT_ITEMS] })) },
    tools: [{ ...COUNT_ITEMS, timeoutMs: 2000, scopes: ['kit:read'], source: 'tools.ts:12:8', tokens: { portable: countTokens(JSON.stringify(COUNT_ITEMS)) } }],
    resources: [],
    resourceTemplates: [
      {
        uriTemplate: 'bin://{label}',
        name: 'bin_label',
        description: "A bin's label.",
        parameters: { type: 'object', properties: { label: { type: 'string' } }, required: ['label'], additionalProperties: false },
        source: 'resources.ts:5:8',
      },
    ],
    prompts: [
      {
        name: 'greet',
        description: 'Greets.',
        arguments: [{ name: 'who', description: 'Whom to greet.', required: false }],
        source: 'resources.ts:14:8',
      },
    ],
  },
  null,
  2,
)}\n`

const SKILL = `---
name: kit-server
description: "Tracks the kit. Use it to call its MCP tools: count_items."
---

# @acme/kit-server 2.1.0

Tracks the kit.

An MCP server (Streamable HTTP, endpoint \`/mcp\`). Call its tools through an MCP client. Arguments are
one JSON object and are checked exactly as listed here: a wrong argument comes back as an error result
naming it (\`Argument 'x' is required.\`), so read the message, fix the argument and call again.

## Tools

### \`count_items\`

Counts items in a bin.

Read-only, times out after 2 s, needs the OAuth scope kit:read.

| Argument | Type | Required | Description |
|---|---|---|---|
| \`bin\` | string | yes | The bin label. |
| \`max\` | integer (1 to 9), default 5 | no | Stop counting at this number. |

Returns JSON as text.

## Resources

Read them with \`resources/read\`. A URI with \`{variables}\` is a template: fill them in.

- \`bin://{label}\` (template): A bin's label.

## Prompts

### \`greet\`

Greets.

- \`who\` (optional): string — Whom to greet.
`

const LLMS = `# @acme/kit-server

> Tracks the kit.

An MCP server (version 2.1.0) over Streamable HTTP at the path \`/mcp\`, with 1 tool, 1 resource and 1 prompt. Every JSON Schema is in [mcp-manifest.json](mcp-manifest.json).

## Tools

- count_items(bin: string; max?: integer (1 to 9), default 5): Counts items in a bin. (read-only, times out after 2 s, needs the OAuth scope kit:read) Returns JSON as text.

## Resources

- bin://{label}: A bin's label.

## Prompts

- greet(who?: string): Greets.
`

const EXPECTED = { 'mcp-manifest.json': MANIFEST, 'SKILL.md': SKILL, 'llms.txt': LLMS }

const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-aot-artifacts-'))
  dirs.push(dir)
  return dir
}

/** The non-JavaScript files a build left in a folder, by name. */
async function assetsIn(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const name of (await readdir(dir)).sort()) if (!/\.m?js$/.test(name)) out[name] = await readFile(join(dir, name), 'utf8')
  return out
}

const fromOutput = (output: readonly any[]) =>
  Object.fromEntries(output.filter((o) => o.type === 'asset').map((o) => [o.fileName, typeof o.source === 'string' ? o.source : new TextDecoder().decode(o.source)]).sort(([a], [b]) => (a < b ? -1 : 1)))

/** Rollup has no TypeScript of its own: strip types after mcp-aot. */
const stripTypes = {
  name: 'strip-types',
  async transform(code: string, id: string) {
    if (!id.endsWith('.ts')) return null
    return (await transform(code, { loader: 'ts', format: 'esm' })).code
  },
}

const BUILDS: Record<string, (options: McpAotOptions) => Promise<Record<string, string>>> = {
  async vite(options) {
    const out: any = await viteBuild({
      configFile: false,
      root: ROOT,
      logLevel: 'silent',
      plugins: [mcpVite(options)],
      build: { ssr: ENTRY, write: false, minify: false, rolldownOptions: { output: { format: 'es' } } },
      ssr: { noExternal: true, target: 'webworker' },
    })
    return fromOutput((Array.isArray(out) ? out[0] : out).output)
  },
  async esbuild(options) {
    const dir = await tempDir()
    await esbuild({ entryPoints: [ENTRY], bundle: true, format: 'esm', platform: 'neutral', outfile: join(dir, 'worker.js'), logLevel: 'silent', plugins: [mcpEsbuild(options)] })
    return assetsIn(dir)
  },
  async rollup(options) {
    const bundle = await rollup({ input: ENTRY, plugins: [mcpRollup(options), stripTypes], onwarn: () => {} })
    const { output } = await bundle.generate({ format: 'es' })
    await bundle.close()
    return fromOutput(output)
  },
  async rolldown(options) {
    const bundle = await rolldown({ input: ENTRY, plugins: [mcpRolldown(options)], logLevel: 'silent' })
    const { output } = await bundle.generate({ format: 'es' })
    await bundle.close()
    return fromOutput(output)
  },
  async webpack(options) {
    const dir = await tempDir()
    const loader = join(await tempDir(), 'strip-types.cjs')
    await writeFile(loader, `const { transformSync } = require(${JSON.stringify(require.resolve('esbuild'))})\nmodule.exports = function (code) { return transformSync(code, { loader: 'ts', format: 'esm' }).code }\n`)
    const compiler = webpack({
      mode: 'production',
      entry: ENTRY,
      context: ROOT,
      target: 'webworker',
      devtool: false,
      optimization: { minimize: false },
      experiments: { outputModule: true },
      output: { path: dir, filename: 'worker.mjs', library: { type: 'module' } },
      resolve: { extensions: ['.ts', '.js'] },
      module: { rules: [{ test: /\.ts$/, use: [{ loader }] }] },
      plugins: [mcpWebpack(options)],
    })
    await new Promise<void>((resolve, reject) =>
      compiler.run((error, stats) => {
        if (error) return reject(error)
        if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })))
        compiler.close(() => resolve())
      }),
    )
    return assetsIn(dir)
  },
}

describe('mcp({ manifest: true, docs: true })', () => {
  for (const [bundler, build] of Object.entries(BUILDS)) {
    it(`${bundler}: emits the three files next to the bundle, exactly as expected`, async () => {
      const files = await build(ON)
      expect(Object.keys(files).sort()).toEqual(['SKILL.md', 'llms.txt', 'mcp-manifest.json'])
      expect(files['mcp-manifest.json']).toBe(EXPECTED['mcp-manifest.json'])
      expect(files['SKILL.md']).toBe(EXPECTED['SKILL.md'])
      expect(files['llms.txt']).toBe(EXPECTED['llms.txt'])
    }, 60_000)
  }

  it('emits nothing without the options, only the manifest (under a chosen name) or only the docs when asked', async () => {
    expect(await BUILDS.esbuild!({ root: ROOT })).toEqual({})
    expect(await BUILDS.rolldown!({ root: ROOT, manifest: 'mcp/server.json', tokens: true })).toEqual({ 'mcp/server.json': MANIFEST })
    const docs = await BUILDS.vite!({ root: ROOT, docs: true, server: { name: 'kit', description: 'The kit server.' } })
    expect(Object.keys(docs).sort()).toEqual(['SKILL.md', 'llms.txt'])
    expect(docs['SKILL.md']).toMatch(/^---\nname: kit\ndescription: "The kit server\. Use it to call its MCP tools: count_items\."\n---\n\n# kit 2\.1\.0\n/)
    expect(docs['llms.txt']).not.toContain('mcp-manifest.json')
  })

  it('esbuild with write: false adds the files to outputFiles instead of writing them', async () => {
    const dir = await tempDir()
    const result = await esbuild({ entryPoints: [ENTRY], bundle: true, format: 'esm', platform: 'neutral', outdir: dir, write: false, logLevel: 'silent', plugins: [mcpEsbuild(ON)] })
    expect(await readdir(dir)).toEqual([])
    const files = Object.fromEntries(result.outputFiles.map((f) => [f.path.slice(dir.length + 1), f.text]))
    expect(Object.keys(files).sort()).toEqual(['SKILL.md', 'entry.js', 'llms.txt', 'mcp-manifest.json'])
    expect(files['mcp-manifest.json']).toBe(MANIFEST)
  })
})
