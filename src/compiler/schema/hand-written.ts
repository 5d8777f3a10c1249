/**
 * A hand-written input schema (`@inputSchema`, declarations/input-schema.ts): listed as written, and
 * validated by the same standalone validators as a compiled one. The validators take JSON Schema 2020-12
 * with local references into `$defs`, so what reaches them is the schema with its references made plain:
 * `$schema` (checked: 2020-12 or none) and `$anchor` (each anchor in `$defs` becomes the path of its
 * definition, `#addressDef` → `#/$defs/address`) are left out, annotations stay. What they cannot take is
 * refused here, with the JSON Pointer of the part: `$id`, `$dynamicRef`/`$dynamicAnchor`, the draft-07
 * `definitions`, `unevaluatedProperties`/`unevaluatedItems`, and references anywhere but a definition.
 */
import type { Schema } from './schema.ts'
import { isSchema, mapSchema, types } from './schema-walk.ts'
import { LOCAL_REF } from './validator-fragments.ts'

const SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema'

/** A part of a hand-written schema the validators cannot take: where (a JSON Pointer) and what to write. */
export class SchemaProblem extends Error {
  readonly pointer: string
  constructor(pointer: string, message: string) {
    super(message)
    this.pointer = pointer
  }
}

const UNSUPPORTED: Record<string, string> = {
  $id: 'an $id (the validators resolve references inside this one schema only): leave it out',
  $dynamicRef: 'a $dynamicRef: use a $ref into $defs',
  $dynamicAnchor: 'a $dynamicAnchor: use a $ref into $defs',
  $recursiveRef: 'a $recursiveRef (draft 2019-09): use a $ref into $defs',
  $recursiveAnchor: 'a $recursiveAnchor (draft 2019-09): use a $ref into $defs',
  definitions: 'definitions (draft-07): rename it $defs and the references #/$defs/…',
  unevaluatedProperties: 'unevaluatedProperties: list the properties, with additionalProperties: false where they are closed',
  unevaluatedItems: 'unevaluatedItems: use items or prefixItems',
}

/** The schema the validators compile for a hand-written one; throws a SchemaProblem for a part they cannot take. */
export function validationSchema(schema: Schema): Schema {
  if (schema.$schema !== undefined && schema.$schema !== SCHEMA_2020_12) {
    throw new SchemaProblem('/$schema', `The validators check JSON Schema 2020-12, and this schema says ${JSON.stringify(schema.$schema)}. Write "$schema": "${SCHEMA_2020_12}" (or leave it out) and the 2020-12 keywords ($defs, prefixItems).`)
  }
  if (!types(schema).includes('object') || types(schema).length !== 1) {
    throw new SchemaProblem('/type', 'A tool\'s input schema describes the arguments object: its root needs "type": "object".')
  }
  const defs = isSchema(schema.$defs) ? schema.$defs : {}
  const anchors = new Map<string, string>()
  for (const [name, def] of Object.entries(defs)) {
    if (isSchema(def) && typeof def.$anchor === 'string') anchors.set(`#${def.$anchor}`, `${LOCAL_REF}${name}`)
  }
  return mapSchema(schema, (s, path) => {
    for (const key of Object.keys(s)) {
      if (UNSUPPORTED[key]) throw new SchemaProblem(`${path}/${key}`, `The validators cannot take ${UNSUPPORTED[key]}.`)
    }
    if (s.$anchor !== undefined && !/^\/\$defs\/[^/]+$/.test(path)) {
      throw new SchemaProblem(`${path}/$anchor`, 'An $anchor is taken on a definition of $defs only (#/$defs/name). Move the subschema there, or refer to it by its path.')
    }
    const out: Schema = { ...s }
    if (path === '') delete out.$schema
    delete out.$anchor
    if (typeof s.$ref === 'string') {
      const target = anchors.get(s.$ref) ?? s.$ref
      const name = target.startsWith(LOCAL_REF) ? target.slice(LOCAL_REF.length) : undefined
      if (name === undefined || !Object.hasOwn(defs, name)) {
        throw new SchemaProblem(`${path}/$ref`, `The reference ${JSON.stringify(s.$ref)} names no definition of this schema's $defs. Refer to one as "#/$defs/name", or by its $anchor ("#anchor").`)
      }
      out.$ref = target
    }
    return out
  })
}
