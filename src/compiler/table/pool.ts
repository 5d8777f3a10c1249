/**
 * What a module's entries repeat, written once. Tools that take or return the same types list the same
 * schema text, and build the same result shaper, reviver or lenient plan: each such text or expression that
 * two entries of the module hold becomes a constant of the module (`const __mcp_s0 = …;`), which the entries
 * name. What one entry alone holds stays in its entry, as a literal.
 *
 * Entries are written first with placeholders (`\0<n>\0`: JSON.stringify never leaves a NUL character in
 * its output, so no literal of generated code holds one); `resolve` then writes each placeholder as a string
 * literal, or a concatenation of literals and constants, once every use is counted.
 */

const json = (v: unknown) => JSON.stringify(v)

/** A part of a text that is the entry's own (`text`), a text the module may share (`text`, and its literal as `code`), or an expression it may share (`code`). */
type Item = { text: string; code?: undefined } | { text?: string; code: string }

/** A part of a text that several entries may hold alike (a listed schema). */
export interface Shared {
  shared: string
}

const PLACEHOLDER = /\0(\d+)\0/g

export class ModulePool {
  /** A shareable item's code (a string literal, an expression) → how many entries hold it. */
  private readonly uses = new Map<string, number>()
  private readonly written: Item[][] = []

  /** A placeholder for the string made of `parts`: text of its own, and `Shared` parts. */
  text(parts: readonly (string | Shared)[]): string {
    return this.add(parts.map((p) => (typeof p === 'string' ? { text: p } : this.count({ text: p.shared, code: json(p.shared) }))))
  }

  /** A placeholder for `code`, an expression without side effects that several entries may write alike. */
  expression(code: string): string {
    return this.add([this.count({ code })])
  }

  /** The constants to declare before the entries, and `code` (the entries) with every placeholder written out. */
  resolve(code: string): { constants: string[]; code: string } {
    const names = new Map<string, string>()
    for (const [item, n] of this.uses) if (n > 1) names.set(item, `__mcp_s${names.size}`)
    const constants = [...names].map(([item, name]) => `const ${name} = ${item};`)
    const write = (items: readonly Item[]): string => {
      const out: string[] = []
      let literal: string | undefined
      for (const item of items) {
        const name = item.code === undefined ? undefined : names.get(item.code)
        if (name === undefined && item.text !== undefined) {
          literal = (literal ?? '') + item.text
          continue
        }
        if (literal !== undefined) out.push(json(literal))
        literal = undefined
        out.push(name ?? item.code!)
      }
      if (literal !== undefined) out.push(json(literal))
      return out.join(' + ')
    }
    return { constants, code: code.replace(PLACEHOLDER, (_, i: string) => write(this.written[Number(i)]!)) }
  }

  private count(item: Item & { code: string }): Item {
    this.uses.set(item.code, (this.uses.get(item.code) ?? 0) + 1)
    return item
  }

  private add(items: Item[]): string {
    this.written.push(items)
    return `\0${this.written.length - 1}\0`
  }
}

/**
 * A tools/list entry as the parts of its JSON text (`JSON.stringify(entry)` when joined): its schemas
 * (`inputSchema`, `outputSchema`) are `Shared`, since tools of one module often take or return the same types.
 */
export function listingParts(entry: object): (string | Shared)[] {
  const parts: (string | Shared)[] = []
  let before = '{'
  for (const [key, value] of Object.entries(entry)) {
    if (value === undefined) continue
    if (key === 'inputSchema' || key === 'outputSchema') parts.push(`${before}${json(key)}:`, { shared: json(value) })
    else parts.push(`${before}${json(key)}:${json(value)}`)
    before = ','
  }
  parts.push(before === '{' ? '{}' : '}')
  return parts
}
