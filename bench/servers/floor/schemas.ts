/**
 * The floor's tool definitions, written by hand: the same JSON Schema 2020-12 that mcp-aot's compiler
 * writes for bench/servers/mcp-aot/tools.ts (SCHEMA.md's keyword order), and the `tools/list` entries.
 */

const int = (description: string) => ({ type: 'integer', description, minimum: -9007199254740991, maximum: 9007199254740991 })

export const TOOLS = [
  {
    name: 'echo',
    description: 'Echoes the text back.',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string', description: 'The text to echo.' } },
      required: ['text'],
      additionalProperties: false,
    },
  },
  {
    name: 'add',
    description: 'Adds two integers.',
    inputSchema: {
      type: 'object',
      properties: { a: int('The first addend.'), b: int('The second addend.') },
      required: ['a', 'b'],
      additionalProperties: false,
    },
  },
  {
    name: 'create_order',
    description: 'Places an order for a customer.',
    inputSchema: {
      type: 'object',
      properties: {
        customer: {
          type: 'object',
          description: 'Who orders.',
          properties: { name: { type: 'string', minLength: 1 }, email: { type: 'string', format: 'email' } },
          required: ['name', 'email'],
          additionalProperties: false,
        },
        items: {
          type: 'array',
          description: 'What is ordered.',
          items: {
            type: 'object',
            properties: {
              sku: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' },
              qty: { type: 'integer', minimum: 1, maximum: 1000 },
            },
            required: ['sku', 'qty'],
            additionalProperties: false,
          },
          minItems: 1,
        },
        note: { type: ['string', 'null'], description: 'A note for the warehouse.' },
        priority: { type: 'string', description: 'How urgent it is.', enum: ['low', 'normal', 'high'], default: 'normal' },
      },
      required: ['customer', 'items'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: { orderId: { type: 'string' }, total: { type: 'number' } },
      required: ['orderId', 'total'],
      additionalProperties: false,
    },
  },
] as const
