/**
 * The HTML of a view's document: minified (comments, and whitespace where it never renders, removed) and
 * made self-contained: each local module script bundled and inlined once, a classic JavaScript script
 * inlined as written (a deferred one at the end of the body), each local stylesheet inlined (its `media`
 * kept), each local `<img src>` a data URL; data blocks (`application/json`, `importmap`) left as they
 * are. What is inlined is escaped so that it cannot end or confuse its element.
 *
 * parse5 parses the document (the HTML standard's parsing algorithm: raw text of script and style, comments,
 * `<template>` content, SVG and its CDATA, attribute values): it says where each tag, comment and element is.
 * Ours is what is done at those places, on the text as written (nothing is serialized again): which
 * whitespace goes, and what replaces a reference.
 */
import MagicString from 'magic-string'
import { createRequire } from 'node:module'
import type { DefaultTreeAdapterTypes } from 'parse5'

/** parse5, loaded when a view is first built (a build without views does not load it; Node 22.12+ requires an ES module). */
let parse5: typeof import('parse5') | undefined
const library = () => (parse5 ??= createRequire(import.meta.url)('parse5') as typeof import('parse5'))

/**
 * JS inlined in a script element: `</script` ends it and `<!--` can make the rest of the page script, so
 * their `<` is written `\u003C`, the same character in a JS string, template or regular expression and in
 * JSON (where such text occurs in valid code); a `\<` escape gives up its backslash.
 */
export const inlineScript = (js: string) => js.replace(/(\\*)<(\/script|!--)/gi, (_m, slashes: string, rest: string) => `${slashes.length % 2 === 1 ? slashes.slice(1) : slashes}\\u003C${rest}`)

/** CSS inlined in a style element: `</style` ends it; escaped it means the same to CSS. */
const inlineStyle = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1')

/** Elements whose text is kept as it is. */
const RAW_TEXT = new Set(['script', 'style', 'pre', 'textarea'])
/** Elements around which whitespace never renders. */
const QUIET = new Set(['!doctype', 'html', 'head', 'body', 'meta', 'link', 'title', 'base', 'style', 'script', 'noscript', 'template'])

type Node = DefaultTreeAdapterTypes.Node
type Element = DefaultTreeAdapterTypes.Element

/** The document as parse5 parses it (the HTML standard's algorithm), with each node's place in the text. */
const parsed = (html: string) => library().parse(html, { sourceCodeLocationInfo: true })

/** A node's children, a `<template>`'s being those of its content. */
const childrenOf = (node: Node): Node[] => ('content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [])

/** Every node in document order; the descendants of a node `into` refuses are left out. */
function* walk(node: Node, into: (node: Node) => boolean = () => true): Generator<Node> {
  for (const child of childrenOf(node)) {
    yield child
    if (into(child)) yield* walk(child, into)
  }
}

/** A span of the text that is markup: a tag, a whole raw element, a comment or the doctype. */
interface Markup {
  start: number
  end: number
  kind: 'tag' | 'comment'
  quiet: boolean
}

/** The markup of the document in text order; raw elements (script, style, pre, textarea) whole, their content kept as written. */
function markup(html: string): Markup[] {
  const out: Markup[] = []
  // A raw element is one span, start tag to end tag: nothing inside it is markup.
  const raw = (node: Node) => 'tagName' in node && RAW_TEXT.has(node.tagName) && (node as Element).sourceCodeLocation?.startTag != null
  for (const node of walk(parsed(html), (node) => !raw(node))) {
    const at = node.sourceCodeLocation
    if (node.nodeName === '#comment' && at) out.push({ start: at.startOffset, end: at.endOffset, kind: 'comment', quiet: false })
    else if (node.nodeName === '#documentType' && at) out.push({ start: at.startOffset, end: at.endOffset, kind: 'tag', quiet: true })
    else if ('tagName' in node) {
      const { startTag, endTag } = (node as Element).sourceCodeLocation ?? {}
      const quiet = QUIET.has(node.tagName)
      if (raw(node)) out.push({ start: startTag!.startOffset, end: endTag?.endOffset ?? node.sourceCodeLocation!.endOffset, kind: 'tag', quiet })
      else {
        if (startTag) out.push({ start: startTag.startOffset, end: startTag.endOffset, kind: 'tag', quiet })
        if (endTag) out.push({ start: endTag.startOffset, end: endTag.endOffset, kind: 'tag', quiet })
      }
    }
  }
  return out.sort((a, b) => a.start - b.start)
}

interface Token {
  text: string
  /** Text between markup (whitespace in it may go), or markup (kept as it is). */
  isText: boolean
  /** A tag or element around which whitespace never renders. */
  quiet: boolean
}

/** The document as text and markup; comments dropped but conditional ones (`<!--[if IE]>`), text on both sides of a dropped one joined. */
function tokens(html: string): Token[] {
  const out: Token[] = []
  const text = (t: string) => {
    const last = out.at(-1)
    if (last?.isText) last.text += t
    else if (t) out.push({ text: t, isText: true, quiet: false })
  }
  let i = 0
  for (const m of markup(html)) {
    if (m.start < i) continue // inside markup already taken (a tag the parser moved)
    text(html.slice(i, m.start))
    const source = html.slice(m.start, m.end)
    if (m.kind !== 'comment' || /^<!--\[if/i.test(source)) out.push({ text: source, isText: false, quiet: m.quiet })
    i = m.end
  }
  text(html.slice(i))
  return out
}

/** Whitespace in text collapsed to one space, a CDATA section (SVG's) kept as written. */
const squeeze = (text: string) => text.split(/(<!\[CDATA\[[\s\S]*?\]\]>)/).map((part, k) => (k % 2 === 1 ? part : part.replace(/\s+/g, ' '))).join('')

/**
 * Comments removed (not conditional ones), whitespace in text collapsed to one space, and whitespace alone
 * between a tag and a tag or element that does not render removed; tags, script, style, pre and textarea as
 * they are. Whitespace beside words stays (`Hello <script>…</script> world` still reads "Hello world").
 */
export function minifyHtml(html: string): string {
  const all = tokens(html)
  return all
    .map((t, k) => {
      if (!t.isText) return t.text
      const squeezed = squeeze(t.text)
      if (squeezed !== ' ') return squeezed
      const before = all[k - 1]
      const after = all[k + 1]
      return !before || !after || before.quiet || after.quiet ? '' : ' '
    })
    .join('')
    .trim()
}

export const isUrl = (ref: string) => /^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(ref)

/** An attribute's value as the browser reads it (character references decoded), undefined when absent. */
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value

const isHtml = (el: Element, tag: string) => el.tagName === tag && el.namespaceURI === library().html.NS.HTML
const isModule = (el: Element) => /^module$/i.test(attr(el, 'type')?.trim() ?? '')
/** A classic script the browser runs as JS (no type, or a JavaScript media type); a data block (`application/json`, `importmap`) is not one. */
const isClassic = (el: Element) => /^((text|application)\/(java|ecma)script)?$/i.test(attr(el, 'type')?.trim() ?? '')
const isStylesheet = (el: Element) => /(?:^|\s)stylesheet(?:\s|$)/i.test(attr(el, 'rel') ?? '')
/** A reference the document makes to a file of its own: local, not a URL. */
const local = (ref: string | undefined): ref is string => ref !== undefined && ref !== '' && !isUrl(ref)
/** A script element whose `src` is a local file it runs: a module or classic script with no text of its own. */
const localScript = (el: Element) => isHtml(el, 'script') && (isModule(el) || isClassic(el)) && el.childNodes.every((c) => 'value' in c && c.value.trim() === '') && local(attr(el, 'src'))

export interface References {
  /** A module script's bundle: its JS, and the CSS it imports (put in the head). */
  module(src: string): Promise<{ js: string; css: string }>
  /** A classic script's text, as written (it cannot import). */
  classic(src: string): Promise<string>
  /** A stylesheet's CSS. */
  style(href: string): Promise<string>
  /** An image's data URL; undefined leaves the reference as it is. */
  image?(src: string): Promise<string | undefined>
}

/** Each reference's replacement, asked for once per reference, in document order. */
async function resolved<T>(elements: Element[], ref: (el: Element) => string | undefined, get: (ref: string) => Promise<T>): Promise<Map<string, T>> {
  const out = new Map<string, T>()
  for (const el of elements) {
    const r = ref(el)
    if (r !== undefined && !out.has(r)) out.set(r, await get(r))
  }
  return out
}

/** The document with its local scripts, stylesheets and images inline (`html` minified first, so commented-out ones are gone). */
export async function inlineReferences(html: string, refs: References): Promise<string> {
  const doc = parsed(html)
  const elements = [...walk(doc)].filter((n): n is Element => 'tagName' in n && n.sourceCodeLocation != null)
  const scripts = elements.filter(localScript)
  const links = elements.filter((el) => isHtml(el, 'link') && isStylesheet(el) && local(attr(el, 'href')))
  const imgs = elements.filter((el) => isHtml(el, 'img') && local(attr(el, 'src')))
  const modules = await resolved(scripts.filter(isModule), (el) => attr(el, 'src'), refs.module)
  const classics = await resolved(scripts.filter((el) => !isModule(el)), (el) => attr(el, 'src'), refs.classic)
  const sheets = await resolved(links, (el) => attr(el, 'href'), refs.style)
  const images = refs.image ? await resolved(imgs, (el) => attr(el, 'src'), refs.image) : new Map<string, string | undefined>()
  const out = new MagicString(html)
  const whole = (el: Element) => [el.sourceCodeLocation!.startOffset, el.sourceCodeLocation!.endOffset] as const
  const styles: string[] = []
  const done = new Set<string>()
  // A deferred classic script runs once the page is parsed; inline, `defer` means nothing, so it goes last.
  const deferred: string[] = []
  for (const el of scripts) {
    const src = attr(el, 'src')!
    if (isModule(el)) {
      // A module runs once however often the document names it.
      if (done.has(src)) {
        out.remove(...whole(el))
        continue
      }
      done.add(src)
      const built = modules.get(src)!
      if (built.css) styles.push(built.css)
      out.overwrite(...whole(el), `<script type="module">${inlineScript(built.js)}</script>`)
      continue
    }
    // The start tag as written, less its src (and the whitespace before it).
    const { startTag } = el.sourceCodeLocation!
    const at = el.sourceCodeLocation!.attrs!.src!
    const before = /\s*$/.exec(html.slice(startTag!.startOffset, at.startOffset))![0].length
    const tag = html.slice(startTag!.startOffset, at.startOffset - before) + html.slice(at.endOffset, startTag!.endOffset)
    const inline = `${tag}${inlineScript(classics.get(src)!)}</script>`
    if (attr(el, 'defer') === undefined || attr(el, 'async') !== undefined) out.overwrite(...whole(el), inline)
    else {
      deferred.push(inline)
      out.remove(...whole(el))
    }
  }
  const endOf = (tag: string) => elements.find((el) => isHtml(el, tag))?.sourceCodeLocation?.endTag?.startOffset
  if (deferred.length > 0) {
    const body = endOf('body')
    if (body === undefined) out.append(deferred.join(''))
    else out.appendLeft(body, deferred.join(''))
  }
  for (const el of links) {
    const media = attr(el, 'media')
    const css = sheets.get(attr(el, 'href')!)!
    if (css) out.overwrite(...whole(el), `<style${media ? ` media="${media.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"` : ''}>${inlineStyle(css)}</style>`)
    else out.remove(...whole(el))
  }
  for (const el of imgs) {
    const data = images.get(attr(el, 'src')!)
    const at = el.sourceCodeLocation!.attrs!.src!
    if (data) out.overwrite(at.startOffset, at.endOffset, `src="${data}"`)
  }
  if (styles.length > 0) {
    const head = `<style>${inlineStyle(styles.join(''))}</style>`
    const end = endOf('head')
    if (end === undefined) out.prepend(head)
    else out.appendLeft(end, head)
  }
  return out.toString()
}

/** A script entry's bundle in a document of its own, with `<div id="root">` to render into. */
export function scriptDocument({ js, css }: { js: string; css: string }): string {
  const style = css ? `<style>${inlineStyle(css)}</style>` : ''
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${style}</head><body><div id="root"></div><script type="module">${inlineScript(js)}</script></body></html>`
}
