/**
 * An MCP Apps view built into one self-contained HTML document: an HTML entry's module scripts and
 * stylesheets, or a script entry (.ts/.tsx) with a document written around it, bundled and minified by
 * esbuild (the project's copy, else mcp-aot's), their JS and CSS inlined, images and fonts as data URLs.
 * The host renders the document in a sandboxed iframe with no network by default, so nothing is left
 * to fetch. Synchronous (esbuild's buildSync), as a module's compile is.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, extname, isAbsolute, join, resolve } from 'node:path'
import type * as Esbuild from 'esbuild'

/** A view that did not build: esbuild's first error, with its location in the view's files when it has one. */
export class ViewBuildError extends Error {}

export interface BuiltView {
  html: string
  /** Every file the view was built from, outside node_modules (watch files). */
  inputs: string[]
}

/** esbuild as the project has it, else as mcp-aot has it; undefined when neither does. */
function esbuildFrom(root: string): typeof Esbuild | undefined {
  for (const from of [join(root, 'package.json'), import.meta.url]) {
    try {
      return createRequire(from)('esbuild') as typeof Esbuild
    } catch {
      // Not there: the next place.
    }
  }
  return undefined
}

const ASSETS = Object.fromEntries(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.ico', '.woff', '.woff2', '.ttf', '.otf'].map((e) => [e, 'dataurl' as const]))

/** `</script` and `</style` end the element they are inlined in; escaped, they mean the same to JS and CSS. */
const inlineSafe = (code: string, tag: 'script' | 'style') => code.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1')

const isUrl = (ref: string) => /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(ref)

interface Bundled {
  js: string
  css: string
}

function bundle(esbuild: typeof Esbuild, entry: string, root: string, inputs: Set<string>): Bundled {
  let out: Esbuild.BuildResult & { outputFiles: Esbuild.OutputFile[]; metafile: Esbuild.Metafile }
  try {
    out = esbuild.buildSync({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      write: false,
      metafile: true,
      outdir: join(dirname(entry), '.mcp-view'),
      absWorkingDir: root,
      loader: ASSETS,
      legalComments: 'none',
      charset: 'utf8',
      logLevel: 'silent',
    })
  } catch (error) {
    const first = (error as { errors?: Esbuild.Message[] }).errors?.[0]
    if (!first) throw new ViewBuildError(String((error as Error).message ?? error))
    const at = first.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : ''
    throw new ViewBuildError(`${at}${first.text}`)
  }
  for (const input of Object.keys(out.metafile.inputs)) {
    const path = isAbsolute(input) ? input : resolve(root, input)
    if (!/[\\/]node_modules[\\/]/.test(path) && !input.includes(':')) inputs.add(path)
  }
  const text = (ext: string) => out.outputFiles.filter((f) => f.path.endsWith(ext)).map((f) => f.text.trim()).join('')
  return { js: text('.js'), css: text('.css') }
}

/** Whitespace between tags and comments removed, except inside script, style, pre and textarea. */
export function minifyHtml(html: string): string {
  return html
    .split(/(<(script|style|pre|textarea)\b[\s\S]*?<\/\2\s*>)/i)
    .map((part, i) => (i % 3 === 1 ? part : i % 3 === 2 ? '' : part.replace(/<!--(?!\[if)[\s\S]*?-->/g, '').replace(/>\s+</g, '><').replace(/\s{2,}/g, ' ').replace(/>\s+$/, '>').replace(/^\s+</, '<')))
    .join('')
    .trim()
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((v) => v !== undefined)

/** An HTML entry: each local `<script src>` and stylesheet `<link>` bundled and inlined. */
function fromHtml(esbuild: typeof Esbuild, path: string, root: string, inputs: Set<string>): string {
  const dir = dirname(path)
  const styles: string[] = []
  let html = minifyHtml(readFileSync(path, 'utf8'))
  html = html.replace(/<script\b([^>]*)>\s*<\/script\s*>/gi, (whole, attrs: string) => {
    const src = attr(attrs, 'src')
    if (!src || isUrl(src)) return whole
    const { js, css } = bundle(esbuild, resolve(dir, src), root, inputs)
    if (css) styles.push(css)
    return `<script type="module">${inlineSafe(js, 'script')}</script>`
  })
  html = html.replace(/<link\b[^>]*>/gi, (tag) => {
    const href = attr(tag, 'href')
    if (!/\bstylesheet\b/i.test(attr(tag, 'rel') ?? '') || !href || isUrl(href)) return tag
    return `<style>${inlineSafe(bundle(esbuild, resolve(dir, href), root, inputs).css, 'style')}</style>`
  })
  if (styles.length === 0) return html
  const style = `<style>${inlineSafe(styles.join(''), 'style')}</style>`
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, () => `${style}</head>`) : style + html
}

/** A script entry: its bundle in a document of its own, with `<div id="root">` to render into. */
function fromScript(esbuild: typeof Esbuild, path: string, root: string, inputs: Set<string>): string {
  const { js, css } = bundle(esbuild, path, root, inputs)
  const style = css ? `<style>${inlineSafe(css, 'style')}</style>` : ''
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${style}</head><body><div id="root"></div><script type="module">${inlineSafe(js, 'script')}</script></body></html>`
}

/** Builds the view whose entry is `path`; throws a ViewBuildError saying why it does not build. */
export function buildView(path: string, root: string): BuiltView {
  const esbuild = esbuildFrom(root)
  if (!esbuild) throw new ViewBuildError('esbuild, which builds views, is not installed: npm i -D esbuild')
  const inputs = new Set<string>([path])
  const html = /^\.html?$/i.test(extname(path)) ? fromHtml(esbuild, path, root, inputs) : fromScript(esbuild, path, root, inputs)
  return { html, inputs: [...inputs] }
}
