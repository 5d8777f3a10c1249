/** The server's identity: read by createServer (src/worker.ts) and by the build artefacts (vite.config.ts). */
export const info = {
  name: 'incidents',
  title: 'Incidents and runbooks',
  version: '1.0.0',
  description: 'Searches, opens and updates production incidents, and serves the runbook of each service.',
}
