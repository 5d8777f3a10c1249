/**
 * The HTML of a view's document: minified (comments, and whitespace where it never renders, removed) and
 * made self-contained: each local module script bundled and inlined once, a classic JavaScript script
 * inlined as written (a deferred one at the end of the body), each local stylesheet inlined (its `media`
 * kept), each local `<img src>` a data URL; data blocks (`application/json`, `importmap`) left as they
 * are. What is inlined is escaped so that it cannot end or confuse its element.
 */

/**
 * JS inlined in a script element: `</script` ends it and `<!--` can make the rest of the page script, so
 * their `<` is written `\u003C`, the same character in a JS string, template or regular expression and in
 * JSON (where such text occurs in valid code); a `\<` escape gives up its backslash.
 */
export const inlineScript = (js: string) => js.replace(/(\\*)<(\/script|!--)/gi, (_m, slashes: string, rest: string) => `${slashes.length % 2 === 1 ? slashes.slice(1) : slashes}\\u003C${rest}`)

/** CSS inlined in a style element: `</style` ends it; escaped it means the same to CSS. */
const inlineStyle = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1')

/** A start or end tag, its attribute values quoted or not (a `>` or `<!--` inside quotes is the value's), or a declaration (`<!doctype html>`). */
const TAG = /<\/?[A-Za-z][^\s"'>/]*(?:[^"'>]|"[^"]*"|'[^']*')*>|<![A-Za-z][^>]*>/y
/** Elements whose text is kept as it is. */
const RAW_TEXT = new Set(['script', 'style', 'pre', 'textarea'])
/** Elements around which whitespace never renders. */
const QUIET = new Set(['!doctype', 'html', 'head', 'body', 'meta', 'link', 'title', 'base', 'style', 'script', 'noscript', 'template'])

interface Token {
  text: string
  /** Text between tags (whitespace in it may go), or a tag, comment or raw element (kept as it is). */
  isText: boolean
  /** A tag or element around which whitespace never renders. */
  quiet: boolean
}

/** The document as text, tags, raw elements (script, style, pre, textarea, to their end tag) and conditional comments; other comments dropped. */
function tokens(html: string): Token[] {
  const out: Token[] = []
  let i = 0
  // Text on both sides of a dropped comment is one text.
  const text = (t: string) => {
    const last = out.at(-1)
    if (last?.isText) last.text += t
    else if (t) out.push({ text: t, isText: true, quiet: false })
  }
  while (i < html.length) {
    const lt = html.indexOf('<', i)
    if (lt < 0) break
    text(html.slice(i, lt))
    i = lt
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4)
      const stop = end < 0 ? html.length : end + 3
      if (/^<!--\[if/i.test(html.slice(i, i + 8))) out.push({ text: html.slice(i, stop), isText: false, quiet: false })
      i = stop
      continue
    }
    TAG.lastIndex = i
    const tag = TAG.exec(html)
    if (!tag) {
      text('<') // a `<` that starts no tag is text
      i++
      continue
    }
    const name = /^<\/?(!?[A-Za-z][^\s"'>/]*)/.exec(tag[0])![1]!.toLowerCase()
    let stop = i + tag[0].length
    if (tag[0][1] !== '/' && RAW_TEXT.has(name)) {
      const close = new RegExp(`</${name}\\s*>`, 'gi')
      close.lastIndex = stop
      const found = close.exec(html)
      stop = found ? found.index + found[0].length : html.length
    }
    out.push({ text: html.slice(i, stop), isText: false, quiet: QUIET.has(name) })
    i = stop
  }
  text(html.slice(i))
  return out
}

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
      const squeezed = t.text.replace(/\s+/g, ' ')
      if (squeezed !== ' ') return squeezed
      const before = all[k - 1]
      const after = all[k + 1]
      return !before || !after || before.quiet || after.quiet ? '' : ' '
    })
    .join('')
    .trim()
}

/** An attribute's value in a tag or an attribute list (`data-src` is not `src`). */
const attr = (tag: string, name: string) => new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(1).find((v) => v !== undefined)

export const isUrl = (ref: string) => /^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(ref)

/** Attributes of a tag: a `>` inside a quoted value does not end it. */
const ATTRS = `((?:[^"'>]|"[^"]*"|'[^']*')*)`
const SCRIPT = new RegExp(`<script(?=[\\s>/])${ATTRS}>([\\s\\S]*?)<\\/script\\s*>`, 'gi')
const LINK = new RegExp(`<link(?=[\\s>/])${ATTRS}>`, 'gi')
const IMG = new RegExp(`<img(?=[\\s>/])${ATTRS}>`, 'gi')

const isModule = (attrs: string) => /^module$/i.test(attr(attrs, 'type')?.trim() ?? '')
/** A classic script the browser runs as JS (no type, or a JavaScript media type); a data block (`application/json`, `importmap`) is not one. */
const isClassic = (attrs: string) => /^((text|application)\/(java|ecma)script)?$/i.test(attr(attrs, 'type')?.trim() ?? '')
/** A boolean attribute present (`defer`, `async`). */
const has = (attrs: string, name: string) => new RegExp(`(?:^|\\s)${name}(?=[\\s=>/]|$)`, 'i').test(attrs.replace(/"[^"]*"|'[^']*'/g, '""'))
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
  const classicSrc = (m: RegExpMatchArray) => (isClassic(m[1]!) && m[2]!.trim() === '' && local(attr(m[1]!, 'src')) ? attr(m[1]!, 'src') : undefined)
  const modules = await resolved(html, SCRIPT, moduleSrc, refs.module)
  const classics = await resolved(html, SCRIPT, classicSrc, refs.classic)
  const sheets = await resolved(html, LINK, ([tag]) => (isStylesheet(tag) && local(attr(tag, 'href')) ? attr(tag, 'href') : undefined), refs.style)
  const images = refs.image ? await resolved(html, IMG, ([tag]) => (local(attr(tag, 'src')) ? attr(tag, 'src') : undefined), refs.image) : new Map<string, string | undefined>()
  const styles: string[] = []
  const done = new Set<string>()
  // A deferred classic script runs once the page is parsed; inline, `defer` means nothing, so it goes last.
  const deferred: string[] = []
  let out = html.replace(SCRIPT, (whole, attrs: string, body: string) => {
    const src = attr(attrs, 'src')
    if (body.trim() !== '' || !local(src) || !(isModule(attrs) || isClassic(attrs))) return whole
    if (isModule(attrs)) {
      // A module runs once however often the document names it.
      if (done.has(src)) return ''
      done.add(src)
      const built = modules.get(src)!
      if (built.css) styles.push(built.css)
      return `<script type="module">${inlineScript(built.js)}</script>`
    }
    const rest = attrs.replace(new RegExp(`(?:^|\\s)src\\s*=\\s*(?:"[^"]*"|'[^']*'|[^\\s>]+)`, 'i'), '')
    const inline = `<script${rest}>${inlineScript(classics.get(src)!)}</script>`
    if (!has(attrs, 'defer') || has(attrs, 'async')) return inline
    deferred.push(inline)
    return ''
  })
  if (deferred.length > 0) out = /<\/body>/i.test(out) ? out.replace(/<\/body>/i, () => `${deferred.join('')}</body>`) : out + deferred.join('')
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
