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

/** Whitespace runs collapse, `{@link X}`/`{@link X text}` become `X`/`text`, trimmed. */
export function normalize(text: string): string {
  return text
    .replace(/\{@(?:link|linkcode|linkplain)\s+([^\s}|]+)(?:[\s|]+([^}]*))?\}/g, (_, target: string, label?: string) =>
      label && label.trim() ? label.trim() : target,
    )
    .replace(/\s+/g, ' ')
    .trim()
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
