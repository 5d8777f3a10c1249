/**
 * Token counts of what a model reads: o200k_base (the GPT-4o/GPT-5 family's encoding) from `gpt-tokenizer`,
 * counted on the compact JSON text of each tools/list entry. Other providers' tokenizers differ by a few
 * percent; o200k is the one a build can run offline, and the comparison between two servers holds.
 *
 * `gpt-tokenizer` (30 MB installed) is an optional peer dependency: only the token report asks for counts
 * (the plugin's `tokens: true`, `mcp-aot inspect --tokens`), so it is loaded on the first count and a build
 * without the report never loads it. Missing, the count throws TokenizerMissing, which says what to install.
 */
import { createRequire } from 'node:module'
import type { Diagnostic } from '../diagnostics.ts'

/** The module the counts come from, and the command that installs it (the range package.json's peerDependencies accept). */
const TOKENIZER = 'gpt-tokenizer/encoding/o200k_base'
const INSTALL_TOKENIZER = 'npm install -D gpt-tokenizer@^4'

export const TOKENIZER_MISSING =
  `the token report counts o200k tokens with gpt-tokenizer, an optional peer dependency of mcp-aot that is not installed: run \`${INSTALL_TOKENIZER}\`, or leave the token report off.`

/** The token report was asked for and gpt-tokenizer cannot be loaded. */
export class TokenizerMissing extends Error {
  /** MCP043 at the project's package.json, where the dependency goes. */
  readonly diagnostic: Diagnostic = { code: 'MCP043', message: TOKENIZER_MISSING, loc: { file: 'package.json', line: 1, column: 1 } }
  constructor(cause: unknown) {
    super(`mcp-aot: ${TOKENIZER_MISSING}`, { cause })
    this.name = 'TokenizerMissing'
  }
}

let count: ((text: string) => number) | undefined

/** The o200k token count of a value's compact JSON text; throws TokenizerMissing without gpt-tokenizer. */
export function jsonTokens(value: unknown): number {
  if (!count) {
    try {
      count = (createRequire(import.meta.url)(TOKENIZER) as { countTokens: (text: string) => number }).countTokens
    } catch (error) {
      const code = (error as { code?: string }).code
      if (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND' || code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw new TokenizerMissing(error)
      throw error
    }
  }
  return count(JSON.stringify(value))
}
