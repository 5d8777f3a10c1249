/**
 * The example's data: a few incidents in memory. A Worker isolate keeps them between requests, so
 * changes are visible while it lives and gone after; a real server keeps them in D1 or KV, reached
 * through `ctx.env`. Anyone who reaches the demo may write to it, so what it keeps is bounded: at most
 * MAX_INCIDENTS incidents of at most MAX_TAGS tags and MAX_TIMELINE timeline entries each (the schemas
 * bound each string), about a megabyte of text in all.
 */
import { Severity, type Incident, type IncidentSummary } from './types.ts'

const at = (iso: string) => new Date(iso)

function seed(): Incident[] {
  return [
    {
      id: 'INC-0001',
      title: 'Checkout latency above 2 s',
      service: 'billing-api',
      severity: Severity.Major,
      status: 'resolved',
      startedAt: at('2026-06-02T09:14:00Z'),
      resolvedAt: at('2026-06-02T10:02:00Z'),
      tags: ['latency', 'payments'],
      timeline: [
        { at: at('2026-06-02T09:14:00Z'), status: 'investigating', note: 'p99 latency alert on /checkout.' },
        { at: at('2026-06-02T09:40:00Z'), status: 'identified', note: 'Connection pool exhausted after the 09:00 deploy.' },
        { at: at('2026-06-02T10:02:00Z'), status: 'resolved', note: 'Deploy rolled back; latency normal.' },
      ],
    },
    {
      id: 'INC-0002',
      title: 'Login failures for SSO users',
      service: 'auth-gateway',
      severity: Severity.Critical,
      status: 'monitoring',
      startedAt: at('2026-07-10T22:05:00Z'),
      resolvedAt: null,
      tags: ['sso', 'login'],
      timeline: [
        { at: at('2026-07-10T22:05:00Z'), status: 'investigating', note: 'SAML assertions rejected for two tenants.' },
        { at: at('2026-07-10T22:31:00Z'), status: 'monitoring', note: 'Expired IdP certificate replaced.' },
      ],
    },
    {
      id: 'INC-0003',
      title: 'Invoice emails delayed',
      service: 'billing-api',
      severity: Severity.Minor,
      status: 'investigating',
      startedAt: at('2026-07-20T07:45:00Z'),
      resolvedAt: null,
      tags: ['email'],
      timeline: [{ at: at('2026-07-20T07:45:00Z'), status: 'investigating', note: 'Mail queue depth growing since 07:30.' }],
    },
  ]
}

/** How many incidents the store keeps, the three seeded ones included; open_incident refuses more. */
export const MAX_INCIDENTS = 100
/** How many tags an incident keeps (each at most 40 characters: `Tag`); open_incident refuses more. */
export const MAX_TAGS = 10
/** How many timeline entries an incident keeps; update_incident_status refuses more. */
export const MAX_TIMELINE = 20

const incidents = new Map<string, Incident>(seed().map((i) => [i.id, i]))

export function incidentCount(): number {
  return incidents.size
}

export function allIncidents(): Incident[] {
  return [...incidents.values()]
}

export function findIncident(id: string): Incident | undefined {
  return incidents.get(id)
}

export function saveIncident(incident: Incident): Incident {
  incidents.set(incident.id, incident)
  return incident
}

export function nextId(): string {
  return `INC-${String(incidents.size + 1).padStart(4, '0')}`
}

export function summary(i: Incident): IncidentSummary {
  return { id: i.id, title: i.title, service: i.service, severity: i.severity, status: i.status, startedAt: i.startedAt }
}

export const RUNBOOKS: Readonly<Record<string, string>> = {
  'billing-api': [
    '# billing-api runbook',
    '',
    '1. Check the checkout dashboard for p99 latency and error rate.',
    '2. If a deploy went out in the last hour, roll it back first, then investigate.',
    '3. Check the database connection pool (`pool_in_use` near `pool_max` means exhaustion).',
    '4. Invoice email delays: look at the mail queue depth and the provider status page.',
  ].join('\n'),
  'auth-gateway': [
    '# auth-gateway runbook',
    '',
    '1. Find which tenants fail: filter login errors by tenant id.',
    '2. SAML errors: check the IdP certificate expiry for those tenants.',
    '3. OIDC errors: check the clock skew and the JWKS cache age.',
  ].join('\n'),
}
