/**
 * The differential test (issue 8): for every signature of the corpus, the compiler's validator (the real
 * compiler: resolver → schema → standalone ajv code, loaded as a module, then revival, which refuses what
 * it cannot convert, as a server does) must agree with TypeScript's own
 * assignability on every generated value, and revival must give the declared runtime types.
 *
 * The rule for what TypeScript cannot see: constraint types (Int's integer-ness and range, Min, Max,
 * MinLength, MaxLength, Pattern, the format types, Set's uniqueness, and the shape of the wire strings of
 * Date, URL, bigint and Uint8Array) are brands tsc ignores. So
 *  - valid values are generated inside every constraint's domain, and `base` near misses change one place
 *    to something the base type refuses (a wrong JSON kind, null, an unlisted literal, a missing required
 *    key, an unknown key): there the validator's verdict must equal tsc's;
 *  - `constraint` near misses break exactly one constraint and nothing else: tsc must accept them (the base
 *    type holds) and the validator must refuse them.
 * Every disagreement is listed by case, and the test fails on any. One tsc run covers the whole corpus.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TypeIR } from '../../../src/compiler/ir.ts'
import { revivePlan } from '../../../src/compiler/plans.ts'
import { objectSchema } from '../../../src/compiler/schema.ts'
import { inputSize } from '../../../src/compiler/size.ts'
import { compileValidators } from '../../../src/compiler/validator.ts'
import { revive } from '../../../src/runtime/call/revive.ts'
import type { ValidateFn } from '../../../src/runtime/shared/table.ts'
import { loadModule } from '../../validator/load.ts'
import { compileFiles } from '../harness.ts'
import { IMPORTS, PRELUDE, SIGNATURES } from './corpus.ts'
import { argumentsType, typescriptAccepts } from './oracle.ts'
import { arbitrary, nearMisses } from './values.ts'

const VALID_PER_CASE = 6
const MISSES_PER_VALUE = 4

interface Value {
  type: number
  kind: 'valid' | 'base' | 'constraint'
  what: string
  json: string
}

/** Whether a revived value has the runtime types its IR declares (inside unions not checked: the branch is not known). */
function revivedAs(v: unknown, t: TypeIR): boolean {
  switch (t.kind) {
    case 'date': return v instanceof Date
    case 'url': return v instanceof URL
    case 'bigint': return typeof v === 'bigint'
    case 'bytes': return v instanceof Uint8Array
    case 'nullable': return v === null || revivedAs(v, t.inner)
    case 'array':
      if (t.set) return v instanceof Set && [...v].every((x) => revivedAs(x, t.items))
      return Array.isArray(v) && v.every((x) => revivedAs(x, t.items))
    case 'tuple': return Array.isArray(v) && t.elements.every((e, i) => revivedAs(v[i], e))
    case 'object': {
      if (t.map) return v instanceof Map && [...v.values()].every((x) => revivedAs(x, t.rest!))
      if (typeof v !== 'object' || v === null) return false
      const o = v as Record<string, unknown>
      return Object.entries(o).every(([k, x]) => {
        const p = t.props.find((q) => q.name === k)
        return p ? revivedAs(x, p.type) : t.rest ? revivedAs(x, t.rest) : false
      })
    }
    default: return true
  }
}

describe('the compiler agrees with TypeScript (differential)', () => {
  it(`on every value of ${SIGNATURES.length} signatures`, async () => {
    expect(SIGNATURES.length).toBeGreaterThanOrEqual(150)
    const prelude = PRELUDE.map(([text]) => text)
    const tools = SIGNATURES.map((sig, i) => `/** @tool t${i} */\nexport function t${i}(${sig}) {}`)
    const compiled = compileFiles({ 'src/tools.ts': [IMPORTS, ...prelude, ...tools, ''].join('\n') })
    expect(compiled.message).toBeUndefined()
    const decls = compiled.declarations
    expect(decls.map((d) => d.name)).toEqual(SIGNATURES.map((_, i) => `t${i}`))

    // The measure the size budget uses is the exact length of the schema written.
    for (const d of decls) expect(inputSize(d.props)).toBe(JSON.stringify(objectSchema(d.props)).length)

    const schemas = Object.fromEntries(decls.map((d, i) => [`v${i}`, objectSchema(d.props)]))
    const validators = (await loadModule({ all: compileValidators(schemas) })).all as unknown as ValidateFn[]

    const values: Value[] = []
    decls.forEach((d, i) => {
      const args: TypeIR = { kind: 'object', props: d.props }
      const seen = new Set<string>()
      const add = (v: Omit<Value, 'json'>, value: unknown) => {
        const json = JSON.stringify(value)
        if (!seen.has(json)) values.push({ ...v, json })
        seen.add(json)
      }
      for (const valid of fc.sample(arbitrary(args), { numRuns: VALID_PER_CASE, seed: 1000 + i })) {
        add({ type: i, kind: 'valid', what: 'valid' }, valid)
        for (const miss of nearMisses(valid, args, MISSES_PER_VALUE)) add({ type: i, ...miss }, miss.value)
      }
    })

    const tsc = typescriptAccepts({
      imports: IMPORTS,
      prelude: PRELUDE.map(([text, oracle]) => oracle ?? text),
      types: SIGNATURES.map(argumentsType),
      values,
    })

    const disagreements: string[] = []
    const agreedValid = new Set<number>()
    const agreedInvalid = new Set<number>()
    values.forEach((v, n) => {
      // What a server checks: the validator, then revival (which refuses what it cannot convert, e.g. bad base64).
      const args = JSON.parse(v.json)
      const props = decls[v.type]!.props
      const revived = validators[v.type]!(args) ? revive(args, revivePlan({ kind: 'object', props })) : undefined
      const accepts = revived?.ok === true
      const ts = tsc[n]!
      const expected = v.kind === 'constraint' ? false : ts
      const where = `t${v.type} (${SIGNATURES[v.type]}) ${v.kind} ${v.what}: ${v.json}`
      if (v.kind === 'constraint' && !ts) disagreements.push(`${where} — tsc refuses the base type of a constraint near miss`)
      else if (accepts !== expected) disagreements.push(`${where} — tsc ${ts ? 'accepts' : 'refuses'}, the validator ${accepts ? 'accepts' : 'refuses'}`)
      else if (accepts) agreedValid.add(v.type)
      else agreedInvalid.add(v.type)
      if (revived?.ok && ts && !revivedAs(revived.value, { kind: 'object', props })) disagreements.push(`${where} — revival did not give the declared runtime types`)
    })

    expect(disagreements).toEqual([])
    // Not vacuous: every signature had a value both accept and one both refuse.
    expect(SIGNATURES.filter((_, i) => !agreedValid.has(i))).toEqual([])
    expect(SIGNATURES.filter((_, i) => !agreedInvalid.has(i))).toEqual([])
    console.log(`differential: ${SIGNATURES.length} signatures, ${values.length} values (${values.filter((v) => v.kind === 'valid').length} valid, ${values.filter((v) => v.kind === 'base').length} base near misses, ${values.filter((v) => v.kind === 'constraint').length} constraint near misses)`)
  })
})
