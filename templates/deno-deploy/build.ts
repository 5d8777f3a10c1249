/**
 * Bundles main.ts into one ES module, dist/main.js, with esbuild and the mcp-aot plugin: each `@tool`
 * function gets its JSON Schema and a precompiled validator at build time, so the bundle needs no npm
 * package at run time, minified (what Deno Deploy runs). `node build.ts --watch` rebuilds on every change (of a
 * tool or a type it uses).
 */
import * as esbuild from 'esbuild'
import mcp from 'mcp-aot/esbuild'

const options: esbuild.BuildOptions = {
  entryPoints: ['main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2023',
  minify: true,
  conditions: ['deno', 'worker', 'browser'],
  mainFields: ['module', 'main'],
  plugins: [mcp()],
  logLevel: 'info',
}

if (process.argv.includes('--watch')) await (await esbuild.context(options)).watch()
else await esbuild.build(options)
