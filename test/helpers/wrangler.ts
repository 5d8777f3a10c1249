/** Reads a wrangler.jsonc (full-line `//` comments allowed) so tests serve a Worker with its own settings. */
import { readFile } from 'node:fs/promises'

export interface WranglerConfig {
  name: string
  main: string
  compatibility_date: string
  compatibility_flags?: string[]
}

export async function readWranglerConfig(file: string): Promise<WranglerConfig> {
  const text = await readFile(file, 'utf8')
  return JSON.parse(text.split('\n').filter((line) => !/^\s*\/\//.test(line)).join('\n')) as WranglerConfig
}
