/**
 * Token counts of what a model reads: o200k_base (the GPT-4o/GPT-5 family's encoding) from `gpt-tokenizer`,
 * counted on the compact JSON text of each tools/list entry. Other providers' tokenizers differ by a few
 * percent; o200k is the one a build can run offline, and the comparison between two servers holds.
 * The encoding (2.4 MB of ranks) loads on the first count, not when the plugin loads.
 */
import { createRequire } from 'node:module'

let count: ((text: string) => number) | undefined

/** The o200k token count of a value's compact JSON text. */
export function jsonTokens(value: unknown): number {
  count ??= (createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as { countTokens: (text: string) => number }).countTokens
  return count(JSON.stringify(value))
}
