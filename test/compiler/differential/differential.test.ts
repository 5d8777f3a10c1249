/**
 * The differential test (issue 8): for every signature of the corpus, the compiler's validator (the real
 * compiler: resolver → schema → standalone ajv code, loaded as a module, then revival, which refuses what
 * it cannot convert, as a server does) must agree with TypeScript's own
 * assignability on every generated value, and revival must give the declared runtime types (inside a
 * union, the run-time types of one branch, everywhere in it; recursive types through their `$defs` plans).
 *
 * The rule for what TypeScript cannot see: constraint types (Int's integer-ness and range, Min, Max,
 * MinLength, MaxLength, Pattern, the format types, Set's uniqueness, and the shape of the wire strings of
 * Date, URL, bigint and Uint8Array) are brands tsc ignores. So
 *  - valid values are generated inside every constraint's domain, and `base` near misses change one place
 *    to something the base type refuses (a wrong JSON kind, null, an unlisted literal, a missing required
 *    key, an unknown key, a key of another member of a union, with its type or a wrong one), at every depth of a
 *    recursive value and inside the one union branch a value fits: there the validator's verdict must
 *    equal tsc's; every parameter default, sent as its argument, is a valid value too;
 *  - `constraint` near misses break exactly one constraint and nothing else: tsc must accept them (the base
 *    type holds) and the validator must refuse them.
 * Every disagreement is listed by case, and the test fails on any. One tsc run covers the whole corpus.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TypeIR } from '../../../src/compiler/types/ir.ts'
import { planDefs, revivePlan } from '../../../src/compiler/schema/plans.ts'
import { objectSchema } from '../../../src/compiler/schema/schema.ts'
import { inputSize } from '../../../src/compiler/schema/size.ts'
import { revive } from '../../../src/runtime/call/revive.ts'
import type { ValidateFn } from '../../../src/runtime/shared/table.ts'
import { loadEmitted } from '../../validator/load.ts'
import { compileFiles } from '../harness.ts'
import { FILES, IMPORTS, PRELUDE, ROOT, SIGNATURES } from './corpus.ts'
import { argumentsType, typescriptAccepts, untypedFunctions } from './oracle.ts'
import { mistyped } from './runtime-types.ts'
import { arbitrary, nearMisses } from './values.ts'

const VALID_PER_CASE = 6
const MISSES_PER_VALUE = 4

interface Value {
  type: number
  kind: 'valid' | 'base' | 'constraint'
  what: string
  json: string
}

describe('the compiler agrees with TypeScript (differential)', () => {
  it(`on every value of ${SIGNATURES.length} signatures`, async () => {
    expect(SIGNATURES.length).toBeGreaterThanOrEqual(780)
    const prelude = PRELUDE.map(([text]) => text)
    const tools = SIGNATURES.map((sig, i) => `/** @tool t${i} */\nexport function t${i}(${sig}) {}`)
    const beside = Object.fromEntries(Object.entries(FILES).map(([name, text]) => [`src/${name}`, text]))
    const compiled = compileFiles({ 'src/tools.ts': [IMPORTS, ...prelude, ...tools, ''].join('\n'), ...beside, ...ROOT })
    expect(compiled.message).toBeUndefined()
    const decls = compiled.declarations
    expect(decls.map((d) => d.name)).toEqual(SIGNATURES.map((_, i) => `t${i}`))

    // The measure the size budget uses is the exact length of the schema written.
    for (const d of decls) expect(inputSize(d.props)).toBe(JSON.stringify(objectSchema(d.props)).length)

    const schemas = Object.fromEntries(decls.map((d, i) => [`v${i}`, objectSchema(d.props)]))
    // As the generated code holds them: each validator sharing nothing a module of its own, the rest together.
    const validators = await loadEmitted(schemas)

    const values: Value[] = []
    decls.forEach((d, i) => {
      const args: TypeIR = { kind: 'object', props: d.props }
      const seen = new Set<string>()
      const add = (v: Omit<Value, 'json'>, value: unknown) => {
        const json = JSON.stringify(value)
        if (!seen.has(json)) values.push({ ...v, json })
        seen.add(json)
      }
      const samples = fc.sample(arbitrary(args), { numRuns: VALID_PER_CASE, seed: 1000 + i })
      for (const valid of samples) {
        add({ type: i, kind: 'valid', what: 'valid' }, valid)
        for (const miss of nearMisses(valid, args, MISSES_PER_VALUE)) add({ type: i, ...miss }, miss.value)
      }
      // A default (a literal, a constant, an enum member) is a value of its parameter: sent as an argument, both accept it.
      for (const p of d.props) if (p.default !== undefined) add({ type: i, kind: 'valid', what: `the default of ${p.name}` }, { ...(samples[0] as object), [p.name]: p.default })
    })

    const tsc = typescriptAccepts({
      imports: IMPORTS,
      files: FILES,
      root: ROOT,
      prelude: [...PRELUDE.map(([text, oracle]) => oracle ?? text), ...untypedFunctions(SIGNATURES)],
      types: SIGNATURES.map(argumentsType),
      values,
    })

    const disagreements: string[] = []
    const agreedValid = new Set<number>()
    const agreedInvalid = new Set<number>()
    const revivals = decls.map((d) => {
      const defs = planDefs()
      const plan = revivePlan({ kind: 'object', props: d.props }, defs)
      return (args: unknown) => revive(args, plan, '', defs.plans)
    })
    values.forEach((v, n) => {
      // What a server checks: the validator, then revival (which refuses what it cannot convert, e.g. bad base64).
      const args = JSON.parse(v.json)
      const props = decls[v.type]!.props
      const revived = validators[v.type]!(args) ? revivals[v.type]!(args) : undefined
      const accepts = revived?.ok === true
      const ts = tsc[n]!
      const expected = v.kind === 'constraint' ? false : ts
      const where = `t${v.type} (${SIGNATURES[v.type]}) ${v.kind} ${v.what}: ${v.json}`
      // A template literal type's pattern (`user_${string}`) is one tsc sees too: there it may refuse a pattern near miss.
      if (v.kind === 'constraint' && !ts && !v.what.startsWith('not matching the pattern')) disagreements.push(`${where} — tsc refuses the base type of a constraint near miss`)
      else if (accepts !== expected) disagreements.push(`${where} — tsc ${ts ? 'accepts' : 'refuses'}, the validator ${accepts ? 'accepts' : 'refuses'}`)
      else if (accepts) agreedValid.add(v.type)
      else agreedInvalid.add(v.type)
      const mistype = revived?.ok && ts ? mistyped(revived.value, { kind: 'object', props }, '') : ''
      if (mistype) disagreements.push(`${where} — revival did not give the declared run-time type (${mistype})`)
    })

    expect(disagreements).toEqual([])
    // Not vacuous: every signature had a value both accept and one both refuse.
    expect(SIGNATURES.filter((_, i) => !agreedValid.has(i))).toEqual([])
    expect(SIGNATURES.filter((_, i) => !agreedInvalid.has(i))).toEqual([])
    expect(decls.flatMap((d) => d.props).filter((p) => p.default !== undefined).length).toBeGreaterThanOrEqual(10)
    // A key of another union member was tried both ways: one tsc takes (non-discriminated, its type) and one it refuses.
    const foreign = values.flatMap((v, n) => (v.what.startsWith("'") && v.what.includes(' of another member') ? [tsc[n]!] : []))
    expect([foreign.includes(true), foreign.includes(false)]).toEqual([true, true])
    console.log(`differential: ${SIGNATURES.length} signatures, ${values.length} values (${values.filter((v) => v.kind === 'valid').length} valid, ${values.filter((v) => v.kind === 'base').length} base near misses, ${values.filter((v) => v.kind === 'constraint').length} constraint near misses)`)
    // One tsc run over ~14,000 values: some 20 s alone, over a minute when the suite shares the machine.
  }, 240_000)
})
