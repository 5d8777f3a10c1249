/**
 * An MCP Apps view built into one self-contained HTML document by the bundler the plugin runs in (a
 * ViewBundler: vite.ts, esbuild.ts, rollup.ts, webpack.ts beside this file). An HTML entry's local module
 * scripts and stylesheets are bundled and inlined (Vite builds the whole document itself and its output is
 * inlined the same way); a script entry (.ts/.tsx) gets a document written around its bundle. The host
 * renders the document in a sandboxed iframe with no network by default, so nothing is left to fetch.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, extname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** A view that did not build: the bundler's first error, with its location in the view's files when it has one. */
export class ViewBuildError extends Error {}

/** One entry (a script, or a stylesheet) bundled for the browser: minified JS and CSS, and the files read. */
export interface Bundled {
  js: string
  css: string
  inputs: string[]
}

export interface BuiltView {
  html: string
  /** Every file the view was built from, outside node_modules (watch files). */
  inputs: string[]
}

/** The bundler a view is built with: the one the plugin runs in, with the project's own configuration. */
export interface ViewBundler {
  /** Bundles one browser entry (a script or a stylesheet). */
  bundle(entry: string): Promise<Bundled>
  /** Builds an HTML entry as a whole (Vite, whose HTML pipeline runs the project's plugins); else bundle() per script. */
  document?(entry: string): Promise<BuiltView>
}

/** Images and fonts a view refers to, inlined as data URLs (every bundler's view build treats these alike). */
export const ASSET_TYPES = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.ico', '.woff', '.woff2', '.ttf', '.otf']

/** A package as the project has it, else as mcp-aot has it; undefined when neither does. */
export async function hostPackage<T>(name: string, root: string): Promise<T | undefined> {
  for (const from of [join(root, 'package.json'), import.meta.url]) {
    let path: string
    try {
      path = createRequire(from).resolve(name)
    } catch {
      continue // Not there: the next place.
    }
    return (await import(pathToFileURL(path).href)) as T
  }
  return undefined
}

/** Files a bundle was built from: absolute, outside node_modules, not virtual. */
export const sourceFiles = (ids: Iterable<string>, root: string): string[] =>
  [...ids].filter((id) => !id.startsWith('\0') && !/^[a-z][a-z0-9+.-]*:(?![\\/])/i.test(id)).map((id) => resolve(root, id.replace(/[?#].*$/, ''))).filter((p) => !/[\\/]node_modules[\\/]/.test(p))

/** `</script` and `</style` end the element they are inlined in; escaped, they mean the same to JS and CSS. */
const inlineSafe = (code: string, tag: 'script' | 'style') => code.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1')

/** A Rollup-style error (Vite's, Rollup's, Rolldown's, webpack's) as one line, located in the view's files when it has a location. */
export function bundlerFailure(error: unknown): ViewBuildError {
  const e = ((error as { errors?: unknown[] }).errors?.[0] ?? error) as { message?: string; id?: string; loc?: { file?: string; line: number; column: number } }
  const message = String(e.message ?? error).trim().split('\n')[0]!.replace(/^\[[\w:-]+\]\s*/, '')
  const file = e.loc?.file ?? e.id
  const at = file && e.loc ? `${file}:${e.loc.line}:${e.loc.column + 1}: ` : ''
  return new ViewBuildError(at && message.startsWith(file!) ? message : `${at}${message}`)
}

export const isUrl = (ref: string) => /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(ref)

/** Whitespace between tags and comments removed, except inside script, style, pre and textarea. */
export function minifyHtml(html: string): string {
  return html
    .split(/(<(script|style|pre|textarea)\b[\s\S]*?<\/\2\s*>)/i)
    .map((part, i) => (i % 3 === 1 ? part : i % 3 === 2 || part.trim() === '' ? '' : part.replace(/<!--(?!\[if)[\s\S]*?-->/g, '').replace(/>\s+</g, '><').replace(/\s{2,}/g, ' ').replace(/>\s+$/, '>').replace(/^\s+</, '<')))
    .join('')
    .trim()
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((v) => v !== undefined)

const SCRIPT = /<script\b([^>]*)>\s*<\/script\s*>/gi
const LINK = /<link\b[^>]*>/gi

/**
 * The document with each local `<script src>` and stylesheet `<link>` replaced by its contents inline:
 * `script(src)` gives a script's JS (and CSS it imports, put in the head), `style(href)` a stylesheet's CSS.
 */
export async function inlineReferences(html: string, script: (src: string) => Promise<{ js: string; css: string }>, style: (href: string) => Promise<string>): Promise<string> {
  const scripts = new Map<string, { js: string; css: string }>()
  for (const [, attrs] of html.matchAll(SCRIPT)) {
    const src = attr(attrs!, 'src')
    if (src && !isUrl(src) && !scripts.has(src)) scripts.set(src, await script(src))
  }
  const sheets = new Map<string, string>()
  for (const [tag] of html.matchAll(LINK)) {
    const href = attr(tag, 'href')
    if (/\bstylesheet\b/i.test(attr(tag, 'rel') ?? '') && href && !isUrl(href) && !sheets.has(href)) sheets.set(href, await style(href))
  }
  const styles: string[] = []
  let out = html.replace(SCRIPT, (whole, attrs: string) => {
    const src = attr(attrs, 'src')
    const built = src === undefined ? undefined : scripts.get(src)
    if (!built) return whole
    if (built.css) styles.push(built.css)
    return `<script type="module">${inlineSafe(built.js, 'script')}</script>`
  })
  out = out.replace(LINK, (tag) => {
    const css = sheets.get(attr(tag, 'href') ?? '')
    return css === undefined || !/\bstylesheet\b/i.test(attr(tag, 'rel') ?? '') ? tag : css ? `<style>${inlineSafe(css, 'style')}</style>` : ''
  })
  if (styles.length === 0) return out
  const head = `<style>${inlineSafe(styles.join(''), 'style')}</style>`
  return /<\/head>/i.test(out) ? out.replace(/<\/head>/i, () => `${head}</head>`) : head + out
}

/** A script entry's bundle in a document of its own, with `<div id="root">` to render into. */
export function scriptDocument({ js, css }: { js: string; css: string }): string {
  const style = css ? `<style>${inlineSafe(css, 'style')}</style>` : ''
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${style}</head><body><div id="root"></div><script type="module">${inlineSafe(js, 'script')}</script></body></html>`
}

/** Builds the view whose entry is `path` with `bundler`; throws a ViewBuildError saying why it does not build. */
export async function buildView(path: string, bundler: ViewBundler): Promise<BuiltView> {
  const isHtml = /^\.html?$/i.test(extname(path))
  if (isHtml && bundler.document) return bundler.document(path)
  const inputs = new Set<string>([path])
  const take = async (entry: string) => {
    const out = await bundler.bundle(entry)
    for (const f of out.inputs) inputs.add(f)
    return out
  }
  if (!isHtml) return { html: scriptDocument(await take(path)), inputs: [...inputs] }
  const dir = dirname(path)
  const html = await inlineReferences(
    minifyHtml(readFileSync(path, 'utf8')),
    (src) => take(resolve(dir, src)),
    async (href) => (await take(resolve(dir, href))).css,
  )
  return { html, inputs: [...inputs] }
}
