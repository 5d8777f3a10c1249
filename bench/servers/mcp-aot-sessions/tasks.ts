/** create_order again, declared `@task optional`, so a call may run it as a task (bench/sessions.ts). */
import type { MinLength } from 'mcp-aot'
import { createOrder, type Customer, type Item, type Order } from '../mcp-aot/tools.ts'

/**
 * Places an order for a customer; a call that asks for a task gets a task handle and the order later.
 * @tool create_order_task
 * @task optional
 * @param customer Who orders.
 * @param items What is ordered.
 * @param note A note for the warehouse.
 * @param priority How urgent it is.
 */
export function createOrderTask(customer: Customer, items: Item[] & MinLength<1>, note?: string | null, priority: 'low' | 'normal' | 'high' = 'normal'): Order {
  return createOrder(customer, items, note, priority)
}
