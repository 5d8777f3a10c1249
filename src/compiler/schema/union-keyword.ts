/**
 * The `anyOf` keyword the validators use instead of ajv's: a failed union reports the errors of the one
 * branch the value's kind or tag selects (union-errors.ts), or else itself alone, naming the alternatives;
 * the other branches' errors are dropped.
 */
import { _, getProperty, not, or, stringify, type Code } from 'ajv/dist/compile/codegen/index.js'
import { propertyInData } from 'ajv/dist/vocabularies/code.js'
import { alwaysValidSchema } from 'ajv/dist/compile/util.js'
import type { KeywordCxt, KeywordDefinition } from 'ajv'
import { alternatives, dispatch, type Kind } from './union-errors.ts'
import { isSchema } from './schema-walk.ts'
import type { Node } from './validator-fragments.ts'
/** A branch as written, or the shared fragment its `$ref` names (see `share`). */
function resolver(it: KeywordCxt['it']): (branch: unknown) => Node {
  const schemas = (it.self as unknown as { schemas: Record<string, { schema: unknown } | undefined> }).schemas
  return (branch) => {
    const ref = isSchema(branch) ? branch.$ref : undefined
    if (typeof ref !== 'string') return isSchema(branch) ? branch : {}
    const env = schemas[ref]
    return isSchema(env?.schema) ? env.schema : {}
  }
}

/** The test that a value (`data`) is of a JSON kind. */
const KIND_TEST: Record<Kind, (data: Code) => Code> = {
  null: (data) => _`${data} === null`,
  boolean: (data) => _`typeof ${data} == "boolean"`,
  number: (data) => _`typeof ${data} == "number"`,
  string: (data) => _`typeof ${data} == "string"`,
  array: (data) => _`Array.isArray(${data})`,
  object: (data) => _`${data} && typeof ${data} == "object" && !Array.isArray(${data})`,
}

/**
 * ajv's `anyOf`, with errors that lead to the fix (src/compiler/schema/union-errors.ts decides which).
 * - A union whose branches a value's JSON kind, or an object's tag (`kind`), tells apart checks the one
 *   branch the value selects and keeps that branch's errors (`shape.radius must be >= 0`). A value that
 *   selects none is one error of the anyOf, its params naming the alternatives, and the tag and its values
 *   when there is one (`{alternatives, tag, allowedValues}`), so the runtime tells a missing or unknown
 *   tag (`shape.kind must be one of: circle, rect`) from a value of another kind. A value that fails a
 *   literal branch (`'never'` of `'never' | Int`) is reported the same way: `must be "never" or an integer >= 60`.
 * - Any other union reports a failure by its own error alone, its params naming the alternatives; its
 *   branches' errors are dropped where they arise, so the runtime needs no schema paths to tell them
 *   apart. (ajv's own anyOf keeps them; it drops them only when a branch matches.)
 */
export const anyOf: KeywordDefinition = {
  keyword: 'anyOf',
  schemaType: 'array',
  trackErrors: true,
  error: { message: 'must match a schema in anyOf', params: ({ params }) => (params.literal as Code | undefined) ?? _`{}` },
  code(cxt: KeywordCxt) {
    const { gen, schema, keyword, it, data } = cxt
    if ((schema as unknown[]).some((s) => alwaysValidSchema(it, s as object))) return
    const resolve = resolver(it)
    const branches = (schema as unknown[]).map(resolve)
    const routes = dispatch(branches, resolve)
    const named = alternatives(branches, resolve, routes)
    if (routes) {
      const matched = gen.let('matched', false)
      const valid = gen.name('_valid')
      const check = (i: number) => {
        gen.assign(matched, true)
        cxt.subschema({ keyword, schemaProp: i, compositeRule: true }, valid)
      }
      routes.forEach((route, k) => {
        const test = or(...route.kinds.map((kind) => KIND_TEST[kind](data)))
        if (k === 0) gen.if(test)
        else gen.elseIf(test)
        if ('branch' in route) {
          check(route.branch)
          // A literal branch's value error would hide the others: the union's error names them all.
          if (route.literal) gen.if(not(valid), () => { cxt.reset(); gen.assign(matched, false) })
          return
        }
        gen.if(propertyInData(gen, data, route.tag, true), () => {
          const tag = gen.const('tag', _`${data}${getProperty(route.tag)}`)
          route.cases.forEach(([literal, i], c) => {
            const same = _`${tag} === ${literal}`
            if (c === 0) gen.if(same)
            else gen.elseIf(same)
            check(i)
          })
          gen.endIf()
        })
      })
      gen.endIf()
      const tagged = routes.find((r) => 'tag' in r)
      const params = { alternatives: named, ...(tagged && 'tag' in tagged && { tag: tagged.tag, allowedValues: tagged.cases.map(([v]) => v) }) }
      gen.if(not(matched), () => cxt.error(false, { literal: stringify(params) }))
      return
    }
    const valid = gen.let('valid', false)
    const branchValid = gen.name('_valid')
    gen.block(() =>
      (schema as unknown[]).forEach((_s, i) => {
        cxt.subschema({ keyword, schemaProp: i, compositeRule: true }, branchValid)
        gen.assign(valid, _`${valid} || ${branchValid}`)
        gen.if(not(valid))
      }),
    )
    cxt.reset()
    cxt.setParams({ literal: stringify({ alternatives: named }) })
    cxt.pass(valid)
  },
}
