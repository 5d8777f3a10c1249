/**
 * `@inputSchema`: a tool whose arguments schema is written by hand, in a `.json` file beside the module
 * (`@inputSchema ./schemas/contact.json`, the path relative to the module) or in a const the module declares
 * or imports (`@inputSchema CONTACT`, an object literal, `as const` and `satisfies` allowed). The schema is
 * listed as written (`$schema`, `$defs`, `$anchor` and all) and compiled, like any other, into a standalone
 * validator at build time (schema/hand-written.ts says what reaches the validator).
 *
 * The function's parameters are read as always, then checked against the schema's root: each one is a
 * property the schema declares, a required one is in its `required`, their JSON types agree, and each
 * property the schema declares reaches a parameter. One parameter typed `unknown`, `JsonObject` or
 * `Record<string, unknown>` that the schema does not name instead takes the whole arguments object,
 * unchecked (the warning MCP108 says so).
 */
import { dirname, resolve } from 'node:path'
import type { Declaration } from './declaration.ts'
import type { JsDocTag } from '../source/jsdoc.ts'
import { lookupValue } from '../source/scope.ts'
import type { SourceFile } from '../source/project.ts'
import { Refusal } from '../refusal.ts'
import type { Loc } from '../diagnostics.ts'
import { constantJson } from '../types/constant.ts'
import type { Prop, TypeIR } from '../types/ir.ts'
import type { Resolver } from '../types/resolve.ts'
import { SchemaProblem, validationSchema } from '../schema/hand-written.ts'
import { objectSchema, type Schema } from '../schema/schema.ts'
import { isSchema, types } from '../schema/schema-walk.ts'
import { firstWord, tagLoc } from './tag-values.ts'

const CODE = 'MCP051'
const MISMATCH = 'MCP052'

/** Reads the tool's `@inputSchema` and checks its parameters against it; sets `decl.handWritten`. */
export function handWrittenInput(file: SourceFile, resolver: Resolver, tag: JsDocTag, decl: Declaration): void {
  const at = tagLoc(file, tag)
  const ref = firstWord(tag.value)
  if (!ref) throw new Refusal(CODE, '@inputSchema names the schema: a .json file beside the module (@inputSchema ./schemas/contact.json) or a const of this module (@inputSchema CONTACT_SCHEMA).', at)
  const schema = ref.endsWith('.json') ? fromFile(file, resolver, ref, at) : fromConst(file, resolver, ref, at)
  let validated: Schema
  try {
    validated = validationSchema(schema)
  } catch (e) {
    if (!(e instanceof SchemaProblem)) throw e
    throw new Refusal(CODE, `The input schema ${ref} at ${e.pointer}: ${e.message}`, at)
  }
  checkParameters(decl, schema, ref)
  decl.handWritten = { ref, listed: schema, validated }
}

function fromFile(file: SourceFile, resolver: Resolver, ref: string, at: Loc): Schema {
  if (!ref.startsWith('./') && !ref.startsWith('../')) throw new Refusal(CODE, `@inputSchema ${ref}: write the path relative to this module, starting with ./ or ../ (@inputSchema ./${ref}).`, at)
  const asset = resolver.project.asset(resolve(dirname(file.path), ref))
  if (!asset) throw new Refusal(CODE, `@inputSchema ${ref}: there is no such file next to ${file.display}. Correct the path (relative to this module).`, at)
  let value: unknown
  try {
    value = JSON.parse(asset.text)
  } catch (e) {
    const offset = Number(/position (\d+)/.exec((e as Error).message)?.[1] ?? 0)
    const before = asset.text.slice(0, offset).split('\n')
    const where = { file: asset.display, line: before.length, column: before.at(-1)!.length + 1 }
    throw new Refusal(CODE, `${asset.display} is not JSON (${(e as Error).message.replace(/ in JSON at position.*$/, '')}), so it is no input schema. Correct the file.`, where)
  }
  if (!isSchema(value)) throw new Refusal(CODE, `${asset.display} holds ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}, not a JSON Schema object. Write the schema of the arguments object ({ "type": "object", … }).`, at)
  return value
}

function fromConst(file: SourceFile, resolver: Resolver, ref: string, at: Loc): Schema {
  if (!/^[A-Za-z_$][\w$]*$/.test(ref)) throw new Refusal(CODE, `@inputSchema ${ref} is neither a .json path nor the name of a const. Write @inputSchema ./file.json or @inputSchema NAME.`, at)
  const found = lookupValue(resolver.project, file, ref)
  if (!found || found.kind !== 'const' || !found.node.init) {
    throw new Refusal(CODE, `@inputSchema ${ref}: no const ${ref} is declared in or imported into this module. Declare it (export const ${ref} = { type: 'object', … } as const), or name a .json file.`, at)
  }
  const value = constantJson(found.node.init, resolver.constants(found.file))
  if (!isSchema(value)) throw new Refusal(CODE, `@inputSchema ${ref}: its value is not an object the build can read (an object literal of literals, arrays and objects, as const or satisfies allowed): the schema must be known at build time.`, at)
  return value
}

/** Takes the whole arguments object: `unknown`, `JsonObject`, `Record<string, unknown>`. */
const untyped = (t: TypeIR) => t.kind === 'any' || t.kind === 'object-any' || (t.kind === 'object' && t.props.length === 0 && t.rest?.kind === 'any')

function checkParameters(decl: Declaration, schema: Schema, ref: string): void {
  const properties = isSchema(schema.properties) ? schema.properties : {}
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  const only = decl.props.length === 1 ? decl.props[0]! : undefined
  if (only && decl.slots.some((s) => s.kind === 'arg') && untyped(only.type) && !Object.hasOwn(properties, only.name)) {
    decl.slots = decl.slots.map((s) => (s.kind === 'arg' ? { kind: 'all' } : s))
    decl.props = []
    decl.untypedInput = { loc: only.loc ?? decl.loc }
    return
  }
  const refuse = (message: string, p?: Prop) => {
    throw new Refusal(MISMATCH, `${message} (the input schema ${ref}).`, p?.loc ?? decl.loc)
  }
  for (const p of decl.props) {
    const own = properties[p.name]
    // What the listing says of it: the schema's description (lint reads it here).
    if (isSchema(own) && typeof own.description === 'string') p.description = own.description
    if (!isSchema(own)) refuse(`'${p.name}' is a parameter of ${decl.name}, but the schema declares no property '${p.name}', so its value is never checked. Add it to the schema's properties, or remove the parameter`, p)
    if (!p.optional && !required.has(p.name)) refuse(`'${p.name}' is required by the function's type, but the schema lets a call leave it out. Add '${p.name}' to the schema's required, or make the parameter optional (${p.name}?: …)`, p)
    const declared = types(((objectSchema([p]).properties ?? {}) as Record<string, Schema>)[p.name] ?? {})
    const written = types(own as Schema)
    const covered = (t: string) => declared.includes(t) || (t === 'integer' && declared.includes('number'))
    if (declared.length > 0 && written.length > 0 && !written.every(covered)) {
      refuse(`'${p.name}' is ${declared.join(' or ')} in the function's type, but the schema lets it be ${written.filter((t) => !covered(t)).join(' or ')}. Make the two agree`, p)
    }
  }
  for (const name of Object.keys(properties)) {
    if (!decl.props.some((p) => p.name === name)) refuse(`The schema declares the property '${name}', but no parameter of ${decl.name} receives it. Add a parameter '${name}' (or a property of the destructured parameter's type), or take the whole arguments object as one parameter typed unknown`)
  }
}
