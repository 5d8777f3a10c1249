/**
 * The records the incident server works with. Plain TypeScript: the mcp-aot plugin reads these types at
 * build time and writes the JSON Schemas, validators and output schemas from them.
 */
import type { Int, Max, MaxLength, Min, MinLength, Pattern } from 'mcp-aot'

/** How bad an incident is; the values are what a model sends and sees. */
export enum Severity {
  Critical = 'sev1',
  Major = 'sev2',
  Minor = 'sev3',
  Low = 'sev4',
}

/** Where an incident is in its life. */
export type Status = 'investigating' | 'identified' | 'monitoring' | 'resolved'

/** An incident id such as INC-0042. */
export type IncidentId = string & Pattern<'^INC-[0-9]{4}$'>

/** A service name such as billing-api. */
export type ServiceName = string & Pattern<'^[a-z][a-z0-9-]{1,40}$'>

export interface TimelineEntry {
  at: Date
  status: Status
  note: string
}

export interface Incident {
  id: string
  title: string
  service: string
  severity: Severity
  status: Status
  startedAt: Date
  /** When it was resolved; null while it is open. */
  resolvedAt: Date | null
  tags: string[]
  timeline: TimelineEntry[]
}

export interface IncidentSummary {
  id: string
  title: string
  service: string
  severity: Severity
  status: Status
  startedAt: Date
}

export interface IncidentPage {
  /** How many incidents matched, before the limit. */
  total: Int
  incidents: IncidentSummary[]
}

/** What search_incidents filters on; every filter is optional. */
export interface IncidentQuery {
  /** Words to find in the title or the timeline notes (case-insensitive). */
  query?: string & MaxLength<200>
  /** Only incidents of this service. */
  service?: ServiceName
  /** Only incidents of this severity. */
  severity?: Severity
  /** Only incidents in this status. */
  status?: Status
  /** Only incidents that started at or after this time (RFC 3339). */
  since?: Date
  /** How many incidents to return, 1 through 50. */
  limit?: Int & Min<1> & Max<50>
}

/** A note on the timeline: one line of text. */
export type Note = string & MinLength<1> & MaxLength<500>

/** A label for searching, such as payments. */
export type Tag = string & MinLength<1> & MaxLength<40>
