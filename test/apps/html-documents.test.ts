/**
 * View documents as real-world templates write them (issue 32): inline SVG with CDATA, `<template>`
 * content, script data that an old page's `<!--<script>` guard keeps open past a `</script>`, attribute
 * values holding `>`, quotes, character references and text that looks like another attribute, markup
 * that is only text (a `<textarea>`'s). Expectations are written from the HTML standard's parsing rules
 * (the algorithm parse5 implements); the regular expressions the build used before got each case wrong
 * but the tag with quoted values, kept here as a guard.
 */
import { describe, expect, it } from 'vitest'
import { inlineReferences, minifyHtml, type References } from '../../src/compiler/views/html.ts'

describe('minifyHtml on real-world templates', () => {
  it('an inline SVG keeps its CDATA as written (a "comment" inside it is data), a <template> is minified like the page', () => {
    const html = [
      '<!doctype html>',
      '<html>',
      '  <head>',
      '    <title>Usage</title>',
      '  </head>',
      '  <body>',
      '    <svg viewBox="0 0 10 10">',
      '      <style><![CDATA[ circle { fill: red } ]]></style>',
      '      <circle cx="5" cy="5" r="4"/>',
      '      <text><![CDATA[<!-- 5  <  6 -->]]></text>',
      '    </svg>',
      '    <template id="row">',
      '      <!-- one row -->',
      '      <tr><td>  name  </td></tr>',
      '    </template>',
      '  </body>',
      '</html>',
      '',
    ].join('\n')
    expect(minifyHtml(html)).toBe(
      '<!doctype html><html><head><title>Usage</title></head><body>' +
        '<svg viewBox="0 0 10 10"><style><![CDATA[ circle { fill: red } ]]></style><circle cx="5" cy="5" r="4"/> <text><![CDATA[<!-- 5  <  6 -->]]></text> </svg>' +
        '<template id="row"><tr><td> name </td></tr></template></body></html>',
    )
  })

  it('a script that an old page guards with <!--<script> runs past its first </script>, and is kept whole', () => {
    // Script data: `<!--` then `<script>` is "double escaped": that `</script>` does not end the element; `-->` returns to script data.
    const script = '<script>\n  // guard\n  <!--<script>\n  </script>\n  <!-- still script -->\n  -->\n</script>'
    expect(minifyHtml(`<body>\n${script}\n<p>after</p>\n</body>`)).toBe(`<body>${script}<p>after</p></body>`)
  })

  it('a tag whose quoted attribute values hold >, quotes of the other kind and what looks like a comment is one tag', () => {
    const html = `<p title='say "hi" > there'   class="a">\n  one  <b data-x="<!-- x -->">two</b>\n</p>`
    expect(minifyHtml(html)).toBe(`<p title='say "hi" > there'   class="a"> one <b data-x="<!-- x -->">two</b> </p>`)
  })
})

describe('inlineReferences on real-world templates', () => {
  const asked: string[] = []
  const refs: References = {
    module: async (src) => (asked.push(`module ${src}`), { js: `run(${JSON.stringify(src)})`, css: '' }),
    classic: async (src) => (asked.push(`classic ${src}`), 'go()'),
    style: async (href) => (asked.push(`style ${href}`), 'h1{margin:0}'),
    image: async (src) => (asked.push(`image ${src}`), 'data:image/svg+xml;base64,PHN2Zy8+'),
  }

  it('reads each attribute as the browser does: a value that holds "src=" is not the src, a character reference is decoded', async () => {
    asked.length = 0
    const html = '<img alt="see src=./other.png" src="./dot.svg"><img src="./a&amp;b.svg"><script type="module" title=\'a "quoted" > value\' src="./a.ts"></script>'
    expect(await inlineReferences(html, refs)).toBe(
      '<img alt="see src=./other.png" src="data:image/svg+xml;base64,PHN2Zy8+"><img src="data:image/svg+xml;base64,PHN2Zy8+"><script type="module">run("./a.ts")</script>',
    )
    expect(asked).toEqual(['module ./a.ts', 'image ./dot.svg', 'image ./a&b.svg'])
  })

  it("leaves markup that is a textarea's text, and a script or stylesheet of an SVG, as they are", async () => {
    asked.length = 0
    const html = '<textarea><script type="module" src="./a.ts"></script><link rel="stylesheet" href="./a.css"></textarea><svg><script src="./svg.js"></script></svg>'
    expect(await inlineReferences(html, refs)).toBe(html)
    expect(asked).toEqual([])
  })
})
