/** SCHEMA.md § Declaring a tool — Name: @tool name, else the function name (Async removed) in snake_case. */
import { describe, expect, it } from 'vitest'
import { refuse, tool } from './golden.ts'

const nameOf = (source: string) => JSON.parse(tool(source)).name as string
const fromFunction = (fn: string) => nameOf(`/** @tool */\nexport function ${fn}() {}\n`)

describe('tool names from function names', () => {
  it.each([
    ['getDocketAsync', 'get_docket'],
    ['HTTPRequest', 'http_request'],
    ['getV2Items', 'get_v2_items'],
    ['searchIncidents', 'search_incidents'],
    ['echo', 'echo'],
    ['parseXMLDocAsync', 'parse_xml_doc'],
    ['asyncJobs', 'async_jobs'],
    ['fetchAsyncData', 'fetch_async_data'],
    ['already_snake', 'already_snake'],
    ['Add2Numbers', 'add2_numbers'],
    ['ABCDef', 'abc_def'],
    ['getURLs', 'get_ur_ls'],
    ['v2', 'v2'],
  ])('%s → %s', (fn, name) => {
    expect(fromFunction(fn)).toBe(name)
  })

  it('a function exported under another name is named after that name (also as a barrel re-exports it); @tool name wins', () => {
    expect(nameOf('/** @tool */\nfunction getDocketAsync() {}\nexport { getDocketAsync as fetchDocket }\n')).toBe('fetch_docket')
    expect(nameOf('/** @tool */\nfunction getDocket() {}\nexport { getDocket, getDocket as fetchDocket }\n')).toBe('get_docket')
    expect(nameOf('/** @tool docket */\nfunction getDocket() {}\nexport { getDocket as fetchDocket }\n')).toBe('docket')
  })
  it('an exported arrow function const', () => {
    expect(nameOf('/** @tool */\nexport const listOpenTicketsAsync = async () => 1\n')).toBe('list_open_tickets')
  })
  it('an exported function expression const', () => {
    expect(nameOf('/** @tool */\nexport const getUser = function () { return 1 }\n')).toBe('get_user')
  })
  it('a function exported by a later export list', () => {
    expect(nameOf('/** @tool */\nfunction pingHost() {}\nexport { pingHost }\n')).toBe('ping_host')
  })
})

describe('@tool name', () => {
  it('overrides the function name and is used as written', () => {
    expect(nameOf('/** @tool search_incidents */\nexport function find() {}\n')).toBe('search_incidents')
  })
  it('is not rewritten (case, dots and dashes kept)', () => {
    expect(nameOf('/** @tool Admin.get-User_2 */\nexport function x() {}\n')).toBe('Admin.get-User_2')
  })
  it('128 characters are allowed', () => {
    const long = 'a'.repeat(128)
    expect(nameOf(`/** @tool ${long} */\nexport function x() {}\n`)).toBe(long)
  })
})

describe('invalid names are build errors (MCP001)', () => {
  it.each([
    ['129 characters', 'a'.repeat(129)],
    ['a slash', 'bad/name'],
    ['a non-ASCII letter', 'café'],
    ['a colon', 'ns:tool'],
    ['an at sign', 'me@host'],
  ])('%s', (_label, name) => {
    const out = refuse(`/** @tool ${name} */\nexport function x() {}\n`)
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP001'])
    expect(out.diagnostics[0]!.message).toContain(name)
    expect(out.diagnostics[0]!.loc).toMatchObject({ file: 'src/tools.ts', line: 1 })
  })
  it('a function name with non-ASCII letters', () => {
    const out = refuse('/** @tool */\nexport function getÄpfel() {}\n')
    expect(out.diagnostics.map((d) => d.code)).toEqual(['MCP001'])
  })
})
