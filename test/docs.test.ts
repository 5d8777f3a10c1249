/**
 * docs/ kept true. Every fenced block in docs/ is preceded by a `<!-- check: kind args -->` line saying how
 * it is checked, and is checked that way here:
 * - `tool [names…]`: built through the plugin (Rollup) with no error and no warning, declaring these tools;
 * - `before MCPnnn` / `after MCPnnn` (docs/diagnostics.md): the before example gives exactly that one code,
 *   the after example builds clean; `file MCPnnn path` is a second file both are built with;
 *   `before MCPnnn path` / `after MCPnnn path`: the example is that file (package.json, a skill's SKILL.md) instead of src/tools.ts;
 * - `excerpt path`: its lines, in order, are lines of that tested file (indentation aside);
 * - `commands dir`: every command is an npm script of dir/package.json, a template, a CLI command, or a
 *   wrangler command (`npx wrangler secret put KEY`: `wrangler secret put` in wrangler's command tree);
 * - `build-output path`: the file built through the plugin prints these lines;
 * - `diagram`: every MCP method it names (`tools/call`) is one the runtime serves;
 * - `whole path`: the block is that tested file, all of it;
 * - `quickstart path`: README's quick start, the file `path` of the project test/readme.test.ts builds and runs;
 * - `layout`: every path a line starts with exists in the repository;
 * - `figure`: a drawing (no language), nothing to copy.
 * README.md is held to the same rules. Every block a reader copies is complete (the kinds above but
 * `excerpt`) or visibly a fragment: an `excerpt` opens with a comment line saying which file it is part of
 * and what surrounds it (`// Part of src/tools/notes.ts, after its imports.`). The `tool` and `after`
 * blocks are type-checked together, as modules of one project with the Workers template's tsconfig.
 * And every relative link and #anchor in README.md and docs/ points at a file and heading that exist.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { transform } from 'esbuild'
import { rollup } from 'rollup'
import { describe, expect, it } from 'vitest'
import { CODES } from '../src/compiler/diagnostics.ts'
import type { McpAotOptions } from '../src/plugin.ts'
import mcpRollup from '../src/rollup.ts'
import { compileFiles } from './compiler/harness.ts'
import { tempProject } from './helpers/temp-project.ts'

const ROOT = resolve(import.meta.dirname, '..')
const DOCS = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)
const PAGES = ['README.md', ...DOCS]
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')

interface Block {
  page: string
  line: number
  lang: string
  kind: string
  args: string[]
  text: string
}

/** The fenced blocks of a page, each with the check line above it (kind '' when there is none). */
function blocksOf(page: string): Block[] {
  const lines = read(page).split('\n')
  const out: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)$/.exec(lines[i]!)
    if (!open) continue
    const end = lines.indexOf('```', i + 1)
    if (end < 0) throw new Error(`${page}:${i + 1}: an unclosed code block`)
    const check = /^<!-- check: (\S+)((?: \S+)*) -->$/.exec(lines[i - 1] ?? '')
    out.push({ page, line: i + 1, lang: open[1]!, kind: check?.[1] ?? '', args: check?.[2]!.trim().split(' ').filter(Boolean) ?? [], text: lines.slice(i + 1, end).join('\n') + '\n' })
    i = end
  }
  return out
}

const BLOCKS = PAGES.flatMap(blocksOf)
const where = (b: Block) => `${b.page}:${b.line}`

const stripTypes = {
  name: 'strip-types',
  async transform(code: string, id: string) {
    if (!/\.ts$/.test(id)) return null
    return { code: (await transform(code, { loader: 'ts', format: 'esm' })).code }
  },
}

interface Built {
  /** The codes of the findings, errors and warnings, in the order printed. */
  codes: string[]
  /** The error text (empty when the build succeeded). */
  error: string
}

/**
 * Builds `files` (the first one is the entry) in a fresh folder through the plugin; with `root`, the files
 * already there. `plugin`: more plugin options. `tokenizerIfListed`: gpt-tokenizer resolves only when the
 * folder's package.json lists it, as after `npm install` (MCP043).
 */
async function build(files: Record<string, string>, options: { profiles?: string[]; strictProfiles?: boolean; root?: string; plugin?: Partial<McpAotOptions>; tokenizerIfListed?: boolean } = {}): Promise<Built> {
  const root = options.root ?? tempProject('mcp-aot-docs-', files)
  try {
    const warnings: string[] = []
    let error = ''
    const listed = /"gpt-tokenizer"/.test(files['package.json'] ?? '')
    const hooks = options.tokenizerIfListed && !listed ? registerHooks({ resolve: (specifier, context, next) => {
      if (/^gpt-tokenizer(\/|$)/.test(specifier)) throw Object.assign(new Error(`Cannot find module '${specifier}'`), { code: 'MODULE_NOT_FOUND' })
      return next(specifier, context)
    } }) : undefined
    try {
      const b = await rollup({
        input: join(root, Object.keys(files)[0]!),
        plugins: [mcpRollup({ root, profiles: options.profiles as any, strictProfiles: options.strictProfiles, ...options.plugin }), stripTypes],
        onwarn: (w) => void (/ - warning MCP\d{3}/.test(w.message) && warnings.push(w.message)),
      })
      await b.close()
    } catch (e) {
      error = String((e as Error).message)
    } finally {
      hooks?.deregister()
    }
    const codes = [...error.matchAll(/ - error (MCP\d{3})/g), ...warnings.join('\n').matchAll(/ - warning (MCP\d{3})/g)].map((m) => m[1]!)
    return { codes, error }
  } finally {
    if (!options.root) rmSync(root, { recursive: true, force: true })
  }
}

describe('every block in README.md and docs/ says how it is checked', () => {
  it('has a check line', () => {
    expect(BLOCKS.filter((b) => b.kind === '').map(where)).toEqual([])
    expect(BLOCKS.length).toBeGreaterThan(0)
  })
  it('uses a known kind', () => {
    const kinds = new Set(['tool', 'before', 'after', 'file', 'excerpt', 'whole', 'quickstart', 'layout', 'figure', 'commands', 'build-output', 'diagram'])
    expect(BLOCKS.filter((b) => !kinds.has(b.kind)).map((b) => `${where(b)} ${b.kind}`)).toEqual([])
  })
  it('is complete, or says in its first line which file it is part of and what surrounds it', () => {
    const unmarked = BLOCKS.filter((b) => b.kind === 'excerpt' && fragmentOf(b) === undefined)
    expect(unmarked.map((b) => `${where(b)}: ${b.text.split('\n')[0]}`)).toEqual([])
  })
})

/**
 * A fragment's first line: a comment in the block's language, `Part of <file>, <what surrounds it>.`
 * (`// …` in TypeScript and JSONC, `# …` in shell, `-- …` in SQL, `<!-- … -->` in HTML). JSON has no
 * comments, so a JSON block is always a whole file.
 */
function fragmentOf(b: Block): { file: string; around: string } | undefined {
  const comment = { ts: /^\/\/ (.*)$/, js: /^\/\/ (.*)$/, jsonc: /^\/\/ (.*)$/, sh: /^# (.*)$/, sql: /^-- (.*)$/, html: /^\s*<!-- (.*) -->$/ }[b.lang]
  const said = comment?.exec(b.text.split('\n')[0]!)?.[1]
  const m = said === undefined ? null : /^Part of (\S+?), (.{12,})\.$/.exec(said)
  return m ? { file: m[1]!, around: m[2]! } : undefined
}

/** The block's lines a reader copies from the tested file: a fragment's marker line is the doc's own. */
const bodyOf = (b: Block) => (fragmentOf(b) ? b.text.slice(b.text.indexOf('\n') + 1) : b.text)

describe('tool blocks build through the plugin without a finding', () => {
  for (const b of BLOCKS.filter((b) => b.kind === 'tool')) {
    it(where(b), async () => {
      const out = await build({ 'src/tools.ts': b.text })
      expect(out.error).toBe('')
      expect(out.codes).toEqual([])
      // Every tool block names its tools: `<!-- check: tool name … -->`.
      expect(await toolNames(b.text)).toEqual(b.args)
    })
  }
})

/** The names a module declares, as the compiler reads them. */
async function toolNames(source: string): Promise<string[]> {
  return compileFiles({ 'src/tools.ts': source }).declarations.map((d) => d.name)
}

describe('docs/diagnostics.md: every code, before and after', () => {
  const diag = BLOCKS.filter((b) => b.page === 'docs/diagnostics.md')
  const lint = ['MCP101', 'MCP102', 'MCP103', 'MCP104', 'MCP105', 'MCP106', 'MCP107', 'MCP108', 'MCP109', 'MCP110', 'MCP111', 'MCP112']
  const codes = [...Object.keys(CODES), ...lint]
  it('has one before and one after example per code, and no other code', () => {
    for (const kind of ['before', 'after']) {
      expect(diag.filter((b) => b.kind === kind).map((b) => b.args[0])).toEqual(codes)
    }
    expect(diag.filter((b) => b.kind === 'file').every((b) => codes.includes(b.args[0]!))).toBe(true)
  })
  it('has a heading per code, in order', () => {
    expect([...read('docs/diagnostics.md').matchAll(/^### (MCP\d{3})\b/gm)].map((m) => m[1])).toEqual(codes)
  })
  for (const code of codes) {
    const extra = Object.fromEntries(diag.filter((b) => b.kind === 'file' && b.args[0] === code).map((b) => [b.args[1]!, b.text]))
    const profiles = code === 'MCP105' || code === 'MCP106' || code === 'MCP042' ? ['openai-strict'] : undefined
    const strictProfiles = code === 'MCP042' ? true : undefined
    // MCP043: the token report; MCP044–MCP046: the registry's server.json, from package.json; MCP053–MCP056: skill folders.
    const plugin = code === 'MCP043' ? { tokens: true } : ['MCP044', 'MCP045', 'MCP046'].includes(code) ? { registry: { url: 'https://notes.example.com/mcp' } } : ['MCP053', 'MCP054', 'MCP055', 'MCP056'].includes(code) ? { skills: 'skills' } : undefined
    const options = { profiles, strictProfiles, plugin, tokenizerIfListed: code === 'MCP043' }
    const before = diag.find((b) => b.kind === 'before' && b.args[0] === code)
    const after = diag.find((b) => b.kind === 'after' && b.args[0] === code)
    // `before MCPnnn path`: the example is that file (package.json, say); src/tools.ts is then a `file` block.
    const files = (example: Block) => ({ 'src/tools.ts': '', ...extra, [example.args[1] ?? 'src/tools.ts']: example.text })
    it(`${code}: the before example gives exactly ${code}`, async () => {
      expect((await build(files(before!), options)).codes).toEqual([code])
    })
    it(`${code}: the after example builds clean`, async () => {
      const out = await build(files(after!), options)
      expect(out.error).toBe('')
      expect(out.codes).toEqual([])
    })
  }
})

describe('excerpts are lines of tested files', () => {
  for (const b of BLOCKS.filter((b) => b.kind === 'excerpt')) {
    it(`${where(b)} from ${b.args[0]}`, () => {
      const file = read(b.args[0]!).split('\n').map((l) => l.trim())
      let at = 0
      for (const line of bodyOf(b).split('\n').map((l) => l.trim()).filter(Boolean)) {
        const found = file.indexOf(line, at)
        expect(found, `${line} (after line ${at} of ${b.args[0]})`).toBeGreaterThanOrEqual(0)
        at = found + 1
      }
    })
  }
})

describe('whole files are those files', () => {
  for (const b of BLOCKS.filter((b) => b.kind === 'whole')) {
    it(`${where(b)} is ${b.args[0]}`, () => {
      const lines = (text: string) => text.trimEnd().split('\n').map((l) => l.trimEnd())
      expect(lines(b.text)).toEqual(lines(read(b.args[0]!)))
    })
  }
})

describe('README quick start', () => {
  const quick = BLOCKS.filter((b) => b.kind === 'quickstart')
  it('is the blocks test/readme.test.ts builds and runs, each naming its file', () => {
    const readme = read('README.md').split('\n')
    const section = [readme.indexOf('## Quick start') + 1, readme.findIndex((l, i) => i > readme.indexOf('## Quick start') && l.startsWith('## '))]
    expect(quick.length).toBeGreaterThanOrEqual(4)
    for (const b of quick) {
      expect(b.page).toBe('README.md')
      expect(b.line > section[0]! && b.line < section[1]!, where(b)).toBe(true)
      expect(b.args, where(b)).toHaveLength(1)
    }
    // test/readme.test.ts takes the blocks by this same check line.
    expect(read('test/readme.test.ts')).toContain('<!-- check: quickstart (\\S+) -->')
  })
})

describe('figures are drawings', () => {
  it('have no language, so no reader takes them for code', () => {
    expect(BLOCKS.filter((b) => b.kind === 'figure' && b.lang !== '').map(where)).toEqual([])
  })
})

describe('layouts name paths that exist', () => {
  for (const b of BLOCKS.filter((b) => b.kind === 'layout')) {
    it(where(b), () => {
      const paths = b.text.split('\n').map((l) => /^(\S+\/\S*)/.exec(l)?.[1]).filter((p): p is string => p !== undefined)
      expect(paths.length).toBeGreaterThan(0)
      const expanded = paths.flatMap((p) => p.split(/\s/)).flatMap((p) => (/\{(.+)\}/.test(p) ? /\{(.+)\}/.exec(p)![1]!.split(',').map((part) => p.replace(/\{.+\}/, part)) : [p]))
      expect(expanded.filter((p) => !existsSync(join(ROOT, p)))).toEqual([])
    })
  }
})

describe('the complete TypeScript blocks type-check', () => {
  it('every tool block and every diagnostics after example, as modules of one program, with the template\'s tsconfig', () => {
    const dir = join(ROOT, 'node_modules/.cache/mcp-aot-docs-typecheck')
    rmSync(dir, { recursive: true, force: true })
    const typed = BLOCKS.filter((b) => (b.kind === 'tool' || b.kind === 'after') && b.lang === 'ts' && (b.args[1] ?? 'src/tools.ts').endsWith('.ts'))
    expect(typed.length).toBeGreaterThan(50)
    const at = new Map<string, Block>()
    typed.forEach((b, i) => {
      const folder = join(dir, `b${i}`)
      // A diagnostics example's other files (`file MCPnnn path`) are beside it, as its build has them.
      const extra = b.kind === 'after' ? BLOCKS.filter((f) => f.page === b.page && f.kind === 'file' && f.args[0] === b.args[0]) : []
      for (const f of extra) {
        mkdirSync(dirname(join(folder, f.args[1]!)), { recursive: true })
        writeFileSync(join(folder, f.args[1]!), f.text)
      }
      const file = join(folder, b.args[1] ?? 'src/tools.ts')
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, b.text)
      at.set(relative(ROOT, file), b)
    })
    // As the Workers template checks its sources (`npm run typecheck`), mcp-aot being this repository's.
    // mcp-aot's exports as an installed copy has them: the built declarations (global-setup builds dist/).
    const exports = Object.entries(JSON.parse(read('package.json')).exports as Record<string, string | { types?: string }>)
    const paths = Object.fromEntries(exports.flatMap(([key, target]) => (typeof target === 'object' && target.types ? [[key.replace(/^\./, 'mcp-aot'), [join(ROOT, target.types)]]] : [])))
    const options = { ...JSON.parse(read('templates/cloudflare-workers/tsconfig.json')).compilerOptions, paths }
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, include: ['**/*.ts', '**/*.json'] }))
    let out = ''
    try {
      execFileSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8' })
    } catch (error) {
      out = String((error as { stdout?: string }).stdout)
    }
    // Each error at the doc's block it came from.
    const errors = out.split('\n').filter((l) => /error TS\d+/.test(l)).map((l) => {
      const file = /^(\S+?)\(\d+,\d+\)/.exec(l)?.[1]
      const b = file ? at.get(relative(ROOT, resolve(ROOT, file))) : undefined
      return b ? `${where(b)}: ${l.slice(l.indexOf('error'))}` : l
    })
    expect(errors).toEqual([])
    rmSync(dir, { recursive: true, force: true })
  }, 120_000)
})

describe('commands exist', () => {
  it("wrangler's command tree tells a command from a namespace or a typo", async () => {
    expect(await wranglerCommand(['d1', 'create', 'library'])).toBe(true)
    expect(await wranglerCommand(['secret', 'put', 'MCP_STATE_SECRET'])).toBe(true)
    expect(await wranglerCommand(['secret'])).toBe(false)
    expect(await wranglerCommand(['secrets', 'put', 'KEY'])).toBe(false)
    expect(await wranglerCommand(['--help'])).toBe(false)
  })
  for (const b of BLOCKS.filter((b) => b.kind === 'commands')) {
    it(`${where(b)} in ${b.args[0]}`, async () => {
      const scripts: Record<string, string> = JSON.parse(read(join(b.args[0]!, 'package.json'))).scripts
      for (const raw of b.text.split('\n').filter(Boolean)) {
        const line = raw.replace(/\s+#.*$/, '')
        let m: RegExpExecArray | null
        if ((m = /^npm run (\S+)/.exec(line))) expect(scripts, line).toHaveProperty([m[1]!])
        else if ((m = /^npm (test|start)$/.exec(line))) expect(scripts, line).toHaveProperty([m[1]!])
        else if ((m = /^npx mcp-aot init \S+ --template (\S+)$/.exec(line))) expect(existsSync(join(ROOT, 'templates', m[1]!)), line).toBe(true)
        else if ((m = /^npx mcp-aot (\w+)\b/.exec(line))) expect(existsSync(join(ROOT, 'src/cli', `${m[1]}.ts`)), line).toBe(true)
        else if ((m = /^npx wrangler (.+)$/.exec(line))) expect(await wranglerCommand(m[1]!.split(' ')), line).toBe(true)
        else if ((m = /^npm create mcp-aot@latest \S+(?: -- --template (\S+))?$/.exec(line))) expect(existsSync(join(ROOT, 'templates', m[1] ?? 'cloudflare-workers')) && existsSync(join(ROOT, 'create-mcp-aot/index.js')), line).toBe(true)
        else if ((m = /^node dist\/cli\/main\.js (\w+)\b/.exec(line))) expect(existsSync(join(ROOT, 'src/cli', `${m[1]}.ts`)), line).toBe(true)
        else expect(line, 'a command this test knows').toMatch(/^(cd \S+ && npm install( && npm test)?|npm install|npm pack|npx vite build( && npx wrangler deploy)?)$/)
      }
    })
  }
})

/** wrangler's command tree, read in this process from the devDependency (no run of wrangler per command). */
let wranglerCommands: Promise<WranglerNode> | undefined
interface WranglerNode {
  definition?: { type: string; command: string }
  subtree?: Map<string, WranglerNode>
}

/**
 * Whether `args` start with a wrangler command (not a namespace): `secret put MCP_STATE_SECRET` is
 * `wrangler secret put` and its argument; `d1 create library` is `wrangler d1 create`.
 */
async function wranglerCommand(args: string[]): Promise<boolean> {
  const tree = await (wranglerCommands ??= import('wrangler').then((w) => (w as unknown as { experimental_getWranglerCommands(): { registry: WranglerNode } }).experimental_getWranglerCommands().registry))
  let node = tree
  let depth = 0
  while (depth < args.length && node.subtree?.has(args[depth]!)) node = node.subtree.get(args[depth++]!)!
  return depth > 0 && node.definition?.type === 'command' && node.definition.command === `wrangler ${args.slice(0, depth).join(' ')}`
}

describe('build output is what the build prints', () => {
  for (const b of BLOCKS.filter((b) => b.kind === 'build-output')) {
    it(`${where(b)} from ${b.args[0]}`, async () => {
      const path = b.args[0]!
      const out = await build({ [path]: '' }, { root: ROOT })
      const printed = out.error.split('\n').map((l) => l.trimEnd())
      for (const line of b.text.split('\n').filter((l) => l && l !== '…')) expect(printed).toContain(line.trimEnd())
    })
  }
})

describe('diagrams name methods the runtime serves', () => {
  const runtime = readdirSync(join(ROOT, 'src/runtime'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n')
  for (const b of BLOCKS.filter((b) => b.kind === 'diagram')) {
    it(where(b), () => {
      const methods = [...b.text.matchAll(/\b[a-z]+\/[a-z][A-Za-z]+\b/g)].map((m) => m[0])
      expect(methods.length).toBeGreaterThan(0)
      expect(methods.filter((m) => !runtime.includes(`'${m}'`))).toEqual([])
    })
  }
})

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(page: string): Set<string> {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  const text = read(page).replace(/^```[\s\S]*?^```$/gm, '')
  for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = m[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-')
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    out.add(n === 0 ? base : `${base}-${n}`)
  }
  return out
}

describe('links', () => {
  for (const page of PAGES) {
    it(`every relative link and anchor in ${page} resolves`, () => {
      const text = read(page).replace(/^```[\s\S]*?^```$/gm, '')
      const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l))
      const broken = links.filter((link) => {
        const [path, anchor] = link.split('#') as [string, string | undefined]
        const target = path === '' ? page : relative(ROOT, resolve(ROOT, dirname(page), path))
        if (!existsSync(join(ROOT, target))) return true
        return anchor !== undefined && !anchorsOf(target).has(anchor)
      })
      expect(broken).toEqual([])
    })
  }
  it('README.md is the front door: under 12 KB, the rest in docs/', () => {
    expect(Buffer.byteLength(read('README.md'))).toBeLessThan(12_000)
  })
  it('README.md links every page of docs/', () => {
    const readme = read('README.md')
    expect(DOCS.filter((d) => !readme.includes(`](${d})`))).toEqual([])
  })
})
