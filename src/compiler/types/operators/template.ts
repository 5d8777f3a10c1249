/**
 * Template literal types as TypeScript reads them: a finite one (`${'sm' | 'md'}-${'x' | 'y'}`) is the
 * literal union of its strings, an open one (`user_${string}`, `${number}px`) a string with a pattern.
 */
import type { TypeIR } from '../ir.ts'
import type { Env, Reader, Resolved } from '../reader.ts'

/**
 * What `${number}` accepts, as tsc reads it (`+s` is a finite number and s is not empty): `0x`/`0o`/`0b`
 * unsigned, whitespace around it or alone, and decimals whose value is surely finite. A decimal with d
 * integer digits and an exponent E is below 10^(d+E), so it is finite when d + E ≤ 308: any negative exponent;
 * no exponent with up to 308 digits; an exponent of up to 2 digits with up to 209; one of 100–299 with up to 9
 * (a fraction alone, `.5e299`, counts no digit). Past that, as for `1e300` or 400 digits, the pattern refuses
 * a few values tsc takes, and never takes one that is Infinity.
 */
const MANTISSA = (digits: number) => `(?:[0-9]{1,${digits}}(?:\\.[0-9]*)?|\\.[0-9]+)`
const DECIMAL = `[+-]?(?:(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)[eE]-[0-9]+|${MANTISSA(308)}|${MANTISSA(209)}[eE]\\+?0*[0-9]{1,2}|${MANTISSA(9)}[eE]\\+?0*[12][0-9]{2})`
const NUMBER_TEXT = `\\s*(?:${DECIMAL}|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+)\\s*|\\s+`
/** What `${bigint}` accepts: a bigint literal without its n (no leading zero, no +, no separator), negative too. */
const BIGINT_TEXT = '-?(?:0|[1-9][0-9]*|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+)'
/** What `${string}` accepts: any text, line breaks included. */
const ANY_TEXT = '[\\s\\S]*'

/** The most strings a finite template literal type is listed as (beyond, it is written as a pattern). */
const MAX_LISTED = 256

/** A placeholder: the strings it stands for (finite) or a regular expression source (open) and what kind of text that is. */
type Piece = { strings: string[] } | { source: string; open: 'string' | 'number' | 'other' }

const escape = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')
const sourceOf = (p: Piece): string => ('source' in p ? p.source : p.strings.length === 1 ? escape(p.strings[0]!) : `(?:${p.strings.map(escape).join('|')})`)

/** The characters a `${number}` or `${bigint}` placeholder's text may contain. */
const NUMBER_CHARS = new Set('0123456789+-.eExXoObBabcdefABCDEF')

const PLACEHOLDERS = 'A template literal type\'s placeholders must be string, number, bigint, boolean, null, undefined or literal unions of them'

function piece(r: Reader, t: Resolved, env: Env, node: any): Piece {
  switch (t.kind) {
    case 'enum': return { strings: t.values.map(String) }
    case 'boolean': return { strings: ['true', 'false'] }
    case 'null': return { strings: ['null'] }
    case 'undefined': return { strings: ['undefined'] }
    case 'optional': return join([piece(r, t.inner, env, node), { strings: ['undefined'] }])
    case 'nullable': return join([piece(r, t.inner, env, node), { strings: ['null'] }])
    case 'union': return join(t.members.map((m) => piece(r, m, env, node)))
    case 'string':
      if (!t.format && t.minLength === undefined && t.maxLength === undefined && (t.pattern === undefined || /^\^.*\$$/s.test(t.pattern))) {
        return t.pattern === undefined ? { source: ANY_TEXT, open: 'string' } : { source: inner(t.pattern), open: 'other' }
      }
      break
    case 'number': if (!t.integer && t.minimum === undefined && t.maximum === undefined) return { source: `(?:${NUMBER_TEXT})`, open: 'number' }; break
    case 'bigint': return { source: `(?:${BIGINT_TEXT})`, open: 'number' }
  }
  return r.refuse('MCP020', `${PLACEHOLDERS}. Use string & Pattern<'…'> for other text.`, env, node)
}

/** A nested template's pattern without its anchors. */
const inner = (pattern: string): string => `(?:${pattern.replace(/^\^/, '').replace(/\$$/, '')})`

function join(pieces: Piece[]): Piece {
  if (pieces.every((p) => 'strings' in p)) return { strings: [...new Set(pieces.flatMap((p) => (p as { strings: string[] }).strings))] }
  return { source: `(?:${pieces.map(sourceOf).join('|')})`, open: 'other' }
}

type Part = string | Extract<Piece, { source: string }>

/**
 * One alternative (finite placeholders spelt out) as TypeScript matches it: the first and last texts at the
 * ends, each text between placeholders at its first occurrence, so the placeholder before it never contains it.
 */
function alternative(r: Reader, parts: Part[], env: Env, node: any): string {
  let out = ''
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!
    if (typeof p === 'string') {
      out += escape(p)
      continue
    }
    const next = parts[i + 1]
    const last = i + 1 >= parts.length || (i + 2 >= parts.length && typeof next === 'string')
    if (last) {
      out += p.source
      continue
    }
    if (typeof next !== 'string' || next === '') {
      return r.refuse('MCP020', 'Two open placeholders next to each other (`${string}${number}`) are split by TypeScript in a way no pattern says. Put literal text between them, or use string & Pattern<\'…\'>.', env, node)
    }
    if (p.open === 'string') out += `(?:(?!${escape(next)})[\\s\\S])*`
    else if (p.open === 'number' && ![...next].some((c) => NUMBER_CHARS.has(c) || /\s/u.test(c))) out += p.source
    else if (p.open === 'number') {
      return r.refuse('MCP020', `A number placeholder followed by text a number may contain ('${next}') is split by TypeScript at the first '${next}', which no pattern here says. Use another separator (such as ':' or '/'), or string & Pattern<'…'>.`, env, node)
    } else {
      return r.refuse('MCP020', `A placeholder whose type is itself a pattern (a template literal type, or a union holding one) followed by more text ('${next}') is split by TypeScript in a way no one pattern here says. Write the union of whole templates out (\`u_\${string}/\${string}\` | …), or use string & Pattern<'…'>.`, env, node)
    }
  }
  return out
}

/** `` `a${T}b${U}` ``: a literal union when every placeholder is finite, else a string with a pattern. */
export function templateType(r: Reader, node: any, env: Env): Resolved {
  // Finite placeholders spelt out into the texts, as TypeScript normalises them into a union of templates.
  let alternatives: Part[][] = [[]]
  const append = (parts: Part[], text: string): Part[] => (typeof parts.at(-1) === 'string' ? [...parts.slice(0, -1), (parts.at(-1) as string) + text] : [...parts, text])
  node.quasis.forEach((q: any, i: number) => {
    alternatives = alternatives.map((a) => append(a, q.value.cooked as string))
    const t = node.types[i]
    if (!t) return
    const p = piece(r, r.resolve(t, env), env, node)
    if ('strings' in p) {
      if (alternatives.length * p.strings.length > MAX_LISTED) {
        r.refuse('MCP020', `This template literal type spells out over ${MAX_LISTED} strings. Use string & Pattern<'…'>, or a smaller union.`, env, node)
      }
      alternatives = alternatives.flatMap((a) => p.strings.map((s) => append(a, s)))
    } else alternatives = alternatives.map((a) => [...a, p])
  })
  if (alternatives.every((a) => a.every((p) => typeof p === 'string'))) return { kind: 'enum', values: [...new Set(alternatives.map((a) => a.join('')))] }
  const sources = [...new Set(alternatives.map((a) => alternative(r, a, env, node)))]
  if (sources.length === 1 && sources[0] === ANY_TEXT) return { kind: 'string' }
  const out: TypeIR = { kind: 'string', pattern: sources.length === 1 ? `^${sources[0]}$` : `^(?:${sources.join('|')})$` }
  return out
}
