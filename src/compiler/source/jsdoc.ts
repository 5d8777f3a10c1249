/** JSDoc blocks: the leading text, the tags, and SCHEMA.md's text normalization. */

export interface JsDocTag {
  name: string
  /** The raw text after the tag name (not normalized). */
  value: string
  /** Offset of the `@` in the source file. */
  offset: number
}

export interface JsDoc {
  text: string
  tags: JsDocTag[]
}

/**
 * A description as a model reads it (docs/writing-tools.md § Descriptions): `{@link X}`/`{@link X text}` become
 * `X`/`text` and the `*\/` escape becomes `*` and `/`; markdown's structure is kept: a blank line separates
 * paragraphs (several count as one), a list item (`-`, `*`, `+`, `1.` or `1)` and a space), a heading (`#`), a quote
 * (`>`) or a table row (`|`) starts its own line, a list item keeps its indentation past the text's common one
 * (nested lists), and fenced code (```) keeps its lines as written; any other line is a soft wrap and joins the
 * line before with one space. Spaces and tabs inside a line collapse to one, trailing ones are dropped, and the
 * text is trimmed.
 */
export function normalize(text: string): string {
  let out = normalized.get(text)
  if (out === undefined) {
    if (normalized.size >= NORMALIZED_KEPT) normalized.delete(normalized.keys().next().value!)
    normalized.set(text, (out = normalizeText(text)))
  }
  return out
}

/** normalize's results by text: the same parameter and property descriptions recur across tools and modules. */
const normalized = new Map<string, string>()
const NORMALIZED_KEPT = 5000

function normalizeText(text: string): string {
  const raw = text
    .replace(/\{@(?:link|linkcode|linkplain)\s+([^\s}|]+)(?:[\s|]+([^}]*))?\}/g, (_, target: string, label?: string) =>
      label && label.trim() ? label.trim() : target,
    )
    .replace(/\*\\\//g, '*/')
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+$/, ''))
  // The first line follows `/**` or the tag; the others share the block's indentation, which is not the text's.
  const rest = raw.slice(1).filter((line) => line !== '')
  const common = rest.length ? Math.min(...rest.map((line) => /^[ \t]*/.exec(line)![0].length)) : 0
  const lines = raw.map((line, i) => (i === 0 ? line.trimStart() : line.slice(common)))
  const out: string[] = []
  let fence = false
  let joins = false
  for (const line of lines) {
    if (fence || /^\s*```/.test(line)) {
      if (/^\s*```/.test(line)) fence = !fence
      out.push(line)
      joins = false
      continue
    }
    const words = line.trim().replace(/\s+/g, ' ')
    if (words === '') {
      if (out.length > 0 && out[out.length - 1] !== '') out.push('')
      joins = false
    } else if (/^([-*+]|\d+[.)]) /.test(words)) {
      out.push(`${/^\s*/.exec(line)![0]}${words}`)
      joins = true
    } else if (/^[#|>]/.test(words)) {
      out.push(words)
      joins = words[0] === '>'
    } else if (joins) out[out.length - 1] += ` ${words}`
    else {
      out.push(words)
      joins = true
    }
  }
  while (out[out.length - 1] === '') out.pop()
  return out.join('\n')
}

/**
 * Parses a block comment's value (between `/*` and `*\/`); `start` is the offset of `/*`. A tag starts at
 * an `@name` that begins the text or follows whitespace (so `/** Adds. @tool @readOnly *\/` works), outside
 * `{@link …}` and code fences; its value runs to the next tag.
 */
export function parseJsDoc(value: string, start: number): JsDoc {
  // Strip the leading `*` of the block and of each line, keeping a map back to source offsets.
  let text = ''
  const offsets: number[] = []
  let offset = start + 2
  value.split('\n').forEach((rawLine, i) => {
    const strip = /^(\s*\*?\s?)/.exec(rawLine)![1]!.length
    const line = rawLine.slice(strip)
    if (i > 0) {
      text += '\n'
      offsets.push(offset - 1)
    }
    for (let k = 0; k < line.length; k++) offsets.push(offset + strip + k)
    text += line
    offset += rawLine.length + 1
  })
  const tags: JsDocTag[] = []
  let lead = ''
  let inFence = false
  let brace = 0
  let current: JsDocTag | undefined
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (text.startsWith('```', i)) inFence = !inFence
    if (c === '{') brace++
    if (c === '}' && brace > 0) brace--
    const m = !inFence && brace === 0 && c === '@' && (i === 0 || /\s/.test(text[i - 1]!)) ? /^@([A-Za-z][\w-]*)/.exec(text.slice(i)) : null
    if (m) {
      if (current) current.value = current.value.replace(/\s+$/, '')
      current = { name: m[1]!, value: '', offset: offsets[i]! }
      tags.push(current)
      i += m[0].length
      if (text[i] !== undefined && !/\s/.test(text[i]!)) i--
      continue
    }
    if (current) current.value += c
    else lead += c
  }
  if (current) current.value = current.value.replace(/\s+$/, '')
  return { text: lead, tags }
}

/** Splits a `@param` value into its name and text: `{T} [name=x] - text`, `root.prop text`. */
export function splitParam(value: string): { name: string; text: string } {
  let rest = value.trim().replace(/^\{[^}]*\}\s*/, '')
  let name: string
  const bracket = /^\[([^\]=\s]+)(?:=[^\]]*)?\]\s*/.exec(rest)
  if (bracket) {
    name = bracket[1]!
    rest = rest.slice(bracket[0].length)
  } else {
    const m = /^(\S+)\s*/.exec(rest)
    name = m ? m[1]! : ''
    rest = m ? rest.slice(m[0].length) : ''
  }
  rest = rest.replace(/^-\s+/, '').replace(/^-$/, '')
  return { name, text: normalize(rest) }
}
