/**
 * A tool's description as a model reads it: `@deprecated` first (a model should prefer another tool), then
 * the text, then `@returns` and each `@example`, so what the JSDoc says about the tool is not dropped.
 * The parts are one paragraph while each is one line, and paragraphs of their own once one has several.
 */
import { normalize, type JsDocTag } from '../source/jsdoc.ts'

const sentence = (text: string) => (/[.!?:]$/.test(text) ? text : `${text}.`)

export function toolDescription(text: string, tags: readonly JsDocTag[]): string {
  const parts: string[] = []
  const deprecated = tags.find((t) => t.name === 'deprecated')
  if (deprecated) {
    const why = normalize(deprecated.value)
    parts.push(why ? `Deprecated: ${sentence(why)}` : 'Deprecated.')
  }
  if (text) parts.push(text)
  const returns = tags.find((t) => t.name === 'returns' || t.name === 'return')
  const what = returns ? normalize(returns.value.replace(/^\s*\{[^}]*\}/, '')) : ''
  if (what) parts.push(`Returns ${sentence(what.replace(/^(the|a|an) /i, (m) => m.toLowerCase()))}`)
  for (const example of tags.filter((t) => t.name === 'example')) {
    const body = normalize(example.value)
    // One line of code reads inline, without its fences; more stay a fenced block.
    const inline = /^```\w*\n([^\n]*)\n```$/.exec(body)?.[1]?.trim() ?? body
    if (inline) parts.push(inline.includes('\n') ? `Example:\n${inline}` : `Example: ${inline}`)
  }
  // One paragraph when every part is one line; a blank line between parts once one has several (a list, code).
  return parts.join(parts.some((part) => part.includes('\n')) ? '\n\n' : ' ')
}
