/**
 * The schemas a client lists (tools/list, the manifest) as against the ones the validator compiles: the
 * listed copy leaves out what only the validator needs. Today that is the ±(2^53−1) bounds of a plain
 * `Int` (and the unnarrowed side of `Int & Min<…>`): every JSON number a model writes as an integer is in
 * that range, the bounds only guard JavaScript's safe integers, and they cost ~10 tokens per parameter.
 * The validator still checks them (emit.ts compiles `objectSchema`, not this).
 */
import type { Schema } from './schema.ts'
import { mapSchema, types } from './schema-walk.ts'

const SAFE = Number.MAX_SAFE_INTEGER

/** The listed copy of a validator schema. */
export function listedSchema(schema: Schema): Schema {
  return mapSchema(schema, (s) => {
    if (!types(s).includes('integer') || (s.minimum !== -SAFE && s.maximum !== SAFE)) return s
    const out: Schema = { ...s }
    if (out.minimum === -SAFE) delete out.minimum
    if (out.maximum === SAFE) delete out.maximum
    return out
  })
}
