/**
 * Generates a project of N tools, 10 per file, written twice: as mcp-aot annotated functions and as
 * the official SDK's registerTool calls with zod. Three shapes cycle: a search (bounded string and
 * integer with a default), a computation (integer, number, optional boolean), and an order (nested
 * objects, a pattern, an email, an array with minItems, a nullable, an enum default, a structured result).
 * Written under bench/.build/fixtures/ (ignored by git and by tsc).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { ROOT } from './mcp-aot.ts'

export const PER_FILE = 10

export interface GeneratedProject {
  dir: string
  tools: number
  files: number
  mcpAotEntry: string
  sdkEntry: string
  /** A tool file of the mcp-aot project, for rebuild measurements. */
  oneToolFile: string
  /** `sharedTypes`: the type file the first tool file reads, and how many tool files read it. */
  typeFile?: { path: string; readers: number }
}

/** `sharedTypes`: the tools' object types in TYPE_GROUPS type files (tool file f reads types/g<f % TYPE_GROUPS>.ts), not in each tool file. */
export interface ProjectOptions {
  sharedTypes?: boolean
}

export const TYPE_GROUPS = 10

function aotTool(i: number): string {
  switch (i % 3) {
    case 0:
      return `/**
 * Searches records (variant ${i}) and returns the matches as text.
 * @tool
 * @readOnly
 * @param query What to look for.
 * @param limit How many results, 1 through 50.
 */
export function search${i}(query: string & MaxLength<200>, limit: Int & Min<1> & Max<50> = 10): string {
  return query + ':' + limit
}
`
    case 1:
      return `/**
 * Computes a value (variant ${i}).
 * @tool
 * @param a An integer.
 * @param b A number.
 * @param negate Whether to subtract instead.
 */
export function compute${i}(a: Int, b: number, negate?: boolean): string {
  return String(negate ? a - b : a + b)
}
`
    default:
      return `/**
 * Places an order (variant ${i}).
 * @tool
 * @param customer Who orders.
 * @param items What is ordered.
 * @param note A note for the warehouse.
 * @param priority How urgent it is.
 */
export function order${i}(customer: Customer, items: Item[] & MinLength<1>, note?: string | null, priority: 'low' | 'normal' | 'high' = 'normal'): Order {
  let total = 0
  for (const item of items) total += item.qty
  return { orderId: 'ORD-' + items[0].sku + '-' + priority, total }
}
`
  }
}

const AOT_TYPES = `interface Customer {
  name: string & MinLength<1>
  email: Email
}
interface Item {
  sku: string & Pattern<'^[A-Z]{3}-\\\\d{4}$'>
  qty: Int & Min<1> & Max<1000>
}
interface Order {
  orderId: string
  total: number
}
`

const AOT_IMPORTS = `import type { Int, Min, Max, MinLength, MaxLength, Pattern, Email } from 'mcp-aot'`
/** A tool file's first lines: its types inline, or imported from its group's type file. */
const aotHeader = (f: number, shared: boolean): string =>
  shared ? `${AOT_IMPORTS}\nimport type { Customer, Item, Order } from '../types/g${f % TYPE_GROUPS}.ts'\n\n` : `${AOT_IMPORTS}\n\n${AOT_TYPES}\n`

function sdkTool(i: number): string {
  switch (i % 3) {
    case 0:
      return `  server.registerTool('search${i}', {
    description: 'Searches records (variant ${i}) and returns the matches as text.',
    annotations: { readOnlyHint: true },
    inputSchema: z.strictObject({ query: z.string().max(200).describe('What to look for.'), limit: z.int().min(1).max(50).default(10).describe('How many results, 1 through 50.') }),
  }, async ({ query, limit }) => ({ content: [{ type: 'text', text: query + ':' + limit }] }))
`
    case 1:
      return `  server.registerTool('compute${i}', {
    description: 'Computes a value (variant ${i}).',
    inputSchema: z.strictObject({ a: z.int().describe('An integer.'), b: z.number().describe('A number.'), negate: z.boolean().optional().describe('Whether to subtract instead.') }),
  }, async ({ a, b, negate }) => ({ content: [{ type: 'text', text: String(negate ? a - b : a + b) }] }))
`
    default:
      return `  server.registerTool('order${i}', {
    description: 'Places an order (variant ${i}).',
    inputSchema: z.strictObject({
      customer: z.strictObject({ name: z.string().min(1), email: z.email() }).describe('Who orders.'),
      items: z.array(z.strictObject({ sku: z.string().regex(/^[A-Z]{3}-\\d{4}$/), qty: z.int().min(1).max(1000) })).min(1).describe('What is ordered.'),
      note: z.string().nullable().optional().describe('A note for the warehouse.'),
      priority: z.enum(['low', 'normal', 'high']).default('normal').describe('How urgent it is.'),
    }),
    outputSchema: { orderId: z.string(), total: z.number() },
  }, async ({ items, priority }) => {
    let total = 0
    for (const item of items) total += item.qty
    const out = { orderId: 'ORD-' + items[0].sku + '-' + priority, total }
    return { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out }
  })
`
  }
}

export function generateProject(tools: number, options: ProjectOptions = {}): GeneratedProject {
  const shared = Boolean(options.sharedTypes)
  const dir = `${ROOT}bench/.build/fixtures/gen-${tools}${shared ? '-shared' : ''}`
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(`${dir}/mcp-aot/tools`, { recursive: true })
  mkdirSync(`${dir}/sdk/tools`, { recursive: true })
  const files = Math.ceil(tools / PER_FILE)
  if (shared) {
    mkdirSync(`${dir}/mcp-aot/types`)
    for (let g = 0; g < Math.min(files, TYPE_GROUPS); g++) writeFileSync(`${dir}/mcp-aot/types/g${g}.ts`, `${AOT_IMPORTS}\n\n${AOT_TYPES.replace(/^interface/gm, 'export interface')}`)
  }
  const aotImports: string[] = []
  const sdkImports: string[] = []
  for (let f = 0; f < files; f++) {
    const ids = Array.from({ length: Math.min(PER_FILE, tools - f * PER_FILE) }, (_, k) => f * PER_FILE + k)
    writeFileSync(`${dir}/mcp-aot/tools/t${f}.ts`, aotHeader(f, shared) + ids.map(aotTool).join('\n'))
    writeFileSync(
      `${dir}/sdk/tools/t${f}.ts`,
      `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'\nimport * as z from 'zod/v4'\n\nexport function register(server: McpServer): void {\n${ids.map(sdkTool).join('')}}\n`,
    )
    aotImports.push(`import * as t${f} from './tools/t${f}.ts'`)
    sdkImports.push(`import { register as t${f} } from './tools/t${f}.ts'`)
  }
  const list = Array.from({ length: files }, (_, f) => `t${f}`)
  writeFileSync(
    `${dir}/mcp-aot/worker.ts`,
    `import { createServer } from 'mcp-aot'\n${aotImports.join('\n')}\n\nexport default createServer({ name: 'gen-${tools}', version: '1.0.0' }, ${list.join(', ')})\n`,
  )
  writeFileSync(
    `${dir}/sdk/worker.ts`,
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
${sdkImports.join('\n')}

export default {
  async fetch(request: Request): Promise<Response> {
    if (new URL(request.url).pathname !== '/mcp') return new Response('Not Found', { status: 404 })
    const server = new McpServer({ name: 'gen-${tools}', version: '1.0.0' })
    for (const register of [${list.join(', ')}]) register(server)
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
    await server.connect(transport)
    return transport.handleRequest(request)
  },
}
`,
  )
  const typeFile = shared ? { path: `${dir}/mcp-aot/types/g0.ts`, readers: Math.ceil(files / TYPE_GROUPS) } : undefined
  return { dir, tools, files, mcpAotEntry: `${dir}/mcp-aot/worker.ts`, sdkEntry: `${dir}/sdk/worker.ts`, oneToolFile: `${dir}/mcp-aot/tools/t0.ts`, typeFile }
}
