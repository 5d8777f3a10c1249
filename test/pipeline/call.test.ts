/**
 * The whole pipeline as the server runs it for tools/call: validate (generated code, loaded as ESM) →
 * argument lines, or revive → call → shape the result.
 */
import { describe, expect, it } from 'vitest'
import { argumentErrors } from '../../src/runtime/arg-errors.ts'
import { revive } from '../../src/runtime/revive.ts'
import { errorResult, shapeResult } from '../../src/runtime/results.ts'
import type { ToolResult } from '../../src/runtime/api.ts'
import type { ResultPlan, RevivePlan } from '../../src/runtime/table.ts'
import { closed, load } from '../validator/load.ts'

interface Booking {
  id: string
  at: Date
  seats: number[]
}

/** The user's function: plain TypeScript receiving real Dates, Sets and bigints. */
function book(when: Date, seats: Set<number>, ticket: bigint, note?: string): Booking & { internal: string } {
  return { id: `T${ticket}`, at: new Date(when.getTime() + 3600_000), seats: [...seats].sort(), internal: note ?? '' }
}

const schema = closed(
  {
    when: { type: 'string', format: 'date-time' },
    seats: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 100 }, minItems: 1, uniqueItems: true },
    ticket: { type: 'string', pattern: '^-?[0-9]+$' },
    note: { type: 'string', maxLength: 10 },
  },
  ['when', 'seats', 'ticket'],
)
const revivePlan: RevivePlan = { props: { when: 'date', seats: { set: 0 }, ticket: 'bigint' } }
const resultPlan: ResultPlan = { kind: 'structured', shape: { props: { id: 0, at: 0, seats: 0 } } }

async function call(args: unknown): Promise<ToolResult> {
  const validate = await load(schema)
  if (!validate(args)) return errorResult(argumentErrors(validate.errors ?? []))
  const revived = revive(args, revivePlan)
  if (!revived.ok) return errorResult(revived.errors)
  const a = revived.value as Record<string, any>
  return shapeResult(book(a.when, a.seats, a.ticket, a.note), resultPlan)
}

describe('a tools/call, end to end', () => {
  it('hands the function real values and sends the projected result', async () => {
    const result = await call({ when: '2026-05-01T10:00:00+02:00', seats: [3, 1], ticket: '0042', note: 'aisle' })
    const json = '{"id":"T42","at":"2026-05-01T09:00:00.000Z","seats":[1,3]}'
    expect(result).toEqual({ content: [{ type: 'text', text: json }], structuredContent: JSON.parse(json) })
  })

  it('reports every argument error, one a line', async () => {
    expect(await call({ when: '2026-05-01T10:00:00', seats: [0, 0], extra: 1 })).toEqual({
      content: [
        {
          type: 'text',
          text: [
            "Argument 'ticket' is required.",
            "Unknown argument 'extra'.",
            "Argument 'when' must be a valid date-time.",
            "Argument 'seats[0]' must be >= 1.",
            "Argument 'seats[1]' must be >= 1.",
            "Argument 'seats' must not contain duplicates.",
          ].join('\n'),
        },
      ],
      isError: true,
    })
  })
})
