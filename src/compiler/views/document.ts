/**
 * An MCP Apps view built into one self-contained HTML document by the bundler the plugin runs in (a
 * ViewBundler: vite.ts, esbuild.ts, rollup.ts, webpack.ts beside this file). An HTML entry's local module
 * scripts and stylesheets are bundled and inlined, its classic scripts and images too (html.ts; Vite builds
 * the whole document itself and its output is inlined the same way); a script entry (.ts/.tsx) gets a
 * document written around its bundle. The host renders the document in a sandboxed iframe with no network
 * by default, so nothing is left to fetch.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, extname, isAbsolute, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { inlineReferences, isUrl, minifyHtml, scriptDocument, type References } from './html.ts'

/**
 * A view that did not build: the bundler's first error, with its location in the view's files when it has
 * one; `files`, the files the error names (watched, so that fixing one builds the view again).
 */
export class ViewBuildError extends Error {
  readonly files: string[]
  constructor(message: string, files: string[] = []) {
    super(message)
    this.files = files
  }
}

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

/** The images and fonts a view refers to, inlined as data URLs (every bundler's view build treats these alike), by their media types. */
const MEDIA_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.avif': 'image/avif', '.svg': 'image/svg+xml', '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf', '.otf': 'font/otf' }
export const ASSET_TYPES = Object.keys(MEDIA_TYPES)

/** A file's data URL, when it is an image or font a view may hold; undefined for another kind of file. */
export function dataUrl(path: string): string | undefined {
  const type = MEDIA_TYPES[extname(path).toLowerCase()]
  return type && `data:${type};base64,${readFileSync(path).toString('base64')}`
}

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

/**
 * A stylesheet's text (`text`, else the file's) with its local `@import`s inlined and its local `url()`s of
 * images and fonts as data URLs; every file read goes to `read` (also how a bundler's view build that reads
 * stylesheets itself learns their watch files).
 */
export function inlineStylesheet(path: string, read: Set<string>, text?: string): string {
  const seen = new Set<string>()
  const inline = (file: string, given?: string): string => {
    if (seen.has(file) || (given === undefined && !existsSync(file))) return ''
    seen.add(file)
    read.add(file)
    const dir = dirname(file)
    return (given ?? readFileSync(file, 'utf8'))
      .replace(/@import\s+(?:url\(\s*)?(["']?)([^"')\s;]+)\1\s*\)?([^;]*);/g, (whole, _q, ref: string, media: string) => {
        if (isUrl(ref)) return whole
        const css = inline(resolve(dir, ref))
        return media.trim() ? `@media ${media.trim()}{${css}}` : css
      })
      .replace(/url\(\s*(["']?)([^"')]+)\1\s*\)/g, (whole, _q, ref: string) => {
        const asset = resolve(dir, ref.replace(/[?#].*$/, ''))
        const data = isUrl(ref) || !existsSync(asset) ? undefined : dataUrl(asset)
        if (data) read.add(asset)
        return data ? `url("${data}")` : whole
      })
  }
  return inline(path, text)
}

/** A Rollup-style error (Vite's, Rollup's, Rolldown's) as one line, located in the view's files when it has a location. */
export function bundlerFailure(error: unknown): ViewBuildError {
  const e = ((error as { errors?: unknown[] }).errors?.[0] ?? error) as { message?: string; id?: string; frame?: string; loc?: { file?: string; line: number; column: number } }
  // Vite 8 colours its messages and may give a location only in the code frame (`[ file:line:col ]`).
  const text = stripVTControlCharacters(String(e.message ?? error)).trim()
  const message = text.split('\n')[0]!.replace(/^(\[[\w:-]+\]\s*)+/, '')
  const framed = /^\s*[╭─[]*\[?\s*((?:[A-Za-z]:)?[\\/][^\s:\]]+):(\d+):(\d+)/m.exec(text.split('\n').slice(1).join('\n'))
  const file = e.loc?.file ?? e.id ?? framed?.[1]
  const at = file && e.loc ? `${file}:${e.loc.line}:${e.loc.column + 1}: ` : framed ? `${framed[1]}:${framed[2]}:${framed[3]}: ` : ''
  const files = file && isAbsolute(file) ? [file] : []
  return new ViewBuildError(at && message.startsWith(file!) ? message : `${at}${message}`, files)
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
  const html = await inlineReferences(minifyHtml(readFileSync(path, 'utf8')), documentReferences(path, inputs, take))
  return { html, inputs: [...inputs] }
}

/** The file a reference of the HTML document at `path` names, beside it; it must exist, and goes to `inputs`. */
function referencedFile(path: string, ref: string, inputs: Set<string>): string {
  const found = resolve(dirname(path), decodeURI(ref.replace(/[?#].*$/, '')))
  if (!existsSync(found)) throw new ViewBuildError(`${path}: it refers to ${ref}, and ${found} does not exist`, [path])
  inputs.add(found)
  return found
}

/** A classic script the HTML document at `path` names, as written (it cannot import); its file goes to `inputs`. */
export const classicScript = async (path: string, src: string, inputs: Set<string>) => readFileSync(referencedFile(path, src, inputs), 'utf8')

/**
 * The references of the HTML document at `path`, resolved beside it: module scripts and stylesheets by
 * `bundle`, classic scripts and images read as they are; every file read goes to `inputs`.
 */
function documentReferences(path: string, inputs: Set<string>, bundle: (entry: string) => Promise<Bundled>): References {
  const file = (ref: string) => referencedFile(path, ref, inputs)
  return {
    module: (src) => bundle(file(src)),
    classic: (src) => classicScript(path, src, inputs),
    style: async (href) => (await bundle(file(href))).css,
    image: async (src) => dataUrl(file(src)),
  }
}
