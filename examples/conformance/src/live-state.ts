/**
 * What examples/conformance changes at run time (src/tools/live.ts): which of its dynamic tool and prompt are
 * enabled, and how often the watched resource was updated. The table stays as the build made it; createServer's
 * `visible` (src/worker.ts) shows an entry when this says so. Kept in this isolate's memory for the fixtures:
 * a real server keeps such state where every isolate reads it (KV, D1, a Durable Object).
 */

/** The entries that start hidden and that the trigger tools enable and disable. */
export const DYNAMIC: ReadonlySet<string> = new Set(['test_dynamic_tool', 'test_dynamic_prompt'])

const enabled = new Set<string>()

/** createServer's `visible`: every entry but a dynamic one not enabled. */
export const visible = (entry: { name: string }): boolean => !DYNAMIC.has(entry.name) || enabled.has(entry.name)

/** Enables a dynamic entry, or disables it when it is enabled; whether it is enabled now. */
export function toggle(name: string): boolean {
  if (enabled.delete(name)) return false
  enabled.add(name)
  return true
}

/** How often test://watched-resource was updated. */
export const watched = { updates: 0 }
