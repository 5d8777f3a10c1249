/**
 * TypeScript as the oracle: one generated .ts file declares every value against its signature's parameter
 * object type (`const v12: P7 = <JSON>;`, one per line), one `tsc --noEmit` run checks them all, and each
 * error line maps back to the value on that line. The mcp-aot names (Int, Min, Email, …) are the package's
 * own type file, src/types.ts, imported as 'mcp-aot' through tsconfig `paths`.
 *
 * Wire shapes: a JSON argument for Date, URL, Uint8Array or bigint is a string and for Set an array, and
 * Map an object, so the oracle file shadows those names with their wire types (`bigint`, a keyword,
 * is rewritten to WireBigInt). What those strings must look like is a constraint (see values.ts).
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

const WIRE = [
  'type Date = string',
  'type URL = string',
  'type Uint8Array = string',
  'type Set<T> = T[]',
  'type ReadonlySet<T> = readonly T[]',
  'type Map<K extends string, V> = Record<K, V>',
  'type WireBigInt = string',
]

/** Top-level pieces of a parameter list, split at commas outside brackets and quotes. */
export function splitTop(text: string, sep = ','): string[] {
  const out: string[] = []
  let depth = 0
  let quote = ''
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = ''
    } else if (c === "'" || c === '"') quote = c
    else if ('<([{'.includes(c)) depth++
    else if ('>)]}'.includes(c)) depth--
    else if (depth === 0 && text.startsWith(sep, i)) {
      out.push(text.slice(start, i).trim())
      start = i + sep.length
    }
  }
  out.push(text.slice(start).trim())
  return out.filter((p) => p !== '')
}

/** The TypeScript type of a signature's arguments object, as the contract reads the parameters. */
export function argumentsType(signature: string, index = -1): string {
  const params = splitTop(signature)
  if (params.length === 1 && params[0]!.startsWith('{')) return splitTop(params[0]!, ':')[1]!
  const props = params.map((p, k) => {
    const [head, def] = splitTop(p, ' = ')
    const [name, ...type] = splitTop(head!, ':')
    // Untyped, with a default: the type tsc infers for the parameter of the function `untypedFunctions` declares
    // for the signature (without the undefined of its being optional).
    const text = type.length > 0 ? type.join(':') : `NonNullable<Parameters<typeof __untyped${index}>[${k}]>`
    const optional = name!.endsWith('?') || def !== undefined || /\|\s*undefined$/.test(text)
    return `${JSON.stringify(name!.replace(/\?$/, ''))}${optional ? '?' : ''}: ${text}`
  })
  return `{ ${props.join('; ')} }`
}

/** A signature with a parameter written without a type: the function tsc infers its type in (`argumentsType` reads it). */
export function untypedFunctions(signatures: readonly string[]): string[] {
  return signatures.flatMap((sig, i) => (splitTop(sig).some((p) => !splitTop(splitTop(p, ' = ')[0]!, ':')[1] && !p.startsWith('{')) ? [`const __untyped${i} = (${sig}) => {}`] : []))
}

export const wire = (type: string) => type.replace(/\bbigint\b/g, 'WireBigInt')

export interface OracleInput {
  imports: string
  /** Other files beside the oracle's (in src/), by name (what `imports` imports from). */
  files: Record<string, string>
  /** Files at the project root (package.json, node_modules/…); the oracle writes its own tsconfig.json. */
  root: Record<string, string>
  prelude: string[]
  /** Per signature: its arguments type. */
  types: string[]
  /** Per value: which signature, and its JSON text. */
  values: { type: number; json: string }[]
}

/** Runs tsc once; returns, per value, whether TypeScript accepts it. Throws on an error outside the value lines. */
export function typescriptAccepts(input: OracleInput): boolean[] {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-aot-oracle-'))
  try {
    // One line each from here on (a prelude entry may span several).
    const lines = [input.imports, ...WIRE, ...input.prelude.map(wire), ...input.types.map((t, i) => `type P${i} = ${wire(t)}`)].join('\n').split('\n')
    const first = lines.length + 1
    for (const [i, v] of input.values.entries()) lines.push(`export const v${i}: P${v.type} = ${v.json}`)
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    for (const [path, text] of Object.entries(input.root)) write(path, text)
    write('src/oracle.ts', lines.join('\n') + '\n')
    for (const [name, text] of Object.entries(input.files)) write(`src/${name}`, text)
    write('tsconfig.json', JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, target: 'es2023', module: 'esnext', moduleResolution: 'bundler', lib: ['es2023'], types: [],
        skipLibCheck: true, allowImportingTsExtensions: true, paths: { 'mcp-aot': [join(ROOT, 'src/types.ts')], '@/*': ['./src/*'] },
      },
      files: ['src/oracle.ts', ...Object.keys(input.files).map((name) => `src/${name}`)],
    }))
    const run = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', dir, '--pretty', 'false'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
    const refused = new Set<number>()
    for (const line of run.stdout.split('\n')) {
      const m = /oracle\.ts\((\d+),\d+\): error (.*)$/.exec(line)
      if (!m) {
        if (/: error /.test(line)) throw new Error(`tsc refused a file beside the oracle: ${line}`)
        continue
      }
      const n = Number(m[1])
      if (n < first) throw new Error(`tsc refused the oracle's declarations at line ${n} (${lines[n - 1]}): ${m[2]}`)
      refused.add(n - first)
    }
    if (run.error) throw run.error
    if (run.status !== 0 && refused.size === 0) throw new Error(`tsc failed: ${(run.stdout + run.stderr).slice(0, 2000)}`)
    return input.values.map((_, i) => !refused.has(i))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
