/**
 * A type used many times is one node of the type IR (a DAG), and the walks over a tool's types visit each node
 * once: `type L1 = { a: L0; b: L0; c: L0; d: L0 }` fourteen levels deep is 4^14 uses of L0 but 15 nodes (size.test.ts
 * compiles that one). Counted on a hand-built DAG whose objects count how often their properties are read (never timed).
 */
import { describe, expect, it } from 'vitest'
import type { Prop, TypeIR } from '../../src/compiler/types/ir.ts'
import { revivalConflict } from '../../src/compiler/schema/plans.ts'
import { recursiveTypes } from '../../src/compiler/schema/schema.ts'

/** 4^8 paths to the bottom: a walk of the tree reads some 20,000 properties lists, a walk of the DAG 8. */
const LEVELS = 8

/** Level 0 has a Date | string union (a revival conflict) when `conflict`; each level above holds the one below four times. */
function dag(conflict: boolean): { root: TypeIR; reads: () => number } {
  let reads = 0
  let node: TypeIR = { kind: 'object', props: [{ name: 'at', type: conflict ? { kind: 'union', members: [{ kind: 'date' } as TypeIR, { kind: 'string' } as TypeIR] } : { kind: 'string' } as TypeIR, optional: false }] }
  for (let level = 1; level <= LEVELS; level++) {
    const below: TypeIR = node
    const props: Prop[] = ['a', 'b', 'c', 'd'].map((name) => ({ name, type: below, optional: false }))
    node = {
      kind: 'object',
      get props(): Prop[] {
        reads++
        return props
      },
    }
  }
  return { root: node, reads: () => reads }
}

describe('walks over the type DAG visit each node once', () => {
  it('revivalConflict: 4^8 uses of one object, its properties read once a level', () => {
    const { root, reads } = dag(false)
    expect(revivalConflict(root)).toBeUndefined()
    expect(reads()).toBe(LEVELS)
  })

  it('revivalConflict still finds a conflict at the bottom of the DAG', () => {
    const { root } = dag(true)
    expect(revivalConflict(root)?.message).toMatch(/^In this union, a JSON value of one branch can also be a value of another/)
  })

  it('recursiveTypes: the same, and no recursive type found', () => {
    const { root, reads } = dag(false)
    expect(recursiveTypes([root]).size).toBe(0)
    expect(reads()).toBe(LEVELS)
  })
})
