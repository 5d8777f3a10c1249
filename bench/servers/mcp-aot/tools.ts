/** The three tools as plain, JSDoc-annotated functions: mcp-aot's plugin turns them into MCP tools. */
import type { Int, Min, Max, MinLength, Pattern, Email } from 'mcp-aot'

/**
 * Echoes the text back.
 * @tool
 * @param text The text to echo.
 */
export function echo(text: string): string {
  return text
}

/**
 * Adds two integers.
 * @tool
 * @param a The first addend.
 * @param b The second addend.
 */
export function add(a: Int, b: Int): string {
  return String(a + b)
}

export interface Customer {
  name: string & MinLength<1>
  email: Email
}

export interface Item {
  sku: string & Pattern<'^[A-Z]{3}-\\d{4}$'>
  qty: Int & Min<1> & Max<1000>
}

export interface Order {
  orderId: string
  total: number
}

/**
 * Places an order for a customer.
 * @tool create_order
 * @param customer Who orders.
 * @param items What is ordered.
 * @param note A note for the warehouse.
 * @param priority How urgent it is.
 */
export function createOrder(
  customer: Customer,
  items: Item[] & MinLength<1>,
  note?: string | null,
  priority: 'low' | 'normal' | 'high' = 'normal',
): Order {
  let total = 0
  for (const item of items) total += item.qty
  return { orderId: `ORD-${items[0].sku}-${priority}`, total }
}
