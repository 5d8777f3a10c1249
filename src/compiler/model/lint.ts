/**
 * Lint at build: what compiles but reads badly to a model or a client. Tool names: a `.` or more than 64
 * characters is refused by OpenAI and Anthropic (names match ^[a-zA-Z0-9_-]{1,64}$), and above ~40
 * characters a client's server prefix (`mcp__server__name`) pushes it past 64. Parameters and nested
 * properties without a description leave a model guessing. A part without a type (`unknown`, `any`,
 * `JsonValue`) gives a model nothing to go on and is refused by strict providers. A declared return type
 * the build cannot read costs the tool its outputSchema. A tool that says none of @readOnly, @destructive
 * and @openWorld is taken for the worst case by clients (hints.ts).
 */
import type { Declaration } from '../declarations/declaration.ts'
import type { Loc } from '../diagnostics.ts'
import type { Prop, TypeIR } from '../types/ir.ts'
import type { Warning } from './warnings.ts'
import { saysHints } from './hints.ts'

const LONG = 40
const MAX = 64

function props(t: TypeIR): Prop[] {
  switch (t.kind) {
    case 'nullable': return props(t.inner)
    case 'array': return props(t.items)
    case 'tuple': return t.elements.flatMap(props)
    case 'union': return t.members.flatMap(props)
    case 'object': return [...t.props, ...(t.rest ? props(t.rest) : [])]
    default: return []
  }
}

function untyped(t: TypeIR): boolean {
  switch (t.kind) {
    case 'any': return true
    case 'nullable': return untyped(t.inner)
    case 'array': return untyped(t.items)
    case 'tuple': return t.elements.some(untyped)
    case 'union': return t.members.some(untyped)
    case 'object': return t.rest !== undefined && untyped(t.rest)
    default: return false
  }
}

function lintProps(list: readonly Prop[], where: string, at: Loc, out: Warning[]): void {
  for (const p of list) {
    const loc = p.loc ?? at
    const path = `${where}${p.name}`
    if (!p.description) out.push({ code: 'MCP103', message: `'${path}' has no description, so a model guesses what to send. Write one: a @param ${path} line, or a /** … */ comment on the property.`, loc })
    if (untyped(p.type)) out.push({ code: 'MCP104', message: `'${path}' has a part without a type (unknown, any or JsonValue): a model is told nothing about it and strict providers refuse it. Give it a concrete type.`, loc })
    lintProps(props(p.type), `${path}.`, loc, out)
  }
}

/** Each declaration's warnings, found once: a module served from the compile cache keeps its declarations. */
const linted = new WeakMap<Declaration, Warning[]>()

export function lint(decls: readonly Declaration[]): Warning[] {
  const out: Warning[] = []
  for (const d of decls) {
    if (d.kind !== 'tool') continue
    let found = linted.get(d)
    if (!found) linted.set(d, (found = lintTool(d)))
    out.push(...found)
  }
  // A type several tools share (an interface's undescribed property) is one finding at its line, not one per tool.
  const seen = new Set<string>()
  return out.filter((w) => {
    const key = `${w.loc.file}:${w.loc.line}:${w.loc.column} ${w.code} ${w.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function lintTool(d: Declaration): Warning[] {
  const out: Warning[] = []
  if (d.name.includes('.') || d.name.length > MAX) {
    out.push({ code: 'MCP101', message: `The tool name '${d.name}' ${d.name.includes('.') ? 'has a dot' : `is ${d.name.length} characters long`}: OpenAI and Anthropic refuse a request listing it (names match ^[a-zA-Z0-9_-]{1,64}$). Use @tool ${d.name.replace(/\./g, '_').slice(0, MAX)}.`, loc: d.loc })
  } else if (d.name.length > LONG) {
    out.push({ code: 'MCP102', message: `The tool name '${d.name}' is ${d.name.length} characters long; clients prefix it with the server's name (mcp__server__…), which can pass the 64-character limit. Prefer a name of at most ${LONG} characters.`, loc: d.loc })
  }
  if (!d.description) out.push({ code: 'MCP109', message: `The tool '${d.name}' has no description, so a model picks it by its name alone. Write one: the text of its /** … */ comment, before the tags.`, loc: d.loc })
  lintProps(d.props, '', d.loc, out)
  if (d.untypedInput) out.push({ code: 'MCP108', message: `The tool '${d.name}' takes its arguments as unknown, so the build cannot check the function against its input schema ${d.handWritten?.ref ?? ''}, and a change to either goes unnoticed. Declare the parameters the schema describes (one per property, or one destructured object).`, loc: d.untypedInput.loc })
  if (d.unreadWords) out.push({ code: 'MCP110', message: `@tool takes one word, the tool's name ('${d.name}'), so ${d.unreadWords.words.map((w) => `'${w}'`).join(', ')} ${d.unreadWords.words.length > 1 ? 'are' : 'is'} not read. Write the name as one word (@tool ${[d.name, ...d.unreadWords.words].join('_')}), and the description as the text of the comment, before the tags.`, loc: d.unreadWords.loc })
  if (!saysHints(d)) out.push({ code: 'MCP112', message: `The tool '${d.name}' says none of @readOnly, @destructive and @openWorld, so clients take the spec's defaults, the worst case: it may change and destroy data and reach outside systems (ChatGPT shows it so, and asks before every call). Write the hints that hold: @readOnly for a tool that only reads, else @destructive false for one that only adds; @openWorld false for one that stays within your own systems.`, loc: d.loc })
  if (d.contradictoryHints) out.push({ code: 'MCP111', message: `The tool '${d.name}' is marked @readOnly and @destructive: a tool that changes nothing destroys nothing, and clients read destructiveHint only when readOnlyHint is false. Keep @readOnly if the tool only reads; else remove it.`, loc: d.contradictoryHints.loc })
  if (d.unreadResult) out.push({ code: 'MCP107', message: `The tool '${d.name}' gets no outputSchema, and its results are sent as they come: ${d.unreadResult.message} To keep the schema, declare a return type the build reads (an interface or object type of JSON values).`, loc: d.unreadResult.loc })
  return out
}
