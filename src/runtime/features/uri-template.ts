/**
 * Matching a URI against an RFC 6570 template (levels 1–3: `{var}`, `{+var}`, `{#var}`, `{.var}`,
 * `{/var}`, `{;var}`, `{?var}`, `{&var}`, several variables per expression). Level 4 modifiers (`:3`, `*`)
 * are accepted and read as plain variables. Compiled once into a regular expression.
 */

/** Matches `uri`; returns the variables it binds (percent-decoded), or undefined. */
export type UriMatcher = (uri: string) => Record<string, string> | undefined

interface Expression {
  readonly op: string
  readonly names: readonly string[]
}

const escape = (literal: string): string => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The capture for one expression (`last`: nothing follows it). */
function pattern(op: string, last: boolean): string {
  switch (op) {
    case '+':
      return last ? '(.*)' : '([^?#]*)'
    case '#':
      return '(?:#(.*))?'
    case '.':
      return '((?:\\.[^/?#.]*)*)'
    case '/':
      return '((?:/[^/?#]*)*)'
    case ';':
      return '((?:;[^/?#;]*)*)'
    case '?':
      return '(?:\\?([^#]*))?'
    case '&':
      return '((?:&[^#&]*)*)'
    default:
      // Unreserved characters and percent escapes, leniently anything but the delimiters that end it.
      return '([^/?#&]*)'
  }
}

const SEPARATOR: Record<string, string> = { '': ',', '+': ',', '#': ',', '.': '.', '/': '/', ';': ';', '?': '&', '&': '&' }

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/** Binds one expression's captured text to its variables; false when it cannot be decoded. */
function bind(expression: Expression, text: string | undefined, vars: Record<string, string>): boolean {
  if (text === undefined || text === '') return true
  const { op, names } = expression
  const separator = SEPARATOR[op]
  const body = op === '.' || op === '/' || op === ';' || op === '&' ? text.slice(1) : text
  const parts = body.split(separator)
  if (op === ';' || op === '?' || op === '&') {
    for (const part of parts) {
      const equals = part.indexOf('=')
      const name = equals < 0 ? part : part.slice(0, equals)
      if (!names.includes(name)) continue
      const value = decode(equals < 0 ? '' : part.slice(equals + 1))
      if (value === undefined) return false
      vars[name] = value
    }
    return true
  }
  if (parts.length > names.length) {
    // The last variable takes the rest (a comma inside a value the client did not encode).
    parts.splice(names.length - 1, parts.length, parts.slice(names.length - 1).join(separator))
  }
  for (let i = 0; i < parts.length; i++) {
    const value = decode(parts[i])
    if (value === undefined) return false
    vars[names[i]] = value
  }
  return true
}

export function compileTemplate(template: string): UriMatcher {
  const expressions: Expression[] = []
  let source = '^'
  const tokens = template.split(/(\{[^}]*\})/)
  tokens.forEach((token, index) => {
    if (!token.startsWith('{')) {
      source += escape(token)
      return
    }
    let inner = token.slice(1, -1)
    const op = /^[+#./;?&]/.test(inner) ? inner[0] : ''
    if (op) inner = inner.slice(1)
    const names = inner.split(',').map((name) => name.replace(/(\*|:\d+)$/, '').trim())
    expressions.push({ op, names })
    const last = tokens.slice(index + 1).every((rest) => rest === '')
    source += pattern(op, last)
  })
  const regex = new RegExp(source + '$')
  return (uri) => {
    const match = regex.exec(uri)
    if (!match) return undefined
    const vars: Record<string, string> = {}
    for (let i = 0; i < expressions.length; i++) {
      if (!bind(expressions[i], match[i + 1], vars)) return undefined
    }
    return vars
  }
}
