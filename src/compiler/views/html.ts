/**
 * The HTML of a view's document: minified (comments, and whitespace where it never renders, removed) and
 * made self-contained: each local module script bundled and inlined once, a classic script inlined as
 * written, each local stylesheet inlined (its `media` kept), each local `<img src>` a data URL. What is
 * inlined is escaped so that it cannot end or confuse its element.
 */

/** JS inlined in a script element: `</script`, `<script` and `<!--` written `\x3C…`, the same text in a JS string, template or regular expression (where minified module code holds them). */
export const inlineScript = (js: string) => js.replace(/<(\/?script|!--)/gi, '\\x3C$1')

/** CSS inlined in a style element: `</style` ends it; escaped it means the same to CSS. */
export const inlineStyle = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1')

/** Comments, and the elements whose text is kept as it is; matched left to right, so a script inside a comment is the comment's. */
const RAW = /<!--[\s\S]*?-->|<(script|style|pre|textarea)\b[\s\S]*?<\/\1\s*>/gi
/** Tags around which whitespace never renders (between inline elements it does, so it stays as one space). */
const QUIET = /\s*(<\/?(?:!doctype|html|head|body|meta|link|title|base|style|script|noscript|template)\b[^>]*>)\s*/gi

const squeeze = (text: string) => text.replace(/\s+/g, ' ').replace(QUIET, '$1')

/** Comments removed (not conditional ones), whitespace collapsed to one space and removed around tags that do not render; script, style, pre and textarea as they are. */
export function minifyHtml(html: string): string {
  const bare = html.replace(RAW, (m) => (m.startsWith('<!--') && !/^<!--\[if/i.test(m) ? '' : m))
  let out = ''
  let last = 0
  let quietBefore = true
  for (const m of bare.matchAll(RAW)) {
    // Next to a script or style element (which does not render) whitespace does not render either.
    const quiet = /^<(script|style)\b/i.test(m[0])
    let text = squeeze(bare.slice(last, m.index))
    if (quiet) text = text.trimEnd()
    if (quietBefore) text = text.trimStart()
    out += text + m[0]
    quietBefore = quiet
    last = m.index + m[0].length
  }
  const tail = squeeze(bare.slice(last))
  return (out + (quietBefore ? tail.trimStart() : tail)).trim()
}

/** An attribute's value in a tag or an attribute list (`data-src` is not `src`). */
export const attr = (tag: string, name: string) => new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((v) => v !== undefined)

export const isUrl = (ref: string) => /^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(ref)

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const LINK = /<link\b[^>]*>/gi
const IMG = /<img\b[^>]*>/gi

const isModule = (attrs: string) => /^module$/i.test(attr(attrs, 'type')?.trim() ?? '')
const isStylesheet = (tag: string) => /(?:^|\s)stylesheet(?:\s|$)/i.test(attr(tag, 'rel') ?? '')
/** A reference the document makes to a file of its own: local, not a URL. */
const local = (ref: string | undefined): ref is string => ref !== undefined && ref !== '' && !isUrl(ref)

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
async function resolved<T>(html: string, pattern: RegExp, ref: (match: RegExpMatchArray) => string | undefined, get: (ref: string) => Promise<T>): Promise<Map<string, T>> {
  const out = new Map<string, T>()
  for (const m of html.matchAll(pattern)) {
    const r = ref(m)
    if (r !== undefined && !out.has(r)) out.set(r, await get(r))
  }
  return out
}

/** The document with its local scripts, stylesheets and images inline (`html` minified first, so commented-out ones are gone). */
export async function inlineReferences(html: string, refs: References): Promise<string> {
  const moduleSrc = (m: RegExpMatchArray) => (isModule(m[1]!) && m[2]!.trim() === '' && local(attr(m[1]!, 'src')) ? attr(m[1]!, 'src') : undefined)
  const classicSrc = (m: RegExpMatchArray) => (!isModule(m[1]!) && m[2]!.trim() === '' && local(attr(m[1]!, 'src')) ? attr(m[1]!, 'src') : undefined)
  const modules = await resolved(html, SCRIPT, moduleSrc, refs.module)
  const classics = await resolved(html, SCRIPT, classicSrc, refs.classic)
  const sheets = await resolved(html, LINK, ([tag]) => (isStylesheet(tag) && local(attr(tag, 'href')) ? attr(tag, 'href') : undefined), refs.style)
  const images = refs.image ? await resolved(html, IMG, ([tag]) => (local(attr(tag, 'src')) ? attr(tag, 'src') : undefined), refs.image) : new Map<string, string | undefined>()
  const styles: string[] = []
  const done = new Set<string>()
  let out = html.replace(SCRIPT, (whole, attrs: string, body: string) => {
    const src = attr(attrs, 'src')
    if (body.trim() !== '' || !local(src)) return whole
    if (isModule(attrs)) {
      // A module runs once however often the document names it.
      if (done.has(src)) return ''
      done.add(src)
      const built = modules.get(src)!
      if (built.css) styles.push(built.css)
      return `<script type="module">${inlineScript(built.js)}</script>`
    }
    const rest = attrs.replace(new RegExp(`(?:^|\\s)src\\s*=\\s*(?:"[^"]*"|'[^']*'|[^\\s>]+)`, 'i'), '')
    return `<script${rest}>${inlineScript(classics.get(src)!)}</script>`
  })
  out = out.replace(LINK, (tag) => {
    const href = attr(tag, 'href')
    if (!isStylesheet(tag) || !local(href)) return tag
    const media = attr(tag, 'media')
    const css = sheets.get(href)!
    return css ? `<style${media ? ` media="${media.replace(/"/g, '&quot;')}"` : ''}>${inlineStyle(css)}</style>` : ''
  })
  out = out.replace(IMG, (tag) => {
    const src = attr(tag, 'src')
    const data = local(src) ? images.get(src) : undefined
    return data ? tag.replace(new RegExp(`((?:^|\\s)src\\s*=\\s*)(?:"[^"]*"|'[^']*'|[^\\s>]+)`, 'i'), (_m, head: string) => `${head}"${data}"`) : tag
  })
  if (styles.length === 0) return out
  const head = `<style>${inlineStyle(styles.join(''))}</style>`
  return /<\/head>/i.test(out) ? out.replace(/<\/head>/i, () => `${head}</head>`) : head + out
}

/** A script entry's bundle in a document of its own, with `<div id="root">` to render into. */
export function scriptDocument({ js, css }: { js: string; css: string }): string {
  const style = css ? `<style>${inlineStyle(css)}</style>` : ''
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${style}</head><body><div id="root"></div><script type="module">${inlineScript(js)}</script></body></html>`
}
