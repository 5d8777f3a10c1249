/**
 * One bundling policy for every Worker in the suite (ours and theirs alike): esbuild, ESM, browser
 * platform with the workerd/worker/browser conditions, ES2022, minified, no legal comments, production
 * NODE_ENV. Sizes are of the single output file, raw and gzip -9.
 */
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import * as esbuild from 'esbuild'

export const ESBUILD_POLICY: esbuild.BuildOptions = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  conditions: ['workerd', 'worker', 'browser'],
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'silent',
  write: true,
}

export async function bundleWithEsbuild(entry: string, outfile: string, extra: esbuild.BuildOptions = {}): Promise<string> {
  await esbuild.build({ ...ESBUILD_POLICY, ...extra, entryPoints: [entry], outfile })
  return outfile
}

export interface BundleSize {
  raw: number
  gzip: number
  /** Occurrences of `new Function(` or `eval(` in the bundle. */
  codegen: number
}

const CODEGEN = /new\s+Function\s*\(|\beval\s*\(/g

export function measureBundle(file: string): BundleSize {
  const buf = readFileSync(file)
  const text = buf.toString('utf8')
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length, codegen: text.match(CODEGEN)?.length ?? 0 }
}
