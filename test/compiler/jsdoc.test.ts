/** SCHEMA.md § Declaring a tool — Title, Description, Annotations, Timeout; JSDoc normalization; tags. */
import { describe, expect, it } from 'vitest'
import { llmsTxt } from '../../src/compiler/artifacts/llms-txt.ts'
import { manifest } from '../../src/compiler/artifacts/manifest.ts'
import { compileFiles } from './harness.ts'
import { refuse, tool } from './golden.ts'

const EMPTY = '{"type":"object","properties":{},"additionalProperties":false}'

describe('description', () => {
  it('the leading text: spaces and tabs in a line collapse, a blank line is a paragraph break, trimmed', () => {
    const src = `/**
 *   Searches   known incidents
 *
 *
 *   and returns\tconcise matches.
 * @tool
 */
export function search() {}
`
    expect(tool(src)).toBe(`{"name":"search","description":"Searches known incidents\\n\\nand returns concise matches.","inputSchema":${EMPTY}}`)
  })
  it('a soft-wrapped line joins the line before with one space, trailing spaces dropped', () => {
    const src = '/**\n * Finds notes   \n * across all boards \n *   by their title.\n * @tool\n */\nexport function find() {}\n'
    expect(tool(src)).toBe(`{"name":"find","description":"Finds notes across all boards by their title.","inputSchema":${EMPTY}}`)
  })
  it('list items keep their lines (nested ones their indentation), a wrapped item joins its item', () => {
    const src = `/**
 * Searches the notes.
 * Modes:
 * - fast: the cached
 *   index
 *   - stale by a minute
 * * full: every board
 * 1. first
 * 2) second
 * A closing line joins the last item, as markdown reads it.
 * @tool
 */
export function search() {}
`
    const text = 'Searches the notes. Modes:\\n- fast: the cached index\\n  - stale by a minute\\n* full: every board\\n1. first\\n2) second A closing line joins the last item, as markdown reads it.'
    expect(tool(src)).toBe(`{"name":"search","description":"${text}","inputSchema":${EMPTY}}`)
  })
  it('headings and table rows are lines of their own; quotes take their wrapped lines', () => {
    const src = '/**\n * # Usage\n * Call it.\n * | mode | cost |\n * | - | - |\n * > Note: slow\n * on big boards.\n * @tool\n */\nexport function s() {}\n'
    expect(tool(src)).toBe(`{"name":"s","description":"# Usage\\nCall it.\\n| mode | cost |\\n| - | - |\\n> Note: slow on big boards.","inputSchema":${EMPTY}}`)
  })
  it('fenced code keeps its lines and indentation as written', () => {
    const src = '/**\n * Runs a query:\n * ```sql\n * select  *\n *   from notes\n * ```\n * Then reads it.\n * @tool\n */\nexport function q() {}\n'
    expect(tool(src)).toBe(`{"name":"q","description":"Runs a query:\\n\`\`\`sql\\nselect  *\\n  from notes\\n\`\`\`\\nThen reads it.","inputSchema":${EMPTY}}`)
  })
  it('*\\/ in the text reads */ (a block comment cannot hold */ as written)', () => {
    const src = '/**\n * Matches globs like src/**\\/*.ts.\n * @tool\n * @param glob A pattern such as **\\/*.md.\n */\nexport function g(glob: string) {}\n'
    expect(tool(src)).toBe('{"name":"g","description":"Matches globs like src/**/*.ts.","inputSchema":{"type":"object","properties":{"glob":{"type":"string","description":"A pattern such as **/*.md."}},"required":["glob"],"additionalProperties":false}}')
  })
  it("docs/writing-tools.md's example: its description is the one its last line says", () => {
    const src = String.raw`
/**
 * Searches the notes.
 *
 * Modes:
 * - fast: the cached index,
 *   a minute old at most
 * - full: every board
 * @tool
 * @param query Words to look for.
 * @param mode How to search.
 */
export function searchNotes(query: string, mode: 'fast' | 'full') {}
// description: "Searches the notes.\n\nModes:\n- fast: the cached index, a minute old at most\n- full: every board"
`
    expect(JSON.parse(tool(src)).description).toBe(JSON.parse(/\/\/ description: (.*)/.exec(src)![1]!))
    expect(JSON.parse(tool(src)).description).toBe('Searches the notes.\n\nModes:\n- fast: the cached index, a minute old at most\n- full: every board')
  })
  it('{@link X} becomes X and {@link X text} becomes text', () => {
    const src = `/**
 * Reads a {@link Ticket} by id, see {@link https://example.com/docs the docs} and {@link Other.thing}.
 * @tool
 */
export function read() {}
`
    expect(tool(src)).toBe(`{"name":"read","description":"Reads a Ticket by id, see the docs and Other.thing.","inputSchema":${EMPTY}}`)
  })
  it('@description wins over the leading text', () => {
    const src = `/**
 * Internal note for maintainers.
 * @tool
 * @description Adds two
 *   numbers.
 */
export function add() {}
`
    expect(tool(src)).toBe(`{"name":"add","description":"Adds two numbers.","inputSchema":${EMPTY}}`)
  })
  it('no text and no @description: no description key', () => {
    expect(tool('/** @tool */\nexport function bare() {}\n')).toBe(`{"name":"bare","inputSchema":${EMPTY}}`)
  })
  it('a one-line block: /** Adds. @tool @readOnly */', () => {
    expect(tool('/** Adds. @tool @readOnly */\nexport function add() {}\n')).toBe(`{"name":"add","description":"Adds.","inputSchema":${EMPTY},"annotations":{"readOnlyHint":true}}`)
  })
  it('the closest JSDoc block is the one read', () => {
    const src = `/** File header. */\n\n/** Pings. @tool */\nexport function ping() {}\n`
    expect(tool(src)).toBe(`{"name":"ping","description":"Pings.","inputSchema":${EMPTY}}`)
  })
})

describe('a description of several lines in llms.txt', () => {
  it("stays in its tool's list item (further lines indented), the hints and the result a paragraph of the item", () => {
    const src = '/**\n * Searches.\n *\n * - fast\n * - full\n * @tool\n * @readOnly\n */\nexport function s(): string { return "" }\n/** Pings. @tool */\nexport function ping(): string { return "" }\n'
    const text = llmsTxt({ name: 'notes' }, compileFiles({ 'src/tools.ts': src }).declarations)
    expect(text.slice(text.indexOf('## Tools'))).toBe('## Tools\n\n- s(): Searches.\n\n  - fast\n  - full\n\n  (read-only) Returns text.\n- ping(): Pings. Returns text.\n')
  })
})

describe('@param text', () => {
  it('is normalized, and the TSDoc hyphen is dropped', () => {
    const src = `/**
 * @tool
 * @param a - The first
 *   addend, see {@link Sum the sum}.
 * @param b The second   one.
 */
export function add(a: number, b: number) {}
`
    expect(tool(src)).toBe('{"name":"add","inputSchema":{"type":"object","properties":{"a":{"type":"number","description":"The first addend, see the sum."},"b":{"type":"number","description":"The second one."}},"required":["a","b"],"additionalProperties":false}}')
  })
  it('keeps a list, and a property comment keeps its paragraphs', () => {
    const src = `/**
 * @tool
 * @param mode How to search:
 *   - fast: the cached index
 *   - full: every board
 * @param opts The options.
 */
export function s(mode: string, opts: {
  /**
   * Most notes to return.
   *
   * Past 50 the call is slow.
   */
  limit: number
}) {}
`
    const props = JSON.parse(tool(src)).inputSchema.properties
    expect(props.mode.description).toBe('How to search:\n- fast: the cached index\n- full: every board')
    expect(props.opts.properties.limit.description).toBe('Most notes to return.\n\nPast 50 the call is slow.')
  })
  it('the JSDoc optional form [name=default] names the parameter', () => {
    const src = '/**\n * @tool\n * @param [limit=10] How many.\n * @param {string} [q] Query.\n */\nexport function s(limit: number = 10, q?: string) {}\n'
    expect(tool(src)).toBe('{"name":"s","inputSchema":{"type":"object","properties":{"limit":{"type":"number","description":"How many.","default":10},"q":{"type":"string","description":"Query."}},"additionalProperties":false}}')
  })
  it('@param for a ToolContext or AbortSignal parameter is allowed and writes nothing', () => {
    const src = "import type { ToolContext } from 'mcp-aot'\n/**\n * @tool\n * @param ctx The context.\n * @param signal Aborts.\n */\nexport function s(ctx: ToolContext, signal: AbortSignal) {}\n"
    expect(tool(src)).toBe(`{"name":"s","inputSchema":${EMPTY}}`)
  })
  it('a tag written twice is refused (MCP026)', () => {
    const out = refuse('/**\n * @tool\n * @title A\n * @title B\n */\nexport function s() {}\n')
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP026'])
    expect(out.diagnostics[0]!.loc).toEqual({ file: 'src/tools.ts', line: 4, column: 4 })
  })
  it('an @ inside text is not a tag', () => {
    expect(tool('/**\n * Mail me@example.com for access.\n * @tool\n */\nexport function s() {}\n')).toBe(`{"name":"s","description":"Mail me@example.com for access.","inputSchema":${EMPTY}}`)
  })
  it('a JSDoc type in braces before the name is accepted', () => {
    const src = '/**\n * @tool\n * @param {string} q The query.\n */\nexport function s(q: string) {}\n'
    expect(tool(src)).toBe('{"name":"s","inputSchema":{"type":"object","properties":{"q":{"type":"string","description":"The query."}},"required":["q"],"additionalProperties":false}}')
  })
})

describe('@title', () => {
  it('becomes the top-level title, before description, once (a 2025-03-26 client gets it as annotations.title at run time)', () => {
    const src = '/**\n * Searches.\n * @tool\n * @title Search  Incidents\n */\nexport function s() {}\n'
    expect(tool(src)).toBe(`{"name":"s","title":"Search Incidents","description":"Searches.","inputSchema":${EMPTY}}`)
    const hinted = '/**\n * Searches.\n * @tool\n * @readOnly\n * @title Search\n */\nexport function s() {}\n'
    expect(tool(hinted)).toBe(`{"name":"s","title":"Search","description":"Searches.","inputSchema":${EMPTY},"annotations":{"readOnlyHint":true}}`)
  })
  it('is left out when absent', () => {
    expect(JSON.parse(tool('/** S. @tool */\nexport function s() {}\n'))).not.toHaveProperty('title')
  })
  it('is one line: its lines join with a space, whatever markdown they hold', () => {
    const src = '/**\n * @tool\n * @title Search\n *\n *   - Incidents\n */\nexport function s() {}\n'
    expect(JSON.parse(tool(src)).title).toBe('Search - Incidents')
  })
})

describe('@icon', () => {
  const PNG = 'data:image/png;base64,iVBORw0KGgo='
  it('on a tool: icons after the other fields, the mimeType from the URL\'s extension or the data: URI, sizes and theme as written', () => {
    const src = `/**\n * Pings.\n * @tool\n * @icon https://example.com/ping.svg any dark\n * @icon https://cdn.example.com/i/ping.PNG?v=2 48x48 96x96\n * @icon ${PNG} 16x16\n * @icon https://example.com/avatar/7\n */\nexport function ping() {}\n`
    const icons = '[{"src":"https://example.com/ping.svg","mimeType":"image/svg+xml","sizes":["any"],"theme":"dark"},{"src":"https://cdn.example.com/i/ping.PNG?v=2","mimeType":"image/png","sizes":["48x48","96x96"]},' +
      `{"src":"${PNG}","mimeType":"image/png","sizes":["16x16"]},{"src":"https://example.com/avatar/7"}]`
    expect(tool(src)).toBe(`{"name":"ping","description":"Pings.","inputSchema":${EMPTY},"icons":${icons}}`)
  })
  it('on a resource and a prompt', () => {
    const out = compileFiles({ 'src/tools.ts': '/**\n * Notes.\n * @resource notes://all\n * @icon https://example.com/n.webp\n */\nexport function notes(): string { return "" }\n/**\n * Asks.\n * @prompt\n * @icon https://example.com/a.jpg light\n */\nexport function ask(): string { return "" }\n' })
    expect(out.diagnostics).toEqual([])
    expect(out.declarations.map((d) => d.icons)).toEqual([[{ src: 'https://example.com/n.webp', mimeType: 'image/webp' }], [{ src: 'https://example.com/a.jpg', mimeType: 'image/jpeg', theme: 'light' }]])
    // The manifest's entries are in the shapes of the lists, icons included.
    const listed = JSON.parse(manifest({ name: 'notes' }, out.declarations))
    expect(listed.resources[0].icons).toEqual([{ src: 'https://example.com/n.webp', mimeType: 'image/webp' }])
    expect(listed.prompts[0].icons).toEqual([{ src: 'https://example.com/a.jpg', mimeType: 'image/jpeg', theme: 'light' }])
  })
  it.each([
    ['http://example.com/ping.png', "its src 'http://example.com/ping.png' is neither an https URL nor a data: URI"],
    ['https://example.com/ping.gif', 'its URL names a gif image, not one of image/png, image/jpeg, image/svg+xml, image/webp'],
    ['data:image/gif;base64,R0lGOD==', 'its data: URI is image/gif, not one of image/png, image/jpeg, image/svg+xml, image/webp'],
    ['data:image/svg+xml,<svg/>', 'its data: URI is not base64 (data:<type>;base64,<data>)'],
    ['https://example.com/p.png 48x48 big', 'its sizes (48x48 big) are not WxH (48x48) or any'],
    ['https://example.com/p.png light dark', 'it names two themes (light, dark); an icon is for one, or for both when none is written'],
    ['', 'it names no image'],
  ])('@icon %s is MCP057 at the tag: %s', (value, why) => {
    const out = refuse(`/**\n * Pings.\n * @tool\n * @icon ${value}\n */\nexport function ping() {}\n`)
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP057'])
    expect(out.diagnostics[0]!.loc).toEqual({ file: 'src/tools.ts', line: 4, column: 4 })
    expect(out.diagnostics[0]!.message).toBe(`@icon cannot be shown by a client: ${why}. Write @icon https://example.com/icon.png, or a data:image/png;base64,… URI (png, jpeg, svg+xml or webp), then any sizes (48x48, or any) and light or dark.`)
  })
})

describe('annotations: three states', () => {
  it('no tag, no annotations', () => {
    expect(JSON.parse(tool('/** @tool */\nexport function s() {}\n'))).not.toHaveProperty('annotations')
  })
  it('bare tags are true', () => {
    const src = '/**\n * @tool\n * @readOnly\n * @destructive\n * @idempotent\n * @openWorld\n */\nexport function s() {}\n'
    expect(tool(src)).toBe(`{"name":"s","inputSchema":${EMPTY},"annotations":{"readOnlyHint":true,"destructiveHint":true,"idempotentHint":true,"openWorldHint":true}}`)
  })
  it('explicit true and false; unset hints are left out', () => {
    const src = '/**\n * @tool\n * @destructive false\n * @openWorld true\n */\nexport function s() {}\n'
    expect(tool(src)).toBe(`{"name":"s","inputSchema":${EMPTY},"annotations":{"destructiveHint":false,"openWorldHint":true}}`)
  })
  it('the README example: @readOnly @idempotent @openWorld false', () => {
    const src = '/**\n * @tool\n * @readOnly\n * @idempotent\n * @openWorld false\n */\nexport function s() {}\n'
    expect(tool(src)).toBe(`{"name":"s","inputSchema":${EMPTY},"annotations":{"readOnlyHint":true,"idempotentHint":true,"openWorldHint":false}}`)
  })
  it('a value other than true/false is refused (MCP026)', () => {
    const out = refuse('/**\n * @tool\n * @readOnly yes\n */\nexport function s() {}\n')
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP026'])
    expect(out.diagnostics[0]!.loc).toEqual({ file: 'src/tools.ts', line: 3, column: 4 })
  })
})

describe('@timeout', () => {
  const timeoutOf = (tag: string) => compileFiles({ 'src/tools.ts': `/**\n * @tool\n * @timeout ${tag}\n */\nexport function s() {}\n` })
  it.each([
    ['5s', 5000],
    ['500ms', 500],
    ['30s', 30000],
  ])('@timeout %s → %d ms', (tag, ms) => {
    const out = timeoutOf(tag)
    expect(out.diagnostics).toEqual([])
    expect(out.declarations[0]!.timeoutMs).toBe(ms)
  })
  it('no @timeout: no timeout', () => {
    const out = compileFiles({ 'src/tools.ts': '/** @tool */\nexport function s() {}\n' })
    expect(out.declarations[0]!.timeoutMs).toBeUndefined()
  })
  it.each(['soon', '5', '5 minutes', '-1s'])('@timeout %s is refused (MCP026)', (tag) => {
    expect(timeoutOf(tag).diagnostics.map((d) => d.code)).toEqual(['MCP026'])
  })
})

describe('@task', () => {
  const taskTool = (tag: string) => tool(`/**\n * Runs long.\n * @tool\n * ${tag}\n */\nexport function s() {}\n`)
  it('@task optional, @task required and bare @task write execution.taskSupport after the schemas', () => {
    expect(taskTool('@task optional')).toBe(`{"name":"s","description":"Runs long.","inputSchema":${EMPTY},"execution":{"taskSupport":"optional"}}`)
    expect(taskTool('@task required')).toBe(`{"name":"s","description":"Runs long.","inputSchema":${EMPTY},"execution":{"taskSupport":"required"}}`)
    expect(taskTool('@task')).toBe(`{"name":"s","description":"Runs long.","inputSchema":${EMPTY},"execution":{"taskSupport":"optional"}}`)
  })
  it('@task required ask-first: listed as required; the declaration says the tool asks before its task', () => {
    expect(taskTool('@task required ask-first')).toBe(`{"name":"s","description":"Runs long.","inputSchema":${EMPTY},"execution":{"taskSupport":"required"}}`)
    const decl = (tag: string) => compileFiles({ 'src/tools.ts': `/**\n * @tool\n * ${tag}\n */\nexport function s() {}\n` })
    expect(decl('@task required ask-first').declarations[0]).toMatchObject({ taskSupport: 'required', taskAsksFirst: true })
    expect(decl('@task ask-first').declarations[0]).toMatchObject({ taskSupport: 'optional', taskAsksFirst: true })
    expect(decl('@task optional').declarations[0]!.taskAsksFirst).toBeUndefined()
    const wrong = decl('@task required later')
    expect(wrong.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual(["MCP026 @task required takes one more word at most, ask-first (the call runs inline, asking by input rounds, until ctx.startTask()), not 'later'."])
  })
  it('no @task: no execution', () => {
    expect(taskTool('@readOnly')).toBe(`{"name":"s","description":"Runs long.","inputSchema":${EMPTY},"annotations":{"readOnlyHint":true}}`)
  })
})

describe('@scope', () => {
  const scopesOf = (...tags: string[]) => compileFiles({ 'src/tools.ts': `/**\n * @tool\n${tags.map((t) => ` * @scope ${t}\n`).join('')} */\nexport function s() {}\n` })
  it('one tag, several scopes, several tags: every scope once, in the order written', () => {
    expect(scopesOf('notes:write').declarations[0]!.scopes).toEqual(['notes:write'])
    const out = scopesOf('notes:read notes:write', 'admin notes:read')
    expect(out.diagnostics).toEqual([])
    expect(out.declarations[0]!.scopes).toEqual(['notes:read', 'notes:write', 'admin'])
  })
  it('no @scope: no scopes', () => {
    expect(compileFiles({ 'src/tools.ts': '/** @tool */\nexport function s() {}\n' }).declarations[0]!.scopes).toBeUndefined()
  })
  it.each(['', 'notes:"write"', 'a\\b'])('@scope %j is refused (MCP026) at the tag, saying what to write', (value) => {
    const out = scopesOf(value)
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP026'])
    expect(out.diagnostics[0]!.message).toContain('@scope notes:write')
    expect(out.diagnostics[0]!.loc).toEqual({ file: 'src/tools.ts', line: 3, column: 4 })
  })
  it('belongs to tools: on a @prompt it is refused (MCP002)', () => {
    const out = refuse('/**\n * @prompt\n * @scope notes:write\n */\nexport function p() { return "x" }\n')
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP002'])
    expect(out.diagnostics[0]!.message).toBe('Unknown tag @scope in a @prompt block. @scope belongs to @tool blocks, not @prompt.')
  })
})

describe('tags', () => {
  it('the usual JSDoc tags are allowed; @deprecated, @returns and @example go into the description, the others write nothing', () => {
    const src = `/**
 * Adds.
 * @tool
 * @param a A.
 * @returns The sum.
 * @example add(1, 2)
 * @see https://example.com
 * @deprecated use plus
 * @throws when it overflows
 * @remarks Fast.
 */
export function add(a: number): number { return a }
`
    expect(tool(src)).toBe('{"name":"add","description":"Deprecated: use plus. Adds. Returns the sum. Example: add(1, 2)","inputSchema":{"type":"object","properties":{"a":{"type":"number","description":"A."}},"required":["a"],"additionalProperties":false}}')
  })
  it('after a text of several lines, @returns and @example are paragraphs; an @example of several lines stays fenced, one line reads inline', () => {
    const src = `/**
 * Adds:
 * - a to b
 * @tool
 * @returns The sum.
 * @example
 * \`\`\`ts
 * add(1, 2)
 * \`\`\`
 * @example
 * \`\`\`ts
 * const a = 1
 * add(a, 2)
 * \`\`\`
 */
export function add(a: number): number { return a }
`
    const text = 'Adds:\\n- a to b\\n\\nReturns the sum.\\n\\nExample: add(1, 2)\\n\\nExample:\\n```ts\\nconst a = 1\\nadd(a, 2)\\n```'
    expect(tool(src)).toBe(`{"name":"add","description":"${text}","inputSchema":{"type":"object","properties":{"a":{"type":"number"}},"required":["a"],"additionalProperties":false}}`)
  })
  it('an unknown tag is a build error with the nearest known tag (@readonly → @readOnly)', () => {
    const out = refuse('/**\n * @tool\n * @readonly\n */\nexport function s() {}\n')
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP002'])
    expect(out.diagnostics[0]!.message).toContain('@readonly')
    expect(out.diagnostics[0]!.message).toContain('@readOnly')
    expect(out.diagnostics[0]!.loc).toEqual({ file: 'src/tools.ts', line: 3, column: 4 })
  })
  it.each([
    ['titel', 'title'],
    ['idempotnet', 'idempotent'],
    ['openworld', 'openWorld'],
    ['timout', 'timeout'],
    ['parma', 'param'],
  ])('@%s suggests @%s', (wrong, right) => {
    const out = refuse(`/**\n * @tool\n * @${wrong} x\n */\nexport function s() {}\n`)
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP002'])
    expect(out.diagnostics[0]!.message).toContain(`@${right}`)
  })
  it('a tag far from every known one is still refused, without a wrong suggestion', () => {
    const out = refuse('/**\n * @tool\n * @zzzzqqqq\n */\nexport function s() {}\n')
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP002'])
    expect(out.diagnostics[0]!.message).toContain('@zzzzqqqq')
  })
  it('functions without @tool are not tools, whatever their JSDoc', () => {
    const out = compileFiles({ 'src/tools.ts': '/** Helper. @readonly */\nexport function h() {}\n/** @tool */\nexport function t() {}\n' })
    expect(out.diagnostics).toEqual([])
    expect(out.declarations.map((d) => d.name)).toEqual(['t'])
  })
})
