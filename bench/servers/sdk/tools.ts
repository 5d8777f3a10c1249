/**
 * The three tools for the official SDK: `McpServer.registerTool` with zod schemas. Objects are strict so
 * unknown arguments are refused, as mcp-aot's closed objects do.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import * as z from 'zod/v4'

export function registerTools(server: McpServer): void {
  server.registerTool(
    'echo',
    { description: 'Echoes the text back.', inputSchema: z.strictObject({ text: z.string().describe('The text to echo.') }) },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  )
  server.registerTool(
    'add',
    {
      description: 'Adds two integers.',
      inputSchema: z.strictObject({ a: z.int().describe('The first addend.'), b: z.int().describe('The second addend.') }),
    },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  )
  server.registerTool(
    'create_order',
    {
      description: 'Places an order for a customer.',
      inputSchema: z.strictObject({
        customer: z.strictObject({ name: z.string().min(1), email: z.email() }).describe('Who orders.'),
        items: z
          .array(z.strictObject({ sku: z.string().regex(/^[A-Z]{3}-\d{4}$/), qty: z.int().min(1).max(1000) }))
          .min(1)
          .describe('What is ordered.'),
        note: z.string().nullable().optional().describe('A note for the warehouse.'),
        priority: z.enum(['low', 'normal', 'high']).default('normal').describe('How urgent it is.'),
      }),
      outputSchema: { orderId: z.string(), total: z.number() },
    },
    async ({ items, priority }) => {
      let total = 0
      for (const item of items) total += item.qty
      const out = { orderId: `ORD-${items[0].sku}-${priority}`, total }
      return { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out }
    },
  )
}
