/** Reads a wrangler.jsonc (full-line `//` comments allowed) so tests serve a Worker with its own settings. */
import { readFile } from 'node:fs/promises'

export interface WranglerConfig {
  name: string
  main: string
  compatibility_date: string
  compatibility_flags?: string[]
  durable_objects?: { bindings: { name: string; class_name: string }[] }
  migrations?: { tag: string; new_sqlite_classes?: string[] }[]
}

/** The Durable Object bindings as Miniflare takes them: binding name → class name. */
export function durableObjectsOf(config: WranglerConfig): Record<string, string> {
  return Object.fromEntries((config.durable_objects?.bindings ?? []).map((binding) => [binding.name, binding.class_name]))
}

export async function readWranglerConfig(file: string): Promise<WranglerConfig> {
  const text = await readFile(file, 'utf8')
  return JSON.parse(text.split('\n').filter((line) => !/^\s*\/\//.test(line)).join('\n')) as WranglerConfig
}
