/**
 * `strictProfiles`: a profile's refusal as a build error (MCP042) instead of a tool left out of that
 * profile's list. Real builds: esbuild (its own onLoad path, and buildEnd for a list refused as a whole) and
 * Rollup (the transform path).
 */
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'
import { rollup } from 'rollup'
import { describe, expect, it } from 'vitest'
import mcp from '../../src/esbuild.ts'
import mcpRollup from '../../src/rollup.ts'
import type { McpAotOptions } from '../../src/plugin.ts'
import { bundleWorker, loadWorker, ROOT } from '../runtime/bundle.ts'
import { legacyRequest, send } from '../runtime/helpers.ts'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

/** The errors and warnings esbuild reports for a build of `entry`, as `file:line:column CODE` and text. */
async function esbuildFindings(entry: string, options: Omit<McpAotOptions, 'root'>) {
  const result = await esbuild
    .build({
      entryPoints: [fixture(entry)],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
      logLevel: 'silent',
      plugins: [mcp({ root: ROOT, ...options })],
      alias: { 'mcp-aot': `${ROOT}src/index.ts`, 'mcp-aot/internal': `${ROOT}src/runtime/internal.ts` },
    })
    .then(
      (r) => ({ errors: [] as esbuild.Message[], warnings: r.warnings }),
      (e: esbuild.BuildFailure) => ({ errors: e.errors, warnings: e.warnings }),
    )
  const code = (m: esbuild.Message) => / - (?:error|warning) (MCP\d{3})/.exec(m.text)?.[1]
  const at = (m: esbuild.Message) => (m.location ? `${m.location.file}:${m.location.line}:${m.location.column + 1}` : '')
  return { errors: result.errors.map((m) => ({ code: code(m), at: at(m), text: m.text })), warnings: result.warnings.map((m) => code(m)) }
}

describe('strictProfiles: a tool the profile refuses fails the build', () => {
  it('esbuild: MCP042 at the part openai-strict refuses, saying what to write and what the build does without the option', async () => {
    const out = await esbuildFindings('strict-worker.ts', { profiles: ['openai-strict'], strictProfiles: true })
    expect(out.errors.map((e) => [e.code, e.at])).toEqual([['MCP042', 'test/profiles/fixtures/strict.ts:15:30']])
    const text = out.errors[0]!.text
    expect(text).toContain("error MCP042: openai-strict: tool 'set_metadata' at /properties/metadata: ")
    expect(text).toContain('Use an array of { key, value } objects, or an object type with named properties.')
    expect(text).toContain('The plugin option strictProfiles makes this an error; without openai-strict in it the tool is left out of the openai-strict list (warning MCP105).')
  })

  it('esbuild: strict for one profile only; the other profile still leaves the tool out with MCP105', async () => {
    const out = await esbuildFindings('strict-worker.ts', { profiles: ['openai-strict', 'gemini'], strictProfiles: ['gemini'] })
    expect(out.errors.map((e) => e.code)).toEqual(['MCP042'])
    expect(out.errors[0]!.text).toContain("error MCP042: gemini: tool 'set_metadata' at /properties/metadata")
    expect(out.errors[0]!.text).not.toContain('openai-strict')
  })

  it('without strictProfiles the same build succeeds, and the refused tool is left out of the profile list only', async () => {
    const out = await esbuildFindings('strict-worker.ts', { profiles: ['openai-strict'] })
    expect(out.errors).toEqual([])
    expect(out.warnings).toEqual(['MCP105'])
    const server = await loadWorker(await bundleWorker(fixture('strict-worker.ts'), { profiles: ['openai-strict'] }))
    const tools = (await send(server, legacyRequest('tools/list'))).body.result.tools
    expect(tools.map((t: any) => t.name)).toEqual(['greet', 'set_metadata'])
  })

  it('Rollup: the same MCP042, located in the text every bundler prints', async () => {
    const error = await rollup({ input: fixture('strict.ts'), plugins: [mcpRollup({ root: ROOT, profiles: ['anthropic-strict'], strictProfiles: true })] }).then(
      () => undefined,
      (e: Error) => e,
    )
    expect(error?.message).toContain("test/profiles/fixtures/strict.ts:15:30 - error MCP042: anthropic-strict: tool 'set_metadata' at /properties/metadata: ")
  })

  it('a strict profile the build does not write is refused when the plugin is made, naming those it writes', () => {
    expect(() => mcp({ root: ROOT, profiles: ['openai-strict'], strictProfiles: ['gemini'] })).toThrow(
      "mcp-aot: strictProfiles names 'gemini', which the option profiles does not build ('openai-strict'); add it to profiles, or write strictProfiles: true for every profile built.",
    )
  })
})

describe('strictProfiles: a list the profile refuses as a whole fails the build', () => {
  it('esbuild: 25 optional parameters under anthropic-strict are MCP042 at the 25th', async () => {
    const out = await esbuildFindings('wide-worker.ts', { profiles: ['anthropic-strict'], strictProfiles: true })
    expect(out.errors.map((e) => e.code)).toEqual(['MCP042'])
    expect(out.errors[0]!.text).toContain(
      "test/profiles/fixtures/wide.ts:30:349 - error MCP042: anthropic-strict: the list of 1 tools: The list's tools have 25 optional parameters, and Anthropic strict mode takes at most 24 across all strict tools of a request (the 25th is 'a25' of 'wide').",
    )
  })

  it('without the option the list is a warning MCP105 and the build goes on', async () => {
    const out = await esbuildFindings('wide-worker.ts', { profiles: ['anthropic-strict'] })
    expect(out.errors).toEqual([])
    expect(out.warnings).toEqual(['MCP105'])
  })
})
