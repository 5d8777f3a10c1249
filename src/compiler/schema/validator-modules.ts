/**
 * Validators as modules of their own, named by their text: generated code imports one as
 * `import __mcp_v0 from 'mcp-aot/validator:<id>'`, and the plugin serves the module under that id
 * (its resolveId and load), so a validator that many tool modules need is one module of the bundle.
 * The store lives as long as the process: the same schema always gives the same text, so an id once made
 * stays true, for every plugin instance and every rebuild (a dev server's too).
 */
import { createHash } from 'node:crypto'

/** What generated code imports a validator module as; the id follows. */
export const VALIDATOR_MODULE = 'mcp-aot/validator:'

/** id → the module's text. */
const texts = new Map<string, string>()
/** A validator's key (its assertions as JSON, and how it was compiled) → its id: each schema is compiled once. */
const ids = new Map<string, string>()

/** The id of the module for `key`, made by `text()` the first time the key is seen. */
export function validatorModule(key: string, text: () => string): string {
  let id = ids.get(key)
  if (id === undefined) {
    const source = text()
    id = createHash('sha256').update(source).digest('hex').slice(0, 20)
    texts.set(id, source)
    ids.set(key, id)
  }
  return id
}

/** A specifier of a validator module (`mcp-aot/validator:<id>`). */
export const VALIDATOR_ID = new RegExp(`^${VALIDATOR_MODULE}\\w+$`)

/** What the plugin's load gives for the validator module `id`; a module compiled by another process names an id this one never made. */
export function validatorSource(id: string): string {
  const text = texts.get(id)
  if (text === undefined) throw new Error(`mcp-aot: no validator module ${id} was made in this process; the module importing it was compiled by another (rebuild it).`)
  return text
}
