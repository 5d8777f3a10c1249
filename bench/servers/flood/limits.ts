/**
 * The bounds the flood targets run into (small, so a few seconds of flood reach them; the worker files set
 * them, bench/flood.ts quotes them). `reclaimMs`: how long a session must sit idle, or a task be finished,
 * before a full shared store lets it give way (reclaimIdleMs, reclaimFinishedMs), scaled down as well.
 */
export const LIMITS = { maxSessions: 500, maxSessionsPerPrincipal: 50, maxTasks: 500, maxTasksPerPrincipal: 50, reclaimMs: 2000 }
