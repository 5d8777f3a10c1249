/** Tools to find, open and update incidents. */
import { ToolError } from 'mcp-aot'
import type { MaxLength, MinLength } from 'mcp-aot'
import { allIncidents, findIncident, incidentCount, MAX_INCIDENTS, MAX_TAGS, MAX_TIMELINE, nextId, saveIncident, summary } from '../store.ts'
import type { Incident, IncidentId, IncidentPage, IncidentQuery, Note, ServiceName, Severity, Status, Tag } from '../types.ts'

/**
 * Searches incidents by text, service, severity, status and start time, newest first.
 * @tool
 * @title Search Incidents
 * @readOnly
 * @idempotent
 * @openWorld false
 */
export function searchIncidents({ query, service, severity, status, since, limit = 10 }: IncidentQuery): IncidentPage {
  const words = query?.toLowerCase().split(/\s+/).filter(Boolean) ?? []
  const matches = allIncidents()
    .filter((i) => !service || i.service === service)
    .filter((i) => !severity || i.severity === severity)
    .filter((i) => !status || i.status === status)
    .filter((i) => !since || i.startedAt >= since)
    .filter((i) => {
      const text = [i.title, ...i.timeline.map((t) => t.note)].join(' ').toLowerCase()
      return words.every((w) => text.includes(w))
    })
    .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())
  return { total: matches.length, incidents: matches.slice(0, limit).map(summary) }
}

/**
 * Gets one incident with its full timeline.
 * @tool
 * @title Get Incident
 * @readOnly
 * @idempotent
 * @param id The incident id, such as INC-0002.
 */
export function getIncident(id: IncidentId): Incident {
  const incident = findIncident(id)
  if (!incident) throw new ToolError(`No incident ${id}. Use search_incidents to find its id.`)
  return incident
}

/**
 * Opens a new incident in the investigating status. The demo keeps at most 100 incidents.
 * @tool
 * @title Open Incident
 * @destructive false
 * @idempotent false
 * @param title A short headline of what users see.
 * @param service The affected service.
 * @param severity sev1 (critical) through sev4 (low).
 * @param summary What is known so far; becomes the first timeline note.
 * @param startedAt When it started (RFC 3339); default now.
 * @param tags Labels for searching: at most 10, each 1 to 40 characters.
 */
export function openIncident(
  title: string & MinLength<5> & MaxLength<120>,
  service: ServiceName,
  severity: Severity,
  summary: Note = 'Incident opened.',
  startedAt?: Date,
  tags?: Set<Tag>,
): Incident {
  const start = startedAt ?? new Date()
  if (start.getTime() > Date.now() + 60_000) throw new ToolError('startedAt is in the future; give the time the incident started.')
  if (tags && tags.size > MAX_TAGS) throw new ToolError(`At most ${MAX_TAGS} tags per incident (got ${tags.size}).`)
  if (incidentCount() >= MAX_INCIDENTS) {
    throw new ToolError(`This demo keeps at most ${MAX_INCIDENTS} incidents and has them all; update an open one with update_incident_status instead.`)
  }
  return saveIncident({
    id: nextId(),
    title,
    service,
    severity,
    status: 'investigating',
    startedAt: start,
    resolvedAt: null,
    tags: [...(tags ?? [])],
    timeline: [{ at: start, status: 'investigating', note: summary }],
  })
}

/**
 * Moves an incident to a new status with a timeline note. A resolved incident stays resolved: open a new one instead.
 * The demo keeps at most 20 timeline entries per incident, the last for the resolution.
 * @tool
 * @title Update Incident Status
 * @destructive false
 * @param id The incident id.
 * @param status The new status.
 * @param note What changed, for the timeline.
 */
export function updateIncidentStatus(id: IncidentId, status: Status, note: Note): Incident {
  const incident = findIncident(id)
  if (!incident) throw new ToolError(`No incident ${id}. Use search_incidents to find its id.`)
  if (incident.status === 'resolved') throw new ToolError(`${id} is already resolved; open a new incident if the problem is back.`)
  // The last of the MAX_TIMELINE entries is kept for the resolution, so a full incident can still be resolved.
  if (status !== 'resolved' && incident.timeline.length >= MAX_TIMELINE - 1) {
    throw new ToolError(`${id} has ${incident.timeline.length} timeline entries; this demo keeps ${MAX_TIMELINE}, the last for its resolution: resolve it or open a new incident.`)
  }
  const now = new Date()
  incident.status = status
  incident.timeline.push({ at: now, status, note })
  if (status === 'resolved') incident.resolvedAt = now
  return saveIncident(incident)
}

/**
 * Mean time to resolve, in minutes, over the resolved incidents of a service (or of all services).
 * @tool
 * @title Time To Resolve
 * @readOnly
 * @param service Only this service; all services when left out.
 */
export function timeToResolve(service?: ServiceName): string {
  const resolved = allIncidents().filter((i) => i.resolvedAt && (!service || i.service === service))
  if (resolved.length === 0) return `No resolved incidents${service ? ` for ${service}` : ''} yet.`
  const minutes = Math.round(resolved.reduce((sum, i) => sum + (i.resolvedAt!.getTime() - i.startedAt.getTime()), 0) / resolved.length / 60_000)
  return `Mean time to resolve${service ? ` for ${service}` : ''}: ${minutes} min over ${resolved.length} incident(s).`
}
