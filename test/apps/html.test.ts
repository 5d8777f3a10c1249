/**
 * A view's HTML made into one document (src/compiler/views/html.ts): minified without changing what renders,
 * each local reference inlined once and as the browser would run it. Expectations are written from the HTML
 * standard's rules (whitespace between inline elements renders; a module script runs once however often it
 * is named; script data ends at `</script` and `<!--` followed by `<script` escapes it).
 */
import { describe, expect, it } from 'vitest'
import { inlineReferences, inlineScript, minifyHtml, type References } from '../../src/compiler/views/html.ts'

describe('minifyHtml', () => {
  it('keeps one space between inline elements, and none around tags that do not render', () => {
    expect(minifyHtml('<!doctype html>\n<html>\n  <head>\n    <title>T</title>\n  </head>\n  <body>\n    <p><b>Hello</b>\n      <i>world</i></p>\n  </body>\n</html>\n')).toBe(
      '<!doctype html><html><head><title>T</title></head><body><p><b>Hello</b> <i>world</i></p></body></html>',
    )
  })

  it('removes comments, a script commented out with them, but not a conditional comment; keeps pre and scripts as written', () => {
    const html = '<body>\n<!-- <script type="module" src="./old.ts"></script> -->\n<pre>  two\n  lines</pre>\n<!--[if IE]><p>old</p><![endif]-->\n<script>let  a = "<!--"</script>\n</body>'
    expect(minifyHtml(html)).toBe('<body><pre>  two\n  lines</pre> <!--[if IE]><p>old</p><![endif]--><script>let  a = "<!--"</script></body>')
  })
})

describe('minifyHtml keeps what a tag or a word says', () => {
  it('leaves attribute values as written (a > or a comment inside quotes is the value), and a space beside words next to a script', () => {
    const html = '<meta name="x" content="a > b"> <input value="a  b" title="<!-- not a comment -->">\n<p>Hello <script>f()</script> world</p>'
    expect(minifyHtml(html)).toBe('<meta name="x" content="a > b"><input value="a  b" title="<!-- not a comment -->"> <p>Hello <script>f()</script> world</p>')
  })
})

describe('inlineReferences', () => {
  const asked: string[] = []
  const refs: References = {
    module: async (src) => (asked.push(`module ${src}`), { js: `run(${JSON.stringify(src)})`, css: src === './a.ts' ? 'p{color:red}' : '' }),
    classic: async (src) => (asked.push(`classic ${src}`), 'function go(){}'),
    style: async (href) => (asked.push(`style ${href}`), 'h1{margin:0}'),
    image: async (src) => (asked.push(`image ${src}`), 'data:image/svg+xml;base64,PHN2Zy8+'),
  }

  it('inlines a module once however often it is named, a classic script as written with its other attributes, a stylesheet with its media, an image as a data URL', async () => {
    asked.length = 0
    const html =
      '<html><head><link rel="stylesheet" media="print" href="./print.css"></head><body>' +
      '<img alt="dot" src="./dot.svg"><img data-src="./lazy.png" src="https://cdn.example.com/x.png">' +
      '<script type="module" src="./a.ts"></script><script type="module" src="./a.ts"></script>' +
      '<script defer data-src="./not-me.js" src="./legacy.js"></script><button onclick="go()">Go</button>' +
      '<script type="module">inline()</script></body></html>'
    expect(await inlineReferences(html, refs)).toBe(
      '<html><head><style media="print">h1{margin:0}</style><style>p{color:red}</style></head><body>' +
        '<img alt="dot" src="data:image/svg+xml;base64,PHN2Zy8+"><img data-src="./lazy.png" src="https://cdn.example.com/x.png">' +
        '<script type="module">run("./a.ts")</script><button onclick="go()">Go</button>' +
        // Deferred, the classic script ran once the page was parsed: inline, it goes last.
        '<script type="module">inline()</script><script defer data-src="./not-me.js">function go(){}</script></body></html>',
    )
    // Each reference asked for once; URLs and data-* attributes are not references.
    expect(asked).toEqual(['module ./a.ts', 'classic ./legacy.js', 'style ./print.css', 'image ./dot.svg'])
  })

  it('reads a tag whose attribute value holds a >, and takes no custom element for a script', async () => {
    const html = '<script data-note="a>b" type="module" src="./a.ts"></script><script-list src="./a.ts"></script-list>'
    expect(await inlineReferences(html, refs)).toBe('<style>p{color:red}</style><script type="module">run("./a.ts")</script><script-list src="./a.ts"></script-list>')
  })

  it('leaves a data block (application/json, importmap) as it is: the browser runs it as no script', async () => {
    const html = '<script type="application/json" src="./data.json"></script><script type="importmap" src="./map.json"></script>'
    expect(await inlineReferences(html, refs)).toBe(html)
  })

  it('escapes what would end or confuse the script element it is inlined in', async () => {
    const js = 'const a="<!--<script>",b="</script>",c=/<\\/SCRIPT>/,d="\\</script>";for(let i=0;i<scripts.length;i++);'
    const out = await inlineReferences('<script type="module" src="./a.ts"></script>', { ...refs, module: async () => ({ js, css: '' }) })
    const body = /^<script type="module">([\s\S]*)<\/script>$/.exec(out)![1]!
    expect(body).not.toMatch(/<!--|<\/script/i)
    // The same text to JS: each escape is \u003C, the character < (`<script` alone is harmless once `<!--` is escaped).
    expect(body).toBe(inlineScript(js))
    expect(eval(`(() => { const scripts = []; ${body}; return [a, b, c.test('</SCRIPT>'), d] })()`)).toEqual(['<!--<script>', '</script>', true, '</script>'])
  })
})
