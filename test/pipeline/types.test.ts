/**
 * Issue 8, items 1, 6, 9 and 11 end to end: modules compiled by the esbuild plugin (the real compiler),
 * bundled as a Worker, served by createServer, and called with tools/call.
 */
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import type { McpServer } from '../../src/runtime/shared/api.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'
import { legacyRequest, send } from '../runtime/helpers.ts'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

let server: McpServer<any>
beforeAll(async () => {
  server = await loadWorker(await bundleWorker(fixture('types-worker.ts')))
})

async function call(name: string, args: unknown, on = server): Promise<any> {
  const reply = await send(on, legacyRequest('tools/call', { name, arguments: args }))
  expect(reply.status).toBe(200)
  return reply.body.result
}
const text = (t: string) => ({ content: [{ type: 'text', text: t }] })
const refused = (...lines: string[]) => ({ content: [{ type: 'text', text: lines.join('\n') }], isError: true })

async function listed(name: string): Promise<any> {
  const reply = await send(server, legacyRequest('tools/list', {}))
  return reply.body.result.tools.find((t: any) => t.name === name)
}

describe('intersections intersect (item 1)', () => {
  it('{ id: string } & Partial<Todo>: id stays required, the rest optional', async () => {
    expect(await call('update_todo', { todo: { id: '1', done: true } })).toEqual(text('1:done,id'))
    expect(await call('update_todo', { todo: { title: 'x' } })).toEqual(refused("Argument 'todo.id' is required."))
  })
  it('(Circle | Rect) & { at: string }: every branch requires at', async () => {
    expect(await call('stamp', { shape: { kind: 'rect', w: 1, h: 2, at: 'noon' } })).toEqual(text('rect@noon'))
    // The kind selects the branch whose error is reported.
    expect(await call('stamp', { shape: { kind: 'circle', r: 1 } })).toEqual(refused("Argument 'shape.at' is required."))
  })
  it('Record<string, unknown> & { id: string }: id required and typed, other keys allowed', async () => {
    expect(await call('label', { item: { id: 'a', x: 1, y: [2] } })).toEqual(text('a+2'))
    expect(await call('label', { item: { x: 1 } })).toEqual(refused("Argument 'item.id' is required."))
    expect(await call('label', { item: { id: 5 } })).toEqual(refused("Argument 'item.id' must be a string (got 5)."))
  })
  it("an output schema with intersections: workers-types' D1Result", async () => {
    const tool = await listed('last_query')
    expect(tool.outputSchema.required).toEqual(['success', 'meta', 'results'])
    expect(tool.outputSchema.additionalProperties).toBe(false)
    expect(tool.outputSchema.properties.success).toEqual({ type: 'boolean', enum: [true] })
    const meta = tool.outputSchema.properties.meta
    expect(meta.required).toEqual(['duration', 'size_after', 'rows_read', 'rows_written', 'last_row_id', 'changed_db', 'changes'])
    expect(meta.additionalProperties).toEqual({})
    expect(Object.keys(tool.outputSchema.properties)).toEqual(['success', 'meta', 'results'])
    const result = await call('last_query', {})
    expect(result.structuredContent).toEqual({
      success: true,
      meta: { duration: 1, size_after: 2, rows_read: 3, rows_written: 0, last_row_id: 7, changed_db: false, changes: 0, served_by: 'v3-prod' },
      results: [{ id: 'a' }],
    })
  })
})

describe('constraint tags narrow (item 6)', () => {
  it('MaxLength<10> & MaxLength<20> is 10, Min<1> & Min<-5> is 1, two patterns both apply', async () => {
    expect(await call('narrow', { code: 'abcdefghij', n: 1, sku: 'A1' })).toEqual(text('abcdefghij/1/A1'))
    expect(await call('narrow', { code: 'abcdefghijk', n: 0, sku: 'A' })).toEqual(refused(
      "Argument 'code' must have at most 10 character(s) (got 11).",
      "Argument 'n' must be >= 1 (got 0).",
      String.raw`Argument 'sku' must match the pattern ^(?=[\s\S]*?(?:^[A-Z]))(?=[\s\S]*?(?:[0-9]$)) (got "A").`,
    ))
    expect((await call('narrow', { code: 'a', n: 2, sku: '1A' })).isError).toBe(true)
  })
})

describe('{}, object and Record<string, never> (item 9)', () => {
  it('{} takes any value but null, object takes objects and arrays, Record<string, never> only {}', async () => {
    expect(await call('anything', { value: [1], target: [], none: {} })).toEqual(text('[[1],[],{}]'))
    expect(await call('anything', { value: 'x', target: { a: 1 }, none: {} })).toEqual(text('["x",{"a":1},{}]'))
    expect(await call('anything', { value: null, target: 5, none: { a: 1 } })).toEqual(refused(
      "Argument 'value' must be a boolean, a number, a string, an array or an object (got null).",
      "Argument 'target' must be an array or an object (got 5).",
      "Unknown argument 'none.a'.",
    ))
  })
})

describe('the schema size budget (item 11)', () => {
  it('a tool whose schema would pass the budget fails the build with MCP039, naming the type that multiplies', async () => {
    const failure = await bundleWorker(fixture('deep-worker.ts')).then(() => undefined, (e: Error) => e)
    // esbuild reports the finding at its own location (column counted from 0: the diagnostic's 9:8 is 9:7).
    expect(failure?.message).toContain('deep.ts:9:7: ERROR: [plugin: mcp-aot] ')
    expect(failure?.message).toMatch(/error MCP039: The input schema of tool 'deep' would be \d+ KiB of JSON, over the 64 KiB budget\. Every type is written inline, and Leaf \(test\/pipeline\/fixtures\/deep\.ts:1:1\) is written out 1024 times, 169 bytes each\./)
  })
  it('the schemaBudget option raises it: the same tool builds and answers', async () => {
    const deep = await loadWorker(await bundleWorker(fixture('deep-worker.ts'), { schemaBudget: 1024 * 1024 }))
    const leaf = { name: 'n', count: 1, on: true }
    const l1 = { a: leaf, b: leaf, c: leaf, d: leaf }
    const l2 = { a: l1, b: l1, c: l1, d: l1 }
    const l3 = { a: l2, b: l2, c: l2, d: l2 }
    const l4 = { a: l3, b: l3, c: l3, d: l3 }
    expect(await call('deep', { tree: { a: l4, b: l4, c: l4, d: l4 } }, deep)).toEqual(text('n'))
    expect((await call('deep', { tree: { a: l4, b: l4, c: l4, d: { ...l4, a: { ...l3, a: { ...l2, a: { ...l1, a: { name: 1 } } } } } } }, deep))).toEqual(
      refused("Argument 'tree.d.a.a.a.a.count' is required.", "Argument 'tree.d.a.a.a.a.on' is required.", "Argument 'tree.d.a.a.a.a.name' must be a string (got 1)."),
    )
  })
})
