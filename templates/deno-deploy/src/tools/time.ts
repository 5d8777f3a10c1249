/**
 * Tools about dates and times. Each exported function with a `@tool` JSDoc tag is an MCP tool: the
 * mcp-aot plugin writes its JSON Schema and validator from the parameter types at build time.
 */
import { ToolError } from 'mcp-aot'
import type { Int, Max, Min } from 'mcp-aot'

export interface Clock {
  /** The time zone the time is given in. */
  timeZone: string
  /** The local date and time there, such as `2026-07-28 14:30:00`. */
  local: string
  /** The same instant in UTC (RFC 3339). */
  utc: Date
}

/**
 * Tells the current date and time in a time zone.
 * @tool
 * @readOnly
 * @param timeZone An IANA time zone, such as `Europe/Paris` or `America/New_York`.
 */
export function currentTime(timeZone: string = 'UTC'): Clock {
  const now = new Date()
  let local: string
  try {
    local = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'medium' }).format(now)
  } catch {
    throw new ToolError(`'${timeZone}' is not a time zone this server knows. Use an IANA name such as Europe/Paris.`)
  }
  return { timeZone, local, utc: now }
}

/**
 * Adds a number of days to a date and tells the weekday it falls on.
 * @tool
 * @readOnly
 * @param date The starting date and time (RFC 3339, such as `2026-07-28T09:00:00Z`).
 * @param days How many days to add; negative goes back.
 */
export function addDays(date: Date, days: Int & Min<-36500> & Max<36500>): string {
  const result = new Date(date.getTime() + days * 86_400_000)
  const weekday = result.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })
  return `${result.toISOString()} (${weekday})`
}
