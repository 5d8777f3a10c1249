/** The bounds the flood target runs into (small, so a few seconds of flood reach them) (worker.ts sets them, bench/flood.ts quotes them). */
export const LIMITS = { maxSessions: 500, maxSessionsPerPrincipal: 50, maxTasks: 500, maxTasksPerPrincipal: 50 }
